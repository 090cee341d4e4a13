//! The commands of a phase's §Verification as the reference's advisories
//! read them (SPEC-PARITY.md section D, "The Verification reach"): the
//! reach of a bold-labelled bullet, the command candidates inside it, the
//! program each candidate starts with (its lead), and the reach folded
//! into one line of text.
//!
//! The reach is read line by line from the raw text, as the console's
//! runner reads it: a fence line toggles a fence wherever it is, and a
//! labelled bullet at column 0 ends the reach (the `Verify in` bullet,
//! which belongs to §Verification, excepted).

use std::ops::Range;

use crate::markdown::MarkdownFile;
use crate::plan::PhaseBlock;

/// One line of a reach that may hold commands: inside a fence, or holding
/// a backtick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReachLine {
    /// 1-based line in the plan.
    pub line: usize,
    /// Byte range of the line's text (without its line ending).
    pub span: Range<usize>,
    /// Whether the line lies inside a fence (a command line of a fenced
    /// block) rather than holding backtick spans.
    pub fenced: bool,
}

/// One command a reach holds: a fenced line with no backtick, or a backtick
/// span holding a blank (a span without one is a citation, not a command).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// Byte range of the command in the plan (a span without its
    /// backticks).
    pub span: Range<usize>,
    /// 1-based line of the command.
    pub line: usize,
}

/// The reach of a labelled bullet in a phase block (SPEC-PARITY.md D):
/// from the first bullet whose bold label starts with the label up to the
/// line before the next column-0 bold-labelled bullet (other than
/// `**Verify in`), or the end of the block. Fence lines toggle a fence and
/// are dropped; only the lines inside a fence or holding a backtick are
/// kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reach {
    /// The kept lines, in order.
    pub lines: Vec<ReachLine>,
    /// 1-based line of the bullet that opens the reach (`None` when the
    /// block has no such bullet).
    pub bullet_line: Option<usize>,
    /// The kept lines' text, joined by line feeds.
    pub text: String,
}

impl Reach {
    /// The reach of the bullet labelled `label` (`Verification`, `Setup`,
    /// `Files`) in `block` of `file`.
    pub fn of(file: &MarkdownFile, block: &PhaseBlock, label: &str) -> Reach {
        let mut reach = Reach::default();
        let mut fence = false;
        for line in block_lines(file, block) {
            let span = file.lines.line_range(&file.text, line);
            let text = &file.text[span.clone()];
            let opens = bold_bullet_label(text, true).is_some_and(|l| l.starts_with(label));
            if opens {
                reach.bullet_line.get_or_insert(line);
            } else if reach.bullet_line.is_some()
                && bold_bullet_label(text, false).is_some_and(|l| !l.starts_with("Verify in"))
            {
                break;
            }
            if reach.bullet_line.is_none() {
                continue;
            }
            if is_fence_line(text) {
                fence = !fence;
                continue;
            }
            if fence || text.contains('`') {
                if !reach.lines.is_empty() {
                    reach.text.push('\n');
                }
                reach.text.push_str(text);
                reach.lines.push(ReachLine {
                    line,
                    span,
                    fenced: fence,
                });
            }
        }
        reach
    }

    /// The command candidates of the reach, in order: a line without a
    /// backtick (a fenced command) whole, unless it is blank; otherwise
    /// every backtick span of the line that holds a space or a tab.
    pub fn candidates(&self, text: &str) -> Vec<Candidate> {
        let mut out = Vec::new();
        for line in &self.lines {
            let body = &text[line.span.clone()];
            if !body.contains('`') {
                if !body.trim().is_empty() {
                    out.push(Candidate {
                        span: line.span.clone(),
                        line: line.line,
                    });
                }
                continue;
            }
            for span in backtick_spans(body) {
                if body[span.clone()].contains([' ', '\t']) {
                    out.push(Candidate {
                        span: (line.span.start + span.start)..(line.span.start + span.end),
                        line: line.line,
                    });
                }
            }
        }
        out
    }

    /// The plan offset where the reach starts (its first kept line), for a
    /// finding that names the reach as a whole.
    pub fn start(&self) -> Option<usize> {
        self.lines.first().map(|l| l.span.start)
    }
}

/// The lines of `block` after its heading, 1-based.
pub fn block_lines(file: &MarkdownFile, block: &PhaseBlock) -> std::ops::RangeInclusive<usize> {
    let last = file.line_of(block.range.end.saturating_sub(1).max(block.range.start));
    (block.heading_line + 1)..=last
}

/// The bold label of a bullet line `- **Label…` (`*` or `-` bullet, at
/// least one blank after it): the text after the `**`. With `indented`,
/// the bullet may be indented; otherwise it must sit at column 0.
fn bold_bullet_label(line: &str, indented: bool) -> Option<&str> {
    let rest = if indented {
        line.trim_start_matches(is_blank)
    } else {
        line
    };
    let rest = rest.strip_prefix(['-', '*'])?;
    let after = rest.trim_start_matches(is_blank);
    if after.len() == rest.len() {
        return None;
    }
    after.strip_prefix("**")
}

/// A blank as POSIX `[[:space:]]` counts one.
fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\x0b' | '\x0c')
}

/// Whether `line` is a fence line: blanks, then ```` ``` ```` or `~~~`.
pub fn is_fence_line(line: &str) -> bool {
    let rest = line.trim_start_matches(is_blank);
    rest.starts_with("```") || rest.starts_with("~~~")
}

/// The backtick spans of `line`, left to right: each pair of backticks
/// with at least one other character between them, as byte ranges of the
/// content between the backticks.
pub fn backtick_spans(line: &str) -> Vec<Range<usize>> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(open) = bytes[i..].iter().position(|&b| b == b'`').map(|p| i + p) {
        match bytes[open + 1..].iter().position(|&b| b == b'`') {
            Some(0) => i = open + 1,
            Some(len) => {
                out.push((open + 1)..(open + 1 + len));
                i = open + 2 + len;
            }
            None => break,
        }
        if i >= bytes.len() {
            break;
        }
    }
    out
}

/// The program a command starts with (SPEC-PARITY.md D, "the lead"): past
/// leading blanks, a `$ ` prompt, a `! ` negation and any `NAME=value`
/// words, the next word, when it has no `/`, is made of
/// `[A-Za-z0-9_.+-]` and starts with a letter or `_`. `None` otherwise
/// (a path, a number, a flag, punctuation, or only assignments).
pub fn lead(command: &str) -> Option<&str> {
    let mut rest = command.trim_start_matches(is_space);
    rest = rest.strip_prefix("$ ").unwrap_or(rest);
    if let Some(negated) = rest.strip_prefix("! ") {
        rest = negated.trim_start_matches(is_space);
    }
    loop {
        let word = rest.split(is_space).next().unwrap_or("");
        let assignment =
            word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') && word.contains('=');
        if !assignment {
            break;
        }
        if word.len() == rest.len() {
            return None;
        }
        let after = &rest[word.len()..];
        let after = after.strip_prefix(|c: char| is_space(c)).unwrap_or(after);
        rest = after.trim_start_matches(is_space);
    }
    let word = rest.split(is_space).next().unwrap_or("");
    let shaped = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '+' | '-'))
        && word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
    shaped.then_some(word)
}

/// White space as the shell's `[[:space:]]` counts it.
fn is_space(c: char) -> bool {
    is_blank(c) || c == '\n'
}

/// Text built from parts of the plan, each byte remembering the plan
/// offset it came from, so that a match in the text points back at the
/// line it was written on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Folded {
    /// The text.
    pub text: String,
    /// For each byte of `text`, the plan offset it came from (a byte put
    /// in between, such as a joining space, takes the offset before it).
    pub origin: Vec<usize>,
}

impl Folded {
    /// Appends `range` of `plan`.
    pub fn push_plan(&mut self, plan: &str, range: Range<usize>) {
        self.text.push_str(&plan[range.clone()]);
        self.origin.extend(range);
    }

    /// Appends `s`, which the plan does not hold, as if written at plan
    /// offset `at`.
    pub fn push_between(&mut self, s: &str, at: usize) {
        self.text.push_str(s);
        self.origin.extend(std::iter::repeat_n(at, s.len()));
    }

    /// The plan offset of byte `at` of the text (the end of the last byte
    /// when `at` is the end).
    pub fn plan_offset(&self, at: usize) -> usize {
        match self.origin.get(at) {
            Some(&o) => o,
            None => self.origin.last().map(|&o| o + 1).unwrap_or(0),
        }
    }

    /// The plan range that text range `range` came from: from its first
    /// byte to just after its last.
    pub fn plan_range(&self, range: Range<usize>) -> Range<usize> {
        let start = self.plan_offset(range.start);
        let end = if range.end > range.start {
            self.plan_offset(range.end - 1) + 1
        } else {
            start
        };
        start..end.max(start)
    }

    /// A copy with every byte for which `keep` is false removed, and
    /// `replace` applied to the ones kept (ASCII to ASCII only).
    pub fn map_bytes(
        &self,
        mut keep: impl FnMut(&str, usize) -> bool,
        replace: impl Fn(u8) -> u8,
    ) -> Folded {
        let mut out = Folded::default();
        let bytes = self.text.as_bytes();
        let mut kept = Vec::with_capacity(bytes.len());
        for (i, &b) in bytes.iter().enumerate() {
            if keep(&self.text, i) {
                kept.push(if b.is_ascii() { replace(b) } else { b });
                out.origin.push(self.origin[i]);
            }
        }
        out.text = String::from_utf8(kept).unwrap_or_default();
        if out.text.len() != out.origin.len() {
            out.origin.clear();
        }
        out
    }

    /// A copy without the byte ranges `cut` (sorted, not overlapping).
    pub fn without(&self, cut: &[Range<usize>]) -> Folded {
        let mut out = Folded::default();
        let mut at = 0;
        for r in cut {
            out.text.push_str(&self.text[at..r.start]);
            out.origin.extend_from_slice(&self.origin[at..r.start]);
            at = r.end;
        }
        out.text.push_str(&self.text[at..]);
        out.origin.extend_from_slice(&self.origin[at..]);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Plan;
    use std::path::PathBuf;

    fn plan(body: &str) -> Plan {
        let text = format!(
            "# T\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | A | — | r |\n\n## Phases\n\n### Phase 1 — A\n{body}"
        );
        Plan::from_file("t", MarkdownFile::from_text(PathBuf::from("t.md"), text))
    }

    fn reach_texts(p: &Plan, label: &str) -> Vec<String> {
        let block = p.phase_block(1).expect("a block");
        let reach = Reach::of(&p.file, block, label);
        reach
            .lines
            .iter()
            .map(|l| p.file.text[l.span.clone()].to_string())
            .collect()
    }

    fn candidates(p: &Plan) -> Vec<String> {
        let block = p.phase_block(1).expect("a block");
        Reach::of(&p.file, block, "Verification")
            .candidates(&p.file.text)
            .into_iter()
            .map(|c| p.file.text[c.span].to_string())
            .collect()
    }

    #[test]
    fn reach_ends_at_the_next_top_level_bold_bullet() {
        let p = plan(
            "- **Goal:** `not this`\n- **Verification:** `make test` then `ok`\n  - **Verify in:** app\n- **Verify in:** `still reach`\n  prose without ticks\n- **Handoff must record:** `not this either`\n",
        );
        assert_eq!(
            reach_texts(&p, "Verification"),
            vec![
                "- **Verification:** `make test` then `ok`",
                "- **Verify in:** `still reach`"
            ]
        );
        assert_eq!(candidates(&p), vec!["make test", "still reach"]);
    }

    #[test]
    fn fences_toggle_and_fenced_lines_are_candidates() {
        let p = plan(
            "- **Verification:**\n  ```bash\n  pytest -q\n\n  echo `date` done\n  ```\n  after the fence\n",
        );
        assert_eq!(
            reach_texts(&p, "Verification"),
            vec!["  pytest -q", "", "  echo `date` done"]
        );
        assert_eq!(candidates(&p), vec!["  pytest -q"]);
        let block = p.phase_block(1).expect("a block");
        let reach = Reach::of(&p.file, block, "Verification");
        assert!(reach.lines.iter().all(|l| l.fenced));
        assert_eq!(reach.bullet_line, Some(12));
    }

    #[test]
    fn no_bullet_no_reach() {
        let p = plan("- **Goal:** `x y`\n");
        assert!(reach_texts(&p, "Verification").is_empty());
        assert_eq!(reach_texts(&p, "Goal"), vec!["- **Goal:** `x y`"]);
    }

    #[test]
    fn spans() {
        let line = "a `b c` ``d` `e`";
        let found: Vec<&str> = backtick_spans(line).into_iter().map(|r| &line[r]).collect();
        assert_eq!(found, vec!["b c", "d", "e"]);
        assert!(backtick_spans("no ticks").is_empty());
        assert!(backtick_spans("`open").is_empty());
    }

    #[test]
    fn leads() {
        assert_eq!(lead("make check"), Some("make"));
        assert_eq!(lead("  $ FOO=1 BAR=x pytest -q"), Some("pytest"));
        assert_eq!(lead("! grep -q x f"), Some("grep"));
        assert_eq!(lead("FOO=1"), None);
        assert_eq!(lead("./run.sh"), None);
        assert_eq!(lead(".venv/bin/pytest"), None);
        assert_eq!(lead("128 112"), None);
        assert_eq!(lead("--flag"), None);
        assert_eq!(lead("python3.12 -V"), Some("python3.12"));
        assert_eq!(lead("g++ -c x"), Some("g++"));
        assert_eq!(lead("x|y"), None);
    }

    #[test]
    fn folded_text_points_back() {
        let plan = "abc\ndef\n";
        let mut f = Folded::default();
        f.push_plan(plan, 0..3);
        f.push_between("; ", 3);
        f.push_plan(plan, 4..7);
        assert_eq!(f.text, "abc; def");
        assert_eq!(f.plan_range(5..8), 4..7);
        let cut = f.without(&[1..2, 8..8]);
        assert_eq!(cut.text, "ac; def");
        assert_eq!(cut.plan_offset(1), 2);
        let squeezed = f.map_bytes(|t, i| t.as_bytes()[i] != b';', |b| b.to_ascii_uppercase());
        assert_eq!(squeezed.text, "ABC DEF");
        assert_eq!(squeezed.plan_offset(4), 4);
    }
}
