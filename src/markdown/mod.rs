//! Markdown reading: one pass of pulldown-cmark over a file, recorded as byte
//! ranges (headings, pipe tables, code spans and blocks, HTML blocks), plus a
//! line index and the frontmatter split (SPEC §3).
//!
//! Everything downstream (the plan model, the manifest reader, the lints, the
//! writer) reads this one parse; nothing re-parses a file.

pub mod conflict;
pub mod inline;
mod mask;
pub mod suppression;
pub mod table;

use std::ops::Range;
use std::path::{Path, PathBuf};

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use crate::error::{Error, Result};

/// Maps byte offsets to 1-based lines and columns.
#[derive(Debug, Clone, Default)]
pub struct LineIndex {
    /// Byte offset of the start of each line.
    starts: Vec<usize>,
    /// Length of the text in bytes.
    len: usize,
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
        LineIndex {
            starts,
            len: text.len(),
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
        let col = text
            .get(start..offset.min(text.len()))
            .map(|s| s.chars().count())
            .unwrap_or(0);
        (line, col + 1)
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

/// The YAML frontmatter block of a file (SPEC §3.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrontmatterBlock {
    /// Byte range of the YAML text between the two `---` lines.
    pub yaml: Range<usize>,
    /// 1-based line of the first YAML line.
    pub first_line: usize,
    /// Byte offset just after the closing `---` line (the body starts here).
    pub end: usize,
}

/// Whether `line` (without its line ending) is a frontmatter fence of
/// `marks` (`---`, or `...` for a closing fence): the marks, then nothing
/// but spaces or tabs (SPEC §3.1).
fn is_fence(line: &str, marks: &str) -> bool {
    line.strip_prefix(marks)
        .is_some_and(|rest| rest.bytes().all(|b| matches!(b, b' ' | b'\t')))
}

/// Whether `text` opens a frontmatter block: its first line (after an
/// optional UTF-8 BOM) is `---` (trailing blanks allowed) and another line
/// follows. With no closing line the block is never closed, and
/// [`split_frontmatter`] finds none.
pub fn opens_frontmatter(text: &str) -> bool {
    let rest = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut lines = lines_with_offsets(rest);
    lines
        .next()
        .is_some_and(|(_, first)| is_fence(first, "---"))
        && line_ends(rest.as_bytes()).next().is_some()
}

/// Finds the frontmatter (SPEC §3.1): a first line `---` (an optional UTF-8
/// BOM before it) and the next line that is `---` or `...`, either fence
/// with trailing spaces or tabs allowed; lines end as SPEC §3 says. `None`
/// when the file does not open with one or it is never closed.
pub fn split_frontmatter(text: &str) -> Option<FrontmatterBlock> {
    let start = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
    let mut lines = lines_with_offsets(&text[start..]).map(|(o, line)| (start + o, line));
    let (_, first) = lines.next()?;
    if !is_fence(first, "---") {
        return None;
    }
    let mut yaml_start = None;
    for (offset, line) in lines {
        let yaml = *yaml_start.get_or_insert(offset);
        if is_fence(line, "---") || is_fence(line, "...") {
            let after = offset + line.len();
            let end = line_ends(&text.as_bytes()[after..])
                .next()
                .map_or(text.len(), |e| after + e);
            return Some(FrontmatterBlock {
                yaml: yaml..offset,
                first_line: 2,
                end,
            });
        }
    }
    None
}

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
    pub fn parse(text: &str, from: usize) -> Document {
        let body = &text[from..];
        if let Some(reduced) = mask::reduce(body)
            && let Some(doc) = reduced.restore(Document::parse_body(&reduced.text, from), from)
        {
            return doc;
        }
        Document::parse_body(body, from)
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

    /// Whether byte `offset` lies inside a code block or an HTML block.
    pub fn in_code_or_html(&self, offset: usize) -> bool {
        contains_sorted(&self.code_blocks, |b| &b.range, offset)
            || contains_sorted(&self.html_blocks, |r| r, offset)
    }
}

/// Whether one of `items` — blocks in document order, so their ranges are
/// sorted and do not overlap — contains `offset`; a binary search, so a scan
/// over every line of a file stays linear in its size.
fn contains_sorted<T>(items: &[T], range: impl Fn(&T) -> &Range<usize>, offset: usize) -> bool {
    let after = items.partition_point(|item| range(item).start <= offset);
    after > 0 && range(&items[after - 1]).contains(&offset)
}

/// Whether `text` starts with `prefix`, ignoring ASCII case.
pub fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.len() >= prefix.len()
        && text.is_char_boundary(prefix.len())
        && text[..prefix.len()].eq_ignore_ascii_case(prefix)
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

/// A fenced code block or an HTML comment that is never closed: CommonMark
/// runs it to the end of the file (or of the blockquote or list item it
/// sits in), so every heading, table and phase block after its opening
/// line is read as code or as a comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnclosedBlock {
    /// What opens it, as written: the fence (```` ``` ````, `~~~~`) or `<!--`.
    pub opener: String,
    /// 1-based line of the opening fence or `<!--`.
    pub line: usize,
    /// Byte range of the block, from its opening line to where it ends.
    pub range: Range<usize>,
}

/// `line` without its container marks: leading blanks and blockquote `>`s.
pub fn without_container_marks(line: &str) -> &str {
    line.trim_start_matches([' ', '\t', '>'])
}

/// The fence that opens a code block whose first line is `line`: the run
/// of backticks or tildes (three or more), when there is one.
fn opening_fence(line: &str) -> Option<&str> {
    let rest = without_container_marks(line);
    let marker = rest.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let fence = &rest[..rest.len() - rest.trim_start_matches(marker).len()];
    (fence.len() >= 3).then_some(fence)
}

/// Whether `line` closes a code block opened by `fence`: the same mark,
/// at least as many times, and nothing else but blanks.
fn closes_fence(line: &str, fence: &str) -> bool {
    let Some(marker) = fence.chars().next() else {
        return false;
    };
    let rest = without_container_marks(line);
    let after = rest.trim_start_matches(marker);
    rest.len() - after.len() >= fence.len() && after.trim().is_empty()
}

impl UnclosedBlock {
    /// The first line inside a code block that is never closed which a
    /// person takes for its closing fence although the reader does not
    /// (```` ```\t ````: a tab after the fence, or more than three spaces
    /// before it); `None` for an HTML comment or when there is none.
    pub fn near_closer(&self, file: &MarkdownFile) -> Option<usize> {
        if self.opener == "<!--" {
            return None;
        }
        let last = file.line_of(self.range.end.saturating_sub(1).max(self.range.start));
        (self.line + 1..=last).find(|&l| closes_fence(file.line_text(l), &self.opener))
    }

    /// For a message: ` (line N, "```\u{9}", does not close it: …)` naming
    /// the [`UnclosedBlock::near_closer`] line, escaped; empty when there is
    /// none.
    pub fn near_closer_note(&self, file: &MarkdownFile) -> String {
        self.near_closer(file)
            .map(|line| {
                format!(
                    " (line {line}, \"{}\", does not close it: a closing fence is the fence alone, indented at most 3 spaces and followed only by spaces)",
                    crate::error::escape_invisible(file.line_text(line))
                )
            })
            .unwrap_or_default()
    }
}

/// A fenced code block that is closed, but whose fences pair up wrongly by
/// every sign: a stray fence above the lines meant as text pairs with a
/// later fence, so the lines between read as code, and the fence meant to
/// close that later block opens one instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MispairedBlock {
    /// 1-based line of the fence that opens it.
    pub line: usize,
    /// 1-based line of the fence that closes it.
    pub end: usize,
    /// Byte range of the block, fences included.
    pub range: Range<usize>,
    /// A line inside written as an opening fence of the same mark (```` ```sh
    /// ````), which opens nothing inside a block: the fence of `line` took
    /// the closing fence meant for it.
    pub inner: Option<usize>,
    /// The opening line of a code fence after the block that is never
    /// closed: the file's fences do not pair up.
    pub unclosed: Option<usize>,
}

impl MarkdownFile {
    /// The closed fenced code blocks whose fences pair up wrongly by every
    /// sign ([`MispairedBlock`]): one holds a line written as an opening
    /// fence of its own mark and length, or a code fence after it is never
    /// closed. In document order.
    pub fn mispaired_blocks(&self) -> Vec<MispairedBlock> {
        let unclosed: Vec<UnclosedBlock> = self
            .unclosed_blocks()
            .into_iter()
            .filter(|b| b.opener != "<!--")
            .collect();
        let mut out = Vec::new();
        for block in self.doc.code_blocks.iter().filter(|b| b.fenced) {
            if unclosed.iter().any(|u| u.range.start == block.range.start) {
                continue;
            }
            let line = self.line_of(block.range.start);
            let Some(fence) = opening_fence(self.line_text(line)) else {
                continue;
            };
            let end = self.line_of(block.range.end.saturating_sub(1).max(block.range.start));
            let marker = fence.chars().next();
            let inner = (line + 1..end).find(|&l| {
                opening_fence(self.line_text(l))
                    .is_some_and(|f| f.chars().next() == marker && f.len() >= fence.len())
            });
            let unclosed = unclosed
                .iter()
                .find(|u| u.range.start >= block.range.end)
                .map(|u| u.line);
            if inner.is_some() || unclosed.is_some() {
                out.push(MispairedBlock {
                    line,
                    end,
                    range: block.range.clone(),
                    inner,
                    unclosed,
                });
            }
        }
        out
    }

    /// The fenced code blocks and HTML comments of the body that are never
    /// closed, in document order.
    pub fn unclosed_blocks(&self) -> Vec<UnclosedBlock> {
        let mut out = Vec::new();
        for block in self.doc.code_blocks.iter().filter(|b| b.fenced) {
            let first = self.line_of(block.range.start);
            let Some(fence) = opening_fence(self.line_text(first)) else {
                continue;
            };
            let last = self.line_of(block.range.end.saturating_sub(1).max(block.range.start));
            if last == first || !closes_fence(self.line_text(last), fence) {
                out.push(UnclosedBlock {
                    opener: fence.to_string(),
                    line: first,
                    range: block.range.clone(),
                });
            }
        }
        for range in &self.doc.html_blocks {
            let text = &self.text[range.clone()];
            if without_container_marks(text).starts_with("<!--") && !text.contains("-->") {
                out.push(UnclosedBlock {
                    opener: "<!--".to_string(),
                    line: self.line_of(range.start),
                    range: range.clone(),
                });
            }
        }
        out.sort_by_key(|b| b.range.start);
        out
    }
}

/// A Markdown file read from disk: its path, text, line index, frontmatter
/// block and the one parse of its body.
#[derive(Debug, Clone)]
pub struct MarkdownFile {
    /// The file as named (not canonicalised).
    pub path: PathBuf,
    /// The whole text, BOM included.
    pub text: String,
    /// Line index of `text`.
    pub lines: LineIndex,
    /// The frontmatter block, if the file opens with one.
    pub frontmatter: Option<FrontmatterBlock>,
    /// The parse of the body.
    pub doc: Document,
}

impl MarkdownFile {
    /// Builds the model of `text` as the content of `path`.
    pub fn from_text(path: PathBuf, text: String) -> MarkdownFile {
        let frontmatter = split_frontmatter(&text);
        let body_start = match &frontmatter {
            Some(fm) => fm.end,
            None if text.starts_with('\u{FEFF}') => 3,
            None => 0,
        };
        let doc = Document::parse(&text, body_start);
        let lines = LineIndex::new(&text);
        MarkdownFile {
            path,
            text,
            lines,
            frontmatter,
            doc,
        }
    }

    /// Reads `path` as UTF-8 and parses it: a plan, a twin or a handoff.
    /// `Ok(None)` when the file does not exist (a dangling symlink
    /// included); [`Error::SpecialFile`] at once, without waiting on it,
    /// when it is a FIFO, a socket or a device (SPEC §6); [`Error::Read`]
    /// when it cannot be read; [`Error::NotUtf8`] when it is not UTF-8.
    pub fn read(path: &Path) -> Result<Option<MarkdownFile>> {
        let read_error = |source| Error::Read {
            path: path.to_path_buf(),
            source,
        };
        let mut file = match open_without_waiting(path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            // A socket cannot be opened at all (ENXIO): what it is says
            // more than the system's reason.
            Err(source) => {
                return Err(std::fs::metadata(path)
                    .ok()
                    .and_then(|m| special_file_kind(&m.file_type()))
                    .map_or_else(
                        || read_error(source),
                        |what| Error::SpecialFile {
                            path: path.to_path_buf(),
                            what,
                        },
                    ));
            }
        };
        let kind = file.metadata().map_err(read_error)?.file_type();
        if let Some(what) = special_file_kind(&kind) {
            return Err(Error::SpecialFile {
                path: path.to_path_buf(),
                what,
            });
        }
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut file, &mut bytes).map_err(read_error)?;
        let text = decode_utf8(path, bytes)?;
        Ok(Some(MarkdownFile::from_text(path.to_path_buf(), text)))
    }

    /// The 1-based line of byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.lines.line_of(offset)
    }

    /// The text of 1-based `line`, without its line ending.
    pub fn line_text(&self, line: usize) -> &str {
        &self.text[self.lines.line_range(&self.text, line)]
    }
}

/// Opens `path` for reading without waiting: a FIFO with no writer opens
/// at once (`O_NONBLOCK` on Unix) instead of blocking until one comes, so
/// that the caller can look at what it opened and refuse it.
fn open_without_waiting(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// What a file of type `kind` is, in words, when it is a FIFO, a socket or
/// a device (which a plan, a twin or a handoff can never be); `None` for a
/// regular file or a folder.
fn special_file_kind(kind: &std::fs::FileType) -> Option<&'static str> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
    }
    (!kind.is_file() && !kind.is_dir()).then_some("not a regular file")
}

/// `bytes` as a UTF-8 string; [`Error::NotUtf8`] naming `path` and the line
/// of the first invalid byte otherwise.
pub fn decode_utf8(path: &Path, bytes: Vec<u8>) -> Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let line = 1 + line_ends(&bytes[..offset]).count();
        Error::NotUtf8 {
            path: path.to_path_buf(),
            line,
            offset,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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

    #[test]
    fn frontmatter_fences_as_common_readers_take_them() {
        let block = |text: &str| {
            split_frontmatter(text).map(|fm| {
                (
                    text[fm.yaml.clone()].to_string(),
                    text[fm.end..].to_string(),
                )
            })
        };
        assert_eq!(
            block("--- \t\nslug: x\n---  \n# T\n"),
            Some(("slug: x\n".into(), "# T\n".into()))
        );
        assert_eq!(
            block("---\nslug: x\n...\n# T\n"),
            Some(("slug: x\n".into(), "# T\n".into()))
        );
        assert_eq!(
            block("---\rslug: x\r---\r# T\r"),
            Some(("slug: x\r".into(), "# T\r".into()))
        );
        assert_eq!(
            block("---\n---\nbody"),
            Some((String::new(), "body".into()))
        );
        assert_eq!(
            block("---\nslug: x\n---"),
            Some(("slug: x\n".into(), String::new()))
        );
        assert_eq!(block("...\nslug: x\n---\n"), None);
        assert_eq!(block("--- x\nslug: x\n---\n"), None);
        assert_eq!(block("---\nslug: x\n ---\n"), None);
        assert!(opens_frontmatter("---\rslug: x\r"));
        assert!(opens_frontmatter("--- \nslug: x\n"));
        assert!(!opens_frontmatter("---"));
    }

    #[test]
    fn frontmatter_with_bom_and_crlf() {
        let text = "\u{FEFF}---\r\nslug: x\r\n---\r\n# T\r\n";
        let fm = split_frontmatter(text).expect("frontmatter");
        assert_eq!(&text[fm.yaml.clone()], "slug: x\r\n");
        assert_eq!(&text[fm.end..], "# T\r\n");
        assert!(split_frontmatter("---\nslug: x\n").is_none());
        assert!(split_frontmatter("# no\n---\n").is_none());
    }

    #[test]
    fn unclosed_fences_and_comments() {
        let unclosed = |text: &str| {
            MarkdownFile::from_text(PathBuf::from("t.md"), text.to_string())
                .unclosed_blocks()
                .into_iter()
                .map(|b| (b.opener, b.line))
                .collect::<Vec<_>>()
        };
        assert_eq!(unclosed("# T\n\n```sh\nls\n```\n\nafter\n"), vec![]);
        assert_eq!(unclosed("# T\n\n```sh\nls\n```"), vec![]);
        assert_eq!(
            unclosed("```sh\nls\n## Decisions\n"),
            vec![("```".into(), 1)]
        );
        assert_eq!(unclosed("x\n\n````\n```\n"), vec![("````".into(), 3)]);
        assert_eq!(unclosed("x\n\n~~~\n"), vec![("~~~".into(), 3)]);
        assert_eq!(unclosed("~~~\n```\n"), vec![("~~~".into(), 1)]);
        assert_eq!(unclosed("````rust\nx\n`````\n"), vec![]);
        assert_eq!(unclosed("> ```\n> a\n> ```\n"), vec![]);
        assert_eq!(unclosed("<!-- a -->\n\n<!-- b\n-->\n"), vec![]);
        assert_eq!(
            unclosed("# T\n\n<!-- note\n## Decisions\n"),
            vec![("<!--".into(), 3)]
        );
        assert!(opens_frontmatter("---\nslug: x\n"));
        assert!(opens_frontmatter("\u{FEFF}---\r\nslug: x\r\n"));
        assert!(!opens_frontmatter("# ---\n"));
    }

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
