//! The decisions block of a phase's boot prompt (SPEC §5.3).

use std::io::Write;
use std::path::Path;

use super::{decisions_command_in, flatten_field};
use crate::error::escape_invisible;
use crate::gate::prompt::DecisionsBlock;
use crate::manifest::View;
use crate::manifest::in_force::{AnswerFrom, InForce};
use crate::manifest::owed::RefusalReason;
use crate::plan::decisions::DecisionRow;
use crate::vocab;

/// What the block is about: the plan, and the `--root` the user gave
/// (carried by the command the block names, SPEC §10.3).
#[derive(Debug, Clone, Copy)]
pub struct PromptSubject<'a> {
    /// The plan's slug, as commands take it.
    pub slug: &'a str,
    /// The `--root` the user gave, if any.
    pub root: Option<&'a Path>,
}

/// Whether the start gate counts `row` as owed in `block` (outstanding and
/// blocking, whatever its state cell says).
fn owes(block: &DecisionsBlock<'_>, row: &DecisionRow) -> bool {
    block
        .verdict
        .refusals
        .iter()
        .any(|r| std::ptr::eq(r.row, row) && r.reason != RefusalReason::WaivedUnacknowledged)
}

/// A field as the block shows it: tabs, CR and LF as one space, and every
/// other control character, invisible or look-alike character escaped
/// (`\u{1B}`), so a cell cannot send a terminal sequence into a prompt.
fn shown(field: &str) -> String {
    escape_invisible(&flatten_field(field))
}

/// What the console makes of an answered `row` when it passes over it
/// (SPEC §5.5, as `decisions resolve` shows it, which also says why): ` —
/// the console passes over it: the answer in force is <answer>
/// (<source>)`; empty when the row is the answer in force, or its value is
/// empty (it shows as `(no value)`).
fn passed_over(block: &DecisionsBlock<'_>, row: &DecisionRow) -> String {
    let Some(answer) = block
        .in_force
        .iter()
        .find(|a| a.row.is_some_and(|r| std::ptr::eq(r, row)))
    else {
        return String::new();
    };
    // An empty value already shows as `(no value)` (SPEC §5.3).
    if matches!(answer.from, AnswerFrom::Row(_))
        || row.state != vocab::STATE_ANSWERED
        || row.value.is_empty()
    {
        return String::new();
    }
    let source = match answer.from {
        AnswerFrom::Default => "the shipped default",
        AnswerFrom::Console => "the console's policy",
        AnswerFrom::Legacy => "the console's delegateHumanGates switch",
        AnswerFrom::Run => "the run's own fields",
        AnswerFrom::Row(_) | AnswerFrom::None => "",
    };
    match &answer.answer {
        Some(word) => format!(
            " — the console passes over it: the answer in force is {} ({source})",
            shown(word)
        ),
        None => " — the console passes over it, and nothing else answers it".to_string(),
    }
}

/// Writes the boot-prompt block of `block` (SPEC §5.3): a heading line
/// naming the command that re-reads the rows; every `outstanding` row —
/// and every row the start gate counts as outstanding although its state
/// cannot be read (SPEC §5.4) — in the given (canonical) order, as
/// `  - [outstanding] <key> — owner <owner or nobody>, blocking <yes|no>: <value or (no value yet)>`;
/// then every other row, in the same order, as
/// `  - [<state>] <key>: <value or (no value)>`, followed, for an answered
/// row the console passes over, by what answers instead (as `decisions
/// resolve` shows it); then the duty line. `blocking` is what the start
/// gate reads: yes for a blocking cell that is not a yes/no word. Tabs, CR
/// and LF inside a field print as one space, and other control characters
/// escaped.
///
/// With no rows, one line instead: that the plan has no `## Decisions`
/// manifest — or that its `## Decisions` section holds no table, when it
/// has one, or, when the plan has rows elsewhere, that this view holds no
/// row — listing all nineteen keys and the duty.
///
/// When the view's Decisions sections cannot be read with certainty, a
/// warning line comes first: how many problems, where the first is, the
/// command that names them all, and that every decision counts as
/// unanswered until they are fixed (the start gate refuses meanwhile,
/// SPEC §5.4).
///
/// After the rows (or that line), one line per key without a row that a
/// shipped default or the console's policy answers, as `  - <key>:
/// <answer> (shipped default)` or `(console policy)`, so a session sees
/// what is decided in its name.
pub fn write(
    out: &mut dyn Write,
    subject: &PromptSubject<'_>,
    block: &DecisionsBlock<'_>,
) -> std::io::Result<()> {
    let (slug, view) = (subject.slug, block.view);
    let rows = &block.rows;
    let unreadable = &block.verdict.unreadable;
    let unlisted: Vec<&InForce> = block.in_force.iter().filter(|a| a.row.is_none()).collect();
    if let Some(first) = unreadable.first() {
        let n = unreadable.len();
        writeln!(
            out,
            "Warning: the decisions of plan {slug} cannot be read with certainty — {n} problem{} ({}, line {}: {}); `{}` names {}. Until they are fixed, every decision counts as unanswered: a session that meets one declares it by key and stops.",
            if n == 1 { "" } else { "s" },
            crate::lint::file_label(first.kind),
            first.line,
            first.name,
            decisions_command_in(subject.root, slug, view.phase(), "check"),
            if n == 1 { "it" } else { "them all" }
        )?;
    }
    if rows.is_empty() {
        let what = if !unreadable.is_empty() {
            format!("No decision row of plan {slug} can be read with certainty")
        } else if block.has_manifest {
            match view {
                View::PlanWide => {
                    format!("The plan-wide view of plan {slug} holds no decision row")
                }
                View::Phase(p) => format!("Phase {p}'s view of plan {slug} holds no decision row"),
            }
        } else if block.has_section {
            format!("The `## Decisions` section of plan {slug} holds no table")
        } else {
            format!("Plan {slug} has no `## Decisions` manifest")
        };
        writeln!(
            out,
            "{what}, so none of these decisions is answered: {}. A session that meets one of them declares it by key and stops; it never asks about it in prose.",
            vocab::key_list()
        )?;
        return write_unlisted(out, &unlisted);
    }
    let scope = match view {
        View::PlanWide => "plan-wide".to_string(),
        View::Phase(p) => format!("phase {p}"),
    };
    writeln!(
        out,
        "Decisions for {slug} ({scope}) — re-read them with: {}",
        decisions_command_in(subject.root, slug, view.phase(), "list")
    )?;
    let (outstanding, others): (Vec<&DecisionRow>, Vec<&DecisionRow>) = rows
        .iter()
        .partition(|r| r.state == vocab::STATE_OUTSTANDING || owes(block, r));
    for row in outstanding {
        let owner = match row.named_owner() {
            Some(owner) => shown(owner),
            None => "nobody".into(),
        };
        let value = if row.value.is_empty() {
            "(no value yet)".into()
        } else {
            shown(&row.value)
        };
        writeln!(
            out,
            "  - [outstanding] {} — owner {owner}, blocking {}: {value}",
            shown(&row.key),
            if owes(block, row) { "yes" } else { "no" }
        )?;
    }
    for row in others {
        let state = if row.state.is_empty() {
            "no state".into()
        } else {
            shown(&row.state)
        };
        let value = if row.value.is_empty() {
            "(no value)".into()
        } else {
            shown(&row.value)
        };
        writeln!(
            out,
            "  - [{state}] {}: {value}{}",
            shown(&row.key),
            passed_over(block, row)
        )?;
    }
    write_unlisted(out, &unlisted)?;
    writeln!(
        out,
        "A session that meets a decision nobody answered (an outstanding row above, or a key not listed) declares it by key and stops; it never asks about it in prose."
    )
}

/// One line per answer of `unlisted` that a shipped default or the
/// console's policy gives: `  - <key>: <answer> (shipped default)` or
/// `(console policy)`; other answers are skipped.
fn write_unlisted(out: &mut dyn Write, unlisted: &[&InForce]) -> std::io::Result<()> {
    for answer in unlisted {
        let from = match answer.from {
            AnswerFrom::Default => "shipped default",
            AnswerFrom::Console | AnswerFrom::Legacy => "console policy",
            AnswerFrom::Run | AnswerFrom::Row(_) | AnswerFrom::None => continue,
        };
        let Some(word) = &answer.answer else {
            continue;
        };
        writeln!(out, "  - {}: {} ({from})", answer.spec.key, shown(word))?;
    }
    Ok(())
}
