//! Lines as the Markdown reader sees them (SPEC §3 "Lines"): LF, CRLF and a
//! lone CR each end a line, and every line and column number the tool
//! prints counts these lines.

use std::ops::Range;

/// How far apart, in bytes, the column checkpoints of a long line are.
const CHECKPOINT_BYTES: usize = 4096;

/// Maps byte offsets to 1-based lines and columns.
#[derive(Debug, Clone, Default)]
pub struct LineIndex {
    /// Byte offset of the start of each line.
    starts: Vec<usize>,
    /// Length of the text in bytes.
    len: usize,
    /// In lines longer than [`CHECKPOINT_BYTES`], every
    /// [`CHECKPOINT_BYTES`] bytes: the offset and the number of characters
    /// from the start of its line to it, in order. A column is then counted
    /// from the checkpoint before it, so that the columns of many places on
    /// one long line cost what the line does, not that times their number.
    checkpoints: Vec<(usize, usize)>,
}

impl LineIndex {
    /// Indexes `text` with the line model of SPEC §3 (CommonMark's): `\n`,
    /// `\r\n` and a lone `\r` each end a line.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(line_ends(text.as_bytes()));
        if starts.last() == Some(&text.len()) && starts.len() > 1 {
            starts.pop();
        }
        let bytes = text.as_bytes();
        let mut checkpoints = Vec::new();
        for (i, &start) in starts.iter().enumerate() {
            let end = starts.get(i + 1).copied().unwrap_or(bytes.len());
            let mut at = start;
            let mut chars = 0;
            while end - at > CHECKPOINT_BYTES {
                chars += char_starts(&bytes[at..at + CHECKPOINT_BYTES]);
                at += CHECKPOINT_BYTES;
                checkpoints.push((at, chars));
            }
        }
        LineIndex {
            starts,
            len: text.len(),
            checkpoints,
        }
    }

    /// The 1-based line holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset).max(1)
    }

    /// The 1-based (line, column) of byte `offset`; the column counts
    /// characters from the start of the line.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let line = self.line_of(offset);
        let start = self.starts[line - 1];
        let offset = offset.min(text.len());
        if offset < start || !text.is_char_boundary(offset) {
            return (line, 1);
        }
        let before = self.checkpoints.partition_point(|&(at, _)| at <= offset);
        let (from, chars) = match self.checkpoints[..before].last() {
            Some(&(at, chars)) if at > start => (at, chars),
            _ => (start, 0),
        };
        (
            line,
            chars + char_starts(&text.as_bytes()[from..offset]) + 1,
        )
    }

    /// Number of lines.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Whether the text is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Byte range of 1-based `line`, without its line ending (`\n`, `\r\n`
    /// or `\r`).
    pub fn line_range(&self, text: &str, line: usize) -> Range<usize> {
        let start = self
            .starts
            .get(line.saturating_sub(1))
            .copied()
            .unwrap_or(self.len);
        let end = self.starts.get(line).copied().unwrap_or(self.len);
        let bytes = text.as_bytes();
        let mut stop = end;
        if stop > start && bytes.get(stop - 1) == Some(&b'\n') {
            stop -= 1;
        }
        if stop > start && bytes.get(stop - 1) == Some(&b'\r') {
            stop -= 1;
        }
        start..stop
    }

    /// Byte range of 1-based `line` including its line ending.
    pub fn line_range_with_ending(&self, line: usize) -> Range<usize> {
        let start = self
            .starts
            .get(line.saturating_sub(1))
            .copied()
            .unwrap_or(self.len);
        let end = self.starts.get(line).copied().unwrap_or(self.len);
        start..end
    }

    /// Byte offset of the start of 1-based `line`.
    pub fn line_start(&self, line: usize) -> usize {
        self.starts
            .get(line.saturating_sub(1))
            .copied()
            .unwrap_or(self.len)
    }
}

/// The number of characters that start in `bytes` (UTF-8): its bytes that
/// are not continuation bytes. For a whole text, its number of characters.
fn char_starts(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

/// The offset just after every line ending of `bytes` (SPEC §3: `\n`,
/// `\r\n`, or a `\r` that no `\n` follows), in order.
pub fn line_ends(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    // Jumps from one `\n` or `\r` to the next rather than looking at every
    // byte: lines are tens of bytes long.
    memchr::memchr2_iter(b'\n', b'\r', bytes).filter_map(move |i| match bytes[i] {
        b'\r' if bytes.get(i + 1) == Some(&b'\n') => None,
        _ => Some(i + 1),
    })
}

/// The lines of `text` with the line model of SPEC §3, each without its
/// line ending, with the byte offset where it starts. A final line ending
/// opens no further line.
pub fn lines_with_offsets(text: &str) -> impl Iterator<Item = (usize, &str)> + '_ {
    let bytes = text.as_bytes();
    let starts = std::iter::once(0).chain(line_ends(bytes).filter(move |&e| e < bytes.len()));
    starts.map(move |start| {
        let rest = &bytes[start..];
        let len = rest
            .iter()
            .position(|b| matches!(b, b'\n' | b'\r'))
            .unwrap_or(rest.len());
        (start, &text[start..start + len])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use crate::markdown::{MarkdownFile, decode_utf8};
    use proptest::prelude::*;
    use std::path::{Path, PathBuf};

    #[test]
    fn line_index() {
        let text = "a\r\nbc\n\nd";
        let idx = LineIndex::new(text);
        assert_eq!(idx.len(), 4);
        assert_eq!(idx.line_of(0), 1);
        assert_eq!(idx.line_of(3), 2);
        assert_eq!(idx.line_of(7), 4);
        assert_eq!(&text[idx.line_range(text, 1)], "a");
        assert_eq!(&text[idx.line_range(text, 2)], "bc");
        assert_eq!(&text[idx.line_range(text, 4)], "d");
    }

    #[test]
    fn a_lone_cr_ends_a_line() {
        let text = "a\rb\r\nc\n\rd";
        let idx = LineIndex::new(text);
        assert_eq!(idx.len(), 5);
        let lines: Vec<&str> = (1..=5).map(|l| &text[idx.line_range(text, l)]).collect();
        assert_eq!(lines, ["a", "b", "c", "", "d"]);
        assert_eq!(idx.line_of(2), 2);
        assert_eq!(idx.line_of(8), 5);
        let listed: Vec<(usize, &str)> = lines_with_offsets(text).collect();
        assert_eq!(listed, [(0, "a"), (2, "b"), (5, "c"), (7, ""), (8, "d")]);
        assert_eq!(lines_with_offsets("x\r").count(), 1);
        let file = MarkdownFile::from_text(PathBuf::from("t.md"), "a\rb".into());
        assert_eq!(file.lines.len(), 2);
        let err = decode_utf8(Path::new("t.md"), b"a\rb\r\n\xFF".to_vec()).expect_err("not UTF-8");
        assert!(matches!(err, Error::NotUtf8 { line: 3, .. }), "{err:?}");
    }

    proptest! {
        /// The line ends are those of a byte-by-byte reading of SPEC §3's
        /// line model: after each `\n`, and after each `\r` that no `\n`
        /// follows.
        #[test]
        fn line_ends_as_read_byte_by_byte(text in "[a\r\n|]{0,40}") {
            let bytes = text.as_bytes();
            let expected: Vec<usize> = (0..bytes.len())
                .filter(|&i| {
                    bytes[i] == b'\n' || (bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n'))
                })
                .map(|i| i + 1)
                .collect();
            prop_assert_eq!(line_ends(bytes).collect::<Vec<_>>(), expected);
        }
    }
}
