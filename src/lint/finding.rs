//! What a check finds (SPEC §6): a [`Finding`] with its code, name,
//! severity, place and message; the [`Hit`] a check reports before the
//! registry stamps its code and name on it; and where a finding points.

use std::ops::Range;
use std::path::PathBuf;

use super::fix::Fix;
use crate::markdown::MarkdownFile;
use crate::plan::decisions::FileKind;

/// Whether a finding fails the lint (SPEC §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The finding fails `validate` and `--lint` (exit 1), unless the plan
    /// is closed.
    Gating,
    /// The finding is printed but never fails: a check that is advisory by
    /// default (the reference's advisories, SPEC §6.5), or one that
    /// `planfile.toml` makes advisory.
    Advisory,
}

impl Severity {
    /// `gating` or `advisory`, as outputs print it.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Gating => "gating",
            Severity::Advisory => "advisory",
        }
    }
}

/// One problem a check found (SPEC §6): code, name, severity, where it
/// points, and a message that says what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The check's code, e.g. `F14` (several checks may share a code).
    pub code: &'static str,
    /// The check's name, e.g. `verification-empty-open` (unique).
    pub name: &'static str,
    /// The severity after `planfile.toml` is applied.
    pub severity: Severity,
    /// Which file of the plan the finding points into: the plan, its twin
    /// or one of its handoffs.
    pub kind: FileKind,
    /// That file's path, as the plan, twin or handoff was located.
    pub file: PathBuf,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The byte range in the file that the finding marks (may be empty).
    pub span: Range<usize>,
    /// The whole finding line of the reference format (`phase 2:
    /// verification-empty-open — …`): the data head SPEC §6 gives, then
    /// ` — ` and what to do.
    pub message: String,
    /// Where the finding sits in the reference's `--lint` output order
    /// (SPEC-PARITY.md section E): the index of its check in [`CHECKS`](super::CHECKS),
    /// then the position of the hit among that check's hits.
    pub order: (usize, usize),
    /// The repair the tool is sure of, when there is one (SPEC §10.1):
    /// edits of this finding's file. Only findings in the plan carry one.
    pub fix: Option<Fix>,
    /// Whether the finding means a Decisions section cannot be read with
    /// certainty ([`super::certainty`]): it gates whatever the settings,
    /// the suppression comments or the plan's status say.
    pub certainty: bool,
}

/// What a check reports before the registry stamps its code, name and
/// severity on it: the file, the byte range it marks, and the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    /// The file the hit points into.
    pub file: FileKind,
    /// The byte range in that file; its start gives the line and column.
    pub span: Range<usize>,
    /// The whole finding line (see [`Finding::message`]).
    pub message: String,
    /// The repair the check is sure of, if any (see [`Finding::fix`]).
    pub fix: Option<Fix>,
}

impl Hit {
    /// A hit in the plan, marking `span`, with no fix.
    pub fn in_plan(span: Range<usize>, message: String) -> Hit {
        Hit {
            file: FileKind::Plan,
            span,
            message,
            fix: None,
        }
    }

    /// This hit with `fix`, the repair the check is sure of.
    pub fn with_fix(self, fix: Fix) -> Hit {
        Hit {
            fix: Some(fix),
            ..self
        }
    }
}

/// The byte range of 1-based `line` of `file` without its leading blanks
/// and its line ending: what a finding about a whole line marks.
pub fn line_span(file: &MarkdownFile, line: usize) -> Range<usize> {
    let range = file.lines.line_range(&file.text, line);
    let text = &file.text[range.clone()];
    let lead = text.len() - text.trim_start_matches([' ', '\t']).len();
    (range.start + lead)..range.end
}

/// `range` of `file` without the ASCII blanks at either end (a cell); the
/// whole range when the cell holds only blanks, so an empty cell is still
/// marked between its pipes.
pub fn trimmed_span(file: &MarkdownFile, range: Range<usize>) -> Range<usize> {
    let Some(text) = file.text.get(range.clone()) else {
        return range;
    };
    let inner = text.trim_matches([' ', '\t', '\r']);
    if inner.is_empty() {
        return range;
    }
    let lead = text.len() - text.trim_start_matches([' ', '\t', '\r']).len();
    let start = range.start + lead;
    start..start + inner.len()
}

/// `text` (a finding's message) with every line number it quotes written
/// `#`: the digits after the word `line` or `lines` and a space (`(line
/// 12)`, `at line 7`, `lines 3-9`, `first on line 4`), the forms in which
/// the checks' messages name lines. What is left says what was found, not
/// where, so it stays the same when lines above move: GitLab's fingerprints
/// are built from it (SPEC §10.1 "Paths in CI reports").
pub fn without_line_numbers(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    let digits_from = |at: usize| {
        bytes[at.min(bytes.len())..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut out = String::new();
    let mut copied = 0;
    let mut at = 0;
    while let Some(found) = text[at..]
        .char_indices()
        .find(|(i, _)| {
            bytes[at + i..]
                .get(..4)
                .is_some_and(|w| w.eq_ignore_ascii_case(b"line"))
        })
        .map(|(i, _)| at + i)
    {
        at = found + 4;
        let word_start = found == 0 || !bytes[found - 1].is_ascii_alphanumeric();
        let mut end = found + 4;
        if bytes
            .get(end)
            .is_some_and(|b| b.eq_ignore_ascii_case(&b's'))
        {
            end += 1;
        }
        if !word_start || bytes.get(end) != Some(&b' ') {
            continue;
        }
        let number = end + 1;
        let mut stop = number + digits_from(number);
        if stop == number {
            continue;
        }
        if bytes.get(stop) == Some(&b'-') && digits_from(stop + 1) > 0 {
            stop += 1 + digits_from(stop + 1);
        }
        out.push_str(&text[copied..number]);
        out.push('#');
        copied = stop;
        at = stop;
    }
    if copied == 0 {
        return std::borrow::Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    std::borrow::Cow::Owned(out)
}

/// How messages name a file of the plan (the W of SPEC §6's message
/// heads): `the plan`, `decisions.md` or `a handoff`.
pub fn file_label(kind: FileKind) -> &'static str {
    match kind {
        FileKind::Plan => "the plan",
        FileKind::Twin => "decisions.md",
        FileKind::Handoff(_) => "a handoff",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_numbers_are_taken_out_of_a_message() {
        assert_eq!(
            without_line_numbers("decision table in the plan (line 31): decision-table-malformed"),
            "decision table in the plan (line #): decision-table-malformed"
        );
        assert_eq!(
            without_line_numbers("lines 3-19 are read as part of it; Line 4 repeats line 2?"),
            "lines # are read as part of it; Line # repeats line #?"
        );
        for kept in [
            "phase 2: verification-empty-open — write a line",
            "the pipeline 4 runs; outline 5; line-3; lines  4",
            "décision line",
        ] {
            assert!(
                matches!(without_line_numbers(kept), std::borrow::Cow::Borrowed(_)),
                "{kept}"
            );
        }
    }
}
