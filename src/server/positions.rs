//! Byte offsets ↔ LSP positions (SPEC §10.2): the one place where the
//! server converts between the byte spans the lint engine works in and the
//! `(line, character)` positions an editor speaks.
//!
//! LSP counts lines as the editor does — `\n`, `\r\n` and a lone `\r` each end
//! a line — and characters in the position encoding negotiated at
//! `initialize`: UTF-16 code units unless the client offers UTF-8 (bytes).
//! A finding after an emoji (two UTF-16 units, four bytes) or a CJK title
//! (one unit, three bytes) therefore lands on the same character in either.
//!
//! Every conversion clamps: an offset past the end, inside a character or
//! inside a line break, or a position past the end of its line or of the
//! text, maps to the nearest valid place rather than failing.

use std::ops::Range;

use lsp_types::{Position, PositionEncodingKind};

/// How a position's `character` counts (LSP 3.17 `PositionEncodingKind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 code units (bytes).
    Utf8,
    /// UTF-16 code units: the protocol's default.
    Utf16,
}

impl Encoding {
    /// The encoding to use with a client that offers `offered` (the
    /// `general.positionEncodings` of its capabilities): UTF-8 when it is
    /// offered, else UTF-16, which every client supports.
    pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        match offered {
            Some(kinds) if kinds.contains(&PositionEncodingKind::UTF8) => Encoding::Utf8,
            _ => Encoding::Utf16,
        }
    }

    /// The kind announced in the server's capabilities.
    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }
    }

    /// The length of `c` in this encoding's code units.
    fn width(self, c: char) -> usize {
        match self {
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf16 => c.len_utf16(),
        }
    }
}

/// The lines of one text as LSP sees them: the byte offset where each line
/// starts. Built once per version of a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineMap {
    /// Byte offset of the start of each line (the first is 0).
    starts: Vec<usize>,
    /// The text's length in bytes.
    len: usize,
}

impl LineMap {
    /// Indexes `text`: a line ends at `\n`, at `\r\n` or at a lone `\r`.
    /// The line ends are SPEC §3's, as the Markdown reader finds them
    /// ([`crate::markdown::line_ends`]).
    pub fn new(text: &str) -> LineMap {
        let starts = std::iter::once(0)
            .chain(crate::markdown::line_ends(text.as_bytes()))
            .collect();
        LineMap {
            starts,
            len: text.len(),
        }
    }

    /// The number of lines (a text ending with a line break has an empty
    /// last line, as editors show it).
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line holding byte `offset` (clamped to the text).
    pub fn line_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.len);
        self.starts.partition_point(|&s| s <= offset).max(1) - 1
    }

    /// The byte range of 0-based `line` without its line break; an empty
    /// range at the end of the text for a line past the last.
    pub fn line_range(&self, text: &str, line: usize) -> Range<usize> {
        let Some(&start) = self.starts.get(line) else {
            return self.len..self.len;
        };
        let next = self.starts.get(line + 1).copied().unwrap_or(self.len);
        let bytes = text.as_bytes();
        let mut end = next.min(bytes.len());
        if end > start && bytes.get(end - 1) == Some(&b'\n') {
            end -= 1;
        }
        if end > start && bytes.get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        start..end
    }

    /// The text of 0-based `line` without its line break.
    pub fn line_text<'t>(&self, text: &'t str, line: usize) -> &'t str {
        text.get(self.line_range(text, line)).unwrap_or("")
    }

    /// The LSP position of byte `offset` of `text`: an offset past the end
    /// is the end, one inside a character is that character's start, one
    /// inside a line break is the end of its line.
    pub fn position(&self, text: &str, offset: usize, encoding: Encoding) -> Position {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.line_of(offset);
        let range = self.line_range(text, line);
        let upto = offset.clamp(range.start, range.end);
        let character: usize = text[range.start..upto]
            .chars()
            .map(|c| encoding.width(c))
            .sum();
        Position::new(saturate(line), saturate(character))
    }

    /// The byte offset of `position` in `text`: a line past the last is the
    /// end of the text, a character past the end of its line is the line's
    /// end, and one inside a character (half of a UTF-16 surrogate pair, a
    /// byte inside a UTF-8 sequence) is that character's start.
    pub fn offset(&self, text: &str, position: Position, encoding: Encoding) -> usize {
        let line = position.line as usize;
        if line >= self.starts.len() {
            return text.len();
        }
        let range = self.line_range(text, line);
        let want = position.character as usize;
        let mut units = 0;
        for (i, c) in text[range.clone()].char_indices() {
            let next = units + encoding.width(c);
            if next > want {
                return range.start + i;
            }
            units = next;
        }
        range.end
    }

    /// The LSP range of the byte range `span` of `text`.
    pub fn range(&self, text: &str, span: Range<usize>, encoding: Encoding) -> lsp_types::Range {
        let start = self.position(text, span.start, encoding);
        let end = self.position(text, span.end.max(span.start), encoding);
        lsp_types::Range::new(start, end)
    }

    /// The byte range of the LSP range `range` in `text` (start ≤ end).
    pub fn byte_range(
        &self,
        text: &str,
        range: lsp_types::Range,
        encoding: Encoding,
    ) -> Range<usize> {
        let start = self.offset(text, range.start, encoding);
        let end = self.offset(text, range.end, encoding);
        start.min(end)..end.max(start)
    }
}

/// The largest character boundary of `text` at or before `offset`.
fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// `n` as a protocol `uinteger`, saturating.
fn saturate(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn pos(line: u32, character: u32) -> Position {
        Position::new(line, character)
    }

    #[test]
    fn negotiates_utf8_only_when_offered() {
        assert_eq!(Encoding::negotiate(None), Encoding::Utf16);
        assert_eq!(Encoding::negotiate(Some(&[])), Encoding::Utf16);
        assert_eq!(
            Encoding::negotiate(Some(&[PositionEncodingKind::UTF32])),
            Encoding::Utf16
        );
        assert_eq!(
            Encoding::negotiate(Some(&[
                PositionEncodingKind::UTF16,
                PositionEncodingKind::UTF8
            ])),
            Encoding::Utf8
        );
    }

    #[test]
    fn emoji_and_cjk_positions() {
        // "| 🚀 | 灯台 | x |": the emoji is 4 bytes / 2 UTF-16 units, each CJK
        // character 3 bytes / 1 unit.
        let text = "# T\n| 🚀 | 灯台 | x |\n";
        let map = LineMap::new(text);
        let x = text.find('x').expect("x");
        assert_eq!(map.position(text, x, Encoding::Utf16), pos(1, 12));
        assert_eq!(map.position(text, x, Encoding::Utf8), pos(1, 18));
        assert_eq!(map.offset(text, pos(1, 12), Encoding::Utf16), x);
        assert_eq!(map.offset(text, pos(1, 18), Encoding::Utf8), x);
        let lamp = text.find('灯').expect("lamp");
        assert_eq!(map.position(text, lamp, Encoding::Utf16), pos(1, 7));
        assert_eq!(map.position(text, lamp, Encoding::Utf8), pos(1, 9));
        // Half of the surrogate pair, or a byte inside the emoji, is the
        // emoji's start.
        let rocket = text.find('🚀').expect("rocket");
        assert_eq!(map.offset(text, pos(1, 3), Encoding::Utf16), rocket);
        assert_eq!(map.position(text, rocket + 2, Encoding::Utf8), pos(1, 2));
        assert_eq!(map.offset(text, pos(1, 4), Encoding::Utf8), rocket);
    }

    #[test]
    fn line_breaks_of_every_kind() {
        let text = "a\r\nb\rc\nd";
        let map = LineMap::new(text);
        assert_eq!(map.line_count(), 4);
        assert_eq!(map.line_text(text, 0), "a");
        assert_eq!(map.line_text(text, 1), "b");
        assert_eq!(map.line_text(text, 2), "c");
        assert_eq!(map.line_text(text, 3), "d");
        assert_eq!(map.position(text, 7, Encoding::Utf16), pos(3, 0));
        // Inside "\r\n": the end of line 0.
        assert_eq!(map.position(text, 2, Encoding::Utf16), pos(0, 1));
        assert_eq!(map.offset(text, pos(2, 0), Encoding::Utf16), 5);
    }

    #[test]
    fn clamps_out_of_range() {
        let text = "ab\ncd\n";
        let map = LineMap::new(text);
        assert_eq!(map.line_count(), 3);
        assert_eq!(map.offset(text, pos(0, 99), Encoding::Utf16), 2);
        assert_eq!(map.offset(text, pos(9, 0), Encoding::Utf16), text.len());
        assert_eq!(map.position(text, 999, Encoding::Utf16), pos(2, 0));
        let range = lsp_types::Range::new(pos(1, 2), pos(0, 1));
        assert_eq!(map.byte_range(text, range, Encoding::Utf16), 1..5);
        let empty = LineMap::new("");
        assert_eq!(empty.position("", 3, Encoding::Utf8), pos(0, 0));
        assert_eq!(empty.offset("", pos(4, 4), Encoding::Utf8), 0);
    }

    proptest! {
        /// Every character boundary survives the round trip in both
        /// encodings, and positions never fail on any offset.
        #[test]
        fn round_trips_on_character_boundaries(
            text in "([a-z |🚀灯é\r\n]|\r\n){0,40}",
            probe in 0usize..200,
        ) {
            let map = LineMap::new(&text);
            for encoding in [Encoding::Utf8, Encoding::Utf16] {
                for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
                    let line = map.line_of(offset);
                    let range = map.line_range(&text, line);
                    if offset > range.end {
                        continue; // inside a line break
                    }
                    let position = map.position(&text, offset, encoding);
                    prop_assert_eq!(map.offset(&text, position, encoding), offset);
                }
                let position = map.position(&text, probe, encoding);
                let back = map.offset(&text, position, encoding);
                prop_assert!(back <= text.len() && text.is_char_boundary(back));
            }
        }
    }
}
