//! What keeps a Decisions section from being a well-formed table (SPEC §6
//! `decision-table-malformed`): each problem with its line.

use super::Column;

/// Why a Decisions section does not hold a well-formed table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemKind {
    /// Pipe lines that do not form a GFM table (e.g. no delimiter row).
    NotATable,
    /// A table inside a blockquote or a list item: no reader takes it as
    /// the manifest.
    Nested,
    /// The table's header names no `key` column.
    NoKeyColumn,
    /// The table's header names a `key` column but not every other column
    /// the start gate reads: `state` or `blocking` (SPEC §5.4). The rows
    /// are still read, as the reference reads them.
    MissingColumns {
        /// The columns the gate needs that the header does not name.
        missing: Vec<Column>,
        /// The header cells that name no column, as written (stripped of
        /// `*` and backticks, trimmed): often the missing one, misspelled.
        unknown: Vec<String>,
    },
    /// A row with more cells than the header.
    TooManyCells {
        /// Cells in the row.
        cells: usize,
        /// Cells in the header.
        header: usize,
    },
    /// A row with fewer cells than the header: the missing cells read as
    /// empty.
    TooFewCells {
        /// Cells in the row.
        cells: usize,
        /// Cells in the header.
        header: usize,
    },
    /// A line without pipes that GFM reads as a row of the table.
    LineWithoutPipes,
    /// The header names one column twice: only the first is read, so what
    /// the other says is lost.
    ColumnTwice {
        /// The column named twice.
        column: Column,
    },
    /// A header cell that names no column but looks like one the header
    /// lacks ([`Column::near_miss`]: `phase` with a non-breaking or
    /// zero-width space, a look-alike letter, `phases`): its cells are not
    /// read, so a row scoped to a phase would read as plan-wide.
    ColumnNearMiss {
        /// The header cell, as written (stripped of `*` and backticks,
        /// trimmed).
        written: String,
        /// The column it looks like.
        column: Column,
    },
    /// A row whose key cell is empty (decoration stripped) while another of
    /// its cells holds something: the reader skips it (SPEC §3.3), so the
    /// decision it holds is in no view.
    KeyEmpty,
}

impl ProblemKind {
    /// A short explanation, for messages.
    pub fn describe(&self) -> String {
        match self {
            ProblemKind::NotATable => {
                "pipe lines that do not form a table (is the |---| delimiter row missing, or does it have another number of cells than the header?)".into()
            }
            ProblemKind::Nested => {
                "a table inside a blockquote or list item, which no reader takes as the manifest"
                    .into()
            }
            ProblemKind::NoKeyColumn => "the table's header names no `key` column".into(),
            ProblemKind::MissingColumns { missing, unknown } => {
                let names: Vec<String> =
                    missing.iter().map(|c| format!("`{}`", c.name())).collect();
                let columns = match &names[..] {
                    [one] => format!("no {one} column"),
                    [one, two] => format!("neither a {one} nor a {two} column"),
                    _ => format!("none of the columns {}", names.join(", ")),
                };
                let unknown = if unknown.is_empty() {
                    String::new()
                } else {
                    let cells: Vec<String> = unknown
                        .iter()
                        .map(|c| format!("\"{}\"", crate::error::escape_lookalikes(c)))
                        .collect();
                    format!(" (its cells that name no column: {})", cells.join(", "))
                };
                format!("the table's header names {columns}{unknown}")
            }
            ProblemKind::TooManyCells { cells, header }
            | ProblemKind::TooFewCells { cells, header } => {
                format!("a row with {cells} cells under a header of {header}")
            }
            ProblemKind::LineWithoutPipes => {
                "a line without pipes that continues the table (GFM reads it as a row)".into()
            }
            ProblemKind::ColumnTwice { column } => format!(
                "the table's header names the `{}` column more than once, and only the first is read",
                column.name()
            ),
            ProblemKind::ColumnNearMiss { written, column } => format!(
                "the header cell \"{}\" looks like the `{}` column but does not name it, so its cells are not read",
                crate::error::escape_lookalikes(written),
                column.name()
            ),
            ProblemKind::KeyEmpty => {
                "a row whose key cell is empty while its other cells are not, which the reader skips, so no view holds its decision".into()
            }
        }
    }
}

/// One shape in a Decisions section that keeps it from being a well-formed
/// manifest table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableProblem {
    /// 1-based line where the shape starts.
    pub line: usize,
    /// What is wrong.
    pub kind: ProblemKind,
}
