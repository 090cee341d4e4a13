//! Pipe-table rows as text: splitting a row line into its cells, and the
//! cell-reading primitives of SPEC §3.3 (trimming, decoration stripping,
//! `\|` unescaping).
//!
//! pulldown-cmark decides which lines form a table; the cells are read from
//! the raw line so that every cell keeps its exact source text and byte range
//! (the writer edits rows in place, and the lints count cells as written).

use std::borrow::Cow;
use std::ops::Range;

/// Splits one table row line into its cells, GFM style: an optional leading
/// and trailing pipe, cells separated by every `|` not preceded by a
/// backslash. Returns the byte range of each cell's raw content (untrimmed),
/// relative to `line`. A line with no pipe at all is one cell.
pub fn split_cells(line: &str) -> Vec<Range<usize>> {
    let bytes = line.as_bytes();
    let mut start = 0;
    while start < bytes.len() && matches!(bytes[start], b' ' | b'\t') {
        start += 1;
    }
    if bytes.get(start) == Some(&b'|') {
        start += 1;
    }
    let mut cells = Vec::with_capacity(8);
    let mut cell_start = start;
    for i in memchr::memchr_iter(b'|', &bytes[start..]).map(|i| start + i) {
        if i == 0 || bytes[i - 1] != b'\\' {
            cells.push(cell_start..i);
            cell_start = i + 1;
        }
    }
    let tail = &line[cell_start..];
    if !trim_cell(tail).is_empty() || cells.is_empty() {
        cells.push(cell_start..line.len());
    }
    cells
}

/// Whether a row line holds at least one unescaped `|`.
pub fn has_pipe(line: &str) -> bool {
    let bytes = line.as_bytes();
    memchr::memchr_iter(b'|', bytes).any(|i| i == 0 || bytes[i - 1] != b'\\')
}

/// Trims ASCII spaces, tabs and CRs from both ends (SPEC §3.3: a
/// non-breaking space is NOT trimmed).
pub fn trim_cell(cell: &str) -> &str {
    // The trimmed bytes are ASCII, so both ends stay on character boundaries.
    let blank = |b: &u8| matches!(b, b' ' | b'\t' | b'\r');
    let bytes = cell.as_bytes();
    let start = bytes.iter().position(|b| !blank(b)).unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| !blank(b))
        .map_or(start, |i| i + 1);
    &cell[start..end.max(start)]
}

/// Removes every `*` and backtick, then trims: how `key`, `owner`, `state`,
/// `source` and `blocking` cells and header cells are read (SPEC §3.3).
pub fn strip_decoration(cell: &str) -> String {
    stripped(cell).into_owned()
}

/// [`strip_decoration`] without a copy when the cell is a slice of itself
/// (no decoration, or decoration only around the word).
pub fn stripped(cell: &str) -> Cow<'_, str> {
    let cell = trim_cell(cell);
    let mark = |b: &u8| matches!(b, b'*' | b'`');
    if !cell.as_bytes().iter().any(mark) {
        return Cow::Borrowed(cell);
    }
    // Most decoration wraps the word (`` `key` ``, `**x**`): cut it off
    // both ends; otherwise drop every mark.
    let inner = cell.trim_matches(['*', '`']);
    if !inner.as_bytes().iter().any(mark) {
        return Cow::Borrowed(trim_cell(inner));
    }
    let mut joined = String::with_capacity(cell.len());
    for piece in cell.split(['*', '`']) {
        joined.push_str(piece);
    }
    let trimmed = trim_cell(&joined);
    if trimmed.len() == joined.len() {
        Cow::Owned(joined)
    } else {
        Cow::Owned(trimmed.to_string())
    }
}

/// A `value` or `evidence` cell as read: trimmed, with GFM's `\|` read as a
/// literal `|`; every other byte as written (SPEC §3.3).
pub fn read_text_cell(cell: &str) -> String {
    let cell = trim_cell(cell);
    let bytes = cell.as_bytes();
    let escaped_pipe = memchr::memchr_iter(b'\\', bytes).any(|at| bytes.get(at + 1) == Some(&b'|'));
    if escaped_pipe {
        cell.replace("\\|", "|")
    } else {
        cell.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(line: &str) -> Vec<&str> {
        split_cells(line).into_iter().map(|r| &line[r]).collect()
    }

    #[test]
    fn splits_with_and_without_outer_pipes() {
        assert_eq!(cells("| a | b |"), vec![" a ", " b "]);
        assert_eq!(cells("a | b"), vec!["a ", " b"]);
        assert_eq!(cells("| a | b |\r"), vec![" a ", " b "]);
        assert_eq!(cells("| | x |"), vec![" ", " x "]);
        assert_eq!(cells("| a \\| b | c |"), vec![" a \\| b ", " c "]);
        assert_eq!(cells("no pipes"), vec!["no pipes"]);
    }

    #[test]
    fn reads_cells() {
        assert_eq!(strip_decoration(" **`Plan`** "), "Plan");
        assert_eq!(strip_decoration("` key `"), "key");
        assert_eq!(strip_decoration("*a* b"), "a b");
        assert_eq!(strip_decoration("**"), "");
        assert_eq!(strip_decoration("é*"), "é");
        assert_eq!(read_text_cell("  cap \\| 60 \t"), "cap | 60");
        assert_eq!(trim_cell("\u{A0}x "), "\u{A0}x");
    }
}
