//! The shapes of a line that hold a decision: a pipe row naming a key, a
//! row inside a blockquote or list item, tab-separated cells, an HTML table
//! cell, `key: value` text (SPEC §3.3: the shapes no reader takes).

use std::ops::Range;

use super::{Place, Shape, Unread};
use crate::markdown::table::{first_cell, read_word_cell, split_cells, stripped};
use crate::markdown::{MarkdownFile, starts_with_ignore_case, without_container_marks};
use crate::plan::decisions::{Column, DecisionSection};
use crate::vocab;

/// Whether the cells of a pipe line, split as a table row, make it a line
/// of a decision table: a header naming `key` and `state` or `blocking`,
/// or a row whose first cell is a decision key (decoration stripped).
pub(super) fn is_decision_line(line: &str) -> bool {
    let line = without_container_marks(line);
    let cell = |r: &Range<usize>| stripped(&line[r.clone()]);
    if vocab::key_index(&cell(&first_cell(line))).is_some() {
        return true;
    }
    if !may_name_key_column(line) {
        return false;
    }
    let cells = split_cells(line);
    let (mut key, mut state_or_blocking) = (false, false);
    for r in &cells {
        match Column::from_header(&cell(r)) {
            Some(Column::Key) => key = true,
            Some(Column::State | Column::Blocking) => state_or_blocking = true,
            _ => {}
        }
    }
    key && state_or_blocking
}

/// Whether a cell of `line` may name the `key` column: the line holds
/// `key` in any case once every `*` and backtick is dropped, as a cell
/// that reads as `key` ([`Column::from_header`]) does.
fn may_name_key_column(line: &str) -> bool {
    let bytes = line.as_bytes();
    memchr::memchr2_iter(b'k', b'K', bytes).any(|at| {
        let mut rest = bytes[at + 1..].iter().filter(|b| !matches!(b, b'*' | b'`'));
        rest.next().is_some_and(|b| b.eq_ignore_ascii_case(&b'e'))
            && rest.next().is_some_and(|b| b.eq_ignore_ascii_case(&b'y'))
    })
}

/// Whether `line` starts (after container marks) with a pipe.
pub(super) fn is_pipe_line(line: &str) -> bool {
    without_container_marks(line).starts_with('|')
}

/// Whether byte `at` of `file` is inside an HTML block that is a comment.
fn in_comment(file: &MarkdownFile, at: usize) -> bool {
    file.doc.html_blocks.iter().any(|range| {
        range.contains(&at)
            && without_container_marks(&file.text[range.clone()]).starts_with("<!--")
    })
}

/// The lines of the Decisions section `section` of `file` that hold a
/// decision in a shape no reader takes as a row, other than those `seen`
/// already accounts for (hidden by a block, or lines of a table):
/// - a pipe row inside a blockquote or a list item ([`Place::Contained`]),
///   wherever it stands in the section: one entry per run of such lines;
/// - cells separated by tabs, one of which names a decision key;
/// - when the section holds no manifest table (and no malformed one, which
///   `decision-table-malformed` reports), the first line that names a
///   decision key ([`named_key`]) in a list item, a blockquote, a closed
///   code block, a closed HTML comment (a commented-out table) or as a
///   `key: value` line of text — prose that mentions a key is no row. In a
///   section that has its table, a closed comment is a note on purpose.
pub(super) fn unshaped_rows(
    file: &MarkdownFile,
    section: &DecisionSection,
    seen: &dyn Fn(usize) -> bool,
) -> Vec<Unread> {
    let body_start = file.lines.line_start(section.heading_line + 1);
    if body_start >= section.range.end {
        return Vec::new();
    }
    let manifest_line = section.table.as_ref().map(|t| t.header_line);
    let scan_all = manifest_line.is_none() && section.problems.is_empty();
    let mut out: Vec<Unread> = Vec::new();
    let mut unmanifested = false;
    let mut run: Option<(usize, std::mem::Discriminant<Place>)> = None;
    for line in section.heading_line + 1..=file.line_of(section.range.end - 1) {
        let start = file.lines.line_start(line);
        if start >= section.range.end || seen(line) {
            continue;
        }
        let text = file.line_text(line);
        // An indented code block starts after its indentation.
        let at = start + (text.len() - text.trim_start_matches([' ', '\t']).len());
        let in_code = file
            .doc
            .code_block_at(at)
            .filter(|b| b.range.start < section.range.end && section.range.start < b.range.end);
        let place = if let Some(block) = in_code {
            let fence = block.fenced
                && (line == file.line_of(block.range.start)
                    || line == file.line_of(block.range.end.saturating_sub(1)));
            let shape = if block.fenced {
                Shape::Code
            } else {
                Shape::IndentedCode
            };
            (scan_all && !fence)
                .then(|| named_key(text))
                .flatten()
                .map(|key| (shape, key))
                .map(|(shape, key)| Place::NotARow {
                    shape,
                    key,
                    manifest_line,
                })
        } else if scan_all && in_comment(file, at) {
            named_key(text).map(|key| Place::NotARow {
                shape: Shape::Comment,
                key,
                manifest_line,
            })
        } else if file.doc.in_code_or_html(start) || is_read_pipe_line(text) {
            None
        } else if let Some(marks) = contained_pipe_row(text) {
            Some(Place::Contained {
                marks: marks.to_string(),
            })
        } else if let Some(key) = tab_separated_key(text) {
            Some(Place::NotARow {
                shape: Shape::Tabs,
                key,
                manifest_line,
            })
        } else if scan_all {
            named_key(text).map(|key| Place::NotARow {
                shape: text_shape(text),
                key,
                manifest_line,
            })
        } else {
            None
        };
        let Some(place) = place else {
            continue;
        };
        if let Place::NotARow {
            manifest_line: None,
            ..
        } = place
        {
            if unmanifested {
                continue;
            }
            unmanifested = true;
        }
        // One entry per run of lines of one kind, at its first line.
        let kind = std::mem::discriminant(&place);
        let continues = run.is_some_and(|(last, k)| last + 1 == line && k == kind);
        run = Some((line, kind));
        if !continues {
            out.push(Unread { line, place });
        }
    }
    out
}

/// Whether `line` (without container marks) starts with a pipe: a line of
/// a table, or a pipe line the reader reads as one (SPEC §3.3).
fn is_read_pipe_line(line: &str) -> bool {
    line.trim_start_matches([' ', '\t']).starts_with('|')
}

/// `line` split after its container marks — blanks, blockquote `>`s and
/// list-item markers (`-`, `*`, `+`, `1.`, `1)` followed by a blank) — as
/// `(marks, rest)`.
pub(super) fn split_marks(line: &str) -> (&str, &str) {
    let mut rest = line;
    loop {
        let trimmed = rest.trim_start_matches([' ', '\t']);
        if let Some(after) = trimmed.strip_prefix('>') {
            rest = after;
            continue;
        }
        let digits = trimmed.len()
            - trimmed
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .len();
        let marker = match trimmed.as_bytes().get(digits) {
            Some(b'.' | b')') if (1..=9).contains(&digits) => digits + 1,
            Some(b'-' | b'*' | b'+') if digits == 0 => 1,
            _ => 0,
        };
        match trimmed.as_bytes().get(marker) {
            Some(b' ' | b'\t') if marker > 0 => rest = &trimmed[marker..],
            _ => {
                rest = trimmed;
                break;
            }
        }
    }
    (&line[..line.len() - rest.len()], rest)
}

/// The container marks in front of `line` when it is a pipe row inside a
/// blockquote or a list item (`> | relay | …`, `- | relay | …`).
fn contained_pipe_row(line: &str) -> Option<&str> {
    if is_read_pipe_line(line) {
        return None;
    }
    let (marks, rest) = split_marks(line);
    (rest.starts_with('|') && !marks.trim().is_empty()).then_some(marks)
}

/// The pieces of a line that may each be a cell: the text between pipes,
/// tabs and HTML tags (`<td>`, `</code>`), trimmed, the empty ones left
/// out.
fn pieces(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    let bytes = text.as_bytes();
    while i < bytes.len() {
        let tag = bytes[i] == b'<'
            && bytes
                .get(i + 1)
                .is_some_and(|b| b.is_ascii_alphabetic() || matches!(b, b'/' | b'!'));
        let end = if tag {
            text[i..].find('>').map(|e| i + e + 1)
        } else if matches!(bytes[i], b'|' | b'\t') {
            Some(i + 1)
        } else {
            None
        };
        match end {
            Some(end) => {
                out.push(&text[start..i]);
                start = end;
                i = end;
            }
            None => i += 1,
        }
    }
    out.push(&text[start..]);
    out.into_iter()
        .map(|p| p.trim_matches([' ', '\t', '\r']))
        .filter(|p| !p.is_empty())
        .collect()
}

/// The decision key `piece` names: the whole piece, or its label — the text
/// before a first `:`, `=` or spaced dash (`relay: off`, `relay — off`) —
/// read as a key cell is (decoration and emphasis stripped), in any case.
fn key_named_by(piece: &str) -> Option<&'static str> {
    let label = [":", "=", " — ", " – ", " - "]
        .iter()
        .filter_map(|sep| piece.find(sep))
        .min()
        .map(|end| &piece[..end]);
    [Some(piece), label].into_iter().flatten().find_map(|text| {
        let word = read_word_cell(text).to_ascii_lowercase();
        vocab::key_index(&word).map(|i| vocab::KEYS[i].key)
    })
}

/// The first decision key a line names as one of its [`pieces`], once its
/// container marks are dropped (see [`key_named_by`]).
pub(super) fn named_key(line: &str) -> Option<&'static str> {
    pieces(split_marks(line).1)
        .into_iter()
        .find_map(key_named_by)
}

/// The decision key named by a line of two or more cells separated by
/// tabs, one of which names it.
fn tab_separated_key(line: &str) -> Option<&'static str> {
    let rest = split_marks(line).1;
    if !rest.trim_matches([' ', '\t', '\r']).contains('\t') {
        return None;
    }
    let cells: Vec<&str> = rest
        .split('\t')
        .map(|c| c.trim_matches([' ', '\r']))
        .filter(|c| !c.is_empty())
        .collect();
    (cells.len() >= 2)
        .then(|| cells.into_iter().find_map(key_named_by))
        .flatten()
}

/// Whether `line` holds an HTML table cell (`<td`, `<th`, any case).
pub(super) fn has_cell_tag(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.contains("<td") || lower.contains("<th")
}

/// The shape of a line of text (not code, HTML or a table) by its marks.
fn text_shape(line: &str) -> Shape {
    let marks = split_marks(line).0;
    if marks.contains('>') {
        Shape::Quote
    } else if !marks.trim().is_empty() {
        Shape::ListItem
    } else {
        Shape::Text
    }
}

/// Whether `line`, once the marks and HTML tags before its first letter
/// are dropped (`#`, `*`, `<h2>`, an emoji), starts with the word
/// `Decision` (any case): a line a person means as the Decisions heading.
pub(super) fn starts_with_decision(line: &str) -> bool {
    let mut rest = line;
    loop {
        rest = rest.trim_start_matches(|c: char| !c.is_alphanumeric() && c != '<');
        match rest.strip_prefix('<') {
            Some(tag) => match tag.find('>') {
                Some(end) => rest = &tag[end + 1..],
                None => return false,
            },
            None => break,
        }
    }
    starts_with_ignore_case(rest, "decision")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// [`is_decision_line`] as SPEC §3.3 words it: the first cell names a
    /// decision key, or the cells name the key column and the state or
    /// blocking column.
    fn is_decision_line_by_every_cell(line: &str) -> bool {
        let line = without_container_marks(line);
        let cells: Vec<String> = split_cells(line)
            .into_iter()
            .map(|r| stripped(&line[r]).into_owned())
            .collect();
        let names = |c: Column| {
            cells
                .iter()
                .any(|cell| Column::from_header(cell) == Some(c))
        };
        cells
            .first()
            .is_some_and(|first| vocab::key_index(first).is_some())
            || (names(Column::Key) && (names(Column::State) || names(Column::Blocking)))
    }

    #[test]
    fn decision_lines() {
        for line in [
            "| Key | State |",
            "> | k`e`Y | **blocking** |",
            "| `relay` | off |",
            "relay | x",
        ] {
            assert!(is_decision_line(line), "{line}");
            assert!(is_decision_line_by_every_cell(line), "{line}");
        }
        for line in ["| Phase | Title |", "| key | value |", "| keys | state |"] {
            assert!(!is_decision_line(line), "{line}");
            assert!(!is_decision_line_by_every_cell(line), "{line}");
        }
    }

    proptest! {
        /// The quick reading of a line agrees with the reading of every cell.
        #[test]
        fn decision_lines_as_read_cell_by_cell(
            pieces in prop::collection::vec(prop::sample::select(vec![
                "|", " ", "> ", "*", "`", "\\", "k", "K", "e", "Y", "key", "Key", "k`e`Y", "KEY", "state", "Blocking",
                "relay", "stop", "x", "<!-- planfile-ignore: F21 -->",
            ]), 0..14),
        ) {
            let line = pieces.concat();
            prop_assert_eq!(is_decision_line(&line), is_decision_line_by_every_cell(&line));
        }
    }
}
