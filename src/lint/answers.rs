//! F25 checks of what the answers say (SPEC §6): an answered row whose
//! value the console passes over (`decision-value-unknown`), says nothing
//! or only holds the answer's place (`decision-value-empty`), or names two
//! different answer words (`decision-value-ambiguous`); and a key the start
//! gate owes because no row decides it (`decision-key-missing`).

use super::decision_sources::sources;
use super::{Hit, LintInput, line_span};
use crate::manifest::in_force::{
    Reading, answer_advice, answer_words, empty_answer, holds_word_in_other_letters, read_value,
    what_answers_instead,
};
use crate::plan::decisions::{Column, FileKind};
use crate::vocab;

/// F25 `decision-value-unknown` (advisory by default): an `answered` row of
/// a word key (see [`vocab::WORD_KEYS`]) whose value holds no answer word
/// for it, read as the console reads it (SPEC §5.5), so the console passes
/// over the row. Points at the value cell; the message names the words and
/// what answers instead. A value holding a word in other letters is left
/// to `decision-word-style`, which fixes it; one that says nothing or is
/// only a placeholder to `decision-value-empty`.
pub fn decision_value_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    for source in sources(input) {
        for row in source.rows() {
            let Some(spec) = vocab::key_spec(&row.key) else {
                continue;
            };
            if !spec.is_word_key() || row.state != vocab::STATE_ANSWERED {
                continue;
            }
            // A word in other letters (`Off`) is `decision-word-style`'s,
            // which carries the fix.
            if let Reading::Nothing(why) = read_value(spec, &row.value)
                && !holds_word_in_other_letters(spec, &row.value)
                && empty_answer(&row.value).is_none()
            {
                out.push(source.hit(
                    source.cell_span(row, Column::Value),
                    format!(
                        "{}: decision-value-unknown — {why}, so the console passes over this row; instead the answer is {}; write {}",
                        source.row_head(row),
                        what_answers_instead(spec),
                        answer_advice(spec)
                    ),
                ));
            }
        }
    }
}

/// F25 `decision-value-empty` (gating): an `answered` row whose value says
/// nothing once rendered or is only a placeholder (SPEC §5.4: `TBD`, `?`,
/// `...`, `<fill in>`): the start gate counts it as outstanding, and when
/// the row does not block, nothing else would say so. A word key whose
/// value the console reads an answer word in (`<!-- off -->`) is answered.
/// Points at the value cell.
pub fn decision_value_empty(input: &LintInput, out: &mut Vec<Hit>) {
    for source in sources(input) {
        for row in source.rows() {
            if row.state != vocab::STATE_ANSWERED {
                continue;
            }
            let Some(why) = empty_answer(&row.value) else {
                continue;
            };
            let word_answer = vocab::key_spec(&row.key)
                .filter(|spec| spec.is_word_key())
                .is_some_and(|spec| matches!(read_value(spec, &row.value), Reading::Answer(_)));
            if word_answer {
                continue;
            }
            out.push(source.hit(
                source.cell_span(row, Column::Value),
                format!(
                    "{}: decision-value-empty — {why}: an answered row must say its answer, so the start gate counts this one as outstanding; write the answer, or make the row outstanding with the owner who owes it",
                    source.row_head(row)
                ),
            ));
        }
    }
}

/// F25 `decision-value-ambiguous` (advisory): an `answered` row of a word
/// key whose value holds two or more different answer words (`never
/// continue, hold`): the console takes the first, which may not be the one
/// meant. Points at the value cell.
pub fn decision_value_ambiguous(input: &LintInput, out: &mut Vec<Hit>) {
    for source in sources(input) {
        for row in source.rows() {
            let Some(spec) = vocab::key_spec(&row.key).filter(|s| s.is_word_key()) else {
                continue;
            };
            if row.state != vocab::STATE_ANSWERED {
                continue;
            }
            let words = answer_words(spec, &row.value);
            if words.len() < 2 {
                continue;
            }
            out.push(source.hit(
                source.cell_span(row, Column::Value),
                format!(
                    "{}: decision-value-ambiguous — the value names {} answer words ({}), and the console takes the first, {}; keep the one you mean",
                    source.row_head(row),
                    words.len(),
                    words.join(", "),
                    words[0]
                ),
            ));
        }
    }
}

/// F25 `decision-key-missing` (advisory): in a plan with a Decisions
/// section, a key the template marks blocking that has no shipped default
/// and no row in the plan or the twin, and that the console's policy does
/// not answer: the start gate refuses for it (SPEC §5.4). Points at the
/// plan's Decisions heading.
pub fn decision_key_missing(input: &LintInput, out: &mut Vec<Hit>) {
    let manifest = input.manifest;
    let Some(section) = manifest.plan.decisions() else {
        return;
    };
    let rows = || manifest.plan_rows().iter().chain(manifest.twin_rows());
    if rows().next().is_none() {
        return;
    }
    for spec in vocab::owed_when_missing() {
        if rows().any(|r| r.key == spec.key)
            || crate::manifest::in_force::policy_settles(&input.env.policy, spec.key)
        {
            continue;
        }
        out.push(Hit {
            file: FileKind::Plan,
            span: line_span(&manifest.plan.file, section.heading_line),
            message: format!(
                "decision table in the plan (line {}): decision-key-missing — no row decides `{}`, which the template marks blocking with no shipped default, so the start gate refuses; add its row, or answer it with planfile decisions {} answer {} --value …",
                section.heading_line, spec.key, manifest.plan.slug, spec.key
            ),
            fix: None,
        });
    }
}
