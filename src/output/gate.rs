//! The start gate's verdict (SPEC §5.4) for a person (`--format text`) and
//! for scripts (`--format json`).

use std::io::Write;
use std::path::Path;

use serde::Serialize;

use super::json::JsonRow;
use super::{decisions_command_in, flatten_field};
use crate::error::{escape_invisible, escape_lookalikes};
use crate::gate::{Missing, Refusal, Verdict};
use crate::lint::Finding;
use crate::manifest::owed::{
    RefusalReason, answered_without_answer, blocking_unsaid_on_template_key, blocks, no_answer,
    template_blocking,
};
use crate::manifest::{Manifest, View};
use crate::plan::decisions::BlockingCell;
use crate::plan::decisions::Column;
use crate::vocab;

/// What the verdict is about: the plan and the view that was checked.
#[derive(Debug, Clone, Copy)]
pub struct GateSubject<'a> {
    /// The plan and its twin (for the files rows come from).
    pub manifest: &'a Manifest,
    /// The plan's slug, as commands take it.
    pub slug: &'a str,
    /// The view that was checked.
    pub view: View,
    /// The `--root` the user gave, carried by the commands the verdict
    /// prints as advice (SPEC §10.3); `None` when none was given.
    pub root: Option<&'a Path>,
}

impl GateSubject<'_> {
    /// `plan-wide view`, `phase N view`, or, for a verdict on every view,
    /// `plan-wide view and every phase's view`.
    fn view_words(&self, verdict: &Verdict<'_>) -> String {
        match self.view {
            View::PlanWide if verdict.every_view => {
                "plan-wide view and every phase's view".to_string()
            }
            View::PlanWide => "plan-wide view".to_string(),
            View::Phase(p) => format!("phase {p} view"),
        }
    }

    /// The `planfile decisions` command of `verb` for `key` in the view of
    /// `phase` (plan-wide for `None`), with the user's `--root`.
    fn key_command(&self, key: &str, phase: Option<u32>, verb: &str) -> String {
        decisions_command_in(self.root, self.slug, phase, &format!("{verb} {key}"))
    }

    /// Whether the plan or the twin holds any decision row at all.
    fn has_rows(&self) -> bool {
        !self.manifest.plan_rows().is_empty() || !self.manifest.twin_rows().is_empty()
    }

    /// The `planfile decisions` command of `verb` for a row's key, scoped
    /// as the row is, with the user's `--root`.
    fn command(&self, row: &crate::plan::decisions::DecisionRow, verb: &str) -> String {
        decisions_command_in(
            self.root,
            self.slug,
            row.phase.phase(),
            &format!("{verb} {}", row.key),
        )
    }

    /// `path:line` of a row's origin.
    fn place(&self, refusal: &Refusal<'_>) -> String {
        let origin = refusal.row.origin;
        let file = self
            .manifest
            .file_of(origin.file)
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        format!("{file}:{}", origin.line)
    }
}

/// `phase N: ` (or `phases N M: `) before a refusal or a missing key owed
/// only in some phases' views; empty when it stops the view checked.
fn phases_head(phases: &[u32]) -> String {
    match phases {
        [] => String::new(),
        [one] => format!("phase {one}: "),
        many => format!(
            "phases {}: ",
            many.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

/// What to do about a missing key: answer it, or waive it, in the view
/// that owes it.
pub fn missing_advice(subject: &GateSubject<'_>, missing: &Missing) -> String {
    let phase = missing.phases.first().copied().or(subject.view.phase());
    format!(
        "answer it: {} --value …, or waive it: {} --reason …",
        subject.key_command(missing.key, phase, "answer"),
        subject.key_command(missing.key, phase, "waive")
    )
}

/// What to do about one refusal: the `answer` command for an outstanding
/// row (scoped with `--phase` when the row is), `--ack KEY` for a waived
/// row, or the place to edit when the key is outside the vocabulary (it can
/// be neither answered nor acknowledged).
pub fn advice(subject: &GateSubject<'_>, refusal: &Refusal<'_>) -> String {
    let row = refusal.row;
    if vocab::key_index(&row.key).is_none() {
        return format!(
            "\"{}\" is not a decision key, so it can be neither answered nor acknowledged: correct or remove the row at {}",
            escape_invisible(&row.key),
            subject.place(refusal)
        );
    }
    match refusal.reason {
        RefusalReason::OutstandingBlocking | RefusalReason::AnswerMissing => {
            format!("answer it: {} --value …", subject.command(row, "answer"))
        }
        RefusalReason::StateUnreadable => format!(
            "write answered, outstanding or waived in its state cell at {}, or answer it: {} --value …",
            subject.place(refusal),
            subject.command(row, "answer")
        ),
        RefusalReason::WaivedUnacknowledged => format!(
            "accept the waiver by running the check with --ack {}, or answer it: {} --value …",
            row.key,
            subject.command(row, "answer")
        ),
    }
}

/// What is wrong with a refused row, for a person: why it stops the start
/// and who owes it. An unreadable state is quoted as written in the file.
fn refusal_words(subject: &GateSubject<'_>, refusal: &Refusal<'_>) -> String {
    let row = refusal.row;
    let who = match row.named_owner() {
        Some(owner) => escape_invisible(owner),
        None => "nobody named".to_string(),
    };
    let unreadable_blocking = match &row.blocking_cell {
        BlockingCell::Unreadable(cell) => format!(
            " (its blocking cell \"{}\" is not yes or no, so it counts as blocking)",
            escape_invisible(cell)
        ),
        _ if blocking_unsaid_on_template_key(row) => format!(
            " (its blocking cell says nothing, and the template marks {} blocking, so it counts as blocking)",
            row.key
        ),
        cell => match refusal.blocking_from {
            Some(from) if *cell == BlockingCell::Empty => format!(
                " (its blocking cell says nothing, and the row at line {} of {} says it blocks, so it counts as blocking)",
                from.origin.line,
                crate::lint::file_label(from.origin.file)
            ),
            Some(from) => format!(
                " (its blocking cell says {}, but {} cannot lower the row at line {} of {}, which says it blocks, so it counts as blocking)",
                row.blocking_word(),
                if answered_without_answer(row) {
                    "an answer that says nothing"
                } else {
                    "a twin row that is neither answered nor waived"
                },
                from.origin.line,
                crate::lint::file_label(from.origin.file)
            ),
            None if answered_without_answer(row) && !blocks(row) && template_blocking(row) => {
                format!(
                    " (its blocking cell says {}, but an answer that says nothing cannot lower the blocking the template gives {}, so it counts as blocking)",
                    row.blocking_word(),
                    row.key
                )
            }
            None => String::new(),
        },
    };
    match refusal.reason {
        RefusalReason::OutstandingBlocking => {
            format!("outstanding and blocking{unreadable_blocking}, owed by {who}")
        }
        RefusalReason::AnswerMissing => format!(
            "answered and blocking{unreadable_blocking}, but {}, so it counts as outstanding, owed by {who}",
            no_answer(row).unwrap_or_default()
        ),
        RefusalReason::StateUnreadable => format!(
            "state \"{}\" is not one of: {}, so the row counts as outstanding and blocking{unreadable_blocking}, owed by {who}",
            escape_lookalikes(
                subject
                    .manifest
                    .cell_as_written(row, Column::State)
                    .unwrap_or(&row.state)
            ),
            crate::vocab::STATES.join(" ")
        ),
        RefusalReason::WaivedUnacknowledged => {
            let reason = if row.value.is_empty() {
                "no reason given".to_string()
            } else {
                flatten_field(&row.value).into_owned()
            };
            format!("waived by {who} ({reason}), not acknowledged")
        }
    }
}

/// `n word`, with an `s` on `word` unless `n` is 1.
fn count(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Writes the verdict for a person: one verdict line, then one line per
/// refusal (`  - <key>: <reason>, <who> — <what to do>`).
pub fn write_text(
    out: &mut dyn Write,
    subject: &GateSubject<'_>,
    verdict: &Verdict<'_>,
) -> std::io::Result<()> {
    let view = subject.view_words(verdict);
    if verdict.may_start() {
        let why = if !subject.has_rows() && subject.manifest.plan.decisions().is_some() {
            "the plan's `## Decisions` section holds no table".to_string()
        } else if !subject.has_rows() {
            "the plan has no decision manifest".to_string()
        } else if verdict.acknowledged.is_empty() {
            "no blocking decision is outstanding and nothing is waived".to_string()
        } else {
            let keys: Vec<String> = verdict
                .acknowledged
                .iter()
                .map(|r| escape_invisible(&r.key))
                .collect();
            format!(
                "no blocking decision is outstanding; waivers acknowledged: {}",
                keys.join(", ")
            )
        };
        return writeln!(out, "ok: {} ({view}) may start — {why}", subject.slug);
    }
    let mut why = Vec::new();
    let n = verdict.refusals.len() + verdict.missing.len();
    if n > 0 {
        why.push(format!(
            "{} stop{} it",
            count(n, "decision"),
            if n == 1 { "s" } else { "" }
        ));
    }
    if !verdict.unreadable.is_empty() {
        why.push(format!(
            "its decisions cannot be read with certainty ({})",
            count(verdict.unreadable.len(), "problem")
        ));
    }
    writeln!(
        out,
        "refused: {} ({view}) may not start — {}:",
        subject.slug,
        why.join(", and ")
    )?;
    for refusal in &verdict.refusals {
        writeln!(
            out,
            "  - {}{}: {} — {}",
            phases_head(&refusal.phases),
            escape_invisible(&refusal.row.key),
            refusal_words(subject, refusal),
            advice(subject, refusal)
        )?;
    }
    for missing in &verdict.missing {
        writeln!(
            out,
            "  - {}{}: no row decides it, and the template marks it blocking with no shipped default, so it is owed — {}",
            phases_head(&missing.phases),
            missing.key,
            missing_advice(subject, missing)
        )?;
    }
    for finding in &verdict.unreadable {
        writeln!(
            out,
            "  - {}:{}: {}",
            escape_invisible(&finding.file.display().to_string()),
            finding.line,
            finding.message
        )?;
    }
    if !verdict.unreadable.is_empty() {
        writeln!(
            out,
            "--ack does not pass these problems: fix the file, then run the check again."
        )?;
    }
    Ok(())
}

/// One refusal as JSON: every field of the row (as `list --format json`
/// prints it), why it refuses, who owes it and what to do.
#[derive(Debug, Serialize)]
struct JsonRefusal<'a> {
    /// `outstanding-blocking`, `state-unreadable`, `waived-unacknowledged`
    /// or `answer-missing`.
    reason: &'static str,
    /// Who owes an outstanding row's answer (its owner); `null` when
    /// nobody is named, and for a waiver (see [`Refusal::owed_by`]).
    owed_by: Option<&'a str>,
    /// What to do (see [`advice`]).
    advice: String,
    /// The phases whose views the row stops, when only those (a row scoped
    /// to a phase, without `--phase`); empty when it stops the view
    /// checked.
    phases: &'a [u32],
    #[serde(flatten)]
    row: JsonRow<'a>,
}

/// A key owed because no row decides it, as JSON.
#[derive(Debug, Serialize)]
struct JsonMissing<'a> {
    /// The key.
    key: &'static str,
    /// The phases whose views owe it, when only those; empty when the view
    /// checked owes it.
    phases: &'a [u32],
    /// What to do (see [`missing_advice`]).
    advice: String,
}

/// The verdict as JSON.
#[derive(Debug, Serialize)]
struct JsonVerdict<'a> {
    /// `pass` or `refuse`.
    verdict: &'static str,
    /// The plan's slug.
    slug: &'a str,
    /// The phase of the view; `null` for the plan-wide view.
    view: Option<u32>,
    /// Whether every view was judged: the plan-wide view and each phase's
    /// (`check` without `--phase`).
    every_view: bool,
    /// The rows that stop the start.
    refusals: Vec<JsonRefusal<'a>>,
    /// The keys owed because no row decides them.
    missing: Vec<JsonMissing<'a>>,
    /// The keys of the waived rows that `--ack` accepted.
    acknowledged: Vec<&'a str>,
    /// The findings that mean a Decisions section cannot be read with
    /// certainty; each stops the start whatever `--ack` says.
    unreadable: Vec<JsonUnreadable<'a>>,
}

/// A finding that stops the start, as JSON.
#[derive(Debug, Serialize)]
struct JsonUnreadable<'a> {
    /// The check's name, e.g. `merge-conflict-marker`.
    check: &'static str,
    /// The check's code, e.g. `F20`.
    code: &'static str,
    /// The file, as located.
    file: String,
    /// 1-based line.
    line: usize,
    /// 1-based column, in characters.
    column: usize,
    /// The finding's message.
    message: &'a str,
}

impl<'a> JsonUnreadable<'a> {
    fn new(finding: &'a Finding) -> Self {
        JsonUnreadable {
            check: finding.name,
            code: finding.code,
            file: finding.file.display().to_string(),
            line: finding.line,
            column: finding.column,
            message: &finding.message,
        }
    }
}

/// Writes the verdict as one pretty-printed JSON object, then a newline:
/// `verdict` (`pass` / `refuse`), `slug`, `view` (the phase, or null),
/// `every_view`, `refusals` (each with `reason`, `owed_by`, `advice`,
/// `phases` and the row's fields), `missing` (each with `key`, `phases`
/// and `advice`), `acknowledged` (keys) and `unreadable` (the findings that
/// stop the start whatever `--ack` says: check, code, file, line, column,
/// message).
pub fn write_json(
    out: &mut dyn Write,
    subject: &GateSubject<'_>,
    verdict: &Verdict<'_>,
) -> std::io::Result<()> {
    let json = JsonVerdict {
        verdict: if verdict.may_start() {
            "pass"
        } else {
            "refuse"
        },
        slug: subject.slug,
        view: subject.view.phase(),
        every_view: verdict.every_view,
        refusals: verdict
            .refusals
            .iter()
            .map(|r| JsonRefusal {
                reason: r.reason.code(),
                owed_by: r.owed_by(),
                advice: advice(subject, r),
                phases: &r.phases,
                row: JsonRow::new(subject.manifest, r.row),
            })
            .collect(),
        missing: verdict
            .missing
            .iter()
            .map(|m| JsonMissing {
                key: m.key,
                phases: &m.phases,
                advice: missing_advice(subject, m),
            })
            .collect(),
        acknowledged: verdict
            .acknowledged
            .iter()
            .map(|r| r.key.as_str())
            .collect(),
        unreadable: verdict.unreadable.iter().map(JsonUnreadable::new).collect(),
    };
    super::write_json(out, &json)
}

/// Writes the JSON of a check that could not give a verdict (exit 2: a
/// missing plan, an unknown phase, an `--ack` that is no key): `{"verdict":
/// "error", "plan": <the plan as named>, "error": {"message", "exit"}}`, so
/// a script that reads stdout always reads JSON.
pub fn write_json_error(
    out: &mut dyn Write,
    plan: &str,
    error: &crate::error::Error,
) -> std::io::Result<()> {
    let json = serde_json::json!({
        "verdict": "error",
        "plan": plan,
        "error": {
            "message": error.to_string(),
            "exit": error.exit_code(),
        },
    });
    super::write_json(out, &json)
}
