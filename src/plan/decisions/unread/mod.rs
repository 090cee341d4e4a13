//! Decision rows that no reader takes as the manifest (SPEC §3.3, §5.4):
//! a decision table outside the `## Decisions` section, a second one inside
//! it, or one hidden where no reader sees it — in front matter, in a code
//! fence or an HTML comment that is never closed, in an HTML block. A gate
//! that ignored them would say "may start" over rows a person wrote, so the
//! lint flags them (`decision-table-unread`), the start gate refuses while
//! they stand, and the writer refuses a twin that holds them.
//!
//! One detector serves the plan and the twin, the lint, the gate and the
//! writer.

mod message;
mod shapes;

use shapes::{
    has_cell_tag, is_decision_line, is_pipe_line, named_key, starts_with_decision, unshaped_rows,
};

use crate::markdown::{MarkdownFile, without_container_marks};
use crate::plan::decisions::FileKind;
use crate::plan::decisions::{DecisionSection, is_decisions_heading_like};
use std::ops::Range;

/// A heading of the document, as a message names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeadingAt {
    /// 1-based line where the heading starts.
    pub line: usize,
    /// Its level, 1 to 6.
    pub level: u8,
    /// Its text.
    pub text: String,
    /// For a setext heading (a paragraph with a `===` or `---` line under
    /// it), the 1-based line of that underline.
    pub underline: Option<usize>,
}

/// Where decision rows sit that no reader takes as the manifest, and so
/// why they are unread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// The file has no `## Decisions` section at all.
    NoSection {
        /// The heading the rows sit under, if any.
        under: Option<HeadingAt>,
        /// The nearest line above the rows (up to that heading) that starts
        /// with the word Decisions but is not a `## Decisions` heading
        /// (`## 📋 Decisions`, `<h2>Decisions</h2>`, `**Decisions**`).
        near: Option<usize>,
    },
    /// Outside the Decisions section the file has: before it, or after the
    /// heading that ends it.
    OutsideSection {
        /// 1-based line of the section's heading.
        section_line: usize,
        /// The heading the rows sit under, when they come after the section.
        under: Option<HeadingAt>,
    },
    /// A second table in the Decisions section: the reader takes only the
    /// first.
    SecondTable {
        /// 1-based line of the table the reader takes.
        manifest_line: usize,
    },
    /// Inside the front matter block (a first line `---` up to the next
    /// `---`).
    FrontMatter {
        /// 1-based line of the `---` that closes it.
        closing_line: usize,
    },
    /// Inside a fenced code block or an HTML comment that is never closed.
    Unclosed {
        /// What opens it: the fence, or `<!--`.
        opener: String,
        /// 1-based line of the opener.
        line: usize,
        /// Why a line a person takes for its closing fence does not close
        /// it, for a message (see
        /// [`crate::markdown::UnclosedBlock::near_closer_note`]); empty when
        /// there is no such line.
        near_closer: String,
    },
    /// Inside a closed code block whose fences pair up wrongly
    /// ([`crate::markdown::MispairedBlock`]).
    Mispaired {
        /// 1-based line of the fence that opens it.
        line: usize,
        /// 1-based line of the fence that closes it.
        end: usize,
        /// A line inside written as an opening fence of the same mark.
        inner: Option<usize>,
        /// A code fence after it that is never closed.
        unclosed: Option<usize>,
    },
    /// Inside an HTML comment that a second `<!--` within it shows was
    /// meant to end earlier: comments do not nest, so the first one runs on
    /// to the `-->` of the second.
    CommentOverrun {
        /// 1-based line of the first `<!--`.
        line: usize,
        /// 1-based line of the `<!--` inside it.
        inner: usize,
        /// 1-based line of the `-->` that ends it.
        end: usize,
    },
    /// Inside an HTML block (not a comment), which runs on to its end (most
    /// often the next blank line) and is shown as raw HTML.
    Html {
        /// 1-based line of the block's first line.
        line: usize,
    },
    /// A pipe row inside a blockquote or a list item of the Decisions
    /// section (not a nested table, which is `decision-table-malformed`'s):
    /// Markdown reads it as quoted or listed text, and no reader as a row.
    Contained {
        /// The marks in front of the row as written (`> `, `- `, `1. `).
        marks: String,
    },
    /// A line of the Decisions section that names a decision key in a shape
    /// no reader takes as a row of the manifest ([`Shape`]).
    NotARow {
        /// The shape the line is written in.
        shape: Shape,
        /// The key it names, as the vocabulary spells it.
        key: &'static str,
        /// 1-based line of the section's manifest table; `None` when the
        /// section holds none.
        manifest_line: Option<usize>,
    },
}

/// How a line that names a decision key is written, when no reader takes it
/// as a row ([`Place::NotARow`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A cell of an HTML block (`<td>relay</td>`).
    Html,
    /// Cells separated by tabs.
    Tabs,
    /// A list item (`- relay: off`).
    ListItem,
    /// A blockquote line.
    Quote,
    /// A line of a code block (closed: an unclosed one is
    /// [`Place::Unclosed`]).
    Code,
    /// A line of an indented code block: four spaces or more before a
    /// table make it code, not a table.
    IndentedCode,
    /// A line of a closed HTML comment (`<!-- … -->`), in a Decisions
    /// section that has no table of its own.
    Comment,
    /// A line of text written as `key: value`.
    Text,
}

impl Shape {
    /// Where the key stands, for a message: `in an HTML table`, …
    fn words(self) -> &'static str {
        match self {
            Shape::Html => "in an HTML block",
            Shape::Tabs => "in cells separated by tabs",
            Shape::ListItem => "in a list item",
            Shape::Quote => "in a blockquote",
            Shape::Code => "in a code block",
            Shape::IndentedCode => {
                "in a code block (it is indented four spaces or more, so Markdown shows it as code, not a table; unindent it)"
            }
            Shape::Comment => "in an HTML comment",
            Shape::Text => "as a line of text",
        }
    }
}

/// Decision rows (or a Decisions heading) that no reader takes as the
/// manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unread {
    /// 1-based line of the first unread line.
    pub line: usize,
    /// Where it sits.
    pub place: Place,
}

/// A block that hides what it holds from every reader.
struct Hider {
    /// Where, for messages.
    place: Place,
    /// The block's byte range.
    range: Range<usize>,
    /// The first line it hides.
    first_line: usize,
    /// Whether it starts inside the Decisions section: then every pipe line
    /// it hides was meant as a row of the manifest.
    in_section: bool,
}

/// The blocks of `file` that hide their lines from every reader: the front
/// matter, fences and comments never closed, and HTML blocks other than
/// comments (a closed comment or code block is an example, on purpose).
fn hiders(file: &MarkdownFile, section: Option<&Range<usize>>) -> Vec<Hider> {
    let in_section = |offset: usize| section.is_some_and(|r| r.contains(&offset));
    let mut out = Vec::new();
    if let Some(fm) = &file.frontmatter {
        out.push(Hider {
            place: Place::FrontMatter {
                closing_line: file.line_of(fm.yaml.end),
            },
            range: 0..fm.end,
            first_line: 2,
            in_section: false,
        });
    }
    for block in file.unclosed_blocks() {
        out.push(Hider {
            in_section: in_section(block.range.start),
            first_line: block.line + 1,
            place: Place::Unclosed {
                near_closer: block.near_closer_note(file),
                opener: block.opener,
                line: block.line,
            },
            range: block.range,
        });
    }
    for block in file.mispaired_blocks() {
        out.push(Hider {
            in_section: in_section(block.range.start),
            first_line: block.line + 1,
            place: Place::Mispaired {
                line: block.line,
                end: block.end,
                inner: block.inner,
                unclosed: block.unclosed,
            },
            range: block.range,
        });
    }
    for range in &file.doc.html_blocks {
        let text = without_container_marks(&file.text[range.clone()]);
        if let Some(inside) = text.strip_prefix("<!--") {
            // A closed comment is an example, unless a second `<!--` in it
            // shows that the first was meant to end before it.
            let end = inside.find("-->");
            if let (Some(end), Some(inner)) = (end, inside.find("<!--"))
                && inner < end
            {
                let offset = |at: usize| range.end - text.len() + 4 + at;
                out.push(Hider {
                    in_section: in_section(range.start),
                    first_line: file.line_of(range.start) + 1,
                    place: Place::CommentOverrun {
                        line: file.line_of(range.start),
                        inner: file.line_of(offset(inner)),
                        end: file.line_of(offset(end)),
                    },
                    range: range.clone(),
                });
            }
            continue;
        }
        let line = file.line_of(range.start);
        out.push(Hider {
            in_section: in_section(range.start),
            first_line: line,
            place: Place::Html { line },
            range: range.clone(),
        });
    }
    out
}

/// The 1-based lines `range` spans.
fn lines_of(file: &MarkdownFile, range: &Range<usize>) -> std::ops::RangeInclusive<usize> {
    file.line_of(range.start)..=file.line_of(range.end.saturating_sub(1).max(range.start))
}

/// The decision rows of `file` (of `kind`, whose Decisions section is
/// `section`) that no reader takes as the manifest, in line order:
/// - decision lines (see [`is_decision_line`]) hidden in front matter, a
///   fence or comment never closed, or an HTML block — any pipe line when
///   the block starts inside the Decisions section — and lines written
///   like a Decisions heading hidden there: one entry per such block;
/// - a decision table (a GFM table, or a run of pipe lines) in the open
///   outside the Decisions section, or when the file has none;
/// - a second decision table (GFM, not nested) in the Decisions section.
///
/// In a twin, which holds nothing but the manifest, every table and pipe
/// line counts as decision rows. Pipe lines in the section that do not
/// form the manifest table, and tables nested in it, are
/// `decision-table-malformed`'s, not reported here.
pub fn find(file: &MarkdownFile, kind: FileKind, section: Option<&DecisionSection>) -> Vec<Unread> {
    let twin = kind == FileKind::Twin;
    let section_range = section.map(|s| s.range.clone());
    let in_section = |offset: usize| section_range.as_ref().is_some_and(|r| r.contains(&offset));
    let hiders = hiders(file, section_range.as_ref());
    let outside = Outside::new(file, section);
    let mut out = Vec::new();
    let mut hidden_lines = vec![false; file.lines.len() + 2];
    for hider in &hiders {
        let first = lines_of(file, &hider.range)
            .filter(|&l| l >= hider.first_line)
            .find(|&l| {
                let text = file.line_text(l);
                is_decisions_heading_like(without_container_marks(text))
                    || (is_pipe_line(text) && (twin || hider.in_section || is_decision_line(text)))
            });
        if let Some(line) = first {
            out.push(Unread {
                line,
                place: hider.place.clone(),
            });
        } else if let (Place::Html { .. }, true, Some(section)) =
            (&hider.place, hider.in_section, section)
        {
            // An HTML table in the section: its cells are no rows either.
            let manifest_line = section.table.as_ref().map(|t| t.header_line);
            let found = lines_of(file, &hider.range).find_map(|l| {
                let text = file.line_text(l);
                let cells = manifest_line.is_none() || has_cell_tag(text);
                cells.then(|| named_key(text)).flatten().map(|key| (l, key))
            });
            if let Some((line, key)) = found {
                out.push(Unread {
                    line,
                    place: Place::NotARow {
                        shape: Shape::Html,
                        key,
                        manifest_line,
                    },
                });
            }
        }
        for line in lines_of(file, &hider.range) {
            hidden_lines[line] = true;
        }
    }
    let hidden = |line: usize| hidden_lines.get(line).copied().unwrap_or(false);

    // Tables the parser recognises, in the open.
    let mut table_lines = vec![false; file.lines.len() + 2];
    let mut manifest_line = None;
    for table in &file.doc.tables {
        let lines = lines_of(file, &table.range);
        for line in lines.clone() {
            table_lines[line] = true;
        }
        let first = *lines.start();
        if hidden(first) {
            continue;
        }
        let decision = || twin || lines.clone().any(|l| is_decision_line(file.line_text(l)));
        if in_section(table.range.start) {
            if table.nested {
                continue;
            }
            match manifest_line {
                None => manifest_line = Some(first),
                Some(manifest_line) if decision() => out.push(Unread {
                    line: first,
                    place: Place::SecondTable { manifest_line },
                }),
                Some(_) => {}
            }
        } else if decision() {
            out.push(Unread {
                line: first,
                place: outside.place(table.range.start),
            });
        }
    }

    // Runs of pipe lines that form no table, in the open, outside the
    // section.
    let mut run: Vec<usize> = Vec::new();
    let flush = |run: &mut Vec<usize>, out: &mut Vec<Unread>| {
        if let Some(&first) = run.first()
            && (twin || run.iter().any(|&l| is_decision_line(file.line_text(l))))
        {
            let start = file.lines.line_start(first);
            out.push(Unread {
                line: first,
                place: outside.place(start),
            });
        }
        run.clear();
    };
    for line in 1..=file.lines.len() {
        let start = file.lines.line_start(line);
        let stray = is_pipe_line(file.line_text(line))
            && !hidden(line)
            && !table_lines.get(line).copied().unwrap_or(false)
            && !in_section(start)
            && !file.doc.in_code_or_html(start);
        if stray {
            if run.last().is_some_and(|&last| last + 1 != line) {
                flush(&mut run, &mut out);
            }
            run.push(line);
        }
    }
    flush(&mut run, &mut out);
    if let Some(section) = section {
        let seen = |line: usize| hidden(line) || table_lines.get(line).copied().unwrap_or(false);
        let found = unshaped_rows(file, section, &seen);
        let mut lines: Vec<usize> = out.iter().map(|o| o.line).collect();
        lines.sort_unstable();
        let already = |u: &Unread| lines.binary_search(&u.line).is_ok();
        let found: Vec<Unread> = found.into_iter().filter(|u| !already(u)).collect();
        out.extend(found);
    }
    out.sort_by_key(|u| u.line);
    out
}

/// Where rows in the open outside the Decisions section sit: the headings
/// that can be over them, and the lines that start with the word Decision,
/// read once per file so that each table or run of pipe lines is placed
/// without a scan of the file.
struct Outside<'a> {
    file: &'a MarkdownFile,
    section: Option<&'a DecisionSection>,
    /// The headings of the document itself (not nested), in order.
    open_headings: Vec<&'a crate::markdown::Heading>,
    /// With no Decisions section: the lines that start with the word
    /// Decision ([`starts_with_decision`]), in order.
    decision_lines: std::cell::OnceCell<Vec<usize>>,
}

impl<'a> Outside<'a> {
    fn new(file: &'a MarkdownFile, section: Option<&'a DecisionSection>) -> Outside<'a> {
        Outside {
            file,
            section,
            open_headings: file.doc.headings.iter().filter(|h| !h.nested).collect(),
            decision_lines: std::cell::OnceCell::new(),
        }
    }

    /// The place of rows at byte `offset`, in the open outside the
    /// Decisions section (or in a file without one).
    fn place(&self, offset: usize) -> Place {
        let file = self.file;
        let before = self
            .open_headings
            .partition_point(|h| h.range.start < offset);
        let under = before.checked_sub(1).map(|i| {
            let h = self.open_headings[i];
            let first = file.line_of(h.range.start);
            let last = file.line_of(h.range.end.saturating_sub(1).max(h.range.start));
            let underline = (last > first
                && file
                    .line_text(last)
                    .trim_matches([' ', '\t'])
                    .chars()
                    .all(|c| c == '=' || c == '-'))
            .then_some(last);
            HeadingAt {
                line: first,
                level: h.level,
                text: h.text.clone(),
                underline,
            }
        });
        match self.section {
            None => {
                let from = under.as_ref().map_or(1, |h| h.line);
                let lines = self.decision_lines.get_or_init(|| {
                    (1..=file.lines.len())
                        .filter(|&l| starts_with_decision(file.line_text(l)))
                        .collect()
                });
                // The last such line in from..line_of(offset).
                let below = lines.partition_point(|&l| l < file.line_of(offset));
                let near = below
                    .checked_sub(1)
                    .map(|i| lines[i])
                    .filter(|&l| l >= from);
                Place::NoSection { under, near }
            }
            Some(section) => Place::OutsideSection {
                section_line: section.heading_line,
                under: under.filter(|h| h.line >= section.heading_line),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::shapes::split_marks;
    use super::*;

    use std::path::PathBuf;

    fn unread(text: &str, kind: FileKind) -> Vec<(usize, Place)> {
        let file = MarkdownFile::from_text(PathBuf::from("p.md"), text.to_string());
        let section = DecisionSection::read(&file, kind);
        find(&file, kind, section.as_ref())
            .into_iter()
            .map(|u| (u.line, u.place))
            .collect()
    }

    const TABLE: &str = "| key | value | owner | state | blocking |\n|---|---|---|---|---|\n| `relay` | | ops | outstanding | yes |\n";

    #[test]
    fn the_manifest_and_other_tables_are_read_or_none_of_its_business() {
        let text = format!(
            "# T\n\n## Decisions\n\n{TABLE}\n```\n{TABLE}```\n\n<!--\n{TABLE}-->\n\n## Notes\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
        );
        assert_eq!(unread(&text, FileKind::Plan), []);
        // Pipe lines in the section that form no table are the malformed
        // check's.
        let text = "## Decisions\n\n| key | state | blocking |\n| `relay` | outstanding | yes |\n";
        assert_eq!(unread(text, FileKind::Plan), []);
    }

    #[test]
    fn tables_outside_the_section_and_second_tables() {
        let got = unread(&format!("# T\n\n## Decision\n\n{TABLE}"), FileKind::Plan);
        assert!(
            matches!(&got[..], [(5, Place::NoSection { near: Some(3), .. })]),
            "{got:?}"
        );
        let got = unread(
            &format!("## Decisions\n\nSee below.\n\n## Decisions\n\n{TABLE}"),
            FileKind::Plan,
        );
        assert!(
            matches!(&got[..], [(7, Place::OutsideSection { section_line: 1, under: Some(h) })] if h.line == 5),
            "{got:?}"
        );
        let got = unread(
            &format!("## Decisions\n\n{TABLE}\nAdded:\n\n{TABLE}"),
            FileKind::Plan,
        );
        assert_eq!(got, [(9, Place::SecondTable { manifest_line: 3 })]);
        // A heading that splits the table: the rows after it.
        let got = unread(
            "## Decisions\n\n| key | state | blocking |\n|---|---|---|\n| `stop` | answered | no |\n# Relay\n| `relay` | outstanding | yes |\n",
            FileKind::Plan,
        );
        assert!(
            matches!(&got[..], [(7, Place::OutsideSection { under: Some(h), .. })] if h.line == 6 && h.level == 1),
            "{got:?}"
        );
        // A setext heading made by a --- under the prose.
        let got = unread(
            &format!("## Decisions\n\nSome prose.\n---\n\n{TABLE}"),
            FileKind::Plan,
        );
        assert!(
            matches!(&got[..], [(6, Place::OutsideSection { under: Some(h), .. })] if h.underline == Some(4)),
            "{got:?}"
        );
    }

    #[test]
    fn hidden_rows() {
        let got = unread(
            &format!("## Decisions\n\n<!-- TODO\n\n{TABLE}"),
            FileKind::Plan,
        );
        assert!(
            matches!(&got[..], [(5, Place::Unclosed { line: 3, .. })]),
            "{got:?}"
        );
        let got = unread(
            &format!("## Decisions\n\n```\nx\n```\t\n\n{TABLE}"),
            FileKind::Plan,
        );
        assert!(
            matches!(&got[..], [(7, Place::Unclosed { line: 3, near_closer, .. })] if near_closer.contains("line 5, \"```\\u{9}\"")),
            "{got:?}"
        );
        let got = unread(&format!("## Decisions\n\n<div>\n{TABLE}"), FileKind::Plan);
        assert_eq!(got, [(4, Place::Html { line: 3 })]);
        // A comment left open, ended by the `-->` of a later comment.
        let got = unread(
            &format!("## Decisions\n\n<!-- TODO\n\n{TABLE}\n<!-- planfile-ignore: x -->\n"),
            FileKind::Plan,
        );
        assert_eq!(
            got,
            [(
                5,
                Place::CommentOverrun {
                    line: 3,
                    inner: 9,
                    end: 9
                }
            )]
        );
        let got = unread(
            &format!("---\n\n# T\n\n## Decisions\n\n{TABLE}\n---\n\n## Phases\n"),
            FileKind::Plan,
        );
        assert_eq!(got, [(5, Place::FrontMatter { closing_line: 11 })]);
        // In a blockquote outside the section: a quoted heading is no
        // section.
        let quoted: String = TABLE.lines().map(|l| format!("> {l}\n")).collect();
        let got = unread(
            &format!("# T\n\n> ## Decisions\n>\n{quoted}"),
            FileKind::Plan,
        );
        assert!(
            matches!(&got[..], [(5, Place::NoSection { near: Some(3), .. })]),
            "{got:?}"
        );
    }

    #[test]
    fn in_a_twin_every_table_is_the_manifest() {
        let got = unread("# Decisions — p\n\n| key | value |\n", FileKind::Twin);
        assert!(
            matches!(&got[..], [(3, Place::NoSection { .. })]),
            "{got:?}"
        );
        assert_eq!(unread("# D\n\n| key | value |\n", FileKind::Plan), []);
    }

    #[test]
    fn rows_in_shapes_no_reader_takes() {
        // Beside the manifest: a quoted or listed pipe row, cells separated
        // by tabs, an HTML table; notes, examples and prose are no rows.
        let text = format!(
            "## Decisions\n\n{TABLE}> | `stop` | x |\n\n- `relay`: see the minutes\n\n```\n| `stop` | x |\n```\n\nstop\toutstanding\n\n<table><tr><td>budgets</td></tr></table>\n\n<details><summary>relay</summary></details>\n"
        );
        let got = unread(&text, FileKind::Plan);
        assert!(
            matches!(&got[..], [
                (6, Place::Contained { marks }),
                (14, Place::NotARow { shape: Shape::Tabs, key: "stop", manifest_line: Some(3) }),
                (16, Place::NotARow { shape: Shape::Html, key: "budgets", manifest_line: Some(3) }),
            ] if marks == "> "),
            "{got:?}"
        );
        // Without a manifest, the first line that names a key as a cell or
        // a label; prose that mentions one is no row.
        for (section, line, shape) in [
            ("- `relay`: off", 3, Shape::ListItem),
            ("> **Relay** — off", 3, Shape::Quote),
            ("```\n| relay | off |\n```", 4, Shape::Code),
            (
                "<!--\n| relay | | op | outstanding | yes |\n-->",
                4,
                Shape::Comment,
            ),
            ("relay = off", 3, Shape::Text),
            ("Asks about `relay`.\n\n<p>relay: off</p>", 5, Shape::Html),
        ] {
            let got = unread(&format!("## Decisions\n\n{section}\n"), FileKind::Twin);
            assert_eq!(
                got,
                [(
                    line,
                    Place::NotARow {
                        shape,
                        key: "relay",
                        manifest_line: None
                    }
                )],
                "{section:?}"
            );
        }
        assert_eq!(
            unread("## Decisions\n\nWe ask about `relay`.\n", FileKind::Plan),
            []
        );
        assert_eq!(split_marks("> 1. - | x"), ("> 1. - ", "| x"));
        assert_eq!(split_marks("---"), ("", "---"));
    }

    #[test]
    fn lines_meant_as_the_heading() {
        for line in [
            "<h2>Decisions</h2>",
            "## 📋 Decisions",
            "**Decisions**",
            "## Decision",
        ] {
            assert!(starts_with_decision(line), "{line}");
        }
        for line in [
            "by `planfile decisions`.",
            "<h2 title=\"x\"",
            "The decisions",
        ] {
            assert!(!starts_with_decision(line), "{line}");
        }
    }
}
