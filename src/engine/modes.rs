//! The table of `phase-graph` modes (SPEC §11): every mode of the
//! reference's `scripts/phase-graph.sh`, in the order of its `case
//! "$mode"`, with the argument it takes, its usage line, what it reads
//! besides the plan, and the function that computes its answer — or none
//! yet, for a mode planfile does not serve (it then fails with
//! [`crate::Error::EngineNotImplemented`], exit 2, rather than print
//! something the reference would not).
//!
//! Adding a mode: write its function (`fn(&Reading, &Request) ->
//! Result<Answer>`) in the file of its family, add its answer type to
//! [`Answer`] and its text to [`crate::output::engine`], and set `run` in
//! its row here.
//!
//! The argument is read as the reference reads it (`$3`): a phase argument
//! is normalised at the door (`08` is 8). **(fix)** A phase argument that
//! is not a number (`x`, `-1`, `1x`, `2 3`) is refused (exit 2, naming the
//! plan's phases): the reference evaluates it as bash arithmetic, so `x`
//! dies on an unbound variable, `-1` names the last phase, `1+1` phase 2,
//! and `1x` prints an error and then the whole board.

use crate::engine::{Answer, Reading};
use crate::error::{Error, Result};

/// What argument a mode takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    /// None (an argument given is ignored, as the reference ignores `$3`).
    None,
    /// An optional phase number.
    OptionalPhase,
    /// A phase number; without one the mode prints its usage line and
    /// exits 2.
    Phase,
    /// A list of phase numbers, one word (`--boot-fanout "2 3"`).
    Phases,
    /// A word that is not a phase (`--session-plan opus`), not normalised.
    Word,
}

/// What a mode reads besides the plan and its graph, when the mode starts
/// (the rest is read on first use).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Needs {
    /// The twin, `docs/handoffs/<slug>/decisions.md`.
    pub twin: bool,
}

impl Needs {
    /// Nothing besides the plan.
    pub const PLAN: Needs = Needs { twin: false };
    /// The plan and its twin.
    pub const TWIN: Needs = Needs { twin: true };
}

/// The function that computes a mode's answer.
pub type RunFn = fn(&Reading, &Request) -> Result<Answer>;

/// One mode of the table.
#[derive(Debug, Clone, Copy)]
pub struct ModeSpec {
    /// The mode as typed (`--ready`), or `board`.
    pub name: &'static str,
    /// The argument it takes.
    pub arg: ArgKind,
    /// Its usage line, printed (exit 2) when a required argument is
    /// missing.
    pub usage: &'static str,
    /// What it reads when it starts.
    pub needs: Needs,
    /// What it answers, in a few words (for `--help`).
    pub summary: &'static str,
    /// Its function; `None` for a mode planfile does not serve yet.
    pub run: Option<RunFn>,
}

/// A mode to run, with its argument (`$3`) as given, normalised.
#[derive(Debug, Clone)]
pub struct Request {
    /// The mode.
    pub mode: &'static ModeSpec,
    /// Its argument: `None` when absent or empty; a number written with
    /// leading zeros has them removed.
    pub arg: Option<String>,
}

impl Request {
    /// The request for `mode` with argument `arg` (the reference's `$2`
    /// and `$3`): `None` when no mode of the table is called `mode`.
    pub fn new(mode: &str, arg: Option<&str>) -> Option<Request> {
        let spec = lookup(mode)?;
        let arg = arg.filter(|a| !a.is_empty()).map(|a| match spec.arg {
            ArgKind::Word => a.to_string(),
            _ => normalise_number(a),
        });
        Some(Request { mode: spec, arg })
    }

    /// The phase argument, when one is given: a whole number (one too
    /// large for a phase names no phase of any plan). Errors:
    /// [`Error::NotAPhaseNumber`] (exit 2) for anything else.
    pub fn phase(&self, reading: &Reading) -> Result<Option<u64>> {
        let Some(arg) = self.arg.as_deref() else {
            return Ok(None);
        };
        if !arg.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Error::NotAPhaseNumber {
                phase: arg.to_string(),
                slug: reading.slug().to_string(),
                phases: reading.graph.listed(),
            });
        }
        Ok(Some(arg.parse().unwrap_or(u64::MAX)))
    }

    /// The phase argument of a mode that needs one: without it,
    /// [`Error::EngineRefused`] with the mode's usage line (exit 2); errors
    /// as [`Request::phase`].
    pub fn required_phase(&self, reading: &Reading) -> Result<u64> {
        self.phase(reading)?
            .ok_or_else(|| Error::EngineRefused(format!("{}\n", self.mode.usage)))
    }
}

/// `arg` with the leading zeros of a whole number removed (`08` is `8`,
/// `00` is `0`); anything else as it is.
pub fn normalise_number(arg: &str) -> String {
    if arg.is_empty() || !arg.bytes().all(|b| b.is_ascii_digit()) {
        return arg.to_string();
    }
    let trimmed = arg.trim_start_matches('0');
    if trimmed.is_empty() {
        "0".to_string()
    } else {
        trimmed.to_string()
    }
}

/// The phase `n` names, when it fits a phase number.
pub fn as_phase(n: u64) -> Option<u32> {
    u32::try_from(n).ok()
}

/// The mode called `name` (`board` and the empty word are the board).
pub fn lookup(name: &str) -> Option<&'static ModeSpec> {
    let name = if name.is_empty() { "board" } else { name };
    MODES.iter().find(|m| m.name == name)
}

/// A row of the table for a mode planfile does not serve yet.
const fn later(
    name: &'static str,
    arg: ArgKind,
    usage: &'static str,
    summary: &'static str,
) -> ModeSpec {
    ModeSpec {
        name,
        arg,
        usage,
        needs: Needs::PLAN,
        summary,
        run: None,
    }
}

/// Every mode, in the order of the reference's `case "$mode"` (the board
/// last). `--decisions` and `--lint` are listed for completeness; the
/// command line serves them before the engine (SPEC §5.1, §6).
pub const MODES: &[ModeSpec] = &[
    ModeSpec {
        name: "--plan-status",
        arg: ArgKind::None,
        usage: "",
        needs: Needs::PLAN,
        summary: "the plan's status word",
        run: Some(super::status::plan_status),
    },
    ModeSpec {
        name: "--closed",
        arg: ArgKind::None,
        usage: "",
        needs: Needs::PLAN,
        summary: "closed <status> (exit 0) or open <status> (exit 1)",
        run: Some(super::status::closed),
    },
    later(
        "--lint",
        ArgKind::None,
        "",
        "the lint verdict, reference format",
    ),
    later(
        "--setup",
        ArgKind::Phase,
        "usage: --setup <phase>",
        "the phase's bring-up commands",
    ),
    later("--mcp", ArgKind::OptionalPhase, "", "MCP servers, csv"),
    later(
        "--checkout",
        ArgKind::Phase,
        "",
        "the phase's Checkout branch",
    ),
    later(
        "--verify-in",
        ArgKind::Phase,
        "usage: --verify-in <phase>",
        "the phase's Verify in folder",
    ),
    later(
        "--floor",
        ArgKind::OptionalPhase,
        "",
        "wall-clock floors in minutes",
    ),
    later(
        "--mcp-policy",
        ArgKind::OptionalPhase,
        "",
        "continue | require | nothing",
    ),
    later(
        "--permission-mode",
        ArgKind::OptionalPhase,
        "",
        "the permission mode and its source",
    ),
    later(
        "--model-policy",
        ArgKind::OptionalPhase,
        "",
        "ladder | pinned and its source",
    ),
    later(
        "--credentials",
        ArgKind::OptionalPhase,
        "",
        "credential ids, csv",
    ),
    later(
        "--credential-policy",
        ArgKind::OptionalPhase,
        "",
        "require | continue | nothing",
    ),
    later(
        "--accounts",
        ArgKind::None,
        "",
        "accounts as id<TAB>minHeadroom",
    ),
    later(
        "--qa-exhausted",
        ArgKind::None,
        "",
        "waive | halt | <owner> | nothing",
    ),
    later(
        "--person-check",
        ArgKind::Phase,
        "usage: phase-graph.sh <slug> --person-check N",
        "allow | halt | <owner> | nothing",
    ),
    later(
        "--wait-budget",
        ArgKind::OptionalPhase,
        "",
        "minutes<TAB>phase|plan",
    ),
    later(
        "--wait-count",
        ArgKind::OptionalPhase,
        "",
        "count<TAB>phase|plan",
    ),
    later(
        "--verify-timeout",
        ArgKind::OptionalPhase,
        "",
        "minutes<TAB>phase|plan",
    ),
    later(
        "--waits-on",
        ArgKind::Phase,
        "usage: phase-graph.sh <slug> --waits-on N",
        "the refs a phase waits on",
    ),
    later(
        "--human-steps",
        ArgKind::OptionalPhase,
        "",
        "Human step bullets as TSV",
    ),
    later(
        "--land",
        ArgKind::OptionalPhase,
        "",
        "the land policy and its source",
    ),
    later(
        "--gitlink",
        ArgKind::OptionalPhase,
        "",
        "bump | leave and its source",
    ),
    later(
        "--isolation",
        ArgKind::OptionalPhase,
        "",
        "shared | worktree and its source",
    ),
    later(
        "--issues",
        ArgKind::OptionalPhase,
        "",
        "off | draft | file and its source",
    ),
    later(
        "--conflict-policy",
        ArgKind::None,
        "",
        "the conflict policy and its source",
    ),
    later("--messaging", ArgKind::None, "", "on | off and its source"),
    later(
        "--base-branch",
        ArgKind::None,
        "",
        "the base branch and its source",
    ),
    later(
        "--clash-zones",
        ArgKind::None,
        "",
        "paths no two phases may touch at once",
    ),
    later(
        "--landing",
        ArgKind::Phase,
        "usage: phase-graph.sh <slug> --landing N",
        "the landing ledger's rows",
    ),
    later(
        "--notes",
        ArgKind::Phase,
        "usage: phase-graph.sh <slug> --notes N",
        "the notes a phase is handed",
    ),
    later(
        "--decisions",
        ArgKind::OptionalPhase,
        "",
        "the resolved decisions as TSV",
    ),
    ModeSpec {
        name: "--ready",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "the phases ready to start",
        run: Some(super::ready::ready),
    },
    ModeSpec {
        name: "--ready-after",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "the ready set once phase N is done",
        run: Some(super::ready::ready),
    },
    ModeSpec {
        name: "--dependents",
        arg: ArgKind::Phase,
        usage: "usage: --dependents <phase>",
        needs: Needs::PLAN,
        summary: "the phases that depend on phase N",
        run: Some(super::deps::dependents),
    },
    ModeSpec {
        name: "--deps",
        arg: ArgKind::Phase,
        usage: "usage: --deps <phase>",
        needs: Needs::PLAN,
        summary: "phase N's dependencies",
        run: Some(super::deps::deps),
    },
    ModeSpec {
        name: "--gated",
        arg: ArgKind::Phase,
        usage: "usage: --gated <phase>",
        needs: Needs::PLAN,
        summary: "yes or no",
        run: Some(super::facts::gated),
    },
    ModeSpec {
        name: "--gate-kind",
        arg: ArgKind::Phase,
        usage: "usage: --gate-kind <phase>",
        needs: Needs::PLAN,
        summary: "human | ai | auto | none",
        run: Some(super::facts::gate_kind),
    },
    ModeSpec {
        name: "--repos",
        arg: ArgKind::Phase,
        usage: "usage: --repos <phase>",
        needs: Needs::PLAN,
        summary: "phase N's scope as csv",
        run: Some(super::facts::repos),
    },
    later(
        "--qa-result",
        ArgKind::Phase,
        "usage: --qa-result <phase>",
        "pass | fail | waived | none",
    ),
    later(
        "--qa-history",
        ArgKind::Phase,
        "usage: --qa-history <phase>",
        "every QA round of phase N",
    ),
    later(
        "--qa-mode",
        ArgKind::OptionalPhase,
        "usage: --qa-mode [<phase>]",
        "off | on <why> | waived <why>",
    ),
    later(
        "--qa-prompt",
        ArgKind::Phase,
        "usage: --qa-prompt <phase>",
        "the QA reviewer's brief",
    ),
    later(
        "--gate-status",
        ArgKind::Phase,
        "usage: --gate-status <phase>",
        "the gate's verdict",
    ),
    later(
        "--verified",
        ArgKind::None,
        "",
        "the phases done and QA-verified",
    ),
    later("--memory-block", ArgKind::None, "", "the memory block"),
    ModeSpec {
        name: "--size",
        arg: ArgKind::Phase,
        usage: "usage: --size <phase>",
        needs: Needs::PLAN,
        summary: "S | M | L",
        run: Some(super::facts::size),
    },
    later(
        "--session-plan",
        ArgKind::Word,
        "",
        "sessions sized to a model or budget",
    ),
    later(
        "--boot-prompt",
        ArgKind::Phase,
        "usage: --boot-prompt <phase>",
        "phase N's boot prompt",
    ),
    later(
        "--boot-fanout",
        ArgKind::Phases,
        "usage: --boot-fanout \"<phase> <phase> …\"",
        "one boot for several phases",
    ),
    ModeSpec {
        name: "board",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::TWIN,
        summary: "the status board",
        run: Some(super::board::board),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_normalised_at_the_door() {
        assert_eq!(normalise_number("08"), "8");
        assert_eq!(normalise_number("000"), "0");
        assert_eq!(normalise_number("12"), "12");
        assert_eq!(normalise_number("x08"), "x08");
        let r = Request::new("--deps", Some("08")).expect("a mode");
        assert_eq!(r.arg.as_deref(), Some("8"));
        let w = Request::new("--session-plan", Some("007")).expect("a mode");
        assert_eq!(w.arg.as_deref(), Some("007"));
        assert!(Request::new("--frob", None).is_none());
        assert_eq!(lookup("").map(|m| m.name), Some("board"));
    }

    #[test]
    fn every_mode_is_listed_once() {
        for (i, m) in MODES.iter().enumerate() {
            assert!(
                MODES[i + 1..].iter().all(|o| o.name != m.name),
                "{} twice",
                m.name
            );
            if m.arg == ArgKind::Phase {
                assert!(
                    !m.usage.is_empty() || m.run.is_none(),
                    "{} has no usage",
                    m.name
                );
            }
        }
        assert_eq!(MODES.len(), 51, "the reference's 50 modes and the board");
    }
}
