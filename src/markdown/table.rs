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
/// relative to `line`. A line with no pipe at all is one cell. A
/// suppression comment after the last pipe (SPEC §10.1,
/// [`super::suppression::trailing_directive`]) is not a cell.
pub fn split_cells(line: &str) -> Vec<Range<usize>> {
    let (line, start, pipes) = separators(line);
    let mut cells = Vec::with_capacity(8);
    let mut cell_start = start;
    for i in pipes {
        cells.push(cell_start..i);
        cell_start = i + 1;
    }
    let tail = &line[cell_start..];
    if !trim_cell(tail).is_empty() || cells.is_empty() {
        cells.push(cell_start..line.len());
    }
    cells
}

/// The byte range of the first cell of a row line, relative to `line`:
/// `split_cells(line)[0]`, found without splitting the rest of the line.
pub fn first_cell(line: &str) -> Range<usize> {
    let (line, start, mut pipes) = separators(line);
    start..pipes.next().unwrap_or(line.len())
}

/// How [`split_cells`] reads a row line: the line without a trailing
/// suppression comment, the offset where its first cell starts (after the
/// leading blanks and a leading pipe), and the offsets of the pipes that
/// end cells (each later `|` not preceded by a backslash), in order.
fn separators(line: &str) -> (&str, usize, impl Iterator<Item = usize> + '_) {
    let line = &line[..super::suppression::trailing_directive(line).unwrap_or(line.len())];
    let bytes = line.as_bytes();
    let mut start = 0;
    while start < bytes.len() && matches!(bytes[start], b' ' | b'\t') {
        start += 1;
    }
    if bytes.get(start) == Some(&b'|') {
        start += 1;
    }
    let pipes = memchr::memchr_iter(b'|', &bytes[start..])
        .map(move |i| start + i)
        .filter(move |&i| i == 0 || bytes[i - 1] != b'\\');
    (line, start, pipes)
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

/// `word` without `_` or `__` emphasis around the whole of it (SPEC §3.3,
/// fix): `__answered__` and `_gates_` read as `answered` and `gates`, as
/// `**…**` does. Emphasis needs text right inside its marks, so `_` alone,
/// `__` and `_ x _` are kept.
pub fn strip_emphasis(word: &str) -> &str {
    let mut word = word;
    while let Some(inner) = word
        .strip_prefix('_')
        .and_then(|w| w.strip_suffix('_'))
        .filter(|inner| {
            let visible = |c: Option<char>| c.is_some_and(|c| !c.is_whitespace());
            visible(inner.chars().next()) && visible(inner.chars().next_back())
        })
    {
        word = inner;
    }
    word
}

/// A `key`, `state`, `source` or `blocking` cell as read: `*`, backticks
/// and whole-word `_` emphasis removed, trimmed (SPEC §3.3).
pub fn read_word_cell(cell: &str) -> Cow<'_, str> {
    match stripped(cell) {
        Cow::Borrowed(word) => Cow::Borrowed(strip_emphasis(word)),
        Cow::Owned(word) => match strip_emphasis(&word) {
            inner if inner.len() == word.len() => Cow::Owned(word),
            inner => Cow::Owned(inner.to_string()),
        },
    }
}

/// A `value` or `evidence` cell as read: trimmed, with a pipe escaped as
/// GFM escapes it read as a literal `|`; every other byte as written
/// (SPEC §3.3).
///
/// Backslashes next to a pipe read as a GFM reader shows them: GFM drops
/// the one backslash that keeps the pipe from splitting the row, and then
/// reads the rest as Markdown, where `\\` is one backslash and a lone
/// `\` before the pipe escapes it. So `n` backslashes and a pipe read as
/// `(n - 1) / 2` backslashes and the pipe: `\|` and `\\|` as `|`,
/// `\\\|` as `\|`. Backslashes anywhere else stay as written.
pub fn read_text_cell(cell: &str) -> String {
    read_text(cell).into_owned()
}

/// [`read_text_cell`] without a copy when the cell holds no escaped pipe
/// (the trimmed cell as it is).
pub fn read_text(cell: &str) -> Cow<'_, str> {
    let cell = trim_cell(cell);
    let bytes = cell.as_bytes();
    let escaped_pipe = memchr::memchr_iter(b'\\', bytes).any(|at| bytes.get(at + 1) == Some(&b'|'));
    if !escaped_pipe {
        return Cow::Borrowed(cell);
    }
    Cow::Owned(recount_backslashes_before_pipes(cell, |n| {
        n.saturating_sub(1) / 2
    }))
}

/// `text` with each run of `n` backslashes that stands right before a `|`
/// replaced by `count(n)` backslashes (a pipe with none before it is a run
/// of 0); every other character as it is. The GFM escaping of a cell's
/// pipes, both ways: the writer's and [`read_text_cell`]'s.
pub fn recount_backslashes_before_pipes(text: &str, count: impl Fn(usize) -> usize) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut backslashes: usize = 0;
    for c in text.chars() {
        match c {
            '\\' => backslashes += 1,
            '|' => {
                out.extend(std::iter::repeat_n('\\', count(backslashes)));
                out.push('|');
                backslashes = 0;
            }
            _ => {
                out.extend(std::iter::repeat_n('\\', backslashes));
                out.push(c);
                backslashes = 0;
            }
        }
    }
    out.extend(std::iter::repeat_n('\\', backslashes));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(line: &str) -> Vec<&str> {
        split_cells(line).into_iter().map(|r| &line[r]).collect()
    }

    proptest::proptest! {
        /// Stripping drops every `*` and backtick, then trims.
        #[test]
        fn stripped_drops_every_mark_then_trims(cell in "[ *`a\t\r é]{0,10}") {
            let dropped: String = cell.chars().filter(|c| !matches!(c, '*' | '`')).collect();
            proptest::prop_assert_eq!(stripped(&cell), trim_cell(&dropped));
        }

        /// The first cell is the first of the cells the line splits into.
        #[test]
        fn first_cell_is_the_first_of_split_cells(
            line in "[ |\\\\a\t]{0,12}(<!-- planfile-ignore: F21 -->)?",
        ) {
            proptest::prop_assert_eq!(Some(first_cell(&line)), split_cells(&line).first().cloned());
        }
    }

    #[test]
    fn splits_with_and_without_outer_pipes() {
        assert_eq!(cells("| a | b |"), vec![" a ", " b "]);
        assert_eq!(cells("a | b"), vec!["a ", " b"]);
        assert_eq!(cells("| a | b |\r"), vec![" a ", " b "]);
        assert_eq!(cells("| | x |"), vec![" ", " x "]);
        assert_eq!(cells("| a \\| b | c |"), vec![" a \\| b ", " c "]);
        assert_eq!(cells("no pipes"), vec!["no pipes"]);
        assert_eq!(
            cells("| a | b | <!-- planfile-ignore: F21 -->"),
            vec![" a ", " b "]
        );
        assert_eq!(
            cells("| a | b | <!-- note -->"),
            vec![" a ", " b ", " <!-- note -->"]
        );
    }

    #[test]
    fn reads_cells() {
        assert_eq!(strip_decoration(" **`Plan`** "), "Plan");
        assert_eq!(strip_decoration("` key `"), "key");
        assert_eq!(strip_decoration("*a* b"), "a b");
        assert_eq!(strip_decoration("**"), "");
        assert_eq!(strip_decoration("é*"), "é");
        assert_eq!(read_text_cell("  cap \\| 60 \t"), "cap | 60");
        assert_eq!(read_text_cell("a|b"), "a|b");
        assert_eq!(read_text_cell("\\\\|"), "|");
        assert_eq!(read_text_cell("\\\\\\|"), "\\|");
        assert_eq!(read_text_cell("\\\\\\\\|"), "\\|");
        assert_eq!(read_text_cell("C:\\dir\\ \\| x\\"), "C:\\dir\\ | x\\");
        assert_eq!(trim_cell("\u{A0}x "), "\u{A0}x");
        assert_eq!(read_word_cell(" __answered__ "), "answered");
        assert_eq!(read_word_cell("_`gates`_"), "gates");
        assert_eq!(read_word_cell("**_Yes_**"), "Yes");
        assert_eq!(read_word_cell("___waived___"), "waived");
        for kept in ["_", "__", "_ x _", "a_b", "_x", "snake_case_"] {
            assert_eq!(read_word_cell(kept), kept);
        }
    }
}
