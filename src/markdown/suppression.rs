//! The syntax of an inline suppression comment (SPEC §10.1), as a reader of
//! Markdown must know it: `<!-- planfile-ignore: NAME, … -->` on its own
//! line or at the end of one, and `<!-- planfile-ignore-file: NAME, … -->`.
//!
//! - On its own line, a comment covers the next non-blank line (other
//!   own-line suppressions in between are skipped, so several can stack).
//! - After other text on a line, it covers that line. Inside a pipe table
//!   this is the only form: an own-line comment ends the table (GFM), so a
//!   row is suppressed with the comment after its last pipe, and the table
//!   readers do not count it as a cell ([`trailing_directive`]).
//! - `planfile-ignore-file` covers the whole file it is in, wherever it is.
//! - Names are separated by commas or spaces; the colon after the
//!   directive word may be left out.
//! - Comments inside code blocks, inline code or the frontmatter, and
//!   comments that span lines, are not suppressions.
//! - A suppression runs to the first `-->` after its `<!--`; a `<!--`
//!   inside it is read as one of its names and opens no comment of its own.
//!
//! This is lexical: where the comments are, what they cover and the names
//! they list as written. Which checks a name stands for, and what a
//! suppression does to a finding, is the linter's ([`crate::lint::suppress`]).

use std::ops::Range;

use super::MarkdownFile;

/// The comment word that suppresses checks on one line.
pub const LINE_DIRECTIVE: &str = "planfile-ignore";

/// The comment word that suppresses checks in the whole file.
pub const FILE_DIRECTIVE: &str = "planfile-ignore-file";

/// What a suppression covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The whole file (`planfile-ignore-file`).
    File,
    /// One 1-based line: the comment's own, or the next non-blank line for
    /// a comment on its own line (`None` when no such line follows).
    Line(Option<usize>),
}

/// One name of a suppression comment, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenName {
    /// The name as written.
    pub text: String,
    /// Its byte range in the file.
    pub span: Range<usize>,
}

/// One suppression comment of a file, its names as `N` (as written, by
/// default; the linter reads each as the checks it names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment<N = WrittenName> {
    /// 1-based line of the comment.
    pub line: usize,
    /// Byte range of the comment, `<!--` to `-->`.
    pub span: Range<usize>,
    /// What it covers.
    pub scope: Scope,
    /// The names it lists, in order (empty when it lists none).
    pub names: Vec<N>,
}

impl<N> Comment<N> {
    /// Whether the comment covers 1-based `line`.
    pub fn covers_line(&self, line: usize) -> bool {
        match self.scope {
            Scope::File => true,
            Scope::Line(target) => target == Some(line),
        }
    }

    /// The same comment with each name turned into `f(name)`.
    pub fn map_names<M>(self, f: impl FnMut(N) -> M) -> Comment<M> {
        Comment {
            line: self.line,
            span: self.span,
            scope: self.scope,
            names: self.names.into_iter().map(f).collect(),
        }
    }
}

/// The directive word of a comment's inside (between `<!--` and `-->`) and
/// the offset in `inner` where its names start (after an optional colon);
/// `None` when the comment is no suppression.
pub fn parse_inner(inner: &str) -> Option<(&'static str, usize)> {
    let lead = inner.len() - inner.trim_start().len();
    let rest = &inner[lead..];
    for word in [FILE_DIRECTIVE, LINE_DIRECTIVE] {
        let Some(after) = rest.strip_prefix(word) else {
            continue;
        };
        let names_at = lead + word.len();
        match after.chars().next() {
            Some(':') => return Some((word, names_at + 1)),
            None | Some(' ' | '\t') => return Some((word, names_at)),
            Some(_) => continue,
        }
    }
    None
}

/// Whether `range` of `items` (sorted by start, not overlapping) holds
/// `offset`.
fn inside<T>(items: &[T], range: impl Fn(&T) -> &Range<usize>, offset: usize) -> bool {
    let after = items.partition_point(|i| range(i).start <= offset);
    after > 0 && range(&items[after - 1]).contains(&offset)
}

/// Whether 1-based `line` of `file` holds only blanks.
fn is_blank(file: &MarkdownFile, line: usize) -> bool {
    file.line_text(line)
        .trim_matches([' ', '\t', '\r'])
        .is_empty()
}

/// Every suppression comment of `file`, in order (see the module
/// documentation for what counts), with the line each covers.
pub fn comments(file: &MarkdownFile) -> Vec<Comment> {
    let text = file.text.as_str();
    let body = file.frontmatter.as_ref().map_or(0, |f| f.end);
    let mut found: Vec<(Comment, bool)> = Vec::new();
    // The last search for a `-->`: on line `.0`, the first one at or after
    // offset `.1` is at `.2` (`None`: none before the end of the line). The
    // openings come in order, so each stretch of a line is searched once,
    // however many `<!--` it holds.
    let mut last_search: Option<(usize, usize, Option<usize>)> = None;
    // The end of the last suppression comment found: a `<!--` inside one
    // is part of its names, and opens nothing.
    let mut inside_comment = 0;
    // Where the text of a line starts and ends, blanks trimmed, for the
    // last line that held a suppression.
    let mut blanks: Option<(usize, usize, usize)> = None;
    for (open, _) in text.match_indices("<!--") {
        if open < inside_comment
            || open < body
            || inside(&file.doc.code_blocks, |b| &b.range, open)
            || inside(&file.doc.code_spans, |r| r, open)
        {
            continue;
        }
        let line = file.line_of(open);
        let line_range = file.lines.line_range(text, line);
        let from = open + 4;
        let close = match last_search {
            Some((on, searched, found))
                if on == line && searched <= from && found.is_none_or(|c| c >= from) =>
            {
                found
            }
            _ => {
                let found = text[from..line_range.end].find("-->").map(|c| from + c);
                last_search = Some((line, from, found));
                found
            }
        };
        let Some(close) = close.map(|c| c - from) else {
            continue;
        };
        let inner_range = (open + 4)..(open + 4 + close);
        let Some((word, names_at)) = parse_inner(&text[inner_range.clone()]) else {
            continue;
        };
        let span = open..inner_range.end + 3;
        inside_comment = span.end;
        let names = names(text, (inner_range.start + names_at)..inner_range.end);
        let (first, end) = match blanks {
            Some((on, first, end)) if on == line => (first, end),
            _ => {
                let visible = text[line_range.clone()].trim_matches([' ', '\t', '\r']);
                let first = visible.as_ptr() as usize - text.as_ptr() as usize;
                blanks = Some((line, first, first + visible.len()));
                (first, first + visible.len())
            }
        };
        let own_line = first >= open && end <= span.end;
        let scope = if word == FILE_DIRECTIVE {
            Scope::File
        } else if own_line {
            Scope::Line(None)
        } else {
            Scope::Line(Some(line))
        };
        found.push((
            Comment {
                line,
                span,
                scope,
                names,
            },
            own_line,
        ));
    }
    // The line each own-line comment covers: the next non-blank line that
    // holds no own-line comment. From the last comment up, a comment whose
    // search meets the line of a later one takes that one's target, so
    // each line is looked at once.
    let last = file.lines.len();
    let mut targets: Vec<(usize, Option<usize>)> = Vec::new();
    for (directive, _) in found.iter().rev().filter(|(_, own)| *own) {
        if targets
            .last()
            .is_some_and(|(line, _)| *line == directive.line)
        {
            continue;
        }
        let mut target = None;
        for l in directive.line + 1..=last {
            if targets.last().is_some_and(|(line, _)| *line == l) {
                target = targets.last().and_then(|(_, t)| *t);
                break;
            }
            if !is_blank(file, l) {
                target = Some(l);
                break;
            }
        }
        targets.push((directive.line, target));
    }
    targets.reverse();
    for (directive, _) in &mut found {
        if directive.scope == Scope::Line(None)
            && let Ok(i) = targets.binary_search_by_key(&directive.line, |(line, _)| *line)
        {
            directive.scope = Scope::Line(targets[i].1);
        }
    }
    found.into_iter().map(|(d, _)| d).collect()
}

/// The names listed in `range` of `text`: separated by commas or blanks.
fn names(text: &str, range: Range<usize>) -> Vec<WrittenName> {
    let mut out = Vec::new();
    let list = &text[range.clone()];
    let mut at = 0;
    for part in list.split([',', ' ', '\t']) {
        if !part.is_empty() {
            let start = range.start + at;
            out.push(WrittenName {
                text: part.to_string(),
                span: start..start + part.len(),
            });
        }
        at += part.len() + 1;
    }
    out
}

/// The comment that suppresses the checks `names` (names or codes) on the
/// line it ends, or on the next non-blank line when it stands alone:
/// `<!-- planfile-ignore: NAME, … -->` (an editor's "suppress" action).
pub fn line_comment(names: &[&str]) -> String {
    format!("<!-- {LINE_DIRECTIVE}: {} -->", names.join(", "))
}

/// Where a suppression comment that follows the last `|` of a table row
/// starts in `line` (the blanks before it included), so that a table
/// reader can look past it: it is not a cell. `None` when the line does
/// not end with `|`, blanks and one suppression comment.
pub fn trailing_directive(line: &str) -> Option<usize> {
    let trimmed = line.trim_end_matches([' ', '\t', '\r']);
    let inner = trimmed.strip_suffix("-->")?;
    let open = inner.rfind("<!--")?;
    parse_inner(&inner[open + 4..])?;
    let before = line[..open].trim_end_matches([' ', '\t']);
    before.ends_with('|').then_some(before.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn file(text: &str) -> MarkdownFile {
        MarkdownFile::from_text(PathBuf::from("p.md"), text.to_string())
    }

    fn scopes(text: &str) -> Vec<(usize, Scope, Vec<String>)> {
        comments(&file(text))
            .into_iter()
            .map(|d| {
                let names = d.names.iter().map(|n| n.text.clone()).collect();
                (d.line, d.scope, names)
            })
            .collect()
    }

    #[test]
    fn own_line_end_of_line_and_file_wide() {
        let text = "# T\n\n<!-- planfile-ignore: F14, gate-type-unknown -->\n\n<!-- planfile-ignore: F21 -->\n- **Verification:** x\n| 1 | a | <!-- planfile-ignore:F21 -->\n<!-- planfile-ignore-file: decision-word-style -->\n<!-- planfile-ignore: F3 -->\n";
        assert_eq!(
            scopes(text),
            vec![
                (
                    3,
                    Scope::Line(Some(6)),
                    vec!["F14".into(), "gate-type-unknown".into()]
                ),
                (5, Scope::Line(Some(6)), vec!["F21".into()]),
                (7, Scope::Line(Some(7)), vec!["F21".into()]),
                (8, Scope::File, vec!["decision-word-style".into()]),
                (9, Scope::Line(None), vec!["F3".into()]),
            ]
        );
    }

    #[test]
    fn code_frontmatter_and_other_comments_are_not_suppressions() {
        let text = "---\nx: <!-- planfile-ignore: F14 -->\n---\n\n```md\n<!-- planfile-ignore: F14 -->\n```\n\nSee `<!-- planfile-ignore: F14 -->`.\n\n<!-- planfile-ignored: F14 -->\n<!-- planfile-ignorex -->\n<!-- note -->\n<!-- planfile-ignore: F14\n-->\n";
        assert_eq!(scopes(text), vec![]);
        assert_eq!(
            scopes("<!-- planfile-ignore -->\nx <!-- planfile-ignore F3 -->\n"),
            vec![
                (1, Scope::Line(Some(2)), vec![]),
                (2, Scope::Line(Some(2)), vec!["F3".into()])
            ]
        );
    }

    #[test]
    fn trailing_comment_after_the_last_pipe() {
        let line = "| 1 | a | <!-- planfile-ignore: F21 -->\r";
        assert_eq!(trailing_directive(line), Some(9));
        assert_eq!(trailing_directive("| 1 | a |"), None);
        assert_eq!(
            trailing_directive("| 1 | a <!-- planfile-ignore: F21 -->"),
            None
        );
        assert_eq!(trailing_directive("| 1 | a | <!-- note -->"), None);
    }

    #[test]
    fn a_written_comment_reads_back() {
        let comment = line_comment(&["F14", "decision-word-style"]);
        let line = format!("| 1 | a | {comment}");
        assert_eq!(trailing_directive(&line), Some(9));
        let d = comments(&file(&format!("{line}\n")));
        let names: Vec<&str> = d[0].names.iter().map(|n| n.text.as_str()).collect();
        assert_eq!(names, ["F14", "decision-word-style"]);
    }
}
