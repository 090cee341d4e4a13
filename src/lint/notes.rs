//! Note checks (SPEC §6.5; SPEC-PARITY.md section B, F26, and section D,
//! F30): the bullets of a handoff's `## Notes for later phases` sections,
//! each addressed to `phase N`, `next` or `all`.
//!
//! A note is handed to its phase when that phase boards. A note addressed
//! to a phase the plan does not have is never handed to anyone, so F26
//! gates; one addressed to a phase that was already done when the note was
//! written is an advisory (F30).

use super::{Hit, LintInput, phase_list};
use crate::error::escape_invisible;
use crate::plan::decisions::FileKind;
use crate::plan::graph::parse_phase_number;
use crate::plan::notes::{Note, NoteTarget, notes};

/// Every note of every readable handoff of the input, in file-name order,
/// with the handoff's index; only notes addressed to a phase number, with
/// that number as written.
fn phase_notes<'a>(input: &'a LintInput) -> impl Iterator<Item = (usize, String, Note)> + 'a {
    super::handoffs::readable(input).flat_map(|(i, _, file)| {
        notes(file)
            .into_iter()
            .filter_map(move |note| match &note.target {
                NoteTarget::Phase(digits) => Some((i, digits.clone(), note)),
                NoteTarget::Relation(_) => None,
            })
    })
}

/// F26 `note-target-unknown`: a note addressed to a phase number the graph
/// does not have (`Phase 05` is phase 5). Handoff by handoff, in file-name
/// order. Points at the note's line in the handoff.
pub fn note_target_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    let graph = input.manifest.plan.graph_phases();
    for (index, digits, note) in phase_notes(input) {
        if parse_phase_number(&digits).is_some_and(|p| input.manifest.plan.in_graph(p)) {
            continue;
        }
        let name = &input.handoffs.all()[index].name;
        out.push(Hit {
            file: FileKind::Handoff(index),
            span: note.span,
            message: format!(
                "note-target-unknown — {} has a note for phase {digits}, which is not a phase of this plan, so no session is ever handed it; address it to a phase of the graph ({}), to next or to all",
                escape_invisible(name),
                phase_list(&graph)
            ),
            fix: None,
        });
    }
}

/// Whether ISO date or instant `a` is later than `b` (they sort as text;
/// a tie is not later).
fn later(a: &str, b: &str) -> bool {
    a > b
}

/// F30 `note-target-done` (advisory): a note addressed to a phase of the
/// graph that is done, unless both the writer's handoff and the target's
/// newest handoff give a `completed:` date and the writer's is not later
/// (the note was written while its reader was still ahead). Points at the
/// note's line in the handoff.
pub fn note_target_done(input: &LintInput, out: &mut Vec<Hit>) {
    let handoffs = input.handoffs;
    for (index, digits, note) in phase_notes(input) {
        let Some(phase) = parse_phase_number(&digits).filter(|p| input.manifest.plan.in_graph(*p))
        else {
            continue;
        };
        if !input.done.contains(&phase) {
            continue;
        }
        let writer = &handoffs.all()[index];
        let wrote = writer.frontmatter.completed.as_deref();
        let closed = handoffs
            .newest_index(phase)
            .and_then(|i| handoffs.get(i))
            .and_then(|h| h.frontmatter.completed.as_deref());
        if let (Some(wrote), Some(closed)) = (wrote, closed)
            && !later(wrote, closed)
        {
            continue;
        }
        let when = match wrote {
            Some(date) => format!("this handoff was completed {}", escape_invisible(date)),
            None => "this handoff gives no completed: date".to_string(),
        };
        out.push(Hit {
            file: FileKind::Handoff(index),
            span: note.span,
            message: format!(
                "{}: note-target-done — its note for phase {phase} will never be delivered: phase {phase} is done, and {when}, so nothing shows it was written before that phase finished; address it to a phase still to run, or keep it as a record and move it out of the notes",
                escape_invisible(&writer.name)
            ),
            fix: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert!(later("2026-09-04", "2026-09-03"));
        assert!(!later("2026-09-03", "2026-09-03"));
    }
}
