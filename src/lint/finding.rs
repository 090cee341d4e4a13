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

/// How messages name a file of the plan (the W of SPEC §6's message
/// heads): `the plan`, `decisions.md` or `a handoff`.
pub fn file_label(kind: FileKind) -> &'static str {
    match kind {
        FileKind::Plan => "the plan",
        FileKind::Twin => "decisions.md",
        FileKind::Handoff(_) => "a handoff",
    }
}
