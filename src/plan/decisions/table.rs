//! The manifest table of a Decisions section (SPEC §3.3): its lines, its
//! columns, and its rows read cell by cell — from a GFM table, or from pipe
//! lines that are not one, as the reference reads them.

use std::borrow::Cow;
use std::ops::Range;

use compact_str::CompactString;

use super::{
    BlockingCell, Column, DecisionRow, FileKind, Origin, PhaseScope, ProblemKind, TableProblem,
};
use crate::markdown::MarkdownFile;
use crate::markdown::table::{
    has_pipe, read_text, read_word_cell, split_cells, strip_decoration, stripped,
};

/// One body line of the manifest table, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyLine {
    /// 1-based line.
    pub line: usize,
    /// Absolute byte range of each raw cell (untrimmed).
    pub cells: Vec<Range<usize>>,
    /// Index into [`DecisionTable::rows`] when the line is a row with a key.
    pub row: Option<usize>,
}

/// The manifest table of a Decisions section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecisionTable {
    /// 1-based line of the header row.
    pub header_line: usize,
    /// The column each header cell names (`None` for unknown columns).
    pub columns: Vec<Option<Column>>,
    /// Every body line (the delimiter row excluded), in order.
    pub lines: Vec<BodyLine>,
    /// The rows with a non-empty key, in order.
    pub rows: Vec<DecisionRow>,
}

impl DecisionTable {
    /// The index of `column` in the header (the first such header cell).
    pub fn column_index(&self, column: Column) -> Option<usize> {
        self.columns.iter().position(|c| *c == Some(column))
    }

    /// The index in [`DecisionTable::lines`] of the body line on 1-based
    /// `line`, if the table has one (a binary search: the lines are in
    /// order).
    pub fn line_index(&self, line: usize) -> Option<usize> {
        self.lines.binary_search_by_key(&line, |l| l.line).ok()
    }

    /// The body line on 1-based `line`, if the table has one.
    pub fn line(&self, line: usize) -> Option<&BodyLine> {
        self.line_index(line).map(|i| &self.lines[i])
    }

    /// 1-based line of the table's last line (the header's when the table
    /// has no body).
    pub fn last_line(&self) -> usize {
        self.lines
            .last()
            .map(|l| l.line)
            .unwrap_or(self.header_line + 1)
    }
}

/// The lines of a table as the manifest reader takes them: the header's
/// line, then every body line in order.
pub(super) struct TableLines {
    header: usize,
    body: Vec<usize>,
}

/// The lines of a GFM table from pulldown-cmark's row ranges (header
/// first, the delimiter row not among them): every line a body row spans.
pub(super) fn gfm_lines(file: &MarkdownFile, rows: &[Range<usize>]) -> TableLines {
    let header = rows.first().map(|r| file.line_of(r.start)).unwrap_or(1);
    let mut body = Vec::new();
    let mut last_line = header;
    for range in rows.iter().skip(1) {
        let first = file.line_of(range.start).max(last_line + 1);
        let last = file.line_of(range.end.saturating_sub(1)).max(first);
        body.extend(first..=last);
        last_line = last;
    }
    TableLines { header, body }
}

/// Pipe lines that are not a GFM table, as the reference reads them
/// (SPEC §3.3): lines of only `|`, `-`, `:` and blanks are skipped, the
/// first other line is the header, and every later one is a row.
pub(super) fn pipe_lines(file: &MarkdownFile, lines: &[usize]) -> TableLines {
    let mut kept = lines.iter().copied().filter(|&line| {
        !file
            .line_text(line)
            .chars()
            .all(|c| matches!(c, '|' | '-' | ':' | ' ' | '\t'))
    });
    let header = kept.next().unwrap_or(lines[0]);
    TableLines {
        header,
        body: kept.collect(),
    }
}

/// `text` in lower case, copied once (a short text without a heap
/// allocation).
fn lower_case(text: Cow<'_, str>) -> CompactString {
    let bytes = text.as_bytes();
    if !bytes
        .iter()
        .any(|b| b.is_ascii_uppercase() || !b.is_ascii())
    {
        CompactString::new(text)
    } else {
        CompactString::new(text.to_lowercase())
    }
}

/// The columns besides `key` that the start gate reads (SPEC §5.4): a
/// manifest table without one of them cannot be judged.
pub const GATE_COLUMNS: [Column; 2] = [Column::State, Column::Blocking];

pub(super) fn read_table(
    file: &MarkdownFile,
    kind: FileKind,
    lines: &TableLines,
    problems: &mut Vec<TableProblem>,
) -> DecisionTable {
    let header_line = lines.header;
    let header_text = file.line_text(header_line);
    let header_cells = split_cells(header_text);
    let columns: Vec<Option<Column>> = header_cells
        .iter()
        .map(|r| Column::from_header(&header_text[r.clone()]))
        .collect();
    let mut table = DecisionTable {
        header_line,
        columns,
        lines: Vec::with_capacity(lines.body.len()),
        rows: Vec::with_capacity(lines.body.len()),
    };
    for (i, column) in table.columns.iter().enumerate() {
        if let Some(column) = column
            && table.columns[..i].contains(&Some(*column))
            && !table.columns[i + 1..].contains(&Some(*column))
        {
            problems.push(TableProblem {
                line: header_line,
                kind: ProblemKind::ColumnTwice { column: *column },
            });
        }
    }
    for (cell, _) in header_cells
        .iter()
        .zip(&table.columns)
        .filter(|(_, column)| column.is_none())
    {
        let written = &header_text[cell.clone()];
        if let Some(column) = Column::near_miss(written)
            && table.column_index(column).is_none()
            && column != Column::Key
            && !GATE_COLUMNS.contains(&column)
        {
            problems.push(TableProblem {
                line: header_line,
                kind: ProblemKind::ColumnNearMiss {
                    written: strip_decoration(written),
                    column,
                },
            });
        }
    }
    if table.column_index(Column::Key).is_none() {
        problems.push(TableProblem {
            line: header_line,
            kind: ProblemKind::NoKeyColumn,
        });
    } else {
        let missing: Vec<Column> = GATE_COLUMNS
            .into_iter()
            .filter(|c| table.column_index(*c).is_none())
            .collect();
        if !missing.is_empty() {
            let unknown = header_cells
                .iter()
                .zip(&table.columns)
                .filter(|(_, column)| column.is_none())
                .map(|(r, _)| strip_decoration(&header_text[r.clone()]))
                .filter(|c| !c.is_empty())
                .collect();
            problems.push(TableProblem {
                line: header_line,
                kind: ProblemKind::MissingColumns { missing, unknown },
            });
        }
    }
    let index_of = |c: Column| table.column_index(c);
    let cols = [
        index_of(Column::Key),
        index_of(Column::Value),
        index_of(Column::Owner),
        index_of(Column::State),
        index_of(Column::Blocking),
        index_of(Column::Source),
        index_of(Column::Evidence),
        index_of(Column::Phase),
    ];
    for &line in &lines.body {
        let line_range = file.lines.line_range(&file.text, line);
        let text = &file.text[line_range.clone()];
        if !has_pipe(text) {
            problems.push(TableProblem {
                line,
                kind: ProblemKind::LineWithoutPipes,
            });
            table.lines.push(BodyLine {
                line,
                cells: Vec::new(),
                row: None,
            });
            continue;
        }
        let cells: Vec<Range<usize>> = split_cells(text)
            .into_iter()
            .map(|r| (r.start + line_range.start)..(r.end + line_range.start))
            .collect();
        if cells.len() > header_cells.len() {
            problems.push(TableProblem {
                line,
                kind: ProblemKind::TooManyCells {
                    cells: cells.len(),
                    header: header_cells.len(),
                },
            });
        } else if cells.len() < header_cells.len() {
            problems.push(TableProblem {
                line,
                kind: ProblemKind::TooFewCells {
                    cells: cells.len(),
                    header: header_cells.len(),
                },
            });
        }
        let cell = |i: Option<usize>| -> &str {
            i.and_then(|i| cells.get(i))
                .map(|r| &file.text[r.clone()])
                .unwrap_or("")
        };
        // The cells are copied into short strings: most fit without a heap
        // allocation of their own.
        let key = read_word_cell(cell(cols[0]));
        let row = if key.is_empty() {
            if holds_more_than_its_key(file, &cells, cols[0]) {
                problems.push(TableProblem {
                    line,
                    kind: ProblemKind::KeyEmpty,
                });
            }
            None
        } else {
            let blocking_cell = BlockingCell::read(&read_word_cell(cell(cols[4])));
            table.rows.push(DecisionRow {
                key: CompactString::new(key),
                value: CompactString::new(read_text(cell(cols[1]))),
                owner: CompactString::new(stripped(cell(cols[2]))),
                state: lower_case(read_word_cell(cell(cols[3]))),
                blocking: blocking_cell == BlockingCell::Yes,
                blocking_cell,
                source: lower_case(read_word_cell(cell(cols[5]))),
                evidence: CompactString::new(read_text(cell(cols[6]))),
                phase: PhaseScope::read(&stripped(cell(cols[7]))),
                origin: Origin { file: kind, line },
            });
            Some(table.rows.len() - 1)
        };
        table.lines.push(BodyLine { line, cells, row });
    }
    table
}

/// Whether a row (its cells' byte ranges in `file`) holds something in a
/// cell other than its key cell (index `key`): a cell that, decoration
/// stripped, is neither empty nor a lone dash (`—`, `–`, `-`).
fn holds_more_than_its_key(
    file: &MarkdownFile,
    cells: &[Range<usize>],
    key: Option<usize>,
) -> bool {
    cells.iter().enumerate().any(|(i, r)| {
        Some(i) != key && !matches!(&*stripped(&file.text[r.clone()]), "" | "—" | "–" | "-")
    })
}
