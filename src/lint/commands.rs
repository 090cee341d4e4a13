//! The advisories on the commands of an open phase's §Verification
//! (SPEC-PARITY.md section D): F16 (a wait on an external clock), F32 (a
//! fleet-wide read), F17 (a lead this machine does not have), F18 (a
//! cwd-sensitive lead without `Verify in`), F22 (bring-up) and F23 (an
//! expected failure written as prose).
//!
//! Each reads the reach of the phase's §Verification bullet
//! ([`Reach`]): its lines, its command candidates, or the reach folded
//! into one line, as the reference does. Findings point at the line the
//! matched text was written on.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::LazyLock;

use super::pattern::Pattern;
use super::{Hit, LintInput};
use crate::plan::decisions::FileKind;
use crate::plan::verification::{Folded, Reach, lead};
use crate::vocab::verify::{
    COMMAND_HEAD, CWD_SENSITIVE, EXPECTED_FAILURE, EXTERNAL_WAIT, EXTERNAL_WAIT_ALLOW,
    FLEET_WIDE_ADVICE, FLEET_WIDE_READS, FLEET_WIDE_SCOPED, LEAD_HINTS, LOOP_END, PREFLIGHT_SKIP,
    SETUP_LEADS,
};

static EXTERNAL_WAIT_RE: LazyLock<Pattern> = LazyLock::new(|| Pattern::new(EXTERNAL_WAIT));
static EXTERNAL_WAIT_ALLOW_RE: LazyLock<Pattern> =
    LazyLock::new(|| Pattern::new(EXTERNAL_WAIT_ALLOW));
static LOOP_END_RE: LazyLock<Pattern> = LazyLock::new(|| Pattern::new(LOOP_END));
static SETUP_RE: LazyLock<Pattern> = LazyLock::new(|| {
    let pattern = format!("(?m){COMMAND_HEAD}({})", SETUP_LEADS.pattern);
    Pattern::with(pattern, SETUP_LEADS)
});
static FLEET_WIDE_RE: LazyLock<Pattern> = LazyLock::new(|| Pattern::new(FLEET_WIDE_READS));
static FLEET_SCOPED_RE: LazyLock<Pattern> = LazyLock::new(|| Pattern::new(FLEET_WIDE_SCOPED));
static EXPECTED_FAILURE_RE: LazyLock<Pattern> = LazyLock::new(|| Pattern::new(EXPECTED_FAILURE));

/// A hit in a folded reach: the text to quote and the plan range to mark.
type Quote = (String, Range<usize>);

/// One finding per open phase whose §Verification reach `find` quotes
/// something from, worded by `message` (given the phase and the quote), at
/// the line the quote starts on.
fn quote_per_phase(
    input: &LintInput,
    out: &mut Vec<Hit>,
    find: fn(&str, &Reach) -> Option<Quote>,
    message: impl Fn(u32, &str) -> String,
) {
    let plan = &input.manifest.plan.file.text;
    for (phase, _, reach) in input.open_verifications() {
        let Some((hit, span)) = find(plan, reach) else {
            continue;
        };
        out.push(Hit {
            file: FileKind::Plan,
            span: input.on_one_line(span),
            message: message(*phase, &hit),
            fix: None,
        });
    }
}

/// F16 `verification-external-wait`: an open phase whose §Verification
/// waits on a clock outside the session ([`EXTERNAL_WAIT`]); the first
/// such text is quoted.
pub fn verification_external_wait(input: &LintInput, out: &mut Vec<Hit>) {
    quote_per_phase(input, out, external_wait, |phase, hit| {
        format!(
            "phase {phase}: §Verification waits on an external process (`{hit}`) — the runner stops each command after 30 minutes and the session holds its lock meanwhile; verify what this phase built now, and move the wait to a later phase behind a Gate-check (or expect the run to park here)"
        )
    });
}

/// The first wait on an external clock in `reach`: its lines joined (a
/// trailing `\` continues a line, any other line ends a command with
/// `; `), blanks squeezed, [`EXTERNAL_WAIT_ALLOW`] cut out, the text split
/// after each loop's `done`, then the first [`EXTERNAL_WAIT`] match,
/// trimmed.
pub fn external_wait(plan: &str, reach: &Reach) -> Option<Quote> {
    if !EXTERNAL_WAIT_RE.may_appear(&reach.text) && !EXTERNAL_WAIT_ALLOW_RE.may_appear(&reach.text)
    {
        return None;
    }
    let mut folded = Folded::default();
    for line in &reach.lines {
        let body = &plan[line.span.clone()];
        match body.strip_suffix('\\') {
            Some(kept) => {
                folded.push_plan(plan, line.span.start..line.span.start + kept.len());
                folded.push_between(" ", line.span.end);
            }
            None => {
                folded.push_plan(plan, line.span.clone());
                folded.push_between("; ", line.span.end);
            }
        }
    }
    if folded.text.ends_with("; ") {
        let len = folded.text.len() - 2;
        folded.text.truncate(len);
        folded.origin.truncate(len);
    }
    let folded = squeeze_blanks(&folded);
    let folded = folded.without(&EXTERNAL_WAIT_ALLOW_RE.find_all(&folded.text));
    let text = folded.text.as_str();
    let mut start = 0;
    let mut segments = Vec::new();
    for m in LOOP_END_RE.find_all(text) {
        let cut = if text[..m.end].ends_with("done") {
            m.end
        } else {
            m.end - 1
        };
        segments.push(start..cut);
        start = cut;
    }
    segments.push(start..text.len());
    segments.into_iter().find_map(|segment| {
        let m = EXTERNAL_WAIT_RE.find(&text[segment.clone()])?;
        let found = (segment.start + m.start)..(segment.start + m.end);
        let trimmed = trim_range(text, found);
        Some((
            text[trimmed.clone()].to_string(),
            folded.plan_range(trimmed),
        ))
    })
}

/// `folded` with tabs as spaces and every run of spaces squeezed to one.
fn squeeze_blanks(folded: &Folded) -> Folded {
    let spaced = folded.map_bytes(|_, _| true, |b| if b == b'\t' { b' ' } else { b });
    spaced.map_bytes(
        |t, i| !(t.as_bytes()[i] == b' ' && i > 0 && t.as_bytes()[i - 1] == b' '),
        |b| b,
    )
}

/// `range` of `text` without the white space at either end.
fn trim_range(text: &str, range: Range<usize>) -> Range<usize> {
    let s = &text[range.clone()];
    let lead = s.len() - s.trim_start().len();
    let inner = s.trim();
    (range.start + lead)..(range.start + lead + inner.len())
}

/// F32 `verification-fleet-wide`: an open phase whose §Verification holds
/// a command that reads fleet-wide state ([`FLEET_WIDE_READS`]) and is not
/// scoped ([`FLEET_WIDE_SCOPED`]). A command is a backtick span, a fenced
/// line, or one part of a `&&` / `||` / `;` chain; the first such command
/// is quoted, with what the read judges and what to write instead.
pub fn verification_fleet_wide(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan.file.text;
    for (phase, _, reach) in input.open_verifications() {
        let phase = *phase;
        let Some((command, span)) = fleet_wide_command(plan, reach) else {
            continue;
        };
        let (_, why, fix) = FLEET_WIDE_ADVICE
            .iter()
            .find(|(key, _, _)| key.is_empty() || command.contains(key))
            .copied()
            .unwrap_or(("", "", ""));
        out.push(Hit {
            file: FileKind::Plan,
            span,
            message: format!("phase {phase}: verification-fleet-wide — `{command}`: {why}; {fix}"),
            fix: None,
        });
    }
}

/// The first fleet-wide command of `reach`, blanks squeezed, and the plan
/// range it was written in.
pub fn fleet_wide_command(plan: &str, reach: &Reach) -> Option<Quote> {
    if !FLEET_WIDE_RE.may_appear(&reach.text) {
        return None;
    }
    for line in &reach.lines {
        let body = &plan[line.span.clone()];
        let mut at = 0;
        for part in body.split(['`']) {
            let part_start = at;
            at += part.len() + 1;
            for (offset, piece) in split_chain(part) {
                let start = line.span.start + part_start + offset;
                let trimmed = trim_range(plan, start..start + piece.len());
                let command = squeezed(&plan[trimmed.clone()]);
                if FLEET_WIDE_RE.is_match(&command) && !FLEET_SCOPED_RE.is_match(&command) {
                    return Some((command, trimmed));
                }
            }
        }
    }
    None
}

/// The pieces of `text` between `&&`, `||` and `;`, each with its byte
/// offset.
fn split_chain(text: &str) -> Vec<(usize, &str)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        let two = bytes.get(i..i + 2);
        let cut = if two == Some(b"&&") || two == Some(b"||") {
            2
        } else if bytes[i] == b';' {
            1
        } else {
            0
        };
        if cut > 0 {
            out.push((start, &text[start..i]));
            i += cut;
            start = i;
        } else {
            i += 1;
        }
    }
    out.push((start, &text[start..]));
    out
}

/// `text` with tabs as spaces and runs of spaces squeezed to one.
fn squeezed(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let c = if c == '\t' { ' ' } else { c };
        if c == ' ' && out.ends_with(' ') {
            continue;
        }
        out.push(c);
    }
    out
}

/// F17 `verification-lead-missing`: an open phase's §Verification command
/// whose lead this machine does not have (not a builtin, not on `PATH`).
/// Leads in [`PREFLIGHT_SKIP`] are never named, each lead is named once
/// per phase, and a fenced line without a blank that holds a dot (a file
/// name) is no command. Only when `PATH` is set.
pub fn verification_lead_missing(input: &LintInput, out: &mut Vec<Hit>) {
    if input.env.path.is_none() {
        return;
    }
    let plan = &input.manifest.plan.file.text;
    let mut installed: HashMap<&str, bool> = HashMap::new();
    for (phase, _, reach) in input.open_verifications() {
        let phase = *phase;
        let mut named = HashSet::new();
        for candidate in reach.candidates(plan) {
            let command = &plan[candidate.span.clone()];
            if !command.contains(char::is_whitespace) && command.contains('.') {
                continue;
            }
            let Some(program) = lead(command) else {
                continue;
            };
            if PREFLIGHT_SKIP.contains(&program) || !named.insert(program) {
                continue;
            }
            if *installed
                .entry(program)
                .or_insert_with(|| input.env.finds(program))
            {
                continue;
            }
            let hint = LEAD_HINTS
                .iter()
                .find(|(name, needs, _)| {
                    *name == program && needs.is_none_or(|other| input.env.finds(other))
                })
                .map(|(_, _, note)| format!(" ({note})"))
                .unwrap_or_default();
            out.push(Hit {
                file: FileKind::Plan,
                span: input.on_one_line(candidate.span.clone()),
                message: format!(
                    "phase {phase}: §Verification lead `{program}` is not installed on this machine — the console's runner skips a command whose program it cannot find, and parks a phase whose every check was skipped; install `{program}` or rewrite the check{hint}"
                ),
                fix: None,
            });
        }
    }
}

/// F18 `verification-cwd-unpinned`: an open phase whose block names no
/// `**Verify in**` (anywhere, any case) and whose §Verification holds a
/// command led by a cwd-sensitive program ([`CWD_SENSITIVE`]); the first
/// such lead is named.
pub fn verification_cwd_unpinned(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan.file.text;
    for (phase, block, reach) in input.open_verifications() {
        let (phase, block) = (*phase, *block);
        if names_verify_in(&plan[block.range.clone()]) {
            continue;
        }
        let found = reach.candidates(plan).into_iter().find_map(|c| {
            let program = lead(&plan[c.span.clone()])?;
            CWD_SENSITIVE
                .contains(&program)
                .then_some((program, c.span))
        });
        let Some((program, span)) = found else {
            continue;
        };
        out.push(Hit {
            file: FileKind::Plan,
            span: input.on_one_line(span),
            message: format!(
                "phase {phase}: `{program}` is cwd-sensitive and the phase declares no **Verify in:** — the runner runs §Verification at the repository root unless told otherwise, so `{program}` may read the wrong tree; add \"- **Verify in:** <dir>\" to §Phase {phase}"
            ),
            fix: None,
        });
    }
}

/// Whether `text` holds `**Verify in**` or `**Verify in:**`, in any case.
fn names_verify_in(text: &str) -> bool {
    let bytes = text.as_bytes();
    memchr::memmem::find_iter(bytes, b"**").any(|at| {
        let rest = &bytes[at + 2..];
        let label = b"verify in";
        rest.len() >= label.len()
            && rest[..label.len()].eq_ignore_ascii_case(label)
            && (rest[label.len()..].starts_with(b"**") || rest[label.len()..].starts_with(b":**"))
    })
}

/// F22 `verification-bring-up`: an open phase whose §Verification starts a
/// command with a bring-up step ([`SETUP_LEADS`]): at the start of the
/// reach, after `;`, `&`, `|` or a backtick, or **(fix)** at the start of
/// a fenced line that starts a command ([`ShellLines`]: not one inside a
/// loop's body). The first such step is quoted (as far as the pattern
/// reads it: `sleep 900` is `sleep 9`).
pub fn verification_bring_up(input: &LintInput, out: &mut Vec<Hit>) {
    quote_per_phase(input, out, bring_up, |phase, hit| {
        format!(
            "phase {phase}: `{hit}` is bring-up, not proof — it prepares what the check needs and proves nothing itself; move it to \"- **Setup:**\", which the runner runs before §Verification and whose failures can never mark the phase red"
        )
    });
}

/// The first bring-up step at a command head of `reach`, and where it was
/// written.
pub fn bring_up(plan: &str, reach: &Reach) -> Option<Quote> {
    if !SETUP_RE.may_appear(&reach.text) {
        return None;
    }
    let mut folded = Folded::default();
    let mut shell = ShellLines::default();
    for (i, line) in reach.lines.iter().enumerate() {
        let body = &plan[line.span.clone()];
        let mut start = line.span.start;
        let head = shell.starts_command(body);
        if i > 0 {
            if line.fenced && head {
                folded.push_between("\n", start);
                start += body.len() - body.trim_start().len();
            } else {
                folded.push_between(" ", start);
            }
        }
        if !line.fenced {
            shell = ShellLines::default();
        }
        folded.push_plan(plan, start..line.span.end);
    }
    let folded = folded.map_bytes(|_, _| true, |b| if b == b'\t' { b' ' } else { b });
    let text = folded.text.as_str();
    let m = SETUP_RE.find(text)?;
    let skip = text[m.clone()]
        .find(|c: char| c.is_alphanumeric())
        .unwrap_or(m.end - m.start);
    let hit = trim_range(text, (m.start + skip)..m.end);
    Some((text[hit.clone()].to_string(), folded.plan_range(hit)))
}

/// Where the lines of a fenced script start a command (F22, SPEC-PARITY.md
/// section G: heads only). A line starts one unless it goes on with the
/// command before it: the line before ends with `\`, `|`, `&&`, `||` or a
/// word that opens a body (`do`, `then`, `else`, `{`, `(`), or the line
/// sits in the body of a loop (`do` … `done`) — a poll loop's `sleep` is
/// its pacing, not bring-up.
#[derive(Debug, Default)]
struct ShellLines {
    /// Loops opened (`do`) and not yet closed (`done`).
    depth: usize,
    /// Whether the line before leaves its command open.
    open: bool,
}

impl ShellLines {
    /// Whether `line` starts a command; then takes it in.
    fn starts_command(&mut self, line: &str) -> bool {
        let head = self.depth == 0 && !self.open;
        let words = line.split(|c: char| c.is_ascii_whitespace() || matches!(c, ';' | '&' | '|'));
        for word in words {
            match word {
                "do" => self.depth += 1,
                "done" => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
        }
        let rest = line.trim_end();
        let last = rest
            .rsplit(|c: char| c.is_ascii_whitespace() || c == ';')
            .next()
            .unwrap_or("");
        self.open = ["\\", "|", "&&", "||"]
            .iter()
            .any(|end| rest.ends_with(end))
            || matches!(last, "do" | "then" | "else" | "{" | "(");
        head
    }
}

/// F23 `verification-expected-failure`: an open phase whose §Verification
/// says in prose that a command is expected to fail ([`EXPECTED_FAILURE`],
/// any case); the first such phrase is quoted as written.
pub fn verification_expected_failure(input: &LintInput, out: &mut Vec<Hit>) {
    quote_per_phase(input, out, expected_failure, |phase, hit| {
        format!(
            "phase {phase}: §Verification says \"{hit}\" in prose — the runner reads exit codes, not sentences, so the command's failure turns the phase red; put the expectation in the command itself (`! <command>`, or a grep for the error you expect)"
        )
    });
}

/// The first expected-failure phrase of `reach` (its lines joined by
/// spaces), and where it was written.
pub fn expected_failure(plan: &str, reach: &Reach) -> Option<Quote> {
    if !EXPECTED_FAILURE_RE.may_appear(&reach.text) {
        return None;
    }
    let mut folded = Folded::default();
    for line in &reach.lines {
        folded.push_plan(plan, line.span.clone());
        folded.push_between(" ", line.span.end);
    }
    let text = folded.text.as_str();
    let m = EXPECTED_FAILURE_RE.find(text)?;
    let hit = trim_range(text, m);
    Some((text[hit.clone()].to_string(), folded.plan_range(hit)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::MarkdownFile;
    use crate::plan::Plan;
    use std::path::PathBuf;

    fn reach_of(body: &str) -> (String, Reach) {
        let text = format!(
            "# T\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | A | — | r |\n\n## Phases\n\n### Phase 1 — A\n- **Verification:**{body}"
        );
        let plan = Plan::from_file("t", MarkdownFile::from_text(PathBuf::from("t.md"), text));
        let block = plan.phase_block(1).expect("a block");
        let reach = Reach::of(&plan.file, block, "Verification");
        (plan.file.text.clone(), reach)
    }

    fn wait(body: &str) -> Option<String> {
        let (plan, reach) = reach_of(body);
        external_wait(&plan, &reach).map(|(hit, span)| {
            assert!(plan[span].starts_with(hit.split(' ').next().unwrap_or("")));
            hit
        })
    }

    #[test]
    fn external_waits() {
        assert_eq!(
            wait(" `tail -f x.log | grep -m1 ready`").as_deref(),
            Some("tail -f")
        );
        assert_eq!(
            wait("\n  ```\n  until grep -q green u.txt; do sleep 5; done\n  ```\n").as_deref(),
            Some("until grep -q green u.txt; do sleep 5")
        );
        assert_eq!(wait(" `sleep 5 && test -s x`"), None);
        assert_eq!(wait(" `sleep 600`").as_deref(), Some("sleep 600"));
        assert_eq!(wait(" `sleep 60;`").as_deref(), Some("sleep 60;"));
        assert_eq!(wait(" `docker compose up -d && curl x`"), None);
        assert_eq!(wait(" `docker compose up`"), None);
        assert_eq!(
            wait(" `docker compose up --build`").as_deref(),
            Some("docker compose up")
        );
        // A loop cannot borrow a clock from after its own `done`.
        assert_eq!(
            wait("\n  ```\n  for i in 1 2; do echo $i; done; sleep 5\n  ```\n"),
            None
        );
        // A trailing backslash continues the command on the next line.
        assert_eq!(
            wait("\n  ```\n  while test -f x; \\\n  do curl -s y; done\n  ```\n").as_deref(),
            Some("while test -f x; do curl")
        );
        assert_eq!(
            wait(" `phase-outcome.sh --what \"gh run watch; later\"`"),
            None
        );
    }

    #[test]
    fn bring_up_steps() {
        let hit = |body: &str| {
            let (plan, reach) = reach_of(body);
            bring_up(&plan, &reach).map(|(h, _)| h)
        };
        assert_eq!(hit(" `sleep 900 && x`").as_deref(), Some("sleep 9"));
        assert_eq!(
            hit(" `test -d x; uv sync && y`").as_deref(),
            Some("uv sync")
        );
        assert_eq!(hit(" `until x; do sleep 5; done`"), None);
        assert_eq!(
            hit("\n  ```\n  test -d x\n  sleep 5\n  ```\n").as_deref(),
            Some("sleep 5")
        );
        assert_eq!(hit(" run pip install first, then `x y`"), None);
    }

    #[test]
    fn fleet_wide_reads() {
        let hit = |body: &str| {
            let (plan, reach) = reach_of(body);
            fleet_wide_command(&plan, &reach).map(|(h, _)| h)
        };
        assert_eq!(
            hit(" `task hygiene` passes").as_deref(),
            Some("task hygiene")
        );
        assert_eq!(hit(" `task drift:pins`"), None);
        assert_eq!(
            hit(" `test -d x && ps aux | grep -q sig`").as_deref(),
            Some("ps aux | grep -q sig")
        );
        assert_eq!(hit(" `ps -p 4242 -o comm= | grep x`"), None);
        assert_eq!(hit(" `task hygiene -- --check-tag a b`"), None);
        assert_eq!(hit(" `docker compose ps | grep x`"), None);
    }

    #[test]
    fn expected_failures() {
        let hit = |body: &str| {
            let (plan, reach) = reach_of(body);
            expected_failure(&plan, &reach).map(|(h, _)| h)
        };
        assert_eq!(
            hit(" `x y` — expected to fail until phase 2").as_deref(),
            Some("expected to fail")
        );
        assert_eq!(hit(" `x y` (Known red)").as_deref(), Some("Known red"));
        assert_eq!(
            hit(" `x y` must exit nonzero").as_deref(),
            Some("must exit nonzero")
        );
        assert_eq!(hit(" `x y` passes"), None);
    }
}
