//! The start gate's verdict (SPEC §5.4) for a person (`--format text`) and
//! for scripts (`--format json`).

use std::io::Write;

use serde::Serialize;

use super::json::JsonRow;
use super::{decisions_command, flatten_field};
use crate::error::escape_invisible;
use crate::manifest::gate::{Refusal, RefusalReason, Verdict};
use crate::manifest::{Manifest, View};
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
}

impl GateSubject<'_> {
    /// `plan-wide view` or `phase N view`.
    fn view_words(&self) -> String {
        match self.view {
            View::PlanWide => "plan-wide view".to_string(),
            View::Phase(p) => format!("phase {p} view"),
        }
    }

    /// Whether the plan or the twin holds any decision row at all.
    fn has_rows(&self) -> bool {
        !self.manifest.plan_rows().is_empty() || !self.manifest.twin_rows().is_empty()
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
        RefusalReason::OutstandingBlocking => format!(
            "answer it: {} --value …",
            decisions_command(
                subject.slug,
                row.phase.phase(),
                &format!("answer {}", row.key)
            )
        ),
        RefusalReason::WaivedUnacknowledged => format!(
            "accept the waiver by running the check with --ack {}, or answer it: {} --value …",
            row.key,
            decisions_command(
                subject.slug,
                row.phase.phase(),
                &format!("answer {}", row.key)
            )
        ),
    }
}

/// Writes the verdict for a person: one verdict line, then one line per
/// refusal (`  - <key>: <reason>, <who> — <what to do>`).
pub fn write_text(
    out: &mut dyn Write,
    subject: &GateSubject<'_>,
    verdict: &Verdict<'_>,
) -> std::io::Result<()> {
    let view = subject.view_words();
    if verdict.may_start() {
        let why = if !subject.has_rows() {
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
    let n = verdict.refusals.len();
    writeln!(
        out,
        "refused: {} ({view}) may not start — {n} decision{} stop{} it:",
        subject.slug,
        if n == 1 { "" } else { "s" },
        if n == 1 { "s" } else { "" },
    )?;
    for refusal in &verdict.refusals {
        let row = refusal.row;
        let who = if row.owner.is_empty() {
            "nobody named".to_string()
        } else {
            escape_invisible(&row.owner)
        };
        let what = match refusal.reason {
            RefusalReason::OutstandingBlocking => {
                format!("outstanding and blocking, owed by {who}")
            }
            RefusalReason::WaivedUnacknowledged => {
                let reason = if row.value.is_empty() {
                    "no reason given".to_string()
                } else {
                    flatten_field(&row.value).into_owned()
                };
                format!("waived by {who} ({reason}), not acknowledged")
            }
        };
        writeln!(
            out,
            "  - {}: {what} — {}",
            escape_invisible(&row.key),
            advice(subject, refusal)
        )?;
    }
    Ok(())
}

/// One refusal as JSON: every field of the row (as `list --format json`
/// prints it), why it refuses, who owes it and what to do.
#[derive(Debug, Serialize)]
struct JsonRefusal<'a> {
    /// `outstanding-blocking` or `waived-unacknowledged`.
    reason: &'static str,
    /// Who owes an outstanding row's answer (its owner); `null` when
    /// nobody is named, and for a waiver (see [`Refusal::owed_by`]).
    owed_by: Option<&'a str>,
    /// What to do (see [`advice`]).
    advice: String,
    #[serde(flatten)]
    row: JsonRow<'a>,
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
    /// The rows that stop the start.
    refusals: Vec<JsonRefusal<'a>>,
    /// The keys of the waived rows that `--ack` accepted.
    acknowledged: Vec<&'a str>,
}

/// Writes the verdict as one pretty-printed JSON object, then a newline:
/// `verdict` (`pass` / `refuse`), `slug`, `view` (the phase, or null),
/// `refusals` (each with `reason`, `owed_by`, `advice` and the row's
/// fields) and `acknowledged` (keys).
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
        refusals: verdict
            .refusals
            .iter()
            .map(|r| JsonRefusal {
                reason: r.reason.code(),
                owed_by: r.owed_by(),
                advice: advice(subject, r),
                row: JsonRow::new(subject.manifest, r.row),
            })
            .collect(),
        acknowledged: verdict
            .acknowledged
            .iter()
            .map(|r| r.key.as_str())
            .collect(),
    };
    serde_json::to_writer_pretty(&mut *out, &json)?;
    out.write_all(b"\n")
}
