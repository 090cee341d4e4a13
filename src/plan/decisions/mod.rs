//! Reading the `## Decisions` section of a plan or a twin (SPEC §3.3): the
//! manifest table, its columns by header name, its rows, and the shapes that
//! keep it from being a well-formed table (SPEC §6 `decision-table-malformed`).

use crate::error::is_invisible;
use crate::markdown::{MarkdownFile, starts_with_ignore_case};
use std::ops::Range;

mod column;
mod problem;
pub mod row;
mod table;

pub mod unread;

pub use column::Column;
pub use problem::{ProblemKind, TableProblem};
pub use row::{BlockingCell, DecisionRow, FileKind, Origin, PhaseScope};
pub use table::{BodyLine, DecisionTable, GATE_COLUMNS};
use table::{gfm_lines, pipe_lines, read_table};

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
        // (The tables are in order and do not overlap: the one that can
        // hold the line starts last at or before it.)
        let after = tables.partition_point(|t| t.start <= range.start);
        if let Some(table) = tables[..after].last().filter(|t| t.contains(&range.start)) {
            line = file.line_of(table.end - 1).max(line) + 1;
            continue;
        }
        let text = &file.text[range.clone()];
        let content = text.trim_start_matches([' ', '\t']);
        // An indented code block starts after its indentation: whether the
        // line is in one is asked where its text starts.
        let at = range.start + (text.len() - content.len());
        if range.start >= from
            && range.start < to
            && content.starts_with('|')
            && !file.doc.in_code_or_html(at)
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
