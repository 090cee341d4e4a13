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
//! How a mode's argument is read is the [`super::request`] module's.

use crate::engine::request::{ArgKind, ModeSpec, Needs, Request};

/// The request for the mode called `mode` with argument `arg` (the
/// reference's `$2` and `$3`): `None` when no mode of the table is called
/// `mode`.
pub fn mode_request(mode: &str, arg: Option<&str>) -> Option<Request> {
    lookup(mode).map(|spec| Request::new(spec, arg))
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
    ModeSpec {
        name: "--setup",
        arg: ArgKind::Phase,
        usage: "usage: --setup <phase>",
        needs: Needs::PLAN,
        summary: "the phase's bring-up commands",
        run: Some(super::budget::setup),
    },
    ModeSpec {
        name: "--mcp",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "MCP servers, csv",
        run: Some(super::budget::mcp),
    },
    ModeSpec {
        name: "--checkout",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "the phase's Checkout branch",
        run: Some(super::budget::checkout),
    },
    ModeSpec {
        name: "--verify-in",
        arg: ArgKind::Phase,
        usage: "usage: --verify-in <phase>",
        needs: Needs::PLAN,
        summary: "the phase's Verify in folder",
        run: Some(super::budget::verify_in),
    },
    ModeSpec {
        name: "--floor",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "wall-clock floors in minutes",
        run: Some(super::budget::floor),
    },
    ModeSpec {
        name: "--mcp-policy",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "continue | require | nothing",
        run: Some(super::budget::mcp_policy),
    },
    ModeSpec {
        name: "--permission-mode",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "the permission mode and its source",
        run: Some(super::directives::permission_mode),
    },
    ModeSpec {
        name: "--model-policy",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "ladder | pinned and its source",
        run: Some(super::directives::model_policy),
    },
    ModeSpec {
        name: "--credentials",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "credential ids, csv",
        run: Some(super::budget::credentials),
    },
    ModeSpec {
        name: "--credential-policy",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "require | continue | nothing",
        run: Some(super::budget::credential_policy),
    },
    ModeSpec {
        name: "--accounts",
        arg: ArgKind::None,
        usage: "",
        needs: Needs::PLAN,
        summary: "accounts as id<TAB>minHeadroom",
        run: Some(super::budget::accounts),
    },
    ModeSpec {
        name: "--qa-exhausted",
        arg: ArgKind::None,
        usage: "",
        needs: Needs::PLAN,
        summary: "waive | halt | <owner> | nothing",
        run: Some(super::budget::qa_exhausted),
    },
    ModeSpec {
        name: "--person-check",
        arg: ArgKind::Phase,
        usage: "usage: phase-graph.sh <slug> --person-check N",
        needs: Needs::PLAN,
        summary: "allow | halt | <owner> | nothing",
        run: Some(super::budget::person_check),
    },
    ModeSpec {
        name: "--wait-budget",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "minutes<TAB>phase|plan",
        run: Some(super::directives::wait_budget),
    },
    ModeSpec {
        name: "--wait-count",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "count<TAB>phase|plan",
        run: Some(super::directives::wait_count),
    },
    ModeSpec {
        name: "--verify-timeout",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "minutes<TAB>phase|plan",
        run: Some(super::directives::verify_timeout),
    },
    ModeSpec {
        name: "--waits-on",
        arg: ArgKind::Phase,
        usage: "usage: phase-graph.sh <slug> --waits-on N",
        needs: Needs::PLAN,
        summary: "the refs a phase waits on",
        run: Some(super::budget::waits_on),
    },
    ModeSpec {
        name: "--human-steps",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "Human step bullets as TSV",
        run: Some(super::human_steps::human_steps),
    },
    ModeSpec {
        name: "--land",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "the land policy and its source",
        run: Some(super::directives::land),
    },
    ModeSpec {
        name: "--gitlink",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "bump | leave and its source",
        run: Some(super::directives::gitlink),
    },
    ModeSpec {
        name: "--isolation",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "shared | worktree and its source",
        run: Some(super::directives::isolation),
    },
    ModeSpec {
        name: "--issues",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "off | draft | file and its source",
        run: Some(super::directives::issues),
    },
    ModeSpec {
        name: "--conflict-policy",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "the conflict policy and its source",
        run: Some(super::directives::conflict_policy),
    },
    ModeSpec {
        name: "--messaging",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "on | off and its source",
        run: Some(super::directives::messaging),
    },
    ModeSpec {
        name: "--base-branch",
        arg: ArgKind::OptionalPhase,
        usage: "",
        needs: Needs::PLAN,
        summary: "the base branch and its source",
        run: Some(super::directives::base_branch),
    },
    ModeSpec {
        name: "--clash-zones",
        arg: ArgKind::None,
        usage: "",
        needs: Needs::PLAN,
        summary: "paths no two phases may touch at once",
        run: Some(super::budget::clash_zones),
    },
    ModeSpec {
        name: "--landing",
        arg: ArgKind::Phase,
        usage: "usage: phase-graph.sh <slug> --landing N",
        needs: Needs::PLAN,
        summary: "the landing ledger's rows",
        run: Some(super::landing::landing),
    },
    ModeSpec {
        name: "--notes",
        arg: ArgKind::Phase,
        usage: "usage: phase-graph.sh <slug> --notes N",
        needs: Needs::PLAN,
        summary: "the notes a phase is handed",
        run: Some(super::notes::notes_for),
    },
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
    ModeSpec {
        name: "--qa-result",
        arg: ArgKind::Phase,
        usage: "usage: --qa-result <phase>",
        needs: Needs::PLAN,
        summary: "pass | fail | waived | none",
        run: Some(super::qa::qa_result),
    },
    ModeSpec {
        name: "--qa-history",
        arg: ArgKind::Phase,
        usage: "usage: --qa-history <phase>",
        needs: Needs::PLAN,
        summary: "every QA round of phase N",
        run: Some(super::qa::qa_history),
    },
    ModeSpec {
        name: "--qa-mode",
        arg: ArgKind::OptionalPhase,
        usage: "usage: --qa-mode [<phase>]",
        needs: Needs::PLAN,
        summary: "off | on <why> | waived <why>",
        run: Some(super::qa::qa_mode),
    },
    ModeSpec {
        name: "--qa-prompt",
        arg: ArgKind::Phase,
        usage: "usage: --qa-prompt <phase>",
        needs: Needs::PLAN,
        summary: "the QA reviewer's brief",
        run: Some(super::qa::qa_prompt),
    },
    ModeSpec {
        name: "--gate-status",
        arg: ArgKind::Phase,
        usage: "usage: --gate-status <phase>",
        needs: Needs::PLAN,
        summary: "the gate's verdict (exit 0 when clear)",
        run: Some(super::gate_status::gate_status),
    },
    ModeSpec {
        name: "--verified",
        arg: ArgKind::None,
        usage: "",
        needs: Needs::PLAN,
        summary: "the phases done and QA-verified",
        run: Some(super::memory::verified),
    },
    ModeSpec {
        name: "--memory-block",
        arg: ArgKind::None,
        usage: "",
        needs: Needs::PLAN,
        summary: "the memory block",
        run: Some(super::memory::memory_block),
    },
    ModeSpec {
        name: "--size",
        arg: ArgKind::Phase,
        usage: "usage: --size <phase>",
        needs: Needs::PLAN,
        summary: "S | M | L",
        run: Some(super::facts::size),
    },
    ModeSpec {
        name: "--session-plan",
        arg: ArgKind::Word,
        usage: "",
        needs: Needs::PLAN,
        summary: "sessions sized to a model or budget",
        run: Some(super::session::session_plan),
    },
    ModeSpec {
        name: "--boot-prompt",
        arg: ArgKind::Phase,
        usage: "usage: --boot-prompt <phase>",
        needs: Needs::BOOT,
        summary: "phase N's boot prompt",
        run: Some(super::boot::boot_prompt),
    },
    ModeSpec {
        name: "--boot-fanout",
        arg: ArgKind::Phases,
        usage: "usage: --boot-fanout \"<phase> <phase> …\"",
        needs: Needs::BOOT,
        summary: "one boot for several phases",
        run: Some(super::fanout::boot_fanout),
    },
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
    use crate::engine::request::normalise_number;

    #[test]
    fn numbers_are_normalised_at_the_door() {
        assert_eq!(normalise_number("08"), "8");
        assert_eq!(normalise_number("000"), "0");
        assert_eq!(normalise_number("12"), "12");
        assert_eq!(normalise_number("x08"), "x08");
        let r = mode_request("--deps", Some("08")).expect("a mode");
        assert_eq!(r.arg.as_deref(), Some("8"));
        let w = mode_request("--session-plan", Some("007")).expect("a mode");
        assert_eq!(w.arg.as_deref(), Some("007"));
        assert!(mode_request("--frob", None).is_none());
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

    #[test]
    fn every_mode_is_served() {
        // `--decisions` and `--lint` are the command line's (SPEC §5.1, §6).
        let unserved: Vec<&str> = MODES
            .iter()
            .filter(|m| m.run.is_none())
            .map(|m| m.name)
            .collect();
        assert_eq!(unserved, ["--lint", "--decisions"]);
    }
}
