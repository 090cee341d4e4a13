//! Code actions (SPEC §10.2): for each finding under the requested range,
//! its fix — the preferred action when it is safe, an action that is not
//! preferred when it is unsafe (SPEC §10.1 "Unsafe fixes") — and
//! the quick fix "suppress NAME on this line", which writes the inline
//! suppression of SPEC §10.1:
//! `<!-- planfile-ignore: NAME -->` on its own line before the finding's
//! line, or after the last pipe of a table row (an own-line comment would
//! end the table). A finding in the frontmatter or in a code block, where
//! a comment cannot go, is suppressed for the file instead
//! (`<!-- planfile-ignore-file: NAME -->` after the frontmatter). An
//! existing suppression comment at that place gets the name added to it.
//!
//! Every action's edit goes through [`workspace_edit`], the one conversion
//! of byte-range edits into an editor's edit, and [`quick_fix`].

use std::collections::{BTreeSet, HashMap};
use std::ops::Range;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Diagnostic, TextEdit, WorkspaceEdit,
};

use super::diagnostics::{DocLinks, diagnostic};
use super::documents::Snapshot;
use super::locate::{IGNORE, IGNORE_FILE};
use crate::lint::Finding;
use crate::markdown::MarkdownFile;
use crate::markdown::suppression::line_comment;

/// The code actions for the findings of the document of `snapshot` whose
/// diagnostics overlap `range`; none when `only` asks for kinds other than
/// quick fixes.
pub fn actions(
    snapshot: &Snapshot,
    range: lsp_types::Range,
    only: Option<&[CodeActionKind]>,
    links: &DocLinks,
) -> Vec<CodeActionOrCommand> {
    let wanted = only.is_none_or(|kinds| {
        kinds.iter().any(|k| {
            k.as_str().is_empty()
                || k == &CodeActionKind::QUICKFIX
                || k.as_str().starts_with("quickfix.")
        })
    });
    if !wanted {
        return Vec::new();
    }
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for finding in snapshot.findings() {
        let diagnostic = diagnostic(snapshot, finding, links);
        let d = diagnostic.range;
        if d.start > range.end || range.start > d.end {
            continue;
        }
        if let Some(fix) = &finding.fix {
            let edits = fix.edits.iter().map(|e| (e.range.clone(), e.text.as_str()));
            let edit = workspace_edit(snapshot, edits);
            // A safe fix is the preferred action; an unsafe one (a guess at
            // a misspelled word, SPEC §10.1) is offered, never preferred.
            let (title, preferred) = if fix.is_safe() {
                (fix.title.clone(), true)
            } else {
                (format!("{} (unsafe fix)", fix.title), false)
            };
            out.push(quick_fix(title, edit, diagnostic.clone(), preferred));
        }
        if seen.insert((finding.name, d.start.line))
            && let Some((title, (span, text))) = suppression(snapshot, finding)
        {
            let edit = workspace_edit(snapshot, [(span, text.as_str())]);
            out.push(quick_fix(title, edit, diagnostic, false));
        }
    }
    out
}

/// A quick fix named `title` that makes `edit`, for `diagnostic`, whose
/// `isPreferred` is `preferred` (an editor's auto-fix applies only the
/// preferred ones).
pub fn quick_fix(
    title: String,
    edit: WorkspaceEdit,
    diagnostic: Diagnostic,
    preferred: bool,
) -> CodeActionOrCommand {
    CodeActionOrCommand::CodeAction(CodeAction {
        title,
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![diagnostic]),
        edit: Some(edit),
        is_preferred: Some(preferred),
        ..CodeAction::default()
    })
}

/// The workspace edit that replaces each byte range of the document of
/// `snapshot` with its text (an empty range inserts, empty text deletes):
/// the one conversion of an edit of the engine into an editor's edit.
pub fn workspace_edit<'t>(
    snapshot: &Snapshot,
    edits: impl IntoIterator<Item = (Range<usize>, &'t str)>,
) -> WorkspaceEdit {
    let edits = edits
        .into_iter()
        .map(|(range, text)| TextEdit {
            range: snapshot.range(range),
            new_text: text.to_string(),
        })
        .collect();
    WorkspaceEdit {
        changes: Some(HashMap::from([(snapshot.doc.uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }
}

/// A byte range of the document and the text that replaces it.
type Splice = (Range<usize>, String);

/// The names of a suppression comment's text after the directive's colon
/// (up to `-->`), trimmed.
fn names_of(list: &str) -> impl Iterator<Item = &str> {
    list.split(',').map(str::trim).filter(|n| !n.is_empty())
}

/// The line break `text` uses after byte `at` (`\n` when there is none).
fn line_break_at(text: &str, at: usize) -> &'static str {
    let rest = &text[at..];
    if rest.starts_with("\r\n") {
        "\r\n"
    } else if rest.starts_with('\r') {
        "\r"
    } else {
        "\n"
    }
}

/// A suppression comment `<!-- DIRECTIVE: names -->` filling the whole of
/// `line` (blanks around it allowed): the byte offset in `line` where a
/// `, NAME` goes, and whether `name` is listed already.
fn own_line_comment(line: &str, directive: &str, name: &str) -> Option<(usize, bool)> {
    let trimmed = line.trim();
    let inner = trimmed.strip_prefix("<!--")?.strip_suffix("-->")?;
    let list = inner
        .trim_start()
        .strip_prefix(directive)?
        .strip_prefix(':')?;
    let lead = line.len() - line.trim_start().len();
    let insert = lead + trimmed[..trimmed.len() - 3].trim_end().len();
    Some((insert, names_of(list).any(|n| n == name)))
}

/// The title and edits of "suppress NAME" for `finding`; `None` when the
/// name is listed already where the comment would go.
fn suppression(snapshot: &Snapshot, finding: &Finding) -> Option<(String, Splice)> {
    let file = snapshot.file()?;
    let text = &file.text;
    let name = finding.name;
    let start = finding.span.start.min(text.len());
    let in_frontmatter = file.frontmatter.as_ref().is_some_and(|fm| start < fm.end);
    let in_code = file
        .doc
        .code_blocks
        .iter()
        .any(|b| b.range.contains(&start));
    if in_frontmatter || in_code {
        return file_suppression(file, name)
            .map(|edit| (format!("Suppress {name} in this file"), edit));
    }
    let lines = &snapshot.doc.lines;
    let line = lines.line_of(start);
    let range = lines.line_range(text, line);
    let line_text = &text[range.clone()];
    let title = format!("Suppress {name} on this line");
    let table_row = line_text.trim_start().starts_with('|')
        || file
            .doc
            .tables
            .iter()
            .any(|t| t.range.contains(&range.start));
    if table_row {
        return trailing_suppression(line_text, range.start, name).map(|edit| (title, edit));
    }
    // An own-line comment before the line, or the one already there.
    let previous = (0..line)
        .rev()
        .map(|l| lines.line_range(text, l))
        .find(|r| !text[r.clone()].trim().is_empty());
    if let Some(prev) = previous
        && let Some((insert, listed)) = own_line_comment(&text[prev.clone()], IGNORE, name)
    {
        if listed {
            return None;
        }
        let at = prev.start + insert;
        return Some((title, (at..at, format!(", {name}"))));
    }
    let indent = &line_text[..line_text.len() - line_text.trim_start_matches([' ', '\t']).len()];
    let comment = format!(
        "{indent}{}{}",
        line_comment(&[name]),
        line_break_at(text, range.end)
    );
    Some((title, (range.start..range.start, comment)))
}

/// The edit that suppresses `name` on the table row `line` (starting at
/// byte `start`): a `<!-- planfile-ignore: NAME -->` after its last pipe,
/// or the name added to the one there.
fn trailing_suppression(line: &str, start: usize, name: &str) -> Option<Splice> {
    let body = line.trim_end();
    if body.ends_with("-->")
        && let Some(open) = body.rfind("<!--")
        && let Some((insert, listed)) = own_line_comment(&body[open..], IGNORE, name)
    {
        if listed {
            return None;
        }
        let at = start + open + insert;
        return Some((at..at, format!(", {name}")));
    }
    let at = start + body.len();
    Some((at..at, format!(" {}", line_comment(&[name]))))
}

/// The edit that suppresses `name` in the whole of `file`: the name added
/// to an own-line `planfile-ignore-file` comment outside code, or a new one
/// right after the frontmatter (at the top when there is none).
fn file_suppression(file: &MarkdownFile, name: &str) -> Option<Splice> {
    let text = &file.text;
    let body = file
        .frontmatter
        .as_ref()
        .map(|fm| fm.end)
        .unwrap_or(if text.starts_with('\u{FEFF}') { 3 } else { 0 });
    for line in 1..=file.lines.len() {
        let range = file.lines.line_range(text, line);
        if range.start < body
            || file
                .doc
                .code_blocks
                .iter()
                .any(|b| b.range.contains(&range.start))
        {
            continue;
        }
        if let Some((insert, listed)) = own_line_comment(&text[range.clone()], IGNORE_FILE, name) {
            if listed {
                return None;
            }
            let at = range.start + insert;
            return Some((at..at, format!(", {name}")));
        }
    }
    let before = &text[..body];
    let line_break = if before.ends_with("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let lead = if body > 0 && !before.ends_with(['\n', '\r']) {
        line_break
    } else {
        ""
    };
    Some((
        body..body,
        format!("{lead}<!-- {IGNORE_FILE}: {name} -->{line_break}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_on_their_own_line() {
        let line = "  <!-- planfile-ignore: a, b -->  ";
        let (insert, listed) = own_line_comment(line, IGNORE, "c").expect("a comment");
        assert_eq!(&line[..insert], "  <!-- planfile-ignore: a, b");
        assert!(!listed);
        assert_eq!(own_line_comment(line, IGNORE, "b").map(|c| c.1), Some(true));
        assert!(own_line_comment(line, IGNORE_FILE, "c").is_none());
        assert!(own_line_comment("<!-- a note -->", IGNORE, "c").is_none());
        assert!(own_line_comment("text <!-- planfile-ignore: a -->", IGNORE, "c").is_none());
    }

    #[test]
    fn trailing_comments_on_table_rows() {
        let row = "| `relay` | off |";
        assert_eq!(
            trailing_suppression(row, 10, "x"),
            Some((27..27, " <!-- planfile-ignore: x -->".to_string()))
        );
        let row = "| a | <!-- planfile-ignore: y --> ";
        let (range, text) = trailing_suppression(row, 0, "x").expect("added");
        assert_eq!(
            (&row[..range.start], text.as_str()),
            ("| a | <!-- planfile-ignore: y", ", x")
        );
        assert_eq!(trailing_suppression(row, 0, "y"), None);
    }

    #[test]
    fn file_suppressions_after_the_frontmatter() {
        let file =
            MarkdownFile::from_text("p.md".into(), "---\r\nslug: p\r\n---\r\n# P\r\n".into());
        let (range, text) = file_suppression(&file, "frontmatter-invalid").expect("an edit");
        assert_eq!(range, 19..19);
        assert_eq!(
            text,
            "<!-- planfile-ignore-file: frontmatter-invalid -->\r\n"
        );
        let text = "---\nslug: p\n---\n<!-- planfile-ignore-file: F1 -->\n# P\n";
        let file = MarkdownFile::from_text("p.md".into(), text.into());
        let (range, added) = file_suppression(&file, "F3").expect("an edit");
        let after_f1 = text.find("F1").expect("F1") + 2;
        assert_eq!((range.start, added.as_str()), (after_f1, ", F3"));
        assert_eq!(file_suppression(&file, "F1"), None);
        let bare = MarkdownFile::from_text("p.md".into(), "# P\n".into());
        assert_eq!(file_suppression(&bare, "F1").map(|e| e.0), Some(0..0));
    }
}
