//! The decisions block of a phase's boot prompt (SPEC §5.3).

use std::io::Write;

use super::{decisions_command, flatten_field};
use crate::manifest::in_force::{AnswerFrom, InForce};
use crate::manifest::{DecisionRow, View};
use crate::vocab;

/// Writes the boot-prompt block for the resolved `rows` of `view` of plan
/// `slug`: a heading line naming the command that re-reads the rows; every
/// `outstanding` row, in the given (canonical) order, as
/// `  - [outstanding] <key> — owner <owner or nobody>, blocking <yes|no>: <value or (no value yet)>`;
/// then every other row, in the same order, as
/// `  - [<state>] <key>: <value or (no value)>`; then the duty line.
/// Tabs, CR and LF inside a field print as one space.
///
/// With no rows, one line instead: that the plan has no `## Decisions`
/// manifest (or, when `has_manifest`, that this view holds no row), listing
/// all nineteen keys and the duty.
///
/// After the rows (or that line), one line per answer of `unlisted` — the
/// keys without a row that a shipped default or the console's policy
/// answers — as `  - <key>: <answer> (shipped default)` or
/// `(console policy)`, so a session sees what is decided in its name.
pub fn write(
    out: &mut dyn Write,
    slug: &str,
    view: View,
    rows: &[&DecisionRow],
    has_manifest: bool,
    unlisted: &[InForce],
) -> std::io::Result<()> {
    if rows.is_empty() {
        let what = if has_manifest {
            match view {
                View::PlanWide => {
                    format!("The plan-wide view of plan {slug} holds no decision row")
                }
                View::Phase(p) => format!("Phase {p}'s view of plan {slug} holds no decision row"),
            }
        } else {
            format!("Plan {slug} has no `## Decisions` manifest")
        };
        writeln!(
            out,
            "{what}, so none of these decisions is answered: {}. A session that meets one of them declares it by key and stops; it never asks about it in prose.",
            vocab::key_list()
        )?;
        return write_unlisted(out, unlisted);
    }
    let scope = match view {
        View::PlanWide => "plan-wide".to_string(),
        View::Phase(p) => format!("phase {p}"),
    };
    writeln!(
        out,
        "Decisions for {slug} ({scope}) — re-read them with: {}",
        decisions_command(slug, view.phase(), "list")
    )?;
    let (outstanding, others): (Vec<&DecisionRow>, Vec<&DecisionRow>) = rows
        .iter()
        .partition(|r| r.state == vocab::STATE_OUTSTANDING);
    for row in outstanding {
        let owner = if row.owner.is_empty() {
            "nobody".into()
        } else {
            flatten_field(&row.owner)
        };
        let value = if row.value.is_empty() {
            "(no value yet)".into()
        } else {
            flatten_field(&row.value)
        };
        writeln!(
            out,
            "  - [outstanding] {} — owner {owner}, blocking {}: {value}",
            flatten_field(&row.key),
            row.blocking_word()
        )?;
    }
    for row in others {
        let state = if row.state.is_empty() {
            "no state".into()
        } else {
            flatten_field(&row.state)
        };
        let value = if row.value.is_empty() {
            "(no value)".into()
        } else {
            flatten_field(&row.value)
        };
        writeln!(out, "  - [{state}] {}: {value}", flatten_field(&row.key))?;
    }
    write_unlisted(out, unlisted)?;
    writeln!(
        out,
        "A session that meets a decision nobody answered (an outstanding row above, or a key not listed) declares it by key and stops; it never asks about it in prose."
    )
}

/// One line per answer of `unlisted` that a shipped default or the
/// console's policy gives: `  - <key>: <answer> (shipped default)` or
/// `(console policy)`; other answers are skipped.
fn write_unlisted(out: &mut dyn Write, unlisted: &[InForce]) -> std::io::Result<()> {
    for answer in unlisted {
        let from = match answer.from {
            AnswerFrom::Default => "shipped default",
            AnswerFrom::Console | AnswerFrom::Legacy => "console policy",
            AnswerFrom::Run | AnswerFrom::Row(_) | AnswerFrom::None => continue,
        };
        let Some(word) = &answer.answer else {
            continue;
        };
        writeln!(
            out,
            "  - {}: {} ({from})",
            answer.spec.key,
            flatten_field(word)
        )?;
    }
    Ok(())
}
