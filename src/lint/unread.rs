//! F25 `decision-table-unread` (SPEC §3.3, §5.4): decision rows in the plan
//! or the twin that no reader takes as the manifest — a decision table
//! outside the `## Decisions` section, a second one inside it, or one
//! hidden in front matter, in a fence or comment never closed, or in an
//! HTML block ([`crate::plan::decisions::unread`]).

use super::decisions::near_misses;
use super::{Hit, LintInput, file_label, line_span};
use crate::plan::decisions::unread;

/// F25 `decision-table-unread`: one finding per table (or run of decision
/// rows, or block hiding them) that no reader takes as the manifest, in the
/// plan and the twin; points at its first line. A file with merge-conflict
/// markers is left to `merge-conflict-marker`, and a file without a
/// Decisions section but with a near miss of its heading to
/// `decisions-heading-malformed`, which say what to fix first.
pub fn decision_table_unread(input: &LintInput, out: &mut Vec<Hit>) {
    for super::decision_sources::Source {
        kind,
        file,
        section,
    } in super::decision_sources::sources(input)
    {
        if !file.conflict_marker_lines().is_empty()
            || (section.is_none() && !near_misses(file).is_empty())
        {
            continue;
        }
        for found in unread::find(file, kind, section) {
            let (why, todo) = found.explain(file);
            out.push(Hit {
                file: kind,
                span: line_span(file, found.line),
                message: format!(
                    "decision table in {} (line {}): decision-table-unread — {why}; {todo}",
                    file_label(kind),
                    found.line
                ),
                fix: None,
            });
        }
    }
}
