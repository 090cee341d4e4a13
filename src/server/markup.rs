//! The format of hover and completion documentation (SPEC §10.2, "in the
//! editor's world"): Markdown when the client says it shows Markdown
//! (`hover.contentFormat`, `completionItem.documentationFormat`), else plain
//! text without Markdown marks.
//!
//! Every text the server documents with is written once, in Markdown; a
//! client that offers no `markdown` gets it rendered as plain text
//! ([`plain_text`]): the words of code spans without their backticks, no
//! `**`, list items as `- ` lines, paragraphs apart by a blank line.

use lsp_types::{Documentation, MarkupContent, MarkupKind};
use pulldown_cmark::{Event, Parser, Tag, TagEnd};

/// The format a client takes for one kind of documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Markdown, as written.
    Markdown,
    /// Plain text, the Markdown marks taken out.
    PlainText,
}

impl Format {
    /// The format for a client that offers `formats` (`None` when it says
    /// nothing): Markdown only when it lists `markdown`, since LSP leaves
    /// anything else to plain text.
    pub fn offered(formats: Option<&[MarkupKind]>) -> Format {
        if formats.is_some_and(|f| f.contains(&MarkupKind::Markdown)) {
            Format::Markdown
        } else {
            Format::PlainText
        }
    }

    /// `markdown` (Markdown text) as a `MarkupContent` of this format.
    pub fn content(self, markdown: String) -> MarkupContent {
        match self {
            Format::Markdown => MarkupContent {
                kind: MarkupKind::Markdown,
                value: markdown,
            },
            Format::PlainText => MarkupContent {
                kind: MarkupKind::PlainText,
                value: plain_text(&markdown),
            },
        }
    }

    /// `markdown` as a completion item's documentation in this format: a
    /// Markdown `MarkupContent`, or a plain string (which every client
    /// takes, whatever it lists).
    pub fn documentation(self, markdown: String) -> Documentation {
        match self {
            Format::Markdown => Documentation::MarkupContent(self.content(markdown)),
            Format::PlainText => Documentation::String(plain_text(&markdown)),
        }
    }
}

/// `markdown` as plain text: the text of each paragraph, heading and code
/// block without its marks (no `**`, `_` or backticks, a link as its
/// text), list items as `- ` (or `1. `) lines indented two spaces a level,
/// blocks apart by a blank line, and a thematic break as a line of `─`.
pub fn plain_text(markdown: &str) -> String {
    let mut out = String::new();
    // The open lists, innermost last: the next number of an ordered one.
    let mut lists: Vec<Option<u64>> = Vec::new();
    // Right after a list item's marker, where its first block starts.
    let mut item_start = false;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(
                Tag::Paragraph | Tag::Heading { .. } | Tag::CodeBlock(_) | Tag::BlockQuote(_),
            ) => {
                if item_start {
                    item_start = false;
                } else if lists.is_empty() {
                    separate(&mut out, "\n\n");
                } else {
                    separate(&mut out, "\n");
                    indent(&mut out, lists.len());
                }
            }
            Event::Start(Tag::List(first)) => {
                if lists.is_empty() {
                    separate(&mut out, "\n\n");
                }
                lists.push(first);
            }
            Event::End(TagEnd::List(_)) => {
                lists.pop();
            }
            Event::Start(Tag::Item) => {
                if !out.is_empty() && !out.ends_with('\n') {
                    separate(&mut out, "\n");
                }
                indent(&mut out, lists.len().saturating_sub(1));
                match lists.last_mut() {
                    Some(Some(n)) => {
                        out.push_str(&format!("{n}. "));
                        *n += 1;
                    }
                    _ => out.push_str("- "),
                }
                item_start = true;
            }
            Event::Text(text)
            | Event::Code(text)
            | Event::Html(text)
            | Event::InlineHtml(text)
            | Event::InlineMath(text)
            | Event::DisplayMath(text) => {
                item_start = false;
                out.push_str(&text);
            }
            Event::SoftBreak | Event::HardBreak => {
                out.push('\n');
                indent(&mut out, lists.len());
            }
            Event::Rule => {
                separate(&mut out, "\n\n");
                out.push_str("────────");
            }
            _ => {}
        }
    }
    out.truncate(out.trim_end().len());
    out
}

/// Ends `out` with exactly `separator` (after its text, not at its start).
fn separate(out: &mut String, separator: &str) {
    if out.is_empty() {
        return;
    }
    out.truncate(out.trim_end_matches(['\n', ' ']).len());
    out.push_str(separator);
}

/// Two spaces for each of `levels` list levels.
fn indent(out: &mut String, levels: usize) {
    out.push_str(&"  ".repeat(levels));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_taken_out() {
        let text = "**`relay`** · decision key\n\nWhat is relayed.\n\n- **Answer words:** `off` `last-resort`\n- **Shipped default:** `off`\n";
        assert_eq!(
            plain_text(text),
            "relay · decision key\n\nWhat is relayed.\n\n- Answer words: off last-resort\n- Shipped default: off"
        );
    }

    #[test]
    fn blocks_lists_links_and_rules() {
        let text = "# Title\n\nOne line\nand the next, [a link](https://x.y) and *this*.\n\n1. first\n2. second\n   - inner `x`\n\n```\ncode `kept`\n```\n\n---\n\nEnd with `` a`b ``.";
        assert_eq!(
            plain_text(text),
            "Title\n\nOne line\nand the next, a link and this.\n\n1. first\n2. second\n  - inner x\n\ncode `kept`\n\n────────\n\nEnd with a`b."
        );
    }

    #[test]
    fn formats_follow_what_the_client_offers() {
        assert_eq!(Format::offered(None), Format::PlainText);
        assert_eq!(
            Format::offered(Some(&[MarkupKind::PlainText])),
            Format::PlainText
        );
        assert_eq!(
            Format::offered(Some(&[MarkupKind::PlainText, MarkupKind::Markdown])),
            Format::Markdown
        );
        assert_eq!(
            Format::PlainText.documentation("**a** `b`".into()),
            Documentation::String("a b".into())
        );
        let content = Format::Markdown.content("**a**".into());
        assert_eq!(
            (content.kind, content.value.as_str()),
            (MarkupKind::Markdown, "**a**")
        );
    }
}
