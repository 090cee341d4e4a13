//! `--gate-status N` (SPEC §11): whether phase N's gate is clear, as one
//! verdict line — `clear (…)`, `blocked: …`, `manual: …`, `ai: …`,
//! `OVERDUE: …` or `unevaluated: …` — and exit 0 only when it is clear.
//!
//! The gate is the phase's Gate-check directive ([`crate::plan::gate_check::gate_check`]); a
//! GATED phase without one reads as the default type `ai`. Before its type
//! is evaluated, a recorded approval (`gate-status.md`, [`gate::Approvals`])
//! clears any gate, except that a manual gate counts only an approval a
//! person's door wrote; an approval set aside is named beside a manual
//! verdict. Then, by type:
//!
//! - `phase N`, `phases N,M …`: clear when each is verified (done, and
//!   QA-released where QA gates it, [`Progress::is_verified`]); the phase
//!   asked about counts as done, as the reference takes its `$3` as the
//!   phase a `--ready-after` assumes done.
//! - `plan <slug>:<phases>`: clear when each is in the other plan's
//!   verified set (`--verified` of that plan, read under the same docs
//!   root); when it clears and the other plan keeps no landing ledger, an
//!   advisory names a `pe/<slug>` branch that is not on the trunk (git is
//!   asked only then).
//! - `cmd <command>`: refused (`manual:`) when the command would change
//!   anything ([`crate::vocab::gate_kinds::GATE_CMD_DENY`]); `unevaluated:` unless
//!   `PHASE_EXEC_GATES=1`; else run with `bash -c`, bounded by
//!   `PHASE_GATE_TIMEOUT` seconds (15).
//! - `landed N`, `pr-merged N`: from the landing ledger's first record of
//!   phase N, against the state its land policy wants.
//! - `date D` (clear from D on), `deadline D` / `by D` (`OVERDUE:` after
//!   D): today is `$PE_TODAY`, else the local date; a date that is not a
//!   real `YYYY-MM-DD` is `manual:`.
//! - `ai`: `ai: <value>`, or the phase's `Gates (must clear first):`
//!   conditions on one line; `manual` and any other type: `manual: …`.
//!
//! **(fix)** Numbers are numbers: `phases 03,08` names phases 3 and 8 (the
//! reference reads `08` as bad octal and `03` only by luck), and a cross-plan
//! gate's `03` matches the other plan's phase 3. A `phase` gate whose value
//! is not a phase number is `manual: malformed phase gate …` (the reference
//! dies on a bash arithmetic error). A phase the graph does not define is
//! refused (exit 2, "phase N is not in this plan") rather than answered
//! `clear (no gate)`. An evidence file that exists but cannot be read
//! (`gate-status.md`, `test-status.md`, the landing ledger, the handoff of
//! a phase waited on, the other plan of a cross-plan gate) is named on
//! stderr; what it would have said counts as not said, so the gate stays
//! shut (fail closed).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde::Serialize;

use crate::engine::directives::{known_phase, land_policy, not_in_plan};
use crate::engine::gate::{self, Clearance, GATE_STATUS_FILE, conditions_line};
use crate::engine::gate_run::{GATE_TIMEOUT_SECONDS, Ran, run_bounded};
use crate::engine::gate_verdict::{Reason, Verdict};
use crate::engine::landing::records;
use crate::engine::progress::Progress;
use crate::engine::{Answer, EngineEnv, Needs, Reading, Request};
use crate::error::Result;
use crate::plan::gate_check;
use crate::plan::gate_cmd::mutates;
use crate::plan::landing::LANDING_FILE;
use crate::vocab::console::QA_STATUS_FILE;
use crate::vocab::gate_kinds::{GATE_DEFAULT, LANDED_BY_POLICY, PR_MERGED_STATES};

/// A phase's Gate-check as the verdict read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GateRead {
    /// The type (the first word).
    #[serde(rename = "type")]
    pub kind: String,
    /// The rest, after one blank.
    pub value: String,
}

/// The answer of `--gate-status N`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GateStatus {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about.
    pub phase: u64,
    /// The gate as read (`None`: the phase has no gate).
    pub gate: Option<GateRead>,
    /// The verdict's word.
    pub verdict: Verdict,
    /// The verdict line, as the text prints it.
    pub line: String,
    /// Why, with what it names.
    pub reason: Reason,
    /// A line printed before the verdict: a cross-plan gate that clears on
    /// work not on the trunk.
    pub advisory: Option<String>,
    /// Evidence files that exist but could not be read, each with why.
    pub unreadable: Vec<String>,
}

impl GateStatus {
    /// Whether the gate is clear (exit 0).
    pub fn is_clear(&self) -> bool {
        self.verdict == Verdict::Clear
    }

    /// The reference's text: the advisory (if any), then the verdict line.
    pub fn text(&self) -> String {
        let mut out = String::new();
        if let Some(advisory) = &self.advisory {
            out.push_str(advisory);
            out.push('\n');
        }
        out.push_str(&self.line);
        out.push('\n');
        out
    }
}

/// `--gate-status N`. Errors: no phase (the usage line, exit 2); a phase
/// the graph lacks (exit 2).
pub fn gate_status(reading: &Reading, request: &Request) -> Result<Answer> {
    request.required_phase(reading)?;
    let Some((asked, phase)) = known_phase(reading, request)? else {
        return Err(not_in_plan(request));
    };
    Ok(Answer::GateStatus(evaluate(reading, asked, phase)))
}

/// The verdict on `phase`'s gate (`asked` as the caller wrote it); a
/// `cmd` gate runs when `$PHASE_EXEC_GATES` is `1`.
pub fn evaluate(reading: &Reading, asked: u64, phase: u32) -> GateStatus {
    evaluate_as(reading, asked, phase, reading.env.exec_gates)
}

/// [`evaluate`], a `cmd` gate run only when `exec_gates` (a boot prompt
/// reads the verdict without running one).
pub fn evaluate_as(reading: &Reading, asked: u64, phase: u32, exec_gates: bool) -> GateStatus {
    let plan = reading.plan();
    let check = gate_check::gate_check(plan, phase);
    let gated = gate::is_gated(plan, phase);
    let raw = match (&check, gated) {
        (Some(c), _) => Some(c.raw.clone()),
        (None, true) => Some(GATE_DEFAULT.to_string()),
        (None, false) => None,
    };
    let mut unreadable = Vec::new();
    let mut set_aside = None;
    let mut approved = None;
    if raw.is_some() {
        name_unreadable(
            &reading.handoffs_dir().join(GATE_STATUS_FILE),
            &mut unreadable,
        );
        match reading
            .approvals()
            .clearance(phase, gate::gate_kind(plan, phase))
        {
            Clearance::Clear { by, date } => approved = Some(Reason::Approved { by, date }),
            Clearance::Ignored { why } => set_aside = Some(why),
            Clearance::None => {}
        }
    }
    let read = raw.as_deref().map(split);
    let (verdict, reason, advisory) = match (&read, approved) {
        (_, Some(reason)) => (Verdict::Clear, reason, None),
        (None, None) => (Verdict::Clear, Reason::NoGate, None),
        (Some(read), None) => {
            let asked_for = Asked {
                phase,
                exec_gates,
                set_aside,
            };
            by_type(reading, &asked_for, read, &mut unreadable)
        }
    };
    GateStatus {
        plan: reading.slug().to_string(),
        phase: asked,
        gate: read,
        verdict,
        line: reason.line(),
        reason,
        advisory,
        unreadable,
    }
}

/// What a verdict is asked for: the phase, whether a `cmd` gate may run,
/// and the approval set aside, if any.
struct Asked {
    /// The phase.
    phase: u32,
    /// Whether a `cmd` gate may run.
    exec_gates: bool,
    /// Why a recorded approval did not clear a manual gate.
    set_aside: Option<String>,
}

/// The verdict of an unapproved gate `read`, by its type.
fn by_type(
    reading: &Reading,
    asked: &Asked,
    read: &GateRead,
    unreadable: &mut Vec<String>,
) -> (Verdict, Reason, Option<String>) {
    let phase = asked.phase;
    let set_aside = asked.set_aside.clone();
    let value = read.value.as_str();
    let (verdict, reason) = match read.kind.as_str() {
        "phase" => phase_gate(reading, phase, value, unreadable),
        "phases" => phases_gate(reading, phase, value, unreadable),
        "plan" => return plan_gate(reading, value, unreadable),
        "cmd" => run_cmd_gate(&reading.env, value, asked.exec_gates),
        kind @ ("landed" | "pr-merged") => landed_gate(reading, kind, value, unreadable),
        "date" => date_gate(&reading.env, value, false),
        "deadline" | "by" => date_gate(&reading.env, value, true),
        "ai" => {
            let conditions = if value.is_empty() {
                conditions_line(reading.plan(), phase)
            } else {
                value.to_string()
            };
            (Verdict::Ai, Reason::Conditions { conditions })
        }
        kind => {
            let conditions = if kind == "manual" {
                value.to_string()
            } else {
                format!(
                    "{}{}{value}",
                    read.kind,
                    if value.is_empty() { "" } else { " " }
                )
            };
            let reason = Reason::PersonActs {
                conditions,
                set_aside,
            };
            (Verdict::Manual, reason)
        }
    };
    (verdict, reason, None)
}

/// A directive's value split as the reference splits it: the type up to
/// the first blank, the value after that one blank.
fn split(raw: &str) -> GateRead {
    let (kind, value) = raw.split_once(' ').unwrap_or((raw, ""));
    GateRead {
        kind: kind.to_string(),
        value: value.to_string(),
    }
}

/// Adds `path` to `unreadable` when it exists but is not a regular file,
/// or cannot be opened.
fn name_unreadable(path: &Path, unreadable: &mut Vec<String>) {
    let why = match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
        Err(e) => e.to_string(),
        Ok(meta) if !meta.is_file() => "not a regular file".to_string(),
        Ok(_) => match std::fs::File::open(path) {
            Ok(_) => return,
            Err(e) => e.to_string(),
        },
    };
    let shown = format!("{}: {why}", path.display());
    if !unreadable.contains(&shown) {
        unreadable.push(shown);
    }
}

/// Names the QA verdicts file and `phases`' handoffs when they cannot be
/// read (a verified phase is read through them).
fn name_evidence(reading: &Reading, phases: &[u32], unreadable: &mut Vec<String>) {
    name_unreadable(&reading.handoffs_dir().join(QA_STATUS_FILE), unreadable);
    for &phase in phases {
        if let Some(handoff) = reading.handoffs().get(phase) {
            name_unreadable(&handoff.path, unreadable);
        }
    }
}

/// A whole phase number, as written (`03` is 3).
fn phase_number(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse().unwrap_or(u32::MAX))
}

/// `phase N`.
fn phase_gate(
    reading: &Reading,
    asked: u32,
    value: &str,
    unreadable: &mut Vec<String>,
) -> (Verdict, Reason) {
    let Some(want) = phase_number(value) else {
        return (
            Verdict::Manual,
            Reason::MalformedPhase {
                value: value.to_string(),
            },
        );
    };
    name_evidence(reading, &[want], unreadable);
    if Progress::new(reading, Some(asked)).is_verified(want) {
        let phases = value.to_string();
        (
            Verdict::Clear,
            Reason::Verified {
                phases,
                single: true,
            },
        )
    } else {
        let missing = vec![value.to_string()];
        (
            Verdict::Blocked,
            Reason::Waiting {
                missing,
                single: true,
            },
        )
    }
}

/// `phases N,M …`: the numbers among the words (commas and blanks
/// separate them; anything else is skipped).
fn phases_gate(
    reading: &Reading,
    asked: u32,
    value: &str,
    unreadable: &mut Vec<String>,
) -> (Verdict, Reason) {
    let named: Vec<(&str, u32)> = value
        .split([',', ' ', '\t', '\n'])
        .filter_map(|word| phase_number(word).map(|n| (word, n)))
        .collect();
    let numbers: Vec<u32> = named.iter().map(|&(_, n)| n).collect();
    name_evidence(reading, &numbers, unreadable);
    let progress = Progress::new(reading, Some(asked));
    let missing: Vec<String> = named
        .iter()
        .filter(|&&(_, n)| !progress.is_verified(n))
        .map(|&(word, _)| word.to_string())
        .collect();
    if missing.is_empty() {
        let phases = value.to_string();
        (
            Verdict::Clear,
            Reason::Verified {
                phases,
                single: false,
            },
        )
    } else {
        let reason = Reason::Waiting {
            missing,
            single: false,
        };
        (Verdict::Blocked, reason)
    }
}

/// `plan <slug>:<phases>`.
fn plan_gate(
    reading: &Reading,
    value: &str,
    unreadable: &mut Vec<String>,
) -> (Verdict, Reason, Option<String>) {
    let Some((other, list)) = value.split_once(':').filter(|(_, l)| !l.is_empty()) else {
        let reason = Reason::MalformedPlan {
            value: value.to_string(),
        };
        return (Verdict::Manual, reason, None);
    };
    let plan_path = reading
        .env
        .root
        .0
        .join("docs/plans")
        .join(format!("{other}.md"));
    if !plan_path.is_file() {
        let reason = Reason::NoSuchPlan {
            plan: other.to_string(),
        };
        return (Verdict::Blocked, reason, None);
    }
    let verified = other_plan_verified(&reading.env, other, unreadable);
    let missing: Vec<String> = list
        .split([',', ' ', '\t'])
        .filter(|w| !w.is_empty())
        .filter(|w| phase_number(w).is_some_and(|n| !verified.contains(&n)))
        .map(str::to_string)
        .collect();
    if missing.is_empty() {
        let advisory = unlanded_advisory(reading, other);
        let reason = Reason::PlanVerified {
            plan: other.to_string(),
            phases: list.to_string(),
        };
        (Verdict::Clear, reason, advisory)
    } else {
        let reason = Reason::PlanWaiting {
            plan: other.to_string(),
            missing,
        };
        (Verdict::Blocked, reason, None)
    }
}

/// The verified phases of the plan `other` under the same docs root
/// (none when it cannot be read or has no phase graph).
fn other_plan_verified(env: &EngineEnv, other: &str, unreadable: &mut Vec<String>) -> Vec<u32> {
    let reading = match Reading::open(env.clone(), other, Needs::PLAN) {
        Ok(reading) => reading,
        Err(e) => {
            let why = e.to_string();
            unreadable.push(format!(
                "the plan {other}: {}",
                why.trim_end_matches('\n').replace('\n', " ")
            ));
            return Vec::new();
        }
    };
    let progress = Progress::new(&reading, None);
    reading
        .graph
        .numbers()
        .filter(|&p| progress.is_verified(p))
        .collect()
}

/// The advisory of a cross-plan gate that clears while the other plan's
/// branch `pe/<other>` is not on the trunk (`main`, `master` or `trunk`,
/// the first that exists): nothing when the other plan's landing ledger
/// has a record, when the docs root is not in a git repository, or when
/// git cannot tell.
fn unlanded_advisory(reading: &Reading, other: &str) -> Option<String> {
    let ledger = reading
        .env
        .root
        .0
        .join("docs/handoffs")
        .join(other)
        .join(LANDING_FILE);
    if let Ok(text) = std::fs::read(&ledger) {
        let has_record = String::from_utf8_lossy(&text).split('\n').any(|line| {
            line.strip_prefix('|')
                .map(|rest| rest.trim_start_matches([' ', '\t']))
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
        });
        if has_record {
            return None;
        }
    }
    if !super::env::in_git_work_tree(&reading.env.root.0) {
        return None;
    }
    let git = |args: &[&str]| {
        Command::new("git")
            .arg("-C")
            .arg(&reading.env.root.0)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let branch = format!("pe/{other}");
    if !git(&[
        "show-ref",
        "--verify",
        "--quiet",
        &format!("refs/heads/{branch}"),
    ]) {
        return None;
    }
    let trunk = ["main", "master", "trunk"].into_iter().find(|t| {
        git(&[
            "show-ref",
            "--verify",
            "--quiet",
            &format!("refs/heads/{t}"),
        ])
    })?;
    if git(&["merge-base", "--is-ancestor", &branch, trunk]) {
        return None;
    }
    Some(format!(
        "advisory: {other} is verified but {branch} is not on {trunk} — a phase that forks from {trunk} will not have its work (the landing gate is `landed N`; see the plan's Land directive)"
    ))
}

/// Evaluates a `cmd` gate: refused, not run, or run (see the module
/// documentation).
fn run_cmd_gate(env: &EngineEnv, command: &str, exec_gates: bool) -> (Verdict, Reason) {
    let command_s = command.to_string();
    if mutates(command) {
        return (Verdict::Manual, Reason::CmdRefused { command: command_s });
    }
    if !exec_gates {
        return (
            Verdict::Unevaluated,
            Reason::CmdNotRun { command: command_s },
        );
    }
    let seconds = env
        .gate_timeout
        .clone()
        .unwrap_or_else(|| GATE_TIMEOUT_SECONDS.to_string());
    let bound = seconds
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map_or(
            Duration::from_secs(GATE_TIMEOUT_SECONDS),
            Duration::from_secs_f64,
        );
    match run_bounded(command, bound) {
        Ran::Exited(0, _) => (Verdict::Clear, Reason::CmdOk { command: command_s }),
        Ran::Exited(status, output) => (
            Verdict::Blocked,
            Reason::CmdFailed {
                command: command_s,
                status,
                output: (!output.is_empty())
                    .then(|| output.split('\n').next().unwrap_or_default().to_string()),
            },
        ),
        Ran::TimedOut => (
            Verdict::Blocked,
            Reason::CmdTimedOut {
                command: command_s,
                seconds,
            },
        ),
    }
}

/// `landed N` / `pr-merged N`, from the landing ledger.
fn landed_gate(
    reading: &Reading,
    kind: &str,
    value: &str,
    unreadable: &mut Vec<String>,
) -> (Verdict, Reason) {
    let Some(want) = phase_number(value) else {
        let reason = Reason::MalformedLanded {
            kind: kind.to_string(),
            value: value.to_string(),
        };
        return (Verdict::Manual, reason);
    };
    if !reading.graph.contains(want) {
        let reason = Reason::LandedUnknownPhase {
            kind: kind.to_string(),
            phase: value.to_string(),
        };
        return (Verdict::Blocked, reason);
    }
    name_unreadable(&reading.handoffs_dir().join(LANDING_FILE), unreadable);
    let phase = value.to_string();
    let policy = land_policy(reading.plan(), want);
    let Some(state) = records(reading, u64::from(want))
        .into_iter()
        .next()
        .map(|r| r.state)
        .filter(|s| !s.is_empty())
    else {
        return (Verdict::Blocked, Reason::NoLandingRecord { phase, policy });
    };
    if kind == "pr-merged" {
        if PR_MERGED_STATES.contains(&state.as_str()) {
            return (Verdict::Clear, Reason::Landed { phase, state });
        }
        return (Verdict::Blocked, Reason::NotMerged { phase, state });
    }
    let wanted = LANDED_BY_POLICY
        .iter()
        .find(|(p, _)| *p == policy)
        .map(|(_, s)| s.to_string())
        .unwrap_or_default();
    if state == wanted {
        (Verdict::Clear, Reason::Landed { phase, state })
    } else {
        let reason = Reason::NotLanded {
            phase,
            state,
            policy,
            wanted,
        };
        (Verdict::Blocked, reason)
    }
}

/// Whether `text` is a real `YYYY-MM-DD` (month 1–12, day 1–31).
pub fn valid_date(text: &str) -> bool {
    let b = text.as_bytes();
    let shaped = b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    if !shaped {
        return false;
    }
    let month: u32 = text[5..7].parse().unwrap_or(0);
    let day: u32 = text[8..10].parse().unwrap_or(0);
    (1..=12).contains(&month) && (1..=31).contains(&day)
}

/// `date D` (`deadline` false) or `deadline D` / `by D` (`deadline`
/// true), against today.
fn date_gate(env: &EngineEnv, value: &str, deadline: bool) -> (Verdict, Reason) {
    if !valid_date(value) {
        return (
            Verdict::Manual,
            Reason::InvalidDate {
                value: value.to_string(),
            },
        );
    }
    let today = env.today();
    let date = value.to_string();
    // Both are YYYY-MM-DD: as text they order as dates.
    match (deadline, today.as_str() >= value) {
        (false, true) => (Verdict::Clear, Reason::DateReached { date }),
        (false, false) => (Verdict::Blocked, Reason::OpensOn { date, today }),
        (true, _) if today.as_str() > value => {
            (Verdict::Overdue, Reason::DeadlinePassed { date, today })
        }
        (true, _) => (Verdict::Clear, Reason::BeforeDeadline { date }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_real_dates() {
        assert!(valid_date("2026-02-31"));
        assert!(!valid_date("2026-13-01"));
        assert!(!valid_date("2026-00-10"));
        assert!(!valid_date("26-01-01"));
        assert!(!valid_date("2026-1-01x"));
    }
}
