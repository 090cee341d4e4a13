//! Reading the `## Decisions` section of a plan or a twin (SPEC §3.3): the
//! manifest table, its columns by header name, its rows, and the shapes that
//! keep it from being a well-formed table (SPEC §6 `decision-table-malformed`).

use std::borrow::Cow;
use std::ops::Range;

use crate::error::is_invisible;
use compact_str::CompactString;

use crate::markdown::table::{
    has_pipe, read_text, read_word_cell, split_cells, strip_decoration, stripped,
};
use crate::markdown::{MarkdownFile, starts_with_ignore_case};

pub mod row;
pub mod unread;

pub use row::{BlockingCell, DecisionRow, FileKind, Origin, PhaseScope};

/// A column of the manifest table, found by header name (SPEC §3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// `key`
    Key,
    /// `value`
    Value,
    /// `owner`
    Owner,
    /// `state`
    State,
    /// `blocking`
    Blocking,
    /// `source`
    Source,
    /// `evidence`
    Evidence,
    /// `phase`
    Phase,
}

impl Column {
    /// The eight columns in the order a new twin writes them (SPEC §7).
    pub const ALL: [Column; 8] = [
        Column::Key,
        Column::Value,
        Column::Owner,
        Column::State,
        Column::Blocking,
        Column::Source,
        Column::Evidence,
        Column::Phase,
    ];

    /// The header word of the column.
    pub fn name(self) -> &'static str {
        match self {
            Column::Key => "key",
            Column::Value => "value",
            Column::Owner => "owner",
            Column::State => "state",
            Column::Blocking => "blocking",
            Column::Source => "source",
            Column::Evidence => "evidence",
            Column::Phase => "phase",
        }
    }

    /// Reads a header cell: `*` and backticks stripped, trimmed, any case.
    /// `None` for a column the tool does not know (it is ignored).
    pub fn from_header(cell: &str) -> Option<Column> {
        let name = stripped(cell);
        Column::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(&name))
    }

    /// The column a header cell that names none ([`Column::from_header`])
    /// looks like to a person: once `*` and backticks are stripped and
    /// invisible characters dropped (a non-breaking or zero-width space,
    /// [`is_invisible`]), it is the column's name in any case, with letters
    /// of another script standing for Latin ones (a Cyrillic `а` in
    /// `phаse`, as [`crate::error::escape_lookalikes`] shows them), or that
    /// name with a plural `s` (`phases`). `None` for an unrelated column
    /// (`notes`, `scope`).
    pub fn near_miss(cell: &str) -> Option<Column> {
        let seen: Vec<char> = stripped(cell)
            .chars()
            .filter(|c| !is_invisible(*c))
            .collect();
        let looks_like = |name: &str| {
            name.len() == seen.len()
                && name.chars().zip(&seen).all(|(n, &c)| {
                    c.eq_ignore_ascii_case(&n) || (!c.is_ascii() && c.is_alphabetic())
                })
        };
        Column::ALL.into_iter().find(|c| {
            let name = c.name();
            looks_like(name) || looks_like(&format!("{name}s"))
        })
    }
}

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

    /// 1-based line of the table's last line (the header's when the table
    /// has no body).
    pub fn last_line(&self) -> usize {
        self.lines
            .last()
            .map(|l| l.line)
            .unwrap_or(self.header_line + 1)
    }
}

/// The `## Decisions` section of a plan or a twin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecisionSection {
    /// Which file the section is in.
    pub file: FileKind,
    /// 1-based line of the section's heading.
    pub heading_line: usize,
    /// Byte range of the section, heading included.
    pub range: Range<usize>,
    /// The manifest: the first GFM table of the section that is not nested
    /// and has a `key` column; with no GFM table, the section's pipe lines
    /// read as the reference reads them (SPEC §3.3, a
    /// [`ProblemKind::NotATable`] problem stands then). `None` means the
    /// section has no manifest.
    pub table: Option<DecisionTable>,
    /// Shapes that are not a well-formed table, in line order.
    pub problems: Vec<TableProblem>,
}

impl DecisionSection {
    /// Reads the Decisions section of `file`: the first level-2 heading whose
    /// text starts with `Decisions` (any case), to the next level-1/2 heading.
    /// `None` when the file has no such heading.
    pub fn read(file: &MarkdownFile, kind: FileKind) -> Option<DecisionSection> {
        let index = file.doc.find_h2_starting("decisions")?;
        let heading = &file.doc.headings[index];
        let range = file.doc.section(index, 2, file.text.len());
        let mut problems = Vec::new();
        let mut table = None;
        let mut table_ranges = Vec::new();
        for t in file
            .doc
            .tables
            .iter()
            .filter(|t| range.contains(&t.range.start))
        {
            table_ranges.push(t.range.clone());
            let first_line = file.line_of(t.range.start);
            if t.nested {
                problems.push(TableProblem {
                    line: first_line,
                    kind: ProblemKind::Nested,
                });
            } else if table.is_none() {
                table = Some(read_table(
                    file,
                    kind,
                    &gfm_lines(file, &t.rows),
                    &mut problems,
                ));
            }
        }
        let stray = stray_pipe_lines(file, heading.range.end, range.end, &table_ranges);
        problems.extend(not_a_table_runs(&stray));
        if table.is_none() && !stray.is_empty() {
            table = Some(read_table(
                file,
                kind,
                &pipe_lines(file, &stray),
                &mut problems,
            ));
        }
        problems.sort_by_key(|p| p.line);
        let table = table.filter(|t| t.column_index(Column::Key).is_some());
        Some(DecisionSection {
            file: kind,
            heading_line: file.line_of(heading.range.start),
            range,
            table,
            problems,
        })
    }

    /// The rows of the manifest (empty when there is none).
    pub fn rows(&self) -> &[DecisionRow] {
        self.table
            .as_ref()
            .map(|t| t.rows.as_slice())
            .unwrap_or(&[])
    }
}

/// Whether heading text `text` names the Decisions section to a person:
/// once invisible and format characters (non-breaking and zero-width
/// spaces, bidi controls: [`is_invisible`]) are dropped and leading
/// whitespace trimmed, it starts with `Decisions` in any case (SPEC §3.3's
/// prefix rule).
pub fn names_decisions(text: &str) -> bool {
    let visible: String = text.chars().filter(|c| !is_invisible(*c)).collect();
    starts_with_ignore_case(visible.trim_start(), "decisions")
}

/// Whether `line` is written like a Decisions heading, whether or not
/// CommonMark reads it as a level-2 heading: up to three spaces, one to six
/// `#`, then text that [`names_decisions`]. `## Decisions` matches, and so
/// do the near misses `##Decisions`, `##` and a non-breaking space,
/// `## \u{200B}Decisions` and `### Decisions`.
pub fn is_decisions_heading_like(line: &str) -> bool {
    let rest = line.trim_start_matches(' ');
    if line.len() - rest.len() > 3 {
        return false;
    }
    let text = rest.trim_start_matches('#');
    (1..=6).contains(&(rest.len() - text.len())) && names_decisions(text)
}

/// The lines of the section (between byte offsets `from` and `to`) that
/// start with `|` outside any GFM table, code block or HTML block, in order.
fn stray_pipe_lines(
    file: &MarkdownFile,
    from: usize,
    to: usize,
    tables: &[Range<usize>],
) -> Vec<usize> {
    let mut out = Vec::new();
    if from >= to {
        return out;
    }
    let (mut line, last) = (file.line_of(from), file.line_of(to - 1));
    while line <= last {
        let range = file.lines.line_range(&file.text, line);
        // A table's lines all start inside it: go on after its last line.
        if let Some(table) = tables.iter().find(|t| t.contains(&range.start)) {
            line = file.line_of(table.end - 1).max(line) + 1;
            continue;
        }
        if range.start >= from
            && range.start < to
            && file.text[range.clone()]
                .trim_start_matches([' ', '\t'])
                .starts_with('|')
            && !file.doc.in_code_or_html(range.start)
        {
            out.push(line);
        }
        line += 1;
    }
    out
}

/// One [`ProblemKind::NotATable`] per run of consecutive stray pipe lines.
fn not_a_table_runs(stray: &[usize]) -> Vec<TableProblem> {
    stray
        .iter()
        .enumerate()
        .filter(|(i, line)| *i == 0 || stray[i - 1] + 1 != **line)
        .map(|(_, &line)| TableProblem {
            line,
            kind: ProblemKind::NotATable,
        })
        .collect()
}

/// The lines of a table as the manifest reader takes them: the header's
/// line, then every body line in order.
struct TableLines {
    header: usize,
    body: Vec<usize>,
}

/// The lines of a GFM table from pulldown-cmark's row ranges (header
/// first, the delimiter row not among them): every line a body row spans.
fn gfm_lines(file: &MarkdownFile, rows: &[Range<usize>]) -> TableLines {
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
fn pipe_lines(file: &MarkdownFile, lines: &[usize]) -> TableLines {
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

fn read_table(
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn section(text: &str) -> DecisionSection {
        let file = MarkdownFile::from_text(PathBuf::from("p.md"), text.to_string());
        DecisionSection::read(&file, FileKind::Plan).expect("a Decisions section")
    }

    #[test]
    fn a_header_cell_that_looks_like_a_missing_column_is_a_problem() {
        for (cell, column) in [
            ("phase\u{A0}", Column::Phase),
            ("phase\u{200B}", Column::Phase),
            ("ph\u{430}se", Column::Phase),
            ("Phases", Column::Phase),
            ("**phases**", Column::Phase),
            ("\u{200B}owner", Column::Owner),
            ("evidences", Column::Evidence),
        ] {
            assert_eq!(Column::near_miss(cell), Some(column), "{cell:?}");
            let header: Vec<&str> = Column::ALL
                .iter()
                .filter(|c| **c != column)
                .map(|c| c.name())
                .chain([cell])
                .collect();
            let s = section(&format!(
                "## Decisions\n\n| {} |\n|{}\n",
                header.join(" | "),
                "---|".repeat(header.len())
            ));
            assert!(
                s.problems.iter().any(|p| matches!(
                    &p.kind,
                    ProblemKind::ColumnNearMiss { column: c, .. } if *c == column
                )),
                "{cell:?}: {:?}",
                s.problems
            );
        }
        for cell in ["notes", "scope", "phase (N)", "x"] {
            assert_eq!(Column::near_miss(cell), None, "{cell:?}");
        }
        // A near miss of a column the header has is an unknown column.
        let s = section(
            "## Decisions\n\n| key | value | owner | state | blocking | phase | phases |\n|---|---|---|---|---|---|---|\n| `relay` | off | o | answered | yes | 1 | x |\n",
        );
        assert_eq!(s.problems, []);
    }

    #[test]
    fn reads_columns_by_name() {
        let s = section(
            "## Decisions\n\n| Phase | **State** | `Key` | x | Value |\n|---|---|---|---|---|\n| 08 | Answered | `stop` | ? | a \\| b |\n",
        );
        let rows = s.rows();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].key, "stop");
        assert_eq!(rows[0].state, "answered");
        assert_eq!(rows[0].value, "a | b");
        assert_eq!(rows[0].phase, PhaseScope::Phase(8));
        assert_eq!(rows[0].origin.line, 5);
        // No blocking column: the rows are read, and the table is flagged.
        assert_eq!(
            s.problems,
            [TableProblem {
                line: 3,
                kind: ProblemKind::MissingColumns {
                    missing: vec![Column::Blocking],
                    unknown: vec!["x".into()],
                },
            }]
        );
    }

    #[test]
    fn decisions_heading_shapes() {
        for like in [
            "## Decisions",
            "##Decisions",
            "##\u{A0}Decisions",
            "## \u{200B}Decisions",
            "### Decisions",
            "   # decisions log",
            "##\u{202E}Deci\u{200D}sions",
        ] {
            assert!(is_decisions_heading_like(like), "{like:?}");
        }
        for unlike in [
            "    ## Decisions",
            "####### Decisions",
            "Decisions",
            "## Notes on Decisions",
            "> ## Decisions",
        ] {
            assert!(!is_decisions_heading_like(unlike), "{unlike:?}");
        }
        assert!(names_decisions("\u{FEFF} Decisions — x"));
        assert!(!names_decisions("Decision"));
    }

    #[test]
    fn reads_pipe_lines_that_are_not_a_table_as_the_reference_does() {
        let s = section(
            "## Decisions\n\n| key | value | state | blocking |\n| `relay` | off |\n\nprose\n| `stop` | halt |\n",
        );
        let got: Vec<(&str, &str, usize)> = s
            .rows()
            .iter()
            .map(|r| (r.key.as_str(), r.value.as_str(), r.origin.line))
            .collect();
        assert_eq!(got, [("relay", "off", 4), ("stop", "halt", 7)]);
        let problems: Vec<(usize, &ProblemKind)> =
            s.problems.iter().map(|p| (p.line, &p.kind)).collect();
        assert_eq!(
            problems,
            [
                (3, &ProblemKind::NotATable),
                (
                    4,
                    &ProblemKind::TooFewCells {
                        cells: 2,
                        header: 4
                    }
                ),
                (7, &ProblemKind::NotATable),
                (
                    7,
                    &ProblemKind::TooFewCells {
                        cells: 2,
                        header: 4
                    }
                )
            ]
        );

        // A delimiter row of another width: skipped, like any line of
        // only |, -, : and blanks.
        let s = section(
            "## Decisions\n\n| key | state | blocking |\n|---|---|\n| `credentials` | outstanding | yes |\n",
        );
        assert_eq!(s.problems.len(), 1);
        assert_eq!(s.rows().len(), 1);
        assert_eq!(s.rows()[0].state, "outstanding");
        assert!(s.rows()[0].blocking);

        // No key column: no manifest.
        let s = section("## Decisions\n\n| name | value |\n| `relay` | off |\n");
        assert!(s.rows().is_empty());
    }

    #[test]
    fn reads_word_cells_and_blocking_cells() {
        let s = section(
            "## Decisions\n\n| key | state | blocking | source | owner |\n|---|---|---|---|---|\n| __relay__ | _Answered_ | __yes__ | _plan_ | — |\n| `mcp` | outstanding | yse | plan | _ops_ |\n| `stop` | answered | — | plan | |\n",
        );
        let rows = s.rows();
        assert_eq!(
            (
                rows[0].key.as_str(),
                rows[0].state.as_str(),
                rows[0].source.as_str()
            ),
            ("relay", "answered", "plan")
        );
        assert_eq!(rows[0].blocking_cell, BlockingCell::Yes);
        assert!(rows[0].blocking);
        assert_eq!(rows[0].named_owner(), None);
        assert_eq!(
            rows[1].blocking_cell,
            BlockingCell::Unreadable("yse".into())
        );
        assert!(!rows[1].blocking);
        assert_eq!(rows[1].named_owner(), Some("_ops_"));
        assert_eq!(rows[2].blocking_cell, BlockingCell::Empty);
    }

    #[test]
    fn flags_malformed_shapes() {
        let s = section("## Decisions\n\n| key | value |\n| `relay` | off |\n");
        assert_eq!(s.rows().len(), 1);
        assert_eq!(s.problems[0].kind, ProblemKind::NotATable);
        assert_eq!(s.problems[0].line, 3);

        let s = section(
            "## Decisions\n\n| key | blocking | state | value |\n|---|---|---|---|\n| `relay` | yes | outstanding |\n",
        );
        assert_eq!(s.rows().len(), 1);
        assert_eq!(
            s.problems,
            [TableProblem {
                line: 5,
                kind: ProblemKind::TooFewCells {
                    cells: 3,
                    header: 4
                }
            }]
        );

        let s = section(
            "## Decisions\n\n| key | state | blocking | value |\n|---|---|---|---|\n| `a` | b | c | d | e |\n",
        );
        assert!(matches!(
            s.problems[0].kind,
            ProblemKind::TooManyCells {
                cells: 5,
                header: 4
            }
        ));

        let s = section("## Decisions\n\n> | key | value |\n> |---|---|\n> | `a` | b |\n");
        assert!(s.table.is_none());
        assert_eq!(s.problems[0].kind, ProblemKind::Nested);

        let s = section("## Decisions\n\n| name | value |\n|---|---|\n| `a` | b |\n");
        assert!(s.table.is_none());
        assert_eq!(s.problems[0].kind, ProblemKind::NoKeyColumn);
    }
}
