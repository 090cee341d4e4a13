//! What an unread row's finding says: why no reader takes the rows, and
//! what to do about it (SPEC §6 `decision-table-unread`).

use super::{HeadingAt, Place, Unread};
use crate::error::escape_lookalikes;
use crate::markdown::MarkdownFile;
use crate::plan::decisions::names_decisions;

impl Unread {
    /// Why the rows are unread and what to do, for a message:
    /// `(why, todo)`.
    pub fn explain(&self, file: &MarkdownFile) -> (String, String) {
        let quoted = |line: usize| {
            format!(
                "\"{}\"",
                escape_lookalikes(file.line_text(line).trim_matches([' ', '\t']))
            )
        };
        let named = |h: &HeadingAt| format!("\"{}\" (line {})", escape_lookalikes(&h.text), h.line);
        match &self.place {
            Place::NoSection { under, near } => {
                let detail = match (near, under) {
                    (Some(line), _) => format!(" (line {line}, {}, is not one)", quoted(*line)),
                    (None, Some(h)) => format!(
                        " (the rows sit under \"{}\", line {})",
                        escape_lookalikes(&h.text),
                        h.line
                    ),
                    (None, None) => String::new(),
                };
                (
                    format!(
                        "the file has no \"## Decisions\" heading{detail}, so no reader takes these rows as the manifest"
                    ),
                    "put them under a level-2 heading written \"## Decisions\"".to_string(),
                )
            }
            Place::OutsideSection {
                section_line,
                under: Some(h),
            } if names_decisions(&h.text) => (
                format!(
                    "these rows sit under a second Decisions heading, {}; the reader takes only the first, at line {section_line}, so they are never read",
                    named(h)
                ),
                "merge the two sections into one".to_string(),
            ),
            Place::OutsideSection {
                section_line,
                under: Some(h),
            } => match h.underline {
                Some(underline) => (
                    format!(
                        "these rows sit under the heading that starts at line {}, which ends the Decisions section of line {section_line}: the {} at line {underline}, right under a paragraph, makes that paragraph a heading, so no reader takes the rows as the manifest",
                        h.line,
                        quoted(underline)
                    ),
                    format!("put a blank line above line {underline} (or delete it)"),
                ),
                None => (
                    format!(
                        "these rows sit under {}, a level-{} heading that ends the Decisions section of line {section_line}, so no reader takes them as the manifest",
                        named(h),
                        h.level
                    ),
                    format!(
                        "move them into the Decisions table, or make line {} no heading",
                        h.line
                    ),
                ),
            },
            Place::OutsideSection {
                section_line,
                under: None,
            } => (
                format!(
                    "these rows sit before the Decisions section (line {section_line}), so no reader takes them as the manifest"
                ),
                "move them into its table".to_string(),
            ),
            Place::SecondTable { manifest_line } => (
                format!(
                    "this is a second decision table in the Decisions section; the reader takes only the first, at line {manifest_line}, so these rows are never read"
                ),
                format!("move them into the table at line {manifest_line}"),
            ),
            Place::FrontMatter { closing_line } => (
                format!(
                    "these lines are inside the front matter that the \"---\" of line 1 opens and line {closing_line} closes, so no reader sees them"
                ),
                "if line 1 is meant as a rule, delete it (or write *** instead)".to_string(),
            ),
            Place::Unclosed {
                opener,
                line,
                near_closer,
            } => {
                let what = if opener == "<!--" {
                    "HTML comment"
                } else {
                    "code block"
                };
                let todo = if opener == "<!--" {
                    "end the comment with --> where it should end".to_string()
                } else {
                    format!("close the code block with a {opener} line where it should end")
                };
                (
                    format!(
                        "these lines are inside the {what} opened at line {line} with {opener}, which is never closed{near_closer}, so no reader sees them"
                    ),
                    todo,
                )
            }
            Place::Mispaired {
                line,
                end,
                inner,
                unclosed,
            } => {
                let sign = match (inner, unclosed) {
                    (Some(inner), _) => format!(
                        "line {inner} ({}) inside it opens no block of its own, so the fence of line {end} meant for it closes this one",
                        quoted(*inner)
                    ),
                    (None, Some(unclosed)) => format!(
                        "the code fence of line {unclosed} is never closed, so the file's fences pair up wrongly somewhere above it"
                    ),
                    (None, None) => String::new(),
                };
                (
                    format!(
                        "these lines are inside the code block that the fence of line {line} opens and line {end} closes, so no reader sees them, though they look meant as text: {sign}"
                    ),
                    format!(
                        "delete the stray fence (line {line}?), or give every code block a closing fence of its own"
                    ),
                )
            }
            Place::CommentOverrun { line, inner, end } => (
                format!(
                    "these lines are inside the HTML comment opened at line {line}, which runs on to the first \"-->\", at line {end}: the \"<!--\" of line {inner} opens no comment of its own inside it, so no reader sees them"
                ),
                format!("end the comment of line {line} with --> where it should end"),
            ),
            Place::Html { line } => (
                format!(
                    "these rows are inside the HTML block that line {line} ({}) opens, which runs on over them, so Markdown shows them as raw text and no reader takes them as the manifest",
                    quoted(*line)
                ),
                format!("put a blank line between line {line} and the table"),
            ),
            Place::Contained { marks } => {
                let container = if marks.contains('>') {
                    "a blockquote"
                } else {
                    "a list item"
                };
                (
                    format!(
                        "this row is inside {container} (the line starts with \"{}\"), so Markdown shows it as text and no reader takes it as a row of the manifest",
                        escape_lookalikes(marks.trim_end())
                    ),
                    "move it into the Decisions table, starting the line with |".to_string(),
                )
            }
            Place::NotARow {
                shape,
                key,
                manifest_line: Some(manifest_line),
            } => (
                format!(
                    "this line names the decision key `{key}` {}, which no reader takes as a row; the manifest is the pipe table at line {manifest_line}, so what the line says about `{key}` is never read",
                    shape.words()
                ),
                format!("write it as a row of the table at line {manifest_line}"),
            ),
            Place::NotARow {
                shape,
                key,
                manifest_line: None,
            } => (
                format!(
                    "the Decisions section holds no manifest table, but this line names the decision key `{key}` {}, which no reader takes as a row, so the section's decisions are never read",
                    shape.words()
                ),
                "write the decisions as a pipe table: a header | key | value | owner | state | blocking | source | evidence | phase |, a |---| delimiter row, then one row per key".to_string(),
            ),
        }
    }
}
