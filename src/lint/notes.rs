//! Note checks (SPEC §6.5; SPEC-PARITY.md section B, F26, and section D,
//! F30): the bullets of a handoff's `## Notes for later phases` sections,
//! each addressed to `phase N`, `next` or `all`.
//!
//! A note is handed to its phase when that phase boards. A note addressed
//! to a phase the plan does not have is never handed to anyone, so F26
//! gates; one addressed to a phase that was already done when the note was
//! written is an advisory (F30).

use std::ops::Range;

use super::{Hit, LintInput, phase_list};
use crate::error::escape_invisible;
use crate::markdown::MarkdownFile;
use crate::plan::decisions::FileKind;
use crate::plan::directive::{lines_in, sections_starting};
use crate::plan::graph::parse_phase_number;
use crate::vocab::handoffs::{NOTE_RELATIONS, NOTES_HEADING};

/// Whom a note is addressed to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoteTarget {
    /// `phase <digits>`: the digits as written (`05` stays `05`).
    Phase(String),
    /// `next` or `all`: a relation, which always has a reader.
    Relation(&'static str),
}

/// One note of a handoff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// Whom it is addressed to.
    pub target: NoteTarget,
    /// The bullet's line, leading blanks excluded.
    pub span: Range<usize>,
}

/// The label of a note bullet (`- **For phase 3:** text`): whom it is
/// addressed to and the text after the colon; `None` when the bullet is not
/// a note (no colon, or a label other than `phase <digits>`, `next` or
/// `all`, any case, `*` around it and a leading `for ` allowed).
fn note_label(bullet: &str) -> Option<(NoteTarget, &str)> {
    let rest = bullet.trim_start_matches(['*']);
    let (label, text) = rest.split_once(':')?;
    let label = label.trim_end_matches('*').trim().to_lowercase();
    let label = match label.strip_prefix("for") {
        Some(after) if after.starts_with([' ', '\t']) => after.trim_start().to_string(),
        _ => label,
    };
    let text = text.trim_start_matches('*').trim();
    if let Some(relation) = NOTE_RELATIONS.iter().find(|(r, _)| *r == label) {
        return Some((NoteTarget::Relation(relation.0), text));
    }
    let digits = label.strip_prefix("phase")?;
    if !digits.starts_with([' ', '\t']) {
        return None;
    }
    let digits = digits.trim_start();
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| (NoteTarget::Phase(digits.to_string()), text))
}

/// The notes of a handoff, in document order: inside every level-2 section
/// whose heading starts with `Notes for later phases` (any case), a list
/// item whose label is `phase <digits>`, `next` or `all`. An indented line
/// continues the note above; a blank line ends it; a note with no text is
/// dropped. Lines inside code blocks and HTML comments (also across lines)
/// are never notes.
pub fn notes(file: &MarkdownFile) -> Vec<Note> {
    let mut notes = Vec::new();
    for section in sections_starting(file, NOTES_HEADING) {
        let mut open: Option<(Note, String)> = None;
        let mut comment = false;
        let flush = |open: &mut Option<(Note, String)>, notes: &mut Vec<Note>| {
            if let Some((note, text)) = open.take()
                && !text.trim().is_empty()
            {
                notes.push(note);
            }
        };
        for (_, span) in lines_in(file, section) {
            let line = &file.text[span.clone()];
            if line.contains("<!--") {
                comment = true;
            }
            if comment {
                if line.contains("-->") {
                    comment = false;
                }
                continue;
            }
            let trimmed = line.trim_start_matches([' ', '\t']);
            let bullet = trimmed
                .strip_prefix(['-', '*'])
                .filter(|rest| rest.starts_with([' ', '\t']));
            if let Some(rest) = bullet {
                flush(&mut open, &mut notes);
                let lead = line.len() - trimmed.len();
                open = note_label(rest.trim_start()).map(|(target, text)| {
                    let note = Note {
                        target,
                        span: (span.start + lead)..span.end,
                    };
                    (note, text.to_string())
                });
            } else if line.trim().is_empty() {
                flush(&mut open, &mut notes);
            } else if trimmed.len() < line.len()
                && let Some((_, text)) = open.as_mut()
            {
                text.push(' ');
                text.push_str(trimmed.trim_end());
            }
        }
        flush(&mut open, &mut notes);
    }
    notes
}

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

    fn targets(text: &str) -> Vec<NoteTarget> {
        let file = MarkdownFile::from_text("h.md".into(), text.to_string());
        notes(&file).into_iter().map(|n| n.target).collect()
    }

    #[test]
    fn labels() {
        let phase = |d: &str| NoteTarget::Phase(d.to_string());
        let text = "## Notes for later phases\n\n<!--\n- **Phase 7:** example\n-->\n- **Phase 2:** cracked\n- **For phase 9:** spare bits\n- **next:** rig on site\n- **ALL:** gate code\n- Phase 12: the old sheet\n  wraps onto phase 14\n- **Phase 3a:** not a number\n- **Phase 6**: outside\n- **Phase 8:**\n\n- **Phase 05:** padded\n\n## Next\n\n- **Phase 4:** not in the section\n";
        assert_eq!(
            targets(text),
            vec![
                phase("2"),
                phase("9"),
                NoteTarget::Relation("next"),
                NoteTarget::Relation("all"),
                phase("12"),
                phase("6"),
                phase("05"),
            ]
        );
        assert_eq!(
            targets("## Notes for later phases (draft)\n- **Phase 1:**\n  continued here\n"),
            vec![phase("1")]
        );
        assert!(targets("# Notes for later phases\n- **Phase 1:** x\n").is_empty());
    }

    #[test]
    fn dates() {
        assert!(later("2026-09-04", "2026-09-03"));
        assert!(!later("2026-09-03", "2026-09-03"));
    }
}
