//! The decisions block of a phase's boot prompt (SPEC §5.3).

use std::io::Write;
use std::path::Path;

use super::{decisions_command_in, flatten_field};
use crate::gate::Refusal;
use crate::lint::Finding;
use crate::manifest::View;
use crate::manifest::in_force::{AnswerFrom, InForce};
use crate::manifest::owed::RefusalReason;
use crate::plan::decisions::DecisionRow;
use crate::vocab;

/// What the block is about: the plan, the view, and the `--root` the user
/// gave (carried by the command the block names, SPEC §10.3).
#[derive(Debug, Clone, Copy)]
pub struct PromptSubject<'a> {
    /// The plan's slug, as commands take it.
    pub slug: &'a str,
    /// The view the rows resolve.
    pub view: View,
    /// The `--root` the user gave, if any.
    pub root: Option<&'a Path>,
    /// The findings that keep the plan's or twin's Decisions section from
    /// being read with certainty (SPEC §5.4, [`crate::gate::unreadable`]);
    /// empty when it reads cleanly.
    pub unreadable: &'a [Finding],
    /// The rows of the view the start gate counts as owed, with why
    /// (its refusals, [`crate::gate::check_view`]): they are
    /// listed as outstanding and blocking. Waivers among them are listed
    /// as waived.
    pub refusals: &'a [Refusal<'a>],
    /// Whether the plan has a `## Decisions` section (which may hold no
    /// table): the line for a plan without rows says which.
    pub has_section: bool,
}

impl PromptSubject<'_> {
    /// Whether the start gate counts `row` as owed (outstanding and
    /// blocking, whatever its state cell says).
    fn owes(&self, row: &DecisionRow) -> bool {
        self.refusals
            .iter()
            .any(|r| std::ptr::eq(r.row, row) && r.reason != RefusalReason::WaivedUnacknowledged)
    }
}

/// Writes the boot-prompt block for the resolved `rows` of the subject's
/// view: a heading line naming the command that re-reads the rows; every
/// `outstanding` row — and every row the start gate counts as outstanding
/// although its state cannot be read (SPEC §5.4) — in the given
/// (canonical) order, as
/// `  - [outstanding] <key> — owner <owner or nobody>, blocking <yes|no>: <value or (no value yet)>`;
/// then every other row, in the same order, as
/// `  - [<state>] <key>: <value or (no value)>`; then the duty line.
/// `blocking` is what the start gate reads: yes for a blocking cell that is
/// not a yes/no word. Tabs, CR and LF inside a field print as one space.
///
/// With no rows, one line instead: that the plan has no `## Decisions`
/// manifest — or that its `## Decisions` section holds no table, when it
/// has one (`subject.has_section`), or, when `has_manifest`, that this view
/// holds no row — listing all nineteen keys and the duty.
///
/// When the subject's Decisions sections cannot be read with certainty
/// (`subject.unreadable`), a warning line comes first: how many problems,
/// where the first is, the command that names them all, and that every
/// decision counts as unanswered until they are fixed (the start gate
/// refuses meanwhile, SPEC §5.4).
///
/// After the rows (or that line), one line per answer of `unlisted` — the
/// keys without a row that a shipped default or the console's policy
/// answers — as `  - <key>: <answer> (shipped default)` or
/// `(console policy)`, so a session sees what is decided in its name.
pub fn write(
    out: &mut dyn Write,
    subject: &PromptSubject<'_>,
    rows: &[&DecisionRow],
    has_manifest: bool,
    unlisted: &[InForce],
) -> std::io::Result<()> {
    let (slug, view) = (subject.slug, subject.view);
    if let Some(first) = subject.unreadable.first() {
        let n = subject.unreadable.len();
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
        let what = if !subject.unreadable.is_empty() {
            format!("No decision row of plan {slug} can be read with certainty")
        } else if has_manifest {
            match view {
                View::PlanWide => {
                    format!("The plan-wide view of plan {slug} holds no decision row")
                }
                View::Phase(p) => format!("Phase {p}'s view of plan {slug} holds no decision row"),
            }
        } else if subject.has_section {
            format!("The `## Decisions` section of plan {slug} holds no table")
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
        decisions_command_in(subject.root, slug, view.phase(), "list")
    )?;
    let (outstanding, others): (Vec<&DecisionRow>, Vec<&DecisionRow>) = rows
        .iter()
        .partition(|r| r.state == vocab::STATE_OUTSTANDING || subject.owes(r));
    for row in outstanding {
        let owner = match row.named_owner() {
            Some(owner) => flatten_field(owner),
            None => "nobody".into(),
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
            if subject.owes(row) { "yes" } else { "no" }
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
