//! What a table cell shows once rendered: the cell's text read as GFM inline
//! Markdown, as a reader of the rendered plan sees it (SPEC §5.4: an answer
//! that renders as nothing is no answer).

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use crate::error::is_invisible;

/// The text a GFM table cell holding `cell` (as the reader gives it: `\|`
/// already read as `|`) shows once rendered: the text and code of the
/// cell, entities and escapes decoded as pulldown-cmark decodes them, HTML
/// (comments, tags) dropped, line breaks as one space. Link and image
/// destinations are not shown; an image's alt text is. Whitespace and
/// invisible characters are kept: see [`shows_nothing`].
pub fn rendered_text(cell: &str) -> String {
    let escaped = super::table::recount_backslashes_before_pipes(cell, |k| 2 * k + 1);
    let doc = format!("| |\n|-|\n| {} |\n", escaped.replace(['\n', '\r'], " "));
    let mut out = String::new();
    let mut in_body_cell = false;
    let mut in_head = false;
    for event in Parser::new_ext(&doc, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH) {
        match event {
            Event::Start(Tag::TableHead) => in_head = true,
            Event::End(TagEnd::TableHead) => in_head = false,
            Event::Start(Tag::TableCell) => in_body_cell = !in_head,
            Event::End(TagEnd::TableCell) => in_body_cell = false,
            Event::Text(text) | Event::Code(text) if in_body_cell => out.push_str(&text),
            Event::SoftBreak | Event::HardBreak if in_body_cell => out.push(' '),
            _ => {}
        }
    }
    out
}

/// `text` with every `*` and backtick removed: a directive's value as the
/// reference's readers see it (`` `phase 1` `` and `**phase 1**` are
/// `phase 1`). Nothing else changes, whitespace included.
pub fn without_marks(text: &str) -> String {
    text.chars().filter(|c| !matches!(c, '*' | '`')).collect()
}

/// Whether `c` shows nothing in rendered text: whitespace (every Unicode
/// space, the non-breaking ones included), an invisible or format
/// character ([`is_invisible`]: zero-width spaces and joiners, the word
/// joiner, the soft hyphen, the BOM, the Hangul fillers), or the braille
/// blank U+2800.
pub fn is_blank(c: char) -> bool {
    c.is_whitespace() || is_invisible(c) || c == '\u{2800}'
}

/// Whether a cell holding `cell` shows nothing once rendered
/// ([`rendered_text`]): what remains is only [`is_blank`] characters.
/// `&nbsp;`, `<!-- -->`, `<br>`, `[]()`, a zero-width space all show
/// nothing; `-` and `…` show themselves.
pub fn shows_nothing(cell: &str) -> bool {
    rendered_text(cell).chars().all(is_blank)
}

/// What a cell holding `cell` shows once rendered, with every [`is_blank`]
/// character at either end removed.
pub fn visible(cell: &str) -> String {
    rendered_text(cell).trim_matches(is_blank).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_that_show_nothing() {
        for cell in [
            "",
            " \t",
            "\u{2800}\u{3164}",
            "&#x200B;&ensp;",
            "<br/>\u{FEFF}",
            "![]()",
            "`\u{A0}`",
            "<!-- last-resort -->",
            "\u{A0}&nbsp;<br>\u{200B}",
            "<span> </span>\u{AD}",
        ] {
            assert!(shows_nothing(cell), "{cell:?} should show nothing");
        }
    }

    #[test]
    fn cells_that_show_something() {
        for cell in [
            "x",
            "-",
            "…",
            "`<!-- -->`",
            "&amp;",
            "[off](https://example.com)",
            "![alt](x.png)",
            "~~off~~",
            "a|b",
            "\\|",
            "# x",
            "1.",
            "---",
            "**",
        ] {
            assert!(!shows_nothing(cell), "{cell:?} should show something");
        }
        assert_eq!(visible("\u{A0}<b>—</b>&nbsp;"), "—");
        assert_eq!(visible("`<!-- -->`"), "<!-- -->");
    }
}
