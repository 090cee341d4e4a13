//! The notes a handoff leaves for later phases (SPEC §6.5, §11): the
//! bullets of its `## Notes for later phases` sections, each addressed to
//! `phase N`, `next` (the phases that depend on the writer) or `all`
//! (every other phase). One grammar, read by the lint (F26, F30) and by
//! the engine's `--notes N`, so a note the lint sees is a note the phase is
//! handed.

use std::ops::Range;

use crate::markdown::MarkdownFile;
use crate::plan::directive::{lines_in, sections_starting};
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
    /// The note's text: after the label's colon, its continuation lines
    /// joined with one space each, trimmed.
    pub text: String,
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
            if let Some((mut note, text)) = open.take() {
                let text = text.trim();
                if !text.is_empty() {
                    note.text = text.to_string();
                    notes.push(note);
                }
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
                        text: String::new(),
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
    fn continuation_lines_join_the_note_above() {
        let file = MarkdownFile::from_text(
            "h.md".into(),
            "## Notes for later phases\n\n- **Phase 4:** the order is fixed;\n  read it by name.\n- **All:**   spaced   \n".to_string(),
        );
        let texts: Vec<String> = notes(&file).into_iter().map(|n| n.text).collect();
        assert_eq!(texts, ["the order is fixed; read it by name.", "spaced"]);
    }
}
