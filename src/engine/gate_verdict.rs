//! What `--gate-status N` says of a gate (SPEC §11): the verdict's word
//! (`clear`, `blocked`, `manual`, `ai`, `OVERDUE`, `unevaluated`) and why,
//! with what the verdict line names ([`Reason::line`] writes the line as
//! the reference prints it).

use serde::Serialize;

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
