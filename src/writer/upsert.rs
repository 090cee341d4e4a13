//! The new text of the twin (SPEC §7 Upsert): a new twin holding one row,
//! or the row replaced in place or inserted after the table's last line
//! with every other byte kept; the edit as a diff for `--dry-run`; and the
//! check that the edited text reads back as written.

use std::path::Path;

use super::lock::TwinPath;
use super::row::RowCells;
use super::unseen;
use crate::error::{Error, Result, escape_path};
use crate::manifest::Twin;
use crate::manifest::merge::{View, resolve};
use crate::markdown::MarkdownFile;
use crate::plan::Plan;
use crate::plan::decisions::FileKind;
use crate::plan::decisions::unread;
use crate::plan::decisions::{BodyLine, Column, DecisionTable};

/// One computed write: the twin's bytes before and after.
#[derive(Debug, Clone)]
pub struct Edit {
    /// The twin's paths.
    pub twin: TwinPath,
    /// The twin's text before the edit; `None` when there is no twin yet.
    pub old: Option<String>,
    /// The twin's text after the edit.
    pub new: String,
    /// The row as written.
    pub row: RowCells,
}

impl Edit {
    /// Whether the edit changes the file (an identical answer does not).
    pub fn changes(&self) -> bool {
        self.old.as_deref() != Some(self.new.as_str())
    }

    /// The unified diff of the edit (`--- a/<label>`, or `--- /dev/null`
    /// when the twin does not exist yet; `+++ b/<label>`; `@@` hunks with
    /// three lines of context); empty when nothing changes. Lines that end
    /// in a lone CR (SPEC §3) are shown ending in LF, so that the diff reads
    /// as lines on a terminal and to a diff viewer
    /// ([`Edit::has_lone_cr_endings`] says when; a CRLF line keeps its CR).
    pub fn diff(&self, label: &str) -> String {
        if !self.changes() {
            return String::new();
        }
        let old_side = match self.old {
            Some(_) => format!("a/{label}"),
            None => "/dev/null".to_string(),
        };
        let old = lone_cr_as_lf(self.old.as_deref().unwrap_or(""));
        let new = lone_cr_as_lf(&self.new);
        similar::TextDiff::from_lines(old.as_ref(), new.as_ref())
            .unified_diff()
            .context_radius(3)
            .header(&old_side, &format!("b/{label}"))
            .to_string()
    }

    /// Whether the twin, before or after the edit, has lines that end in a
    /// lone CR, which [`Edit::diff`] shows ending in LF: such a diff shows
    /// the change, but a patch tool cannot apply it to the file.
    pub fn has_lone_cr_endings(&self) -> bool {
        [self.old.as_deref(), Some(self.new.as_str())]
            .into_iter()
            .flatten()
            .any(|text| matches!(lone_cr_as_lf(text), std::borrow::Cow::Owned(_)))
    }
}

/// `text` with every CR that is not followed by an LF (a lone-CR line
/// ending) made an LF; borrowed when there is none.
fn lone_cr_as_lf(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    let lone = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(lone) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        out.push(if lone(i) { '\n' } else { c });
    }
    std::borrow::Cow::Owned(out)
}

/// The header of a new twin's table, in SPEC §7's column order.
fn header_lines() -> [String; 2] {
    let names: Vec<&str> = Column::ALL.iter().map(|c| c.name()).collect();
    [
        format!("| {} |", names.join(" | ")),
        format!("|{}", "---|".repeat(Column::ALL.len())),
    ]
}

/// The text of a new twin holding one row (SPEC §7): title, a paragraph on
/// what the file is, the `## Decisions` heading and the table.
pub fn new_twin(slug: &str, cells: &RowCells) -> String {
    let [header, delimiter] = header_lines();
    format!(
        "# Decisions — {slug}\n\n\
         Written by `planfile decisions` (answer, waive, promote); change it with \
         those commands, not by hand. A row here overrides, as a whole, the \
         plan's row for the same key and scope, and in a phase's view that \
         phase's own rows win over plan-wide ones.\n\n\
         ## Decisions\n\n{header}\n{delimiter}\n{}\n",
        render_row(&Column::ALL.map(Some), cells, None)
    )
}

/// Renders a row line for a table whose header cells name `columns`: each
/// known column (its first occurrence) gets the row's cell; any other
/// column keeps the raw cell of `old` (the line being replaced, with its
/// cell texts) or is left empty.
fn render_row(columns: &[Option<Column>], cells: &RowCells, old: Option<&[&str]>) -> String {
    let mut line = String::from("|");
    for (i, column) in columns.iter().enumerate() {
        let ours = column.filter(|c| columns.iter().position(|x| *x == Some(*c)) == Some(i));
        match ours {
            Some(c) => {
                line.push(' ');
                line.push_str(&cells.cell(c));
                line.push(' ');
            }
            None => match old.and_then(|o| o.get(i)) {
                Some(raw) if !raw.is_empty() => line.push_str(raw),
                _ => line.push(' '),
            },
        }
        line.push('|');
    }
    line
}

/// The line ending a file uses: the ending of its first line (`\r\n`, `\n`
/// or a lone `\r`, SPEC §3), else `\n`.
fn file_ending(text: &str) -> &'static str {
    let bytes = text.as_bytes();
    match bytes.iter().position(|b| matches!(b, b'\n' | b'\r')) {
        Some(i) if bytes[i] == b'\n' => "\n",
        Some(i) if bytes.get(i + 1) == Some(&b'\n') => "\r\n",
        Some(_) => "\r",
        None => "\n",
    }
}

/// The line ending `text` ends with, if it ends with one.
fn trailing_ending(text: &str) -> Option<&'static str> {
    if text.ends_with("\r\n") {
        Some("\r\n")
    } else if text.ends_with('\n') {
        Some("\n")
    } else if text.ends_with('\r') {
        Some("\r")
    } else {
        None
    }
}

/// The edited text of an existing twin (SPEC §7 Upsert). A twin without a
/// `## Decisions` section gets one appended, unless it holds something a
/// person takes for one ([`unseen::check`] refuses it).
pub(super) fn upsert(twin: &Twin, cells: &RowCells) -> Result<String> {
    let file = &twin.file;
    let text = file.text.as_str();
    let markers = file.conflict_marker_lines();
    if let Some(first) = markers.first() {
        let lines: Vec<String> = markers.iter().map(usize::to_string).collect();
        return Err(Error::TwinRefused(format!(
            "{}:{first}: line{} {} {} merge-conflict marker{} left from a merge that was never finished, so the twin holds both sides of the conflict; resolve it by hand (keep the side you mean, delete the marker lines) and run again; nothing written",
            escape_path(&file.path),
            if lines.len() == 1 { "" } else { "s" },
            lines.join(", "),
            if lines.len() == 1 { "is a" } else { "are" },
            if lines.len() == 1 { "" } else { "s" },
        )));
    }
    let bom = text.starts_with('\u{FEFF}');
    let slug = file
        .path
        .parent()
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if text.trim_start_matches('\u{FEFF}').trim().is_empty() {
        let body = new_twin(&slug, cells);
        return Ok(if bom { format!("\u{FEFF}{body}") } else { body });
    }
    let Some(section) = &twin.decisions else {
        unseen::check(file, &slug)?;
        let [header, delimiter] = header_lines();
        let row = render_row(&Column::ALL.map(Some), cells, None);
        return Ok(insert_block(
            text,
            text.len(),
            &["## Decisions".into(), String::new(), header, delimiter, row],
        ));
    };
    if !section.problems.is_empty() {
        let lines: Vec<String> = section
            .problems
            .iter()
            .map(|p| format!("line {}: {}", p.line, p.kind.describe()))
            .collect();
        return Err(Error::TwinRefused(format!(
            "{}:{}: the Decisions table cannot be edited safely: {}. Fix the table by hand (planfile validate names the problems) and run again; nothing written",
            escape_path(&file.path),
            section.problems[0].line,
            lines.join("; ")
        )));
    }
    if let Some(found) = unread::find(file, FileKind::Twin, Some(section)).first() {
        return Err(unseen::refuse_unread(file, found));
    }
    let Some(table) = &section.table else {
        let [header, delimiter] = header_lines();
        let row = render_row(&Column::ALL.map(Some), cells, None);
        return Ok(insert_block(
            text,
            section.range.end,
            &[header, delimiter, row],
        ));
    };
    upsert_row(file, table, cells)
}

/// Upserts the row into an existing, well-formed table.
fn upsert_row(file: &MarkdownFile, table: &DecisionTable, cells: &RowCells) -> Result<String> {
    let text = file.text.as_str();
    let needed: Vec<Column> = Column::ALL
        .into_iter()
        .filter(|c| *c != Column::Phase || cells.phase.is_some())
        .collect();
    let missing: Vec<&str> = needed
        .iter()
        .filter(|c| table.column_index(**c).is_none())
        .map(|c| c.name())
        .collect();
    if !missing.is_empty() {
        return Err(Error::TwinRefused(format!(
            "{}:{}: the Decisions table has no {} column, which the row needs; add the column(s) to the header and the delimiter row and run again; nothing written",
            escape_path(&file.path),
            table.header_line,
            missing
                .iter()
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let matches: Vec<&BodyLine> = table
        .lines
        .iter()
        .filter(|l| {
            l.row
                .and_then(|i| table.rows.get(i))
                .is_some_and(|r| r.key == cells.key && r.phase.phase() == cells.phase)
        })
        .collect();
    if matches.len() > 1 {
        let lines: Vec<String> = matches.iter().map(|l| l.line.to_string()).collect();
        return Err(Error::TwinRefused(format!(
            "{}: lines {} each hold a row for `{}` ({}); the twin was edited by hand — delete all but one of them and run again; nothing written",
            escape_path(&file.path),
            lines.join(" and "),
            cells.key,
            cells.scope()
        )));
    }
    match matches.first() {
        Some(line) => {
            let range = file.lines.line_range(text, line.line);
            let old: Vec<&str> = line.cells.iter().map(|r| &text[r.clone()]).collect();
            let indent = indent_of(&text[range.clone()]);
            let row = render_row(&table.columns, cells, Some(&old));
            let kept = trailing_suppression(&text[range.clone()]);
            Ok(format!(
                "{}{indent}{row}{kept}{}",
                &text[..range.start],
                &text[range.end..]
            ))
        }
        None => {
            let last = table.last_line();
            let range = file.lines.line_range(text, last);
            let with_end = file.lines.line_range_with_ending(last);
            let indent = indent_of(&text[range.clone()]);
            let row = render_row(&table.columns, cells, None);
            let ending = &text[range.end..with_end.end];
            if ending.is_empty() {
                let ending = previous_ending(file, last).unwrap_or_else(|| file_ending(text));
                Ok(format!("{text}{ending}{indent}{row}"))
            } else {
                Ok(format!(
                    "{}{indent}{row}{ending}{}",
                    &text[..with_end.end],
                    &text[with_end.end..]
                ))
            }
        }
    }
}

/// The suppression comment after the last pipe of a row line, with the
/// blanks before it (SPEC §10.1): a replaced row keeps it. Empty when the
/// line has none.
fn trailing_suppression(line: &str) -> &str {
    crate::markdown::suppression::trailing_directive(line).map_or("", |at| &line[at..])
}

/// The ending of the line before 1-based `line`, if there is one.
fn previous_ending(file: &MarkdownFile, line: usize) -> Option<&'static str> {
    if line < 2 {
        return None;
    }
    let range = file.lines.line_range(&file.text, line - 1);
    let with_end = file.lines.line_range_with_ending(line - 1);
    trailing_ending(&file.text[range.end..with_end.end])
}

/// The spaces and tabs a line starts with.
fn indent_of(line: &str) -> &str {
    let end = line.len() - line.trim_start_matches([' ', '\t']).len();
    &line[..end]
}

/// `text` with `lines` inserted at byte `at` (the start of a line, or the
/// end of the text) as a block: a blank line before it unless there is one,
/// a blank line after it when text follows, the ending of the line it
/// follows (else the file's own), and the final newline (or its absence)
/// kept at the end of the file.
fn insert_block(text: &str, at: usize, lines: &[String]) -> String {
    let (head, tail) = text.split_at(at);
    let ending = trailing_ending(head).unwrap_or_else(|| file_ending(text));
    let mut out = String::with_capacity(text.len() + 256);
    out.push_str(head);
    if !out.is_empty() && trailing_ending(&out).is_none() {
        out.push_str(ending);
    }
    if !out.is_empty() && !last_line_blank(&out) {
        out.push_str(ending);
    }
    for line in lines {
        out.push_str(line);
        out.push_str(ending);
    }
    if !tail.is_empty() {
        out.push_str(ending);
        out.push_str(tail);
    } else if !text.is_empty() && trailing_ending(text).is_none() {
        out.truncate(out.len() - ending.len());
    }
    out
}

/// Whether the last line of `text` (which ends with a line ending) is
/// blank.
fn last_line_blank(text: &str) -> bool {
    crate::markdown::lines_with_offsets(text)
        .last()
        .is_none_or(|(_, last)| last.trim_matches([' ', '\t']).is_empty())
}

/// Checks, before anything is written, that `new` reads as a well-formed
/// twin in which the view resolves the key to exactly the row written.
/// [`Error::TwinRefused`] (exit 1) otherwise.
pub(super) fn verify(
    plan: &Plan,
    path: &Path,
    new: &str,
    cells: &RowCells,
    view: View,
) -> Result<()> {
    let twin = Twin::from_file(MarkdownFile::from_text(path.to_path_buf(), new.to_string()));
    let refuse = |why: String| {
        Err(Error::TwinRefused(format!(
            "{}: the twin cannot be edited safely: after the edit {why}; fix the file by hand and run again; nothing written",
            escape_path(path)
        )))
    };
    let Some(section) = &twin.decisions else {
        return refuse("it would have no `## Decisions` section the reader finds".into());
    };
    if let Some(problem) = section.problems.first() {
        return refuse(format!(
            "line {} would be {}",
            problem.line,
            problem.kind.describe()
        ));
    }
    let own = twin
        .rows()
        .iter()
        .filter(|r| r.key == cells.key && r.phase.phase() == cells.phase)
        .count();
    if own != 1 {
        return refuse(format!(
            "it would hold {own} rows for `{}` ({})",
            cells.key,
            cells.scope()
        ));
    }
    let resolved = resolve(plan.decision_rows(), twin.rows(), view);
    let read = resolved.into_iter().find(|r| r.key == cells.key);
    match cells.mismatch(read) {
        Some(mismatch) => refuse(format!(
            "the row would not read back as written: {mismatch}"
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::writer::fixtures::{TABLE, cells, twin};

    #[test]
    fn replaces_the_row_in_place() {
        let text = format!(
            "# D\n\n## Decisions\n\n{TABLE}| `stop` | halt | op | answered | no | run | e | — |\n| `relay` | off | op | answered | no | run | e | — |\n"
        );
        let out = upsert(&twin(&text), &cells("stop", "go on", None)).expect("upsert");
        assert_eq!(
            out,
            text.replace(
                "| `stop` | halt | op | answered | no | run | e | — |",
                "| `stop` | go on | op | answered | no | run | decisions.sh 2026-09-14 | — |"
            )
        );
    }

    #[test]
    fn keeps_unknown_columns_and_the_twins_order() {
        let text = "## Decisions\n\n| phase | ticket | key | value | owner | state | blocking | source | evidence |\n|---|---|---|---|---|---|---|---|---|\n|  2 |  T-9  | `waits` | x | op | answered | no | run | e |\n";
        let out = upsert(&twin(text), &cells("waits", "y", Some(2))).expect("upsert");
        assert!(out.ends_with(
            "| 2 |  T-9  | `waits` | y | op | answered | no | run | decisions.sh 2026-09-14 |\n"
        ));
        let out = upsert(&twin(text), &cells("stop", "z", None)).expect("upsert");
        assert!(out.ends_with(
            "| e |\n| — | | `stop` | z | op | answered | no | run | decisions.sh 2026-09-14 |\n"
        ));
    }

    #[test]
    fn inserts_without_a_final_newline() {
        let text = format!("## Decisions\r\n\r\n{}", TABLE.replace('\n', "\r\n"));
        let text = text.trim_end().to_string();
        let out = upsert(&twin(&text), &cells("stop", "x", None)).expect("upsert");
        assert!(out.starts_with(&text));
        assert!(out.ends_with(
            "---|\r\n| `stop` | x | op | answered | no | run | decisions.sh 2026-09-14 | — |"
        ));
    }

    #[test]
    fn a_cr_only_twin_stays_cr_only() {
        let text = format!(
            "# D\r\r## Decisions\r\r{}| `stop` | halt | op | answered | no | run | e | — |\r",
            TABLE.replace('\n', "\r")
        );
        let out = upsert(&twin(&text), &cells("relay", "off", None)).expect("upsert");
        assert_eq!(
            out,
            format!(
                "{text}| `relay` | off | op | answered | no | run | decisions.sh 2026-09-14 | — |\r"
            )
        );
        let out = upsert(&twin(&text), &cells("stop", "go", None)).expect("upsert");
        assert!(!out.contains('\n'), "{out:?}");
        assert!(out.contains("\r| `stop` | go |"), "{out:?}");
    }

    #[test]
    fn adds_a_table_to_a_section_without_one() {
        let text = "# D\n\n## Decisions\n\nNone yet.\n## Notes\n\nkeep\n";
        let out = upsert(&twin(text), &cells("stop", "x", None)).expect("upsert");
        assert_eq!(
            out,
            format!(
                "# D\n\n## Decisions\n\nNone yet.\n\n{TABLE}| `stop` | x | op | answered | no | run | decisions.sh 2026-09-14 | — |\n\n## Notes\n\nkeep\n"
            )
        );
    }

    #[test]
    fn appends_a_section_to_a_file_without_one() {
        let out = upsert(&twin("# Notes\n\ntext"), &cells("stop", "x", None)).expect("upsert");
        assert_eq!(
            out,
            format!(
                "# Notes\n\ntext\n\n## Decisions\n\n{TABLE}| `stop` | x | op | answered | no | run | decisions.sh 2026-09-14 | — |"
            )
        );
    }

    #[test]
    fn refuses_tables_it_cannot_edit() {
        let dup = format!(
            "## Decisions\n\n{TABLE}| `stop` | a | op | answered | no | run | e | — |\n| `stop` | b | op | answered | no | run | e | |\n"
        );
        let err = upsert(&twin(&dup), &cells("stop", "x", None)).expect_err("refused");
        assert_eq!(err.exit_code(), 1);
        assert!(err.to_string().contains("lines 5 and 6"), "{err}");
        assert!(upsert(&twin(&dup), &cells("stop", "x", Some(2))).is_ok());

        let no_phase = "## Decisions\n\n| key | value | owner | state | blocking | source | evidence |\n|---|---|---|---|---|---|---|\n";
        let err = upsert(&twin(no_phase), &cells("stop", "x", Some(2))).expect_err("refused");
        assert!(err.to_string().contains("`phase`"), "{err}");
        assert!(upsert(&twin(no_phase), &cells("stop", "x", None)).is_ok());
    }

    #[test]
    fn refuses_a_twin_with_conflict_markers() {
        let text = format!(
            "## Decisions\n\n{TABLE}<<<<<<< HEAD\n| `relay` | | op | outstanding | yes | run | e | — |\n=======\n| `relay` | off | op | answered | yes | run | e | — |\n>>>>>>> answer\n"
        );
        let err = upsert(&twin(&text), &cells("mcp", "x", None)).expect_err("refused");
        assert_eq!(err.exit_code(), 1);
        let message = err.to_string();
        assert!(
            message.contains(":5: lines 5, 7, 9 are merge-conflict markers"),
            "{message}"
        );
    }

    #[test]
    fn file_endings() {
        assert_eq!(file_ending("a\r\nb\n"), "\r\n");
        assert_eq!(file_ending("a\nb\r\n"), "\n");
        assert_eq!(file_ending("a"), "\n");
        assert_eq!(file_ending("a\rb\n"), "\r");
        assert_eq!(trailing_ending("a\r"), Some("\r"));
        assert_eq!(trailing_ending("a\r\n"), Some("\r\n"));
        assert_eq!(trailing_ending("a"), None);
        assert!(last_line_blank("a\r\r"));
        assert!(!last_line_blank("a\rb\r"));
        assert!(last_line_blank("a\n\n"));
        assert!(last_line_blank("a\r\n  \r\n"));
        assert!(!last_line_blank("a\nb\n"));
    }
}
