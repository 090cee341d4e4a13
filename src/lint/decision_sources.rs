//! The Decisions sections the decision checks read: the plan's and the
//! twin's, each with its file, and the head every row finding starts with
//! (SPEC §6: ``decision row `K` in W``).

use std::ops::Range;

use super::{Hit, LintInput, file_label, line_span, trimmed_span};
use crate::error::escape_invisible;
use crate::markdown::MarkdownFile;
use crate::plan::decisions::{Column, DecisionRow, DecisionSection, FileKind, PhaseScope};

/// One file's Decisions section with the file it was read from.
pub(super) struct Source<'a> {
    /// Plan or twin.
    pub(super) kind: FileKind,
    /// The file.
    pub(super) file: &'a MarkdownFile,
    /// Its Decisions section, when it has one.
    pub(super) section: Option<&'a DecisionSection>,
}

impl Source<'_> {
    /// `the plan` or `decisions.md`: the W of SPEC §6's message heads.
    pub(super) fn name(&self) -> &'static str {
        file_label(self.kind)
    }

    /// The rows of the manifest.
    pub(super) fn rows(&self) -> &[DecisionRow] {
        self.section.map(DecisionSection::rows).unwrap_or(&[])
    }

    /// The head of a row finding ([`row_head`]).
    pub(super) fn row_head(&self, row: &DecisionRow) -> String {
        row_head(self.kind, row)
    }

    /// The byte range of `column`'s cell in `row`, trimmed; the row's line
    /// when the table has no such column or the row no such cell.
    pub(super) fn cell_span(&self, row: &DecisionRow, column: Column) -> Range<usize> {
        let whole = line_span(self.file, row.origin.line);
        let Some(table) = self.section.and_then(|s| s.table.as_ref()) else {
            return whole;
        };
        let Some(index) = table.column_index(column) else {
            return whole;
        };
        table
            .line(row.origin.line)
            .and_then(|l| l.cells.get(index))
            .map(|r| trimmed_span(self.file, r.clone()))
            .unwrap_or(whole)
    }

    /// A finding of this file at `span`.
    pub(super) fn hit(&self, span: Range<usize>, message: String) -> Hit {
        Hit {
            file: self.kind,
            span,
            message,
            fix: None,
        }
    }
}

/// The head of a finding about `row` of the file of kind `kind`:
/// ``decision row `K` in W`` plus ` (phase N)` for a row scoped to a phase.
pub(super) fn row_head(kind: FileKind, row: &DecisionRow) -> String {
    let scope = match &row.phase {
        PhaseScope::Phase(p) => format!(" (phase {p})"),
        PhaseScope::OutOfRange(digits) => format!(" (phase {digits})"),
        PhaseScope::PlanWide | PhaseScope::Invalid(_) => String::new(),
    };
    format!(
        "decision row `{}` in {}{scope}",
        escape_invisible(&row.key),
        file_label(kind)
    )
}

/// The plan's and the twin's Decisions sections, in that order.
pub(super) fn sources<'a>(input: &'a LintInput) -> Vec<Source<'a>> {
    let manifest = input.manifest;
    let mut out = vec![Source {
        kind: FileKind::Plan,
        file: &manifest.plan.file,
        section: manifest.plan.decisions(),
    }];
    if let Some(twin) = &manifest.twin {
        out.push(Source {
            kind: FileKind::Twin,
            file: &twin.file,
            section: twin.decisions.as_ref(),
        });
    }
    out
}
