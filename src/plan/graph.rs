//! The phase graph (SPEC §3.2): the first pipe table under the first
//! level-2 heading whose text starts with `Phase graph`.

use std::ops::Range;

use crate::markdown::MarkdownFile;
use crate::markdown::table::{split_cells, strip_decoration, stripped, trim_cell};
use crate::plan::PhaseIndex;

/// One Depends-on token of a graph row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DependsToken {
    /// A single phase, `N`.
    Phase(u32),
    /// A range of phases, `A-B` with A ≤ B.
    Range(u32, u32),
    /// A token that was not understood (F21 flags it; it is ignored).
    Unknown(String),
}

/// A phase cell as read (SPEC §3.2): `*` and backticks removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhaseCellValue {
    /// A bare integer; `zero_padded` when written with a leading zero (`08`).
    Number {
        /// The phase number.
        phase: u32,
        /// Whether the cell had a leading zero (flagged F21).
        zero_padded: bool,
    },
    /// A cell that holds a digit but is not a bare integer (F1), e.g. `2a`.
    Malformed(String),
    /// A cell with no digit at all (not a phase row).
    NotAPhase(String),
}

/// One body row of the phase-graph table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphRow {
    /// 1-based line of the row.
    pub line: usize,
    /// Byte range of the row line in the plan.
    pub range: Range<usize>,
    /// Every cell as written, trimmed.
    pub cells: Vec<String>,
    /// The first cell, read as a phase.
    pub phase: PhaseCellValue,
    /// The Depends-on tokens (empty when the header has no such column).
    pub depends: Vec<DependsToken>,
    /// The Title cell, if the header names a Title column.
    pub title: Option<String>,
    /// Whether the row holds the upper-case word `GATED`.
    pub gated: bool,
}

impl GraphRow {
    /// The row's phase number, when its phase cell is a bare integer.
    pub fn phase_number(&self) -> Option<u32> {
        match self.phase {
            PhaseCellValue::Number { phase, .. } => Some(phase),
            _ => None,
        }
    }
}

/// The phase-graph table of a plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphTable {
    /// 1-based line of the header row (of the first row, when the table has
    /// no header).
    pub header_line: usize,
    /// The header cells, decoration stripped; empty when the table has no
    /// header.
    pub header: Vec<String>,
    /// Whether the table has no header row: its first row is a phase row
    /// (SPEC-PARITY.md "F20, the header-less table"). Every row is then a
    /// body row and the columns are read by position: Title the 2nd cell,
    /// Depends-on the 3rd, Repos the 5th, as the reference reads them.
    pub headerless: bool,
    /// How many columns the table has: the header's cells, or the first
    /// row's when there is no header.
    pub width: usize,
    /// Index of the Depends-on column (a header containing `depends`).
    pub depends_col: Option<usize>,
    /// Index of the Repos column (a header starting `repos`).
    pub repos_col: Option<usize>,
    /// Index of the Title column (a header starting `title`).
    pub title_col: Option<usize>,
    /// The body rows, in order.
    pub rows: Vec<GraphRow>,
    /// Phase number → index into `rows` of the first row for that phase.
    index: PhaseIndex,
    /// The phases of the rows, in table order, each once.
    phases: Vec<u32>,
}

/// The `## Phase graph` section of a plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhaseGraph {
    /// 1-based line of the `## Phase graph` heading.
    pub heading_line: usize,
    /// The first non-nested table of the section, if any.
    pub table: Option<GraphTable>,
}

impl PhaseGraph {
    /// Reads the phase graph of `file`; `None` when no level-2 heading
    /// starts with `Phase graph` (case-insensitive).
    pub fn read(file: &MarkdownFile) -> Option<PhaseGraph> {
        let index = file.doc.find_h2_starting("phase graph")?;
        let heading = &file.doc.headings[index];
        let section = file.doc.section(index, 2, file.text.len());
        let table = match file
            .doc
            .tables
            .iter()
            .find(|t| !t.nested && section.contains(&t.range.start))
        {
            Some(t) => Some(read_table(file, &t.rows)),
            None => headerless_rows(file, section)
                .map(|rows| read_table(file, &rows))
                .filter(|t| t.headerless),
        };
        Some(PhaseGraph {
            heading_line: file.line_of(heading.range.start),
            table,
        })
    }

    /// The phases of the graph, in table order, each once (the first row
    /// for a phase wins).
    pub fn phases(&self) -> Vec<u32> {
        self.table
            .as_ref()
            .map(|t| t.phases.clone())
            .unwrap_or_default()
    }

    /// The first row for `phase`, if the graph has one.
    pub fn row(&self, phase: u32) -> Option<&GraphRow> {
        let table = self.table.as_ref()?;
        table.index.get(phase).map(|i| &table.rows[i])
    }
}

/// The Title, Depends-on and Repos cells of a table with no header, by
/// position (0-based): the 2nd, 3rd and 5th cell, as the reference reads
/// such a table.
const HEADERLESS_COLUMNS: (usize, usize, usize) = (1, 2, 4);

/// The rows of a Phase graph section that GFM does not take as a table:
/// the first run of consecutive lines that start with `|` (after blanks),
/// outside code and HTML blocks. `None` when the section holds no such
/// run. The caller keeps them only when [`read_table`] finds the first a
/// phase row (a table written without its header and delimiter rows).
fn headerless_rows(file: &MarkdownFile, section: Range<usize>) -> Option<Vec<Range<usize>>> {
    let mut rows = Vec::new();
    for (_, span) in crate::plan::directive::lines_in(file, section) {
        let is_row = file.text[span.clone()]
            .trim_start_matches([' ', '\t'])
            .starts_with('|');
        if is_row {
            rows.push(span);
        } else if !rows.is_empty() {
            break;
        }
    }
    (!rows.is_empty()).then_some(rows)
}

fn read_table(file: &MarkdownFile, rows: &[Range<usize>]) -> GraphTable {
    let mut lines = Vec::with_capacity(rows.len());
    for range in rows {
        let line = file.line_of(range.start);
        let line_range = file.lines.line_range(&file.text, line);
        let text = &file.text[line_range.clone()];
        let cells: Vec<String> = split_cells(text)
            .into_iter()
            .map(|r| trim_cell(&text[r]).to_string())
            .collect();
        lines.push((line, line_range, cells, text));
    }
    let first_cell = lines
        .first()
        .and_then(|(_, _, cells, _)| cells.first())
        .map(String::as_str)
        .unwrap_or("");
    let headerless = matches!(read_phase_cell(first_cell), PhaseCellValue::Number { .. });
    let header_line = lines.first().map(|(line, ..)| *line).unwrap_or(0);
    // The body: every line of a headerless table, else the lines after the
    // header.
    let (header, body_from, width): (Vec<String>, usize, usize) = if headerless {
        let width = lines
            .first()
            .map(|(_, _, cells, _)| cells.len())
            .unwrap_or(0);
        (Vec::new(), 0, width)
    } else {
        let header: Vec<String> = lines
            .first()
            .map(|(_, _, cells, _)| cells.iter().map(|c| strip_decoration(c)).collect())
            .unwrap_or_default();
        let width = header.len();
        (header, 1, width)
    };
    let find = |pred: &dyn Fn(&str) -> bool| {
        header
            .iter()
            .position(|h| pred(&h.to_ascii_lowercase()))
            .filter(|&i| i > 0)
    };
    let (depends_col, repos_col, title_col) = if headerless {
        let (title, depends, repos) = HEADERLESS_COLUMNS;
        (Some(depends), Some(repos), Some(title))
    } else {
        (
            find(&|h| h.contains("depends")),
            find(&|h| h.starts_with("repos")),
            find(&|h| h.starts_with("title")),
        )
    };
    let rows: Vec<GraphRow> = lines
        .into_iter()
        .skip(body_from)
        .map(|(line, range, cells, text)| GraphRow {
            line,
            range,
            phase: read_phase_cell(cells.first().map(String::as_str).unwrap_or("")),
            depends: depends_col
                .and_then(|c| cells.get(c))
                .map(|c| read_depends(c))
                .unwrap_or_default(),
            title: title_col.and_then(|c| cells.get(c)).cloned(),
            gated: has_gated_word(text),
            cells,
        })
        .collect();
    let index = PhaseIndex::new(
        rows.iter()
            .enumerate()
            .filter_map(|(i, row)| row.phase_number().map(|p| (p, i))),
    );
    let mut phases = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        if let Some(p) = row.phase_number()
            && index.get(p) == Some(i)
        {
            phases.push(p);
        }
    }
    GraphTable {
        index,
        phases,
        header_line,
        header,
        headerless,
        width,
        depends_col,
        repos_col,
        title_col,
        rows,
    }
}

/// Reads a phase cell (SPEC §3.2): `*` and backticks removed, a bare
/// integer is the phase (`08` is phase 8, flagged as zero-padded).
pub fn read_phase_cell(cell: &str) -> PhaseCellValue {
    let word = stripped(cell);
    match parse_phase_number(&word) {
        Some(phase) => PhaseCellValue::Number {
            phase,
            zero_padded: word.len() > 1 && word.starts_with('0'),
        },
        None if word.chars().any(|c| c.is_ascii_digit()) => {
            PhaseCellValue::Malformed(word.into_owned())
        }
        None => PhaseCellValue::NotAPhase(word.into_owned()),
    }
}

/// A string of ASCII digits as a phase number (`08` is 8); `None` for
/// anything else, or a number too large for a phase.
pub fn parse_phase_number(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Reads a Depends-on cell with the reference's grammar (SPEC §3.2,
/// SPEC-PARITY.md section C): an en dash `–` or em dash `—` is a hyphen,
/// `*` and backticks are removed, and every run of characters that are
/// neither ASCII digits nor hyphens separates tokens (so parentheses, `+`,
/// commas and words are separators: `1–2 (+4)` is 1 2 4). A token `-` is
/// no dependency; `N` is a phase; `A-B` with A ≤ B a range; anything else
/// made of digits and hyphens (`2-`, `3-1`, `1--2`) is
/// [`DependsToken::Unknown`], as it reads after the dashes became hyphens.
/// Tokens keep their order and duplicates.
pub fn read_depends(cell: &str) -> Vec<DependsToken> {
    let cell = strip_decoration(cell).replace(['\u{2013}', '\u{2014}'], "-");
    cell.split(|c: char| !(c.is_ascii_digit() || c == '-'))
        .filter(|t| !t.is_empty() && *t != "-")
        .map(read_token)
        .collect()
}

/// Reads a list of phases written as a Gate-check value (`2, 3-4`): tokens
/// separated by commas or blank space, each `N`, a range `A-B` with A ≤ B,
/// or [`DependsToken::Unknown`] (a word such as `and` is a token, not a
/// separator); `—`, `–` and `-` alone name nothing.
pub fn read_phase_list(value: &str) -> Vec<DependsToken> {
    let value = strip_decoration(value);
    value
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty() && !matches!(*t, "-" | "\u{2013}" | "\u{2014}"))
        .map(read_token)
        .collect()
}

/// One token: `N`, a range `A-B` with A ≤ B, or unknown.
fn read_token(token: &str) -> DependsToken {
    if let Some(p) = parse_phase_number(token) {
        return DependsToken::Phase(p);
    }
    if let Some((a, b)) = token.split_once('-')
        && let (Some(a), Some(b)) = (parse_phase_number(a), parse_phase_number(b))
        && a <= b
    {
        return DependsToken::Range(a, b);
    }
    DependsToken::Unknown(token.to_string())
}

/// Whether `text` holds the upper-case word `GATED` (not part of a longer
/// word).
pub fn has_gated_word(text: &str) -> bool {
    // Most texts hold no capital G: they are passed over without setting
    // up a substring search.
    memchr::memchr(b'G', text.as_bytes()).is_some()
        && text.match_indices("GATED").any(|(i, _)| {
            let before = text[..i].chars().next_back();
            let after = text[i + 5..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric())
                && !after.is_some_and(|c| c.is_alphanumeric())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phase_cells() {
        assert_eq!(
            read_phase_cell("**08**"),
            PhaseCellValue::Number {
                phase: 8,
                zero_padded: true
            }
        );
        assert_eq!(
            read_phase_cell("`7`"),
            PhaseCellValue::Number {
                phase: 7,
                zero_padded: false
            }
        );
        assert_eq!(
            read_phase_cell("2a"),
            PhaseCellValue::Malformed("2a".into())
        );
        assert_eq!(read_phase_cell("—"), PhaseCellValue::NotAPhase("—".into()));
    }

    #[test]
    fn depends_tokens() {
        use DependsToken::{Phase, Range, Unknown};
        assert_eq!(read_depends("\u{2014}"), vec![]);
        for none in ["", "-", "\u{2013}", "none", "n/a", "TBD", "**\u{2014}**"] {
            assert_eq!(read_depends(none), vec![], "{none:?}");
        }
        assert_eq!(read_depends("1\u{2013}2 (+4)"), vec![Range(1, 2), Phase(4)]);
        assert_eq!(read_depends("2\u{2014}4"), vec![Range(2, 4)]);
        assert_eq!(read_depends("6 (gated)"), vec![Phase(6)]);
        assert_eq!(read_depends("after 3, and 7"), vec![Phase(3), Phase(7)]);
        assert_eq!(read_depends("6+1"), vec![Phase(6), Phase(1)]);
        assert_eq!(read_depends("see phase 2"), vec![Phase(2)]);
        assert_eq!(read_depends("phase-2"), vec![Unknown("-2".into())]);
        assert_eq!(read_depends("1-2, 2"), vec![Range(1, 2), Phase(2)]);
        assert_eq!(read_depends("03"), vec![Phase(3)]);
        for bad in ["2-", "-3", "3-1", "1--2", "2-3-4"] {
            assert_eq!(read_depends(bad), vec![Unknown(bad.into())], "{bad}");
        }
        assert_eq!(read_depends("3\u{2013}1"), vec![Unknown("3-1".into())]);
        assert_eq!(
            read_depends("99999999999"),
            vec![Unknown("99999999999".into())]
        );
    }

    #[test]
    fn phase_lists() {
        use DependsToken::{Phase, Range, Unknown};
        assert_eq!(read_phase_list("\u{2014}"), vec![]);
        assert_eq!(
            read_phase_list("1, 3-5 x"),
            vec![Phase(1), Range(3, 5), Unknown("x".into())]
        );
        assert_eq!(read_phase_list("5-3"), vec![Unknown("5-3".into())]);
    }

    fn graph_of(text: &str) -> PhaseGraph {
        let file = MarkdownFile::from_text("p.md".into(), text.to_string());
        PhaseGraph::read(&file).expect("a Phase graph section")
    }

    #[test]
    fn headerless_rows_are_read_by_position() {
        let no_table = graph_of(
            "## Phase graph\n\n| 1 | Gauge | — | weir | x |\n| 2 | Uplink *(GATED)* | 1 | weir | y |\n| 3 | Alerts | 2, 7 | weir | z |\n\nprose\n",
        );
        let table = no_table.table.as_ref().expect("rows read by position");
        assert!(table.headerless);
        assert_eq!((table.header_line, table.width), (3, 5));
        assert_eq!(no_table.phases(), vec![1, 2, 3]);
        let row = no_table.row(3).expect("phase 3");
        assert_eq!(
            row.depends,
            vec![DependsToken::Phase(2), DependsToken::Phase(7)]
        );
        assert_eq!(row.title.as_deref(), Some("Alerts"));
        assert!(no_table.row(2).is_some_and(|r| r.gated));
        let gfm =
            graph_of("## Phase graph\n\n| 1 | A | — | r |\n|---|---|---|---|\n| 2 | B | 1 | r |\n");
        assert_eq!(gfm.phases(), vec![1, 2]);
        assert!(gfm.table.as_ref().is_some_and(|t| t.headerless));
        let prose_pipes = graph_of("## Phase graph\n\n| Phase | Title |\n| 1 | A |\n");
        assert!(prose_pipes.table.is_none());
        let headed = graph_of(
            "## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | A | — | r |\n",
        );
        let table = headed.table.as_ref().expect("a table");
        assert!(!table.headerless);
        assert_eq!((table.width, table.depends_col), (4, Some(2)));
    }

    #[test]
    fn gated_word() {
        assert!(has_gated_word("Controller swap *(GATED)*"));
        assert!(!has_gated_word("UNGATED work"));
        assert!(!has_gated_word("gated"));
    }
}
