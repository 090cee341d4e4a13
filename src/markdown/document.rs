//! One pass of pulldown-cmark over a file (SPEC §3): its headings, tables,
//! code blocks, code spans and HTML, with the byte range of each, and the
//! sections headings open.

use std::ops::Range;

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use super::{mask, starts_with_ignore_case};

/// A heading of the document (ATX or setext).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    /// 1 to 6.
    pub level: u8,
    /// The heading's text content (inline markup removed, code spans kept
    /// as their content), trimmed.
    pub text: String,
    /// Byte range of the heading in the file.
    pub range: Range<usize>,
    /// Whether the heading sits inside a blockquote or a list item: a
    /// heading of that container, which neither opens nor ends a section of
    /// the document (CommonMark).
    pub nested: bool,
}

/// A GFM pipe table as pulldown-cmark recognised it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Byte range of the whole table.
    pub range: Range<usize>,
    /// Whether the table sits inside a blockquote or a list item.
    pub nested: bool,
    /// Byte range of the header row (first) and of each body row, in order.
    /// The delimiter row has no entry.
    pub rows: Vec<Range<usize>>,
}

/// A code block (fenced or indented).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeBlock {
    /// Byte range of the block, fences included.
    pub range: Range<usize>,
    /// Whether the block is fenced (``` or ~~~) rather than indented.
    pub fenced: bool,
}

/// One pulldown-cmark pass over a file, kept as byte ranges into its text.
#[derive(Debug, Clone, Default)]
pub struct Document {
    /// Headings, in document order.
    pub headings: Vec<Heading>,
    /// Pipe tables, in document order.
    pub tables: Vec<Table>,
    /// Inline code spans: the byte range of the span's content. The cells
    /// of a table that follows a level-1 or level-2 heading directly are
    /// read as raw text and their spans are not listed (see
    /// [`Document::parse`]).
    pub code_spans: Vec<Range<usize>>,
    /// Code blocks, in document order.
    pub code_blocks: Vec<CodeBlock>,
    /// HTML blocks (comments included), in document order.
    pub html_blocks: Vec<Range<usize>>,
}

impl Document {
    /// Parses `text[from..]` (the body after the frontmatter) with GFM
    /// tables; every range is an offset into the whole `text`. The tables
    /// that follow a level-1 or level-2 heading directly are read without
    /// parsing the inline content of their cells (`mask.rs`): the blocks,
    /// tables and rows are those of [`Document::parse_unmasked`], without
    /// the inline events inside those cells.
    ///
    /// A body longer than [`PIECE_BYTES`] is parsed in pieces
    /// ([`Document::parse_in_pieces`]), so that the parser's tree of the
    /// whole file never stands in memory at once.
    pub fn parse(text: &str, from: usize) -> Document {
        Document::parse_in_pieces(text, from, PIECE_BYTES)
    }

    /// [`Document::parse`], with the body cut into pieces of about
    /// `piece_bytes` bytes: each piece but the first starts at a line that
    /// opens an ATX heading (`#` to `######` at the start of the line,
    /// then a blank or the line's end), and each is parsed alone. The
    /// result is the parse of the whole body: such a line starts a heading
    /// of the document itself whenever nothing before it runs on past it,
    /// as it ends every paragraph, list, quote, table and indented code
    /// block. So a piece is taken only when its parse leaves no fenced code
    /// block or HTML block open at its end, and the next one starts with a
    /// heading of the document; a body that may define a link reference
    /// (it holds `]:`), which a later piece could use, is parsed whole, and
    /// so is the rest of the body after a piece that fails.
    pub fn parse_in_pieces(text: &str, from: usize, piece_bytes: usize) -> Document {
        let body = &text[from..];
        if body.len() <= piece_bytes || memchr::memmem::find(body.as_bytes(), b"]:").is_some() {
            return Document::parse_piece(text, from);
        }
        let mut doc = Document::default();
        // The last piece parsed, not taken yet: where it starts, and its
        // parse.
        let mut pending: Option<(usize, Document)> = None;
        let mut start = from;
        loop {
            let split = start
                .checked_add(piece_bytes.max(1))
                .filter(|&at| at < text.len())
                .and_then(|at| heading_line_at_or_after(text, at));
            let end = split.unwrap_or(text.len());
            let piece = Document::parse_piece(&text[..end], start);
            if let Some((pending_start, pending_doc)) = pending.take() {
                if !piece
                    .headings
                    .first()
                    .is_some_and(|h| h.range.start == start && !h.nested)
                {
                    doc.append(Document::parse_piece(text, pending_start));
                    return doc;
                }
                doc.append(pending_doc);
            }
            if split.is_none() {
                doc.append(piece);
                return doc;
            }
            if !piece.closed_at(text, end) {
                doc.append(Document::parse_piece(text, start));
                return doc;
            }
            pending = Some((start, piece));
            start = end;
        }
    }

    /// One piece of [`Document::parse_in_pieces`]: `text[from..]`, its
    /// tables read with the shortcut of `mask.rs`.
    fn parse_piece(text: &str, from: usize) -> Document {
        let body = &text[from..];
        let mut doc = match mask::reduce(body) {
            Some(reduced) => reduced
                .restore(Document::parse_body(&reduced.text, from), from)
                .unwrap_or_else(|| Document::parse_body(body, from)),
            None => Document::parse_body(body, from),
        };
        doc.drop_raw_table_spans();
        doc
    }

    /// Leaves out the code spans inside the body rows of every table that
    /// follows a level-1 or level-2 heading directly (or no heading), outside
    /// any list or quote: the cells the shortcut of `mask.rs` reads as raw
    /// text. Whether the shortcut applied or the text was parsed in full,
    /// those spans are never listed, so the result does not depend on how
    /// the body was cut.
    fn drop_raw_table_spans(&mut self) {
        let mut raw: Vec<Range<usize>> = Vec::new();
        let mut heading = 0;
        for table in &self.tables {
            while heading < self.headings.len()
                && self.headings[heading].range.start < table.range.start
            {
                heading += 1;
            }
            let deep = self.headings[..heading]
                .iter()
                .rev()
                .find(|h| !h.nested)
                .is_some_and(|h| h.level > 2);
            if table.nested || deep {
                continue;
            }
            if let Some(first_body) = table.rows.get(1) {
                raw.push(first_body.start..table.range.end);
            }
        }
        if raw.is_empty() {
            return;
        }
        self.code_spans.retain(|span| {
            let at = raw.partition_point(|r| r.end <= span.start);
            raw.get(at).is_none_or(|r| span.start < r.start)
        });
    }

    /// Whether the parse of a piece of `text` that ends at `end` leaves no
    /// block open there that the text after it could continue: its last
    /// code block, when it reaches `end`, is a fenced block closed on its
    /// last line, and no HTML block reaches `end`.
    fn closed_at(&self, text: &str, end: usize) -> bool {
        if self.html_blocks.last().is_some_and(|r| r.end >= end) {
            return false;
        }
        let Some(block) = self.code_blocks.last().filter(|b| b.range.end >= end) else {
            return true;
        };
        let inside = &text[block.range.clone()];
        let mut lines = inside
            .split(['\n', '\r'])
            .filter(|l| !l.trim_matches([' ', '\t']).is_empty());
        let (Some(first), Some(last)) = (lines.next(), lines.next_back()) else {
            return false;
        };
        // The opening fence, and a closing fence of the same mark at least
        // as long with nothing after it, each indented less than 4 spaces.
        fn fence(line: &str) -> Option<(u8, usize, &str)> {
            let rest = line.trim_start_matches(' ');
            let mark = rest.bytes().next().filter(|b| matches!(b, b'`' | b'~'))?;
            let run = rest.bytes().take_while(|&b| b == mark).count();
            (line.len() - rest.len() < 4 && run >= 3).then_some((mark, run, &rest[run..]))
        }
        block.fenced
            && fence(first).zip(fence(last)).is_some_and(
                |((mark, run, _), (close_mark, close_run, after))| {
                    close_mark == mark
                        && close_run >= run
                        && after.trim_matches([' ', '\t']).is_empty()
                },
            )
    }

    /// Appends the parse of the text after this one's.
    fn append(&mut self, other: Document) {
        self.headings.extend(other.headings);
        self.tables.extend(other.tables);
        self.code_spans.extend(other.code_spans);
        self.code_blocks.extend(other.code_blocks);
        self.html_blocks.extend(other.html_blocks);
    }

    /// Parses `text[from..]` as [`Document::parse`] does, with every table
    /// cell's inline content read too.
    pub fn parse_unmasked(text: &str, from: usize) -> Document {
        Document::parse_body(&text[from..], from)
    }

    /// Parses `body`, which starts at offset `from` of the document.
    fn parse_body(body: &str, from: usize) -> Document {
        let mut doc = Document::default();
        let mut depth_nested = 0usize;
        let mut heading: Option<(u8, usize, String, bool)> = None;
        let mut table: Option<Table> = None;
        let parser = Parser::new_ext(body, Options::ENABLE_TABLES).into_offset_iter();
        for (event, range) in parser {
            let range = (range.start + from)..(range.end + from);
            match event {
                Event::Start(Tag::Heading { level, .. }) => {
                    heading = Some((
                        level_number(level),
                        range.start,
                        String::new(),
                        depth_nested > 0,
                    ));
                }
                Event::End(TagEnd::Heading(_)) => {
                    if let Some((level, start, text, nested)) = heading.take() {
                        doc.headings.push(Heading {
                            level,
                            text: text.trim().to_string(),
                            range: start..range.end,
                            nested,
                        });
                    }
                }
                Event::Code(t) => {
                    if let Some((_, _, text, _)) = heading.as_mut() {
                        text.push_str(&t);
                    }
                    doc.code_spans.push(range);
                }
                Event::Text(t) | Event::InlineHtml(t) => {
                    if let Some((_, _, text, _)) = heading.as_mut() {
                        text.push_str(&t);
                    }
                }
                Event::SoftBreak | Event::HardBreak => {
                    if let Some((_, _, text, _)) = heading.as_mut() {
                        text.push(' ');
                    }
                }
                Event::Start(Tag::BlockQuote(_)) | Event::Start(Tag::Item) => depth_nested += 1,
                Event::End(TagEnd::BlockQuote(_)) | Event::End(TagEnd::Item) => {
                    depth_nested = depth_nested.saturating_sub(1)
                }
                Event::Start(Tag::Table(_)) => {
                    table = Some(Table {
                        range: range.clone(),
                        nested: depth_nested > 0,
                        rows: Vec::new(),
                    });
                }
                Event::Start(Tag::TableHead) | Event::Start(Tag::TableRow) => {
                    if let Some(t) = table.as_mut() {
                        t.rows.push(range);
                    }
                }
                Event::End(TagEnd::Table) => {
                    if let Some(t) = table.take() {
                        doc.tables.push(t);
                    }
                }
                Event::Start(Tag::CodeBlock(kind)) => doc.code_blocks.push(CodeBlock {
                    range,
                    fenced: matches!(kind, pulldown_cmark::CodeBlockKind::Fenced(_)),
                }),
                Event::Start(Tag::HtmlBlock) => doc.html_blocks.push(range),
                _ => {}
            }
        }
        doc
    }

    /// The byte range of the section that heading `index` opens: from the
    /// heading's start to the next heading of level `max_level` or
    /// shallower (or the end of `text_len`). Only a heading of the document
    /// itself ends a section, never one nested in a blockquote or a list
    /// item.
    pub fn section(&self, index: usize, max_level: u8, text_len: usize) -> Range<usize> {
        let start = self.headings[index].range.start;
        let end = self.headings[index + 1..]
            .iter()
            .find(|h| h.level <= max_level && !h.nested)
            .map(|h| h.range.start)
            .unwrap_or(text_len);
        start..end
    }

    /// The first level-2 heading of the document (not nested in a
    /// blockquote or a list item) whose text starts with `prefix`
    /// (case-insensitive), as an index into [`Document::headings`].
    pub fn find_h2_starting(&self, prefix: &str) -> Option<usize> {
        self.headings
            .iter()
            .position(|h| h.level == 2 && !h.nested && starts_with_ignore_case(&h.text, prefix))
    }

    /// The inline code spans that start inside `range`, in document order (a
    /// binary search: the spans are sorted by their start).
    pub fn code_spans_in(&self, range: Range<usize>) -> &[Range<usize>] {
        let first = self.code_spans.partition_point(|r| r.start < range.start);
        let last = self.code_spans.partition_point(|r| r.start < range.end);
        &self.code_spans[first..last.max(first)]
    }

    /// The code blocks that start inside `range`, in document order (a
    /// binary search: the blocks are sorted by their start).
    pub fn code_blocks_in(&self, range: Range<usize>) -> &[CodeBlock] {
        let first = self
            .code_blocks
            .partition_point(|b| b.range.start < range.start);
        let last = self
            .code_blocks
            .partition_point(|b| b.range.start < range.end);
        &self.code_blocks[first..last.max(first)]
    }

    /// The code block that holds byte `offset`, if one does (a binary
    /// search: the blocks are sorted and do not overlap).
    pub fn code_block_at(&self, offset: usize) -> Option<&CodeBlock> {
        let after = self
            .code_blocks
            .partition_point(|b| b.range.start <= offset);
        self.code_blocks[..after]
            .last()
            .filter(|b| b.range.contains(&offset))
    }

    /// Whether byte `offset` lies inside a code block or an HTML block.
    pub fn in_code_or_html(&self, offset: usize) -> bool {
        contains_sorted(&self.code_blocks, |b| &b.range, offset)
            || contains_sorted(&self.html_blocks, |r| r, offset)
    }
}

/// The size of the pieces a long body is parsed in (see
/// [`Document::parse_in_pieces`]).
pub const PIECE_BYTES: usize = 1 << 20;

/// The start of the first line of `text` that starts at or after byte `at`
/// and opens an ATX heading: one to six `#` at the very start of the line,
/// then a blank, a line ending or the end of the text.
fn heading_line_at_or_after(text: &str, at: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let opens_heading = |start: usize| {
        let hashes = bytes[start..].iter().take_while(|&&b| b == b'#').count();
        (1..=6).contains(&hashes)
            && bytes
                .get(start + hashes)
                .is_none_or(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
    };
    let before = at.checked_sub(1)?;
    // Line starts: after each `\n`, and after each `\r` no `\n` follows.
    let mut starts = memchr::memchr2_iter(b'\n', b'\r', &bytes[before..])
        .map(|i| before + i)
        .filter(|&i| !(bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n')))
        .map(|i| i + 1);
    starts.find(|&start| start < bytes.len() && opens_heading(start))
}

/// Whether one of `items` — blocks in document order, so their ranges are
/// sorted and do not overlap — contains `offset`; a binary search, so a scan
/// over every line of a file stays linear in its size.
fn contains_sorted<T>(items: &[T], range: impl Fn(&T) -> &Range<usize>, offset: usize) -> bool {
    let after = items.partition_point(|item| range(item).start <= offset);
    after > 0 && range(&items[after - 1]).contains(&offset)
}

fn level_number(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_headings_and_nesting() {
        let text = "## Decisions log\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> | q | r |\n> |---|---|\n\n```\n| x |\n```\n";
        let doc = Document::parse(text, 0);
        assert_eq!(doc.headings.len(), 1);
        assert_eq!(doc.headings[0].text, "Decisions log");
        assert_eq!(doc.tables.len(), 2);
        assert!(!doc.tables[0].nested);
        assert!(doc.tables[1].nested);
        assert_eq!(doc.tables[0].rows.len(), 2);
        assert_eq!(doc.code_blocks.len(), 1);
        assert_eq!(doc.find_h2_starting("decisions"), Some(0));
    }
}
