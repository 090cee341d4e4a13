//! Code fences and HTML comments that never close, and fences that pair up
//! wrongly (SPEC §6 `block-unclosed`): what they swallow and why a line a
//! person takes for the closing fence does not close them.

use std::ops::Range;

use super::MarkdownFile;

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
            // `unclosed` is sorted by start: the blocks at or after this one
            // begin at `later`.
            let later = unclosed.partition_point(|u| u.range.start < block.range.start);
            if unclosed
                .get(later)
                .is_some_and(|u| u.range.start == block.range.start)
            {
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
            let after = unclosed.partition_point(|u| u.range.start < block.range.end);
            let unclosed = unclosed.get(after).map(|u| u.line);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::opens_frontmatter;
    use std::path::PathBuf;

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
}
