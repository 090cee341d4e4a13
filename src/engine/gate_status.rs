//! `--gate-status N` (SPEC §11): whether phase N's gate is clear, as one
//! verdict line — `clear (…)`, `blocked: …`, `manual: …`, `ai: …`,
//! `OVERDUE: …` or `unevaluated: …` — and exit 0 only when it is clear.
//!
//! The gate is the phase's Gate-check directive ([`gate::gate_check`]); a
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
//!   anything ([`GATE_CMD_DENY`]); `unevaluated:` unless
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

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use regex::Regex;
use serde::Serialize;

use crate::engine::directives::{known_phase, land_policy, not_in_plan};
use crate::engine::gate::{self, Clearance, GATE_STATUS_FILE};
use crate::engine::landing::records;
use crate::engine::progress::Progress;
use crate::engine::{Answer, EngineEnv, Needs, Reading, Request};
use crate::error::Result;
use crate::plan::Plan;
use crate::plan::landing::LANDING_FILE;
use crate::plan::verification::block_lines;
use crate::vocab::console::QA_STATUS_FILE;
use crate::vocab::gate_kinds::{GATE_DEFAULT, LANDED_BY_POLICY, PR_MERGED_STATES};

/// The commands a `cmd` gate must never run: a gate asks whether the world
/// is in the required state and never changes it (removing, moving or
/// killing; `sudo`; git that moves refs or the tree; `terraform apply`;
/// docker removals; deploy tasks; package publishing; cloud verbs that
/// create or delete; a redirect into an absolute path).
pub const GATE_CMD_DENY: &str = concat!(
    r"(^|[;&|[:space:]])(rm|mv|dd|mkfs|shutdown|reboot|kill|pkill|chown|chmod|sudo)([[:space:]]|$)",
    r"|terraform[[:space:]]+(apply|destroy)",
    r"|git([[:space:]]+(-[Cc][[:space:]]+[^[:space:]]+|--?[[:alnum:]_-]+(=[^[:space:]]+)?))*[[:space:]]+(push|reset|clean|checkout|commit|rebase|merge)(-(file|index|one-file))?([^-[:alnum:]_]|$)",
    r"|docker[[:space:]]+(rm|rmi|kill|stop|system[[:space:]]+prune)",
    r"|task[[:space:]]+[a-z:]*(deploy|ship|update|apply|destroy)",
    r"|(npm|pnpm|yarn|cargo|gem|twine|poetry|uv)[[:space:]]+(publish|version|deprecate|unpublish|dist-tag|owner|access)",
    r"|[[:space:]](delete|put|create|set|modify|terminate|reboot)-",
    r"|>[[:space:]]*/|>>[[:space:]]*/",
);

/// How long a `cmd` gate may run when `PHASE_GATE_TIMEOUT` does not say,
/// in seconds.
pub const GATE_TIMEOUT_SECONDS: u64 = 15;

/// The word a verdict starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The gate is clear (exit 0).
    Clear,
    /// An automatic check is not met yet.
    Blocked,
    /// A person must act.
    Manual,
    /// A session must verify the conditions and record the clearance.
    Ai,
    /// A deadline has passed.
    Overdue,
    /// A `cmd` gate this caller did not run.
    Unevaluated,
}

/// Why the gate stands as it does, with what the verdict names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "why", rename_all = "kebab-case")]
pub enum Reason {
    /// The phase has no gate.
    NoGate,
    /// A recorded approval clears it.
    Approved {
        /// Who approved (empty when the row does not say).
        by: String,
        /// When (empty when the row does not say).
        date: String,
    },
    /// The phases it waits on are verified (`phase`, `phases`).
    Verified {
        /// The value as written.
        phases: String,
        /// Whether the gate named one phase (`phase`) or a list.
        single: bool,
    },
    /// Phases of this plan it waits on are not verified.
    Waiting {
        /// The value as written (`phase`), or the phases missing.
        missing: Vec<String>,
        /// Whether the gate named one phase.
        single: bool,
    },
    /// A `phase` gate whose value is not a phase number.
    MalformedPhase {
        /// The value.
        value: String,
    },
    /// A `plan` gate not written `<slug>:<phases>`.
    MalformedPlan {
        /// The value.
        value: String,
    },
    /// A `plan` gate naming a plan that does not exist.
    NoSuchPlan {
        /// The other plan.
        plan: String,
    },
    /// The other plan's phases are verified.
    PlanVerified {
        /// The other plan.
        plan: String,
        /// The phases, as written.
        phases: String,
    },
    /// Phases of the other plan are not verified.
    PlanWaiting {
        /// The other plan.
        plan: String,
        /// The phases missing, as written.
        missing: Vec<String>,
    },
    /// A `cmd` gate that would change something.
    CmdRefused {
        /// The command.
        command: String,
    },
    /// A `cmd` gate not run (`PHASE_EXEC_GATES` is not `1`).
    CmdNotRun {
        /// The command.
        command: String,
    },
    /// A `cmd` gate that exited 0.
    CmdOk {
        /// The command.
        command: String,
    },
    /// A `cmd` gate that ran out of time.
    CmdTimedOut {
        /// The command.
        command: String,
        /// The bound, in seconds, as configured.
        seconds: String,
    },
    /// A `cmd` gate that failed.
    CmdFailed {
        /// The command.
        command: String,
        /// Its exit status.
        status: i32,
        /// The first line of what it printed (stdout and stderr).
        output: Option<String>,
    },
    /// A `landed`/`pr-merged` gate whose value is not a phase number.
    MalformedLanded {
        /// `landed` or `pr-merged`.
        kind: String,
        /// The value.
        value: String,
    },
    /// A `landed`/`pr-merged` gate naming a phase the plan lacks.
    LandedUnknownPhase {
        /// `landed` or `pr-merged`.
        kind: String,
        /// The phase, as written.
        phase: String,
    },
    /// The phase has no landing record.
    NoLandingRecord {
        /// The phase.
        phase: String,
        /// Its land policy.
        policy: String,
    },
    /// The phase landed as the gate wants.
    Landed {
        /// The phase.
        phase: String,
        /// The recorded state.
        state: String,
    },
    /// A `pr-merged` gate whose phase is not merged.
    NotMerged {
        /// The phase.
        phase: String,
        /// The recorded state.
        state: String,
    },
    /// A `landed` gate whose phase is not in the state its policy wants.
    NotLanded {
        /// The phase.
        phase: String,
        /// The recorded state.
        state: String,
        /// The phase's land policy.
        policy: String,
        /// The state that policy wants.
        wanted: String,
    },
    /// A date gate's value is not a real date.
    InvalidDate {
        /// The value.
        value: String,
    },
    /// A `date` gate whose date has come.
    DateReached {
        /// The date.
        date: String,
    },
    /// A `date` gate whose date has not come.
    OpensOn {
        /// The date.
        date: String,
        /// Today.
        today: String,
    },
    /// A deadline not passed yet.
    BeforeDeadline {
        /// The deadline.
        date: String,
    },
    /// A deadline passed.
    DeadlinePassed {
        /// The deadline.
        date: String,
        /// Today.
        today: String,
    },
    /// An `ai` gate: what a session must verify.
    Conditions {
        /// The gate's value, or its conditions on one line.
        conditions: String,
    },
    /// A manual gate (or a type no gate has): what a person must do.
    PersonActs {
        /// The value (`manual`), or the whole directive (another type).
        conditions: String,
        /// Why a recorded approval did not clear it, when one was set
        /// aside.
        set_aside: Option<String>,
    },
}

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

impl Reason {
    /// The verdict line this reason gives, as the reference prints it (no
    /// newline).
    pub fn line(&self) -> String {
        match self {
            Reason::NoGate => "clear (no gate)".to_string(),
            Reason::Approved { by, date } => format!(
                "clear (approved by {} on {})",
                or(by, "someone"),
                or(date, "an unrecorded date")
            ),
            Reason::Verified {
                phases,
                single: true,
            } => {
                format!("clear (phase {phases} verified)")
            }
            Reason::Verified { phases, .. } => format!("clear (phases {phases} verified)"),
            Reason::Waiting {
                missing,
                single: true,
            } => format!("blocked: waiting on phase {}", missing.join(" ")),
            Reason::Waiting { missing, .. } => format!(
                "blocked: waiting on phase(s){}",
                missing.iter().map(|p| format!(" {p}")).collect::<String>()
            ),
            Reason::MalformedPhase { value } => {
                format!("manual: malformed phase gate (expected a phase number): {value}")
            }
            Reason::MalformedPlan { value } => {
                format!("manual: malformed plan gate (expected <slug>:<phases>): {value}")
            }
            Reason::NoSuchPlan { plan } => {
                format!("blocked: plan gate references a plan that does not exist: {plan}")
            }
            Reason::PlanVerified { plan, phases } => {
                format!("clear ({plan} phases {phases} verified)")
            }
            Reason::PlanWaiting { plan, missing } => format!(
                "blocked: {plan} phase(s){} not verified",
                missing.iter().map(|p| format!(" {p}")).collect::<String>()
            ),
            Reason::CmdRefused { command } => {
                format!("manual: REFUSED — a gate must not mutate anything: {command}")
            }
            Reason::CmdNotRun { command } => format!(
                "unevaluated: cmd gate not executed (set PHASE_EXEC_GATES=1 to evaluate): {command}"
            ),
            Reason::CmdOk { command } => format!("clear (cmd ok): {command}"),
            Reason::CmdTimedOut { command, seconds } => {
                format!("blocked: cmd timed out after {seconds}s: {command}")
            }
            Reason::CmdFailed {
                command,
                status,
                output,
            } => format!(
                "blocked: cmd exit {status}: {command}{}",
                output
                    .as_ref()
                    .map(|o| format!(" — {o}"))
                    .unwrap_or_default()
            ),
            Reason::MalformedLanded { kind, value } => {
                format!("manual: malformed {kind} gate (expected a phase number): {value}")
            }
            Reason::LandedUnknownPhase { kind, phase } => {
                format!("blocked: {kind} gate names phase {phase}, which is not in this plan")
            }
            Reason::NoLandingRecord { phase, policy } => {
                format!("blocked: phase {phase} has no landing record yet (policy {policy})")
            }
            Reason::Landed { phase, state } => format!("clear (phase {phase} landed: {state})"),
            Reason::NotMerged { phase, state } => {
                format!("blocked: phase {phase} is {state}, not merged")
            }
            Reason::NotLanded {
                phase,
                state,
                policy,
                wanted,
            } => format!("blocked: phase {phase} is {state} (policy {policy} wants {wanted})"),
            Reason::InvalidDate { value } => format!("manual: not a valid date: {value}"),
            Reason::DateReached { date } => format!("clear (date {date} reached)"),
            Reason::OpensOn { date, today } => format!("blocked: opens on {date} (today {today})"),
            Reason::BeforeDeadline { date } => format!("clear (before deadline {date})"),
            Reason::DeadlinePassed { date, today } => {
                format!("OVERDUE: deadline {date} passed (today {today})")
            }
            Reason::Conditions { conditions } => format!("ai: {conditions}"),
            Reason::PersonActs {
                conditions,
                set_aside,
            } => format!(
                "manual: {conditions}{}",
                set_aside
                    .as_ref()
                    .map(|w| format!(" — {w}"))
                    .unwrap_or_default()
            ),
        }
    }
}

/// `text`, or `fallback` when it is empty.
fn or<'a>(text: &'a str, fallback: &'a str) -> &'a str {
    if text.is_empty() { fallback } else { text }
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
    let check = gate::gate_check(plan, phase);
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
    let named: Vec<u32> = value
        .split([',', ' ', '\t', '\n'])
        .filter_map(phase_number)
        .collect();
    name_evidence(reading, &named, unreadable);
    let progress = Progress::new(reading, Some(asked));
    let missing: Vec<String> = value
        .split([',', ' ', '\t', '\n'])
        .filter_map(|word| phase_number(word).map(|n| (word, n)))
        .filter(|&(_, n)| !progress.is_verified(n))
        .map(|(word, _)| word.to_string())
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

/// The text the deny list is asked about: a redirect into `/dev/null`
/// writes nothing, and `>& file` is a write to the file.
fn deny_view(command: &str) -> String {
    static NULL: OnceLock<Option<Regex>> = OnceLock::new();
    static DUP: OnceLock<Option<Regex>> = OnceLock::new();
    let null = NULL
        .get_or_init(|| Regex::new(r"[0-9&]?>>?&?[[:space:]]*/dev/null([[:space:];&|)]|$)").ok());
    let dup = DUP.get_or_init(|| Regex::new(r">&([[:space:]]*[^[:space:]0-9-])").ok());
    let mut text = command.to_string();
    if let Some(re) = null {
        text = re.replace_all(&text, " ${1}").into_owned();
    }
    if let Some(re) = dup {
        text = re.replace_all(&text, ">${1}").into_owned();
    }
    text
}

/// Whether `command` would change something ([`GATE_CMD_DENY`]); a deny
/// list that cannot be built refuses every command.
fn mutates(command: &str) -> bool {
    static DENY: OnceLock<Option<Regex>> = OnceLock::new();
    match DENY.get_or_init(|| Regex::new(GATE_CMD_DENY).ok()) {
        Some(re) => re.is_match(&deny_view(command)),
        None => true,
    }
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

/// How a bounded command ended.
enum Ran {
    /// It exited with this status and printed this (stdout and stderr,
    /// trailing newlines removed).
    Exited(i32, String),
    /// It ran out of time and was killed.
    TimedOut,
}

/// Runs `bash -c command`, its stdout and stderr read together, killed
/// after `bound`. A command that cannot be started exits 127.
fn run_bounded(command: &str, bound: Duration) -> Ran {
    let Ok((mut reader, writer)) = std::io::pipe() else {
        return Ran::Exited(127, String::new());
    };
    let Ok(writer_err) = writer.try_clone() else {
        return Ran::Exited(127, String::new());
    };
    let child = Command::new("bash")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(writer_err)
        .spawn();
    let Ok(mut child) = child else {
        return Ran::Exited(127, String::new());
    };
    let collector = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = reader.read_to_end(&mut bytes);
        bytes
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() >= bound => break None,
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(_) => break None,
        }
    };
    let Some(status) = status else {
        let _ = child.kill();
        let _ = child.wait();
        return Ran::TimedOut;
    };
    let bytes = collector.join().unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes)
        .trim_end_matches('\n')
        .to_string();
    Ran::Exited(exit_status(status), text)
}

/// The status a shell reports for a finished child (128 + the signal for
/// one a signal ended).
fn exit_status(status: std::process::ExitStatus) -> i32 {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return 128 + signal;
        }
    }
    status.code().unwrap_or(1)
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

/// The phase's `Gates (must clear first):` conditions, each line as
/// written (leading blanks removed): the bullet's text after its label
/// (`*` removed), then its continuation lines up to the next bullet or
/// heading, over every `### Phase` block of the phase.
pub fn conditions(plan: &Plan, phase: u32) -> Vec<String> {
    let mut out = Vec::new();
    for (_, block) in plan.blocks_of(phase) {
        let mut inside = false;
        for line in block_lines(&plan.file, block) {
            let text = plan.file.line_text(line).trim_end_matches('\r');
            let trimmed = text.trim_start_matches([' ', '\t']);
            let is_bullet =
                trimmed.starts_with(['-', '*']) && trimmed[1..].starts_with([' ', '\t']);
            if inside {
                if is_bullet || text.starts_with("###") {
                    break;
                }
                out.push(trimmed.to_string());
                continue;
            }
            if trimmed.starts_with(['-', '*'])
                && let Some(at) = gates_label_end(text)
            {
                // The blanks right after the colon go; those after the
                // bold's closing `**` stay, as the reference keeps them.
                let rest: String = text[at..]
                    .trim_start_matches([' ', '\t'])
                    .chars()
                    .filter(|&c| c != '*')
                    .collect();
                let rest = rest.trim_end_matches([' ', '\t']);
                if !rest.is_empty() {
                    out.push(rest.to_string());
                }
                inside = true;
            }
        }
    }
    // As a shell's `$(…)` reads them: the empty lines at the end go.
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out
}

/// Where the text after a `Gates (must clear first):` label starts: after
/// the first `:` that follows the last `Gates`/`gates` of a line holding
/// `ates (must clear`.
fn gates_label_end(line: &str) -> Option<usize> {
    if !line.contains("Gates (must clear") && !line.contains("gates (must clear") {
        return None;
    }
    let last = line
        .rmatch_indices("ates")
        .filter(|(i, _)| *i > 0 && matches!(line.as_bytes()[i - 1], b'G' | b'g'))
        .map(|(i, _)| i)
        .find(|&i| line[i..].contains(':'))?;
    let colon = line[last..].find(':')? + last;
    Some(colon + 1)
}

/// [`conditions`] on one line: joined with blanks, each run of blanks
/// made one, no blank at the end (one at the start stays).
pub fn conditions_line(plan: &Plan, phase: u32) -> String {
    let joined = conditions(plan, phase).join(" ");
    let mut out = String::with_capacity(joined.len());
    for c in joined.chars() {
        let blank = matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c');
        if blank {
            if !out.ends_with(' ') {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
    out.truncate(out.trim_end_matches(' ').len());
    out
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

    #[test]
    fn the_deny_list_refuses_what_changes_the_world() {
        for bad in [
            "rm -rf build",
            "git push origin main",
            "git -C x commit -m y",
            "echo hi > /etc/x",
            "aws s3api delete-bucket --bucket b",
            "cargo publish",
        ] {
            assert!(mutates(bad), "{bad}");
        }
        for good in [
            "test -f out.txt",
            "curl -sf https://x 2>/dev/null",
            "git status",
            "grep -q ok log >/dev/null",
        ] {
            assert!(!mutates(good), "{good}");
        }
    }
}
