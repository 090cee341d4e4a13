//! The values of a plan's directives as the workflow's readers take them
//! (SPEC §11; SPEC-PARITY.md section A): lists of backticked ids (`MCP
//! servers (every session)`, `Credentials`, `Accounts`, `Clash zones`),
//! policy words (`MCP policy`, `Credential policy`, `QA exhausted`,
//! `Person-check`), a phase's `Checkout`, `Verify in`, `Setup`, `Waits on`,
//! `Wall-clock floor`, `Wait count` and `Verify timeout`. The lint and the
//! plan engine read them here, so a plan has one reading of each.
//!
//! Every reader takes the line the directive rules of
//! [`crate::plan::directive`] find (the first of its label, outside code
//! and HTML blocks) and cuts its value the way the reference's reader cuts
//! it.

use std::ops::Range;

use crate::markdown::inline::without_marks;
use crate::plan::Plan;
use crate::plan::directive::{DirectiveLine, first_word, lines_in, sections_starting};
use crate::plan::verification::{Reach, backtick_spans, is_fence_line};
use crate::vocab::console::{
    MCP_POLICY_LABEL, MCP_POLICY_WORDS, MCP_SERVERS_EVERY_SESSION, SETUP_EVERY_PHASE, SETUP_LABEL,
    SKILLS_EVERY_SESSION,
};

/// The contents of `line`'s backtick spans, in order (see
/// [`backtick_spans`]).
pub fn ticked(line: &str) -> Vec<&str> {
    backtick_spans(line).into_iter().map(|s| &line[s]).collect()
}

/// `line`'s backtick spans joined as the reference joins them: by `,`, and
/// then every comma followed by a space (so a span that holds a comma
/// reads as two ids).
pub fn ticked_csv(line: &str) -> String {
    ticked(line).join(",").replace(',', ", ")
}

/// The ids of a csv (as [`ticked_csv`] gives it): split at commas, each
/// trimmed, empty ones dropped, each once, in order.
pub fn csv_ids<'a>(lists: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for list in lists {
        for id in list.split(',') {
            let id = id.trim_matches(is_space);
            if !id.is_empty() && !out.iter().any(|seen| seen == id) {
                out.push(id.to_string());
            }
        }
    }
    out
}

/// White space as the shell's `[[:space:]]` counts it.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c')
}

/// What follows the first colon of a directive line, its leading blanks
/// and then a leading `*`/`**` and the blanks after it removed (trailing
/// text kept as written): the body of a `Waits on`, `Wall-clock floor`,
/// `Wait count` or `Verify timeout` line.
pub fn body_after_label(line: &str) -> &str {
    let value = line.split_once(':').map_or("", |(_, v)| v);
    let value = value.trim_start_matches(is_space);
    match value.strip_prefix("**").or_else(|| value.strip_prefix('*')) {
        Some(rest) => rest.trim_start_matches(is_space),
        None => value,
    }
}

/// The first word of a policy value that is one of `words` (the value
/// lower-cased, its first blank-separated token compared whole).
fn policy_word(value: &str, words: &[&str]) -> Option<String> {
    let token = value.split_whitespace().next()?.to_lowercase();
    words.contains(&token.as_str()).then_some(token)
}

/// The first whole number of `text` (`*` and backticks ignored), when it
/// opens the text (after blanks), is not followed by a letter or digit, and
/// is 1 to 99: the value of a `Wait count` line.
pub fn count_word(text: &str) -> Option<u64> {
    let text = without_marks(text);
    let rest = text.trim_start_matches(is_space);
    let digits: &str = &rest[..rest.bytes().take_while(u8::is_ascii_digit).count()];
    if digits.is_empty() {
        return None;
    }
    if rest[digits.len()..].starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return None;
    }
    let significant = digits.trim_start_matches('0');
    let n: u64 = if significant.len() > 3 {
        100
    } else {
        significant.parse().unwrap_or(0)
    };
    (1..=99).contains(&n).then_some(n)
}

/// The units of a wall-clock floor (the reference's alternation), each
/// with its minutes.
const FLOOR_UNITS: [(&str, f64); 13] = [
    ("minutes", 1.0),
    ("minute", 1.0),
    ("mins", 1.0),
    ("min", 1.0),
    ("m", 1.0),
    ("hours", 60.0),
    ("hour", 60.0),
    ("hrs", 60.0),
    ("hr", 60.0),
    ("h", 60.0),
    ("days", 1440.0),
    ("day", 1440.0),
    ("d", 1440.0),
];

/// A wall-clock floor in whole minutes, rounded up: the sum of the
/// durations (`1h 30m`, `1.5 hours`, `2d`) that open `text` (`*` and
/// backticks ignored, any case), one after another; a unit followed by a
/// letter ends the run (`5 miles` is no duration). `None` when the text
/// opens with none, or they sum to zero.
pub fn floor_minutes(text: &str) -> Option<u64> {
    let text = without_marks(text).to_lowercase();
    let mut s = text.as_str();
    let mut total = 0.0_f64;
    let mut matched = false;
    loop {
        s = s.trim_start_matches(is_space);
        let whole = s.bytes().take_while(u8::is_ascii_digit).count();
        if whole == 0 {
            break;
        }
        let mut end = whole;
        if s[end..].starts_with('.') {
            let frac = s[end + 1..].bytes().take_while(u8::is_ascii_digit).count();
            if frac > 0 {
                end += 1 + frac;
            }
        }
        let number: f64 = s[..end].parse().unwrap_or(0.0);
        let after = s[end..].trim_start_matches(is_space);
        let Some((unit, minutes)) = FLOOR_UNITS
            .iter()
            .filter(|(u, _)| after.starts_with(u))
            .max_by_key(|(u, _)| u.len())
        else {
            break;
        };
        let rest = &after[unit.len()..];
        if rest.starts_with(|c: char| c.is_ascii_lowercase()) {
            break;
        }
        total += number * minutes;
        matched = true;
        s = rest;
    }
    if !matched || total <= 0.0 {
        return None;
    }
    let floor = total.trunc();
    let up = if total - floor > 0.000_000_1 {
        floor + 1.0
    } else {
        floor
    };
    // A floor too large for u64 saturates.
    Some(up as u64)
}

/// The text of a §Session budget line or phase bullet the directive rules
/// found.
fn raw<'p>(plan: &'p Plan, line: &DirectiveLine) -> &'p str {
    &plan.file.text[line.span.clone()]
}

impl Plan {
    /// The §Session budget lines (outside code and HTML blocks) whose
    /// text contains `phrase` (lower case; the line compared in any case),
    /// with their byte ranges, in order.
    pub fn budget_lines_containing(&self, phrase: &str) -> Vec<(&str, Range<usize>)> {
        let file = &self.file;
        sections_starting(file, "session budget")
            .into_iter()
            .flat_map(|range| lines_in(file, range).collect::<Vec<_>>())
            .map(|(_, span)| {
                let text = &file.text[span.clone()];
                let lead = text.len() - text.trim_start_matches([' ', '\t']).len();
                (text, (span.start + lead)..span.end)
            })
            .filter(|(text, _)| text.to_lowercase().contains(phrase))
            .collect()
    }

    /// The raw text of the plan-wide line for `label` (see
    /// [`Plan::plan_directive`]).
    pub fn plan_directive_text(&self, label: &str) -> Option<&str> {
        self.plan_directive(label).map(|l| raw(self, &l))
    }

    /// The raw text of phase `phase`'s bullet for `label` (see
    /// [`Plan::phase_directive`]).
    pub fn phase_directive_text(&self, phase: u32, label: &str) -> Option<&str> {
        self.phase_directive(phase, label).map(|l| raw(self, &l))
    }

    /// The MCP servers every session gets: the backtick spans of every
    /// §Session budget line that names `MCP servers (every session)`, as a
    /// csv ([`ticked_csv`]; empty when there are none).
    pub fn plan_mcp(&self) -> String {
        let lines = self.budget_lines_containing(MCP_SERVERS_EVERY_SESSION);
        let spans: Vec<&str> = lines.iter().flat_map(|(l, _)| ticked(l)).collect();
        spans.join(",").replace(',', ", ")
    }

    /// The skills every session invokes: the backtick spans of every
    /// §Session budget line that names `Skills (every session)`, as a csv
    /// ([`ticked_csv`]; empty when there are none).
    pub fn plan_skills(&self) -> String {
        let lines = self.budget_lines_containing(SKILLS_EVERY_SESSION);
        let spans: Vec<&str> = lines.iter().flat_map(|(l, _)| ticked(l)).collect();
        spans.join(",").replace(',', ", ")
    }

    /// The backticked ids of phase `phase`'s bullet for `label`, as a csv.
    pub fn phase_ticked(&self, phase: u32, label: &str) -> String {
        self.phase_directive_text(phase, label)
            .map(ticked_csv)
            .unwrap_or_default()
    }

    /// The backticked ids of the plan-wide line for `label`, as a csv.
    pub fn plan_ticked(&self, label: &str) -> String {
        self.plan_directive_text(label)
            .map(ticked_csv)
            .unwrap_or_default()
    }

    /// The value of the plan's MCP policy line: the first §Session budget
    /// line that speaks of an MCP policy, after its label, `*` and
    /// backticks removed.
    pub fn plan_mcp_policy_value(&self) -> Option<String> {
        let phrase = MCP_POLICY_LABEL.to_lowercase();
        let (line, _) = self.budget_lines_containing(&phrase).into_iter().next()?;
        let value = after_last_label(line, "mcp", "policy").unwrap_or(line);
        Some(value.replace(['*', '`'], "").trim().to_string())
    }

    /// A policy word (`require`, `continue`) of the plan-wide line that
    /// speaks of `label` (`MCP policy`, `Credential policy`), when its
    /// value's first word is one.
    pub fn plan_policy(&self, label: &str) -> Option<String> {
        let phrase = label.to_lowercase();
        let (line, _) = self.budget_lines_containing(&phrase).into_iter().next()?;
        let mut words = phrase.split_whitespace();
        let (first, second) = (words.next()?, words.next()?);
        let value = after_last_label(line, first, second).unwrap_or(line);
        policy_word(&value.replace(['*', '`'], ""), MCP_POLICY_WORDS)
    }

    /// The policy word of phase `phase`'s bullet for `label`, when its
    /// first word is `require` or `continue`.
    pub fn phase_policy(&self, phase: u32, label: &str) -> Option<String> {
        let line = self.phase_directive(phase, label)?;
        policy_word(&line.value, MCP_POLICY_WORDS)
    }

    /// The commands of the plan-wide `Setup (every phase)` line: every
    /// backtick span of the first §Session budget line that names it.
    pub fn every_phase_setup(&self) -> Vec<String> {
        self.budget_lines_containing(SETUP_EVERY_PHASE)
            .first()
            .map(|(line, _)| ticked(line).into_iter().map(str::to_string).collect())
            .unwrap_or_default()
    }

    /// The commands of phase `phase`'s `Setup` bullet (its first block):
    /// every backtick span of a line of its reach holding one, and every
    /// fenced line that is neither blank nor a comment.
    pub fn setup_commands(&self, phase: u32) -> Vec<String> {
        let Some(block) = self.phase_block(phase) else {
            return Vec::new();
        };
        let reach = Reach::of(&self.file, block, SETUP_LABEL);
        setup_commands_of(&self.file.text, &reach)
    }

    /// Phase `phase`'s `Verify in` folder, as the console's runner reads
    /// it: the first bold-labelled bullet of its first block (outside
    /// fences) whose label starts with `verify in` (any case), the text
    /// after the bold label, a leading `:`, `*` and backticks removed,
    /// trimmed. Before any labelled bullet, one indented more than three
    /// columns is not a field. `None` without one.
    pub fn verify_in(&self, phase: u32) -> Option<String> {
        let block = self.phase_block(phase)?;
        let mut fence = false;
        let mut open = false;
        for line in crate::plan::verification::block_lines(&self.file, block) {
            let text = self.file.line_text(line);
            if is_fence_line(text) {
                fence = !fence;
                continue;
            }
            if fence {
                continue;
            }
            let indent = text.len() - text.trim_start_matches([' ', '\t']).len();
            let Some(rest) = text[indent..].strip_prefix(['-', '*']) else {
                continue;
            };
            let after = rest.trim_start_matches([' ', '\t']);
            if after.len() == rest.len() {
                continue;
            }
            let Some(inner) = after.strip_prefix("**") else {
                continue;
            };
            let Some(close) = inner.find('*') else {
                continue;
            };
            if close == 0 || !inner[close..].starts_with("**") {
                continue;
            }
            if !open && indent > 3 {
                continue;
            }
            open = true;
            let label = inner[..close].trim_matches([' ', '\t']);
            let label = label.strip_suffix(':').unwrap_or(label);
            if !label.to_lowercase().starts_with("verify in") {
                continue;
            }
            let value = &inner[close + 2..];
            let value = value.strip_prefix(':').unwrap_or(value);
            let value = without_marks(value);
            return Some(value.trim_matches([' ', '\t']).to_string());
        }
        None
    }

    /// The body of phase `phase`'s `Waits on` bullet (see
    /// [`body_after_label`]).
    pub fn waits_on_body(&self, phase: u32) -> Option<&str> {
        self.phase_directive_text(phase, crate::vocab::console::WAITS_ON_LABEL)
            .map(body_after_label)
    }

    /// The refs phase `phase` waits on: the part of its `Waits on` body
    /// before the first `·`, read as its backtick spans when it has a
    /// backtick, else as a comma list (each trimmed, empty ones dropped).
    pub fn waits_on_refs(&self, phase: u32) -> Vec<String> {
        let Some(body) = self.waits_on_body(phase).filter(|b| !b.is_empty()) else {
            return Vec::new();
        };
        let left = body
            .split(crate::vocab::console::WAITS_ON_SEPARATOR)
            .next()
            .unwrap_or("");
        if left.contains('`') {
            ticked(left).into_iter().map(str::to_string).collect()
        } else {
            left.split(',')
                .map(|r| r.trim_matches(is_space))
                .filter(|r| !r.is_empty())
                .map(str::to_string)
                .collect()
        }
    }

    /// The first word of phase `phase`'s bullet for `label`, lower-cased
    /// ([`first_word`]).
    pub fn phase_word(&self, phase: u32, label: &str) -> Option<String> {
        self.phase_directive(phase, label)
            .and_then(|l| first_word(&l.value))
    }

    /// The first word of the plan-wide line for `label`, lower-cased.
    pub fn plan_word(&self, label: &str) -> Option<String> {
        self.plan_directive(label)
            .and_then(|l| first_word(&l.value))
    }
}

/// The commands of a `Setup` reach: every backtick span of a line holding
/// one, and every fenced line that is neither blank nor a comment.
pub fn setup_commands_of(text: &str, reach: &Reach) -> Vec<String> {
    let mut out = Vec::new();
    for line in &reach.lines {
        let body = &text[line.span.clone()];
        if body.contains('`') {
            out.extend(ticked(body).into_iter().map(str::to_string));
        } else {
            let command = body.trim_matches(is_space);
            if !command.is_empty() && !command.starts_with('#') {
                out.push(command.to_string());
            }
        }
    }
    out
}

/// What follows the colon of the last `<first><blanks><second>…:` label of
/// `line` (`first` in any case, `second` with its first letter in any
/// case), as the reference's sed `.*[Mm][Cc][Pp][[:space:]]*[Pp]olicy[^:]*:`
/// cuts it; `None` when the line has no such label.
fn after_last_label<'l>(line: &'l str, first: &str, second: &str) -> Option<&'l str> {
    let lower = line.to_ascii_lowercase();
    let bytes = line.as_bytes();
    let mut best = None;
    let mut from = 0;
    while let Some(at) = lower[from..].find(first).map(|p| from + p) {
        from = at + 1;
        let mut i = at + first.len();
        while i < bytes.len() && is_space(char::from(bytes[i])) {
            i += 1;
        }
        let Some(word) = line.get(i..i + second.len()) else {
            continue;
        };
        let (head, tail) = word.split_at(1);
        if !head.eq_ignore_ascii_case(&second[..1]) || tail != &second[1..] {
            continue;
        }
        let after = i + second.len();
        if let Some(colon) = line[after..].find(':') {
            best = Some(after + colon + 1);
        }
    }
    best.map(|at| &line[at..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(count_word(" 3 waits"), Some(3));
        assert_eq!(count_word("`12`"), Some(12));
        assert_eq!(count_word("0"), None);
        assert_eq!(count_word("100"), None);
        assert_eq!(count_word("3x"), None);
        assert_eq!(count_word("x 3"), None);
        assert_eq!(count_word("0007"), Some(7));
        assert_eq!(count_word("123456789012345678901234"), None);
    }

    #[test]
    fn floors() {
        assert_eq!(floor_minutes("1h 30m"), Some(90));
        assert_eq!(floor_minutes("1.5 hours"), Some(90));
        assert_eq!(floor_minutes("`45m` for the gate"), Some(45));
        assert_eq!(floor_minutes("0.1m"), Some(1));
        assert_eq!(floor_minutes("5 miles"), None);
        assert_eq!(floor_minutes("about 5m"), None);
        assert_eq!(floor_minutes("2D"), Some(2880));
        assert_eq!(floor_minutes("0m"), None);
    }

    #[test]
    fn csvs_and_bodies() {
        assert_eq!(ticked_csv("`a` and `b,c`"), "a, b, c");
        assert_eq!(csv_ids(["a, b", "b, c,, "]), vec!["a", "b", "c"]);
        assert_eq!(body_after_label("- **Waits on:** `x` · 45m"), "`x` · 45m");
        assert_eq!(body_after_label("- Waits on: ** x "), "x ");
    }

    #[test]
    fn policy_labels_are_cut_at_the_last() {
        assert_eq!(
            after_last_label("**MCP policy**: require", "mcp", "policy"),
            Some(" require")
        );
        assert_eq!(
            after_last_label("**mcp  Policy (x):** continue", "mcp", "policy"),
            Some("** continue")
        );
        assert_eq!(after_last_label("MCP POLICY: x", "mcp", "policy"), None);
        assert_eq!(
            after_last_label("- **MCP policy:** require", "mcp", "policy"),
            Some("** require")
        );
        assert_eq!(
            after_last_label("mcp  Policy (servers): x: y", "mcp", "policy"),
            Some(" x: y")
        );
        assert_eq!(
            after_last_label("MCP policy: a; mcp policy: b", "mcp", "policy"),
            Some(" b")
        );
        assert_eq!(
            after_last_label("the mcp policy is unset", "mcp", "policy"),
            None
        );
    }
}
