//! The phase graph (SPEC §3.2): the first pipe table under the first
//! level-2 heading whose text starts with `Phase graph`.

use std::ops::Range;

use crate::markdown::MarkdownFile;
use crate::markdown::table::{split_cells, strip_decoration, trim_cell};
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
    /// 1-based line of the header row.
    pub header_line: usize,
    /// The header cells, decoration stripped.
    pub header: Vec<String>,
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
        let table = file
            .doc
            .tables
            .iter()
            .find(|t| !t.nested && section.contains(&t.range.start))
            .map(|t| read_table(file, &t.rows));
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

fn read_table(file: &MarkdownFile, rows: &[Range<usize>]) -> GraphTable {
    let mut header = Vec::new();
    let mut header_line = 0;
    let mut body = Vec::new();
    for (i, range) in rows.iter().enumerate() {
        let line = file.line_of(range.start);
        let line_range = file.lines.line_range(&file.text, line);
        let text = &file.text[line_range.clone()];
        let cells: Vec<String> = split_cells(text)
            .into_iter()
            .map(|r| trim_cell(&text[r]).to_string())
            .collect();
        if i == 0 {
            header_line = line;
            header = cells.iter().map(|c| strip_decoration(c)).collect();
            continue;
        }
        body.push((line, line_range, cells, text));
    }
    let find = |pred: &dyn Fn(&str) -> bool| {
        header
            .iter()
            .position(|h| pred(&h.to_ascii_lowercase()))
            .filter(|&i| i > 0)
    };
    let depends_col = find(&|h| h.contains("depends"));
    let repos_col = find(&|h| h.starts_with("repos"));
    let title_col = find(&|h| h.starts_with("title"));
    let rows: Vec<GraphRow> = body
        .into_iter()
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
        depends_col,
        repos_col,
        title_col,
        rows,
    }
}

/// Reads a phase cell (SPEC §3.2): `*` and backticks removed, a bare
/// integer is the phase (`08` is phase 8, flagged as zero-padded).
pub fn read_phase_cell(cell: &str) -> PhaseCellValue {
    let stripped = strip_decoration(cell);
    match parse_phase_number(&stripped) {
        Some(phase) => PhaseCellValue::Number {
            phase,
            zero_padded: stripped.len() > 1 && stripped.starts_with('0'),
        },
        None if stripped.chars().any(|c| c.is_ascii_digit()) => PhaseCellValue::Malformed(stripped),
        None => PhaseCellValue::NotAPhase(stripped),
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

/// Reads a Depends-on cell (SPEC §3.2): `—`, `-` or empty mean none; tokens
/// separated by commas or spaces are `N` or `A-B`.
pub fn read_depends(cell: &str) -> Vec<DependsToken> {
    let cell = strip_decoration(cell);
    cell.split(|c: char| c == ',' || c.is_whitespace())
        .map(str::trim)
        .filter(|t| !t.is_empty() && *t != "—" && *t != "-" && *t != "–")
        .map(|token| {
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
        })
        .collect()
}

/// Whether `text` holds the upper-case word `GATED` (not part of a longer
/// word).
pub fn has_gated_word(text: &str) -> bool {
    text.match_indices("GATED").any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + 5..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric()) && !after.is_some_and(|c| c.is_alphanumeric())
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
        assert_eq!(read_depends("—"), vec![]);
        assert_eq!(
            read_depends("1, 3-5 x"),
            vec![
                DependsToken::Phase(1),
                DependsToken::Range(3, 5),
                DependsToken::Unknown("x".into())
            ]
        );
        assert_eq!(
            read_depends("5-3"),
            vec![DependsToken::Unknown("5-3".into())]
        );
    }

    #[test]
    fn gated_word() {
        assert!(has_gated_word("Controller swap *(GATED)*"));
        assert!(!has_gated_word("UNGATED work"));
        assert!(!has_gated_word("gated"));
    }
}
