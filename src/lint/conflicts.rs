//! `merge-conflict-marker` (code F20, SPEC §6): a plan or twin that still
//! holds the marker lines of a merge that was never finished, and so both
//! sides of the conflict. A reader that takes the later row settles the
//! conflict silently for one side; the lint, the writer and the start gate
//! refuse instead.

use super::{Hit, LintInput, file_label, line_span};
use crate::error::escape_invisible;
use crate::plan::decisions::FileKind;

/// F20 `merge-conflict-marker`: one finding per merge-conflict marker line
/// (`<<<<<<<`, `|||||||`, `=======`, `>>>>>>>` followed by a space or the
/// end of the line) outside fenced code blocks, in the plan and in the
/// twin; points at the line.
pub fn merge_conflict_marker(input: &LintInput, out: &mut Vec<Hit>) {
    for kind in [FileKind::Plan, FileKind::Twin] {
        let Some(file) = input.file(kind) else {
            continue;
        };
        for line in file.conflict_marker_lines() {
            out.push(Hit {
                file: kind,
                span: line_span(file, line),
                message: format!(
                    "conflict marker in {} (line {line}): merge-conflict-marker — \"{}\" is left from a merge that was never finished, so the file holds both sides of the conflict; keep the side you mean and delete the marker lines",
                    file_label(kind),
                    escape_invisible(file.line_text(line).trim_end())
                ),
                fix: None,
            });
        }
    }
}
