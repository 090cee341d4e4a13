//! What the cursor is on (SPEC §10.2): a cell of a Decisions table, the
//! type of a Gate-check, or a check name in a suppression comment. Hover
//! and completion both ask here, in the terms of the one parse of the file
//! (its tables, phase blocks and code blocks).

use std::ops::Range;

use crate::markdown::MarkdownFile;
use crate::markdown::table::{has_pipe, split_cells};
use crate::plan::Plan;
use crate::plan::decisions::{Column, DecisionRow, DecisionSection};
use crate::plan::phase::parse_directive;

pub use crate::markdown::suppression::{FILE_DIRECTIVE as IGNORE_FILE, LINE_DIRECTIVE as IGNORE};

/// A cell of the Decisions table under the cursor.
#[derive(Debug, Clone)]
pub struct Cell<'a> {
    /// The cell's column (by its header).
    pub column: Column,
    /// The word under the cursor inside the cell: its byte range in the
    /// file (empty when the cursor is between words).
    pub token: Range<usize>,
    /// The row of the line, when it has a key.
    pub row: Option<&'a DecisionRow>,
}

/// Whether `c` ends a word inside a cell: blanks, pipes and Markdown
/// decoration.
fn is_separator(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '|' | '`' | '*')
}

/// The word of `line` around byte `col`: a maximal run without
/// separators (empty when `col` sits between two separators).
fn word_around(line: &str, col: usize, within: Range<usize>) -> Range<usize> {
    let before = &line[within.start..col];
    let start = before
        .char_indices()
        .rev()
        .find(|(_, c)| is_separator(*c))
        .map(|(i, c)| within.start + i + c.len_utf8())
        .unwrap_or(within.start);
    let after = &line[col..within.end];
    let end = after
        .char_indices()
        .find(|(_, c)| is_separator(*c))
        .map(|(i, _)| col + i)
        .unwrap_or(within.end);
    start..end
}

/// The line of `file` holding byte `offset`: its byte range, and the
/// offset's byte column in it (on a character boundary).
fn line_at(file: &MarkdownFile, offset: usize) -> (Range<usize>, usize) {
    let line = file.line_of(offset);
    let range = file.lines.line_range(&file.text, line);
    let mut col = offset.clamp(range.start, range.end) - range.start;
    let text = &file.text[range.clone()];
    while !text.is_char_boundary(col) {
        col -= 1;
    }
    (range, col)
}

/// Whether `offset` lies inside a code block of `file`.
fn in_code_block(file: &MarkdownFile, offset: usize) -> bool {
    file.doc
        .code_blocks
        .iter()
        .any(|b| b.range.contains(&offset))
}

/// The Decisions-table cell at byte `offset` of `file`, whose Decisions
/// section is `section`: only body rows of the manifest table count (not
/// the header or the delimiter row), and only cells under a known column.
pub fn cell_at<'a>(
    file: &MarkdownFile,
    section: Option<&'a DecisionSection>,
    offset: usize,
) -> Option<Cell<'a>> {
    let table = section?.table.as_ref()?;
    let line = file.line_of(offset);
    if line < table.header_line + 2 || line > table.last_line() {
        return None;
    }
    let (range, col) = line_at(file, offset);
    let text = &file.text[range.clone()];
    if !has_pipe(text) {
        return None;
    }
    let cells = split_cells(text);
    let index = cells.iter().position(|c| c.start <= col && col <= c.end)?;
    let column = (*table.columns.get(index)?)?;
    let token = word_around(text, col, cells[index].clone());
    let row = table
        .line(line)
        .and_then(|l| l.row)
        .and_then(|i| table.rows.get(i));
    Some(Cell {
        column,
        token: (range.start + token.start)..(range.start + token.end),
        row,
    })
}

/// The type word of the Gate-check bullet at byte `offset` of the plan's
/// file: its byte range in the file (empty when the value is still
/// empty), when the cursor is on the first word of the value of a
/// `- **Gate-check:** <type> <value>` bullet inside a phase block.
pub fn gate_type_at(plan: &Plan, offset: usize) -> Option<Range<usize>> {
    let file = &plan.file;
    if !plan.phases().iter().any(|b| b.range.contains(&offset)) || in_code_block(file, offset) {
        return None;
    }
    let (range, col) = line_at(file, offset);
    let text = &file.text[range.clone()];
    let (label, _, _) = parse_directive(text)?;
    if !label.eq_ignore_ascii_case("gate-check") {
        return None;
    }
    const LABEL: &str = "gate-check";
    let after = text.to_ascii_lowercase().find(LABEL)? + LABEL.len();
    let rest = &text[after..];
    let skip = [":**", "**:", ":"]
        .iter()
        .find(|mark| rest.starts_with(*mark))?
        .len();
    let start = after + skip;
    let start = start + (text[start..].len() - text[start..].trim_start_matches([' ', '\t']).len());
    let end = text[start..]
        .find([' ', '\t'])
        .map_or(text.len(), |i| start + i);
    (start <= col && col <= end).then(|| (range.start + start)..(range.start + end))
}

/// A check name (or the place for one) in a suppression comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suppressed {
    /// The byte range in the file of the name under the cursor (empty
    /// where a name is still to be written).
    pub token: Range<usize>,
    /// The name as written.
    pub name: String,
}

/// The check name under the cursor at byte `offset` of `file`, inside a
/// `<!-- planfile-ignore: NAME, NAME -->` or
/// `<!-- planfile-ignore-file: … -->` comment on the cursor's line (a
/// comment still being written, without its `-->`, counts). Comments in
/// fenced code are not suppressions.
pub fn suppressed_at(file: &MarkdownFile, offset: usize) -> Option<Suppressed> {
    if in_code_block(file, offset) {
        return None;
    }
    let (range, col) = line_at(file, offset);
    let text = &file.text[range.clone()];
    let mut from = 0;
    while let Some(open) = text[from..].find("<!--").map(|i| from + i) {
        let inner_start = open + 4;
        let close = text[inner_start..]
            .find("-->")
            .map_or(text.len(), |i| inner_start + i);
        from = (close + 3).min(text.len());
        if col < inner_start || col > close {
            continue;
        }
        let inner = &text[inner_start..close];
        let lead = inner.len() - inner.trim_start().len();
        let directive = &inner[lead..];
        let names_start = [IGNORE_FILE, IGNORE]
            .iter()
            .find_map(|d| directive.strip_prefix(d)?.strip_prefix(':'))
            .map(|names| inner_start + lead + (directive.len() - names.len()))?;
        if col < names_start {
            return None;
        }
        let mut start = names_start;
        for part in text[names_start..close].split(',') {
            let end = start + part.len();
            if col <= end {
                let name = word_around(text, col, start..end);
                let word = &text[name.clone()];
                return Some(Suppressed {
                    token: (range.start + name.start)..(range.start + name.end),
                    name: word.to_string(),
                });
            }
            start = end + 1;
        }
        return None;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::decisions::FileKind;
    use crate::server::test_support::plan;

    const TEXT: &str = "# T\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | A | — | r |\n\n<!-- planfile-ignore: decision-key-unknown, F25 -->\n### Phase 1 — A *(GATED)*\n- **Gate-check:** manual ops\n- **Verification:** `true`\n\n## Decisions\n\n| key | value | owner | state | blocking | source | phase |\n|---|---|---|---|---|---|---|\n| `relay` | off | op | answered | no | plan | — |\n";

    fn at(needle: &str, plus: usize) -> usize {
        TEXT.find(needle).expect("needle") + plus
    }

    #[test]
    fn cells_of_the_decisions_table() {
        let p = plan(TEXT);
        let file = &p.file;
        let section = p.decisions();
        let cell = cell_at(file, section, at("relay", 2)).expect("the key cell");
        assert_eq!(cell.column, Column::Key);
        assert_eq!(&TEXT[cell.token.clone()], "relay");
        assert_eq!(cell.row.map(|r| r.key.as_str()), Some("relay"));
        let cell = cell_at(file, section, at("answered", 0)).expect("the state cell");
        assert_eq!(cell.column, Column::State);
        assert_eq!(&TEXT[cell.token], "answered");
        let cell = cell_at(file, section, at("| no |", 1)).expect("between the pipe and the word");
        assert_eq!(cell.column, Column::Blocking);
        assert_eq!(cell.token.len(), 0);
        assert!(cell_at(file, section, at("| key |", 3)).is_none(), "header");
        assert!(
            cell_at(file, section, at("| `relay`", 0)).is_none(),
            "before the first pipe"
        );
        assert!(
            cell_at(file, section, at("| 1 | A", 2)).is_none(),
            "another table"
        );
        assert_eq!(section.map(|s| s.file), Some(FileKind::Plan));
    }

    #[test]
    fn gate_check_types() {
        let p = plan(TEXT);
        let range = gate_type_at(&p, at("manual", 3)).expect("on the type");
        assert_eq!(&TEXT[range], "manual");
        assert!(
            gate_type_at(&p, at("manual ops", 8)).is_none(),
            "on the value"
        );
        assert!(gate_type_at(&p, at("Verification", 0)).is_none());
        let empty = plan("### Phase 1 — A\n- **Gate-check:** \n");
        let range = gate_type_at(&empty, empty.file.text.len() - 1).expect("an empty value");
        assert!(range.is_empty());
        let plain = plan("### Phase 1 — A\n- Gate-check: cmd true\n");
        let range = gate_type_at(&plain, plain.file.text.find("cmd").expect("cmd")).expect("plain");
        assert_eq!(&plain.file.text[range], "cmd");
    }

    #[test]
    fn names_in_suppression_comments() {
        let p = plan(TEXT);
        let got = suppressed_at(&p.file, at("key-unknown", 0)).expect("first name");
        assert_eq!(got.name, "decision-key-unknown");
        let got = suppressed_at(&p.file, at("F25", 1)).expect("second name");
        assert_eq!(got.name, "F25");
        assert!(suppressed_at(&p.file, at("planfile-ignore", 2)).is_none());
        let typing = plan("<!-- planfile-ignore-file: F14, \n");
        let got = suppressed_at(&typing.file, typing.file.text.len() - 1).expect("a new name");
        assert_eq!(got.name, "");
        let fenced = plan("```\n<!-- planfile-ignore: F14 -->\n```\n");
        assert!(suppressed_at(&fenced.file, fenced.file.text.find("F14").expect("F14")).is_none());
        let other = plan("<!-- a note: F14 -->\n");
        assert!(suppressed_at(&other.file, other.file.text.find("F14").expect("F14")).is_none());
    }
}
