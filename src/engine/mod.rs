//! The plan engine (SPEC §11): every mode of `phase-graph` besides
//! `--decisions` and `--lint`, each a view over one reading of a plan.
//!
//! What belongs here: the one [`Reading`] of a plan that every mode uses
//! — the plan model, the graph as the engine reads it ([`graph`]), each
//! phase's handoff state ([`crate::plan::handoff_state`]), the QA gate, the gate approvals
//! ([`gate`]), the twin and the structural lint when a mode needs them —,
//! the readers the modes share ([`sizing`], [`gate`], [`progress`]), the
//! table of modes ([`modes`]) and, one file per family, the modes
//! themselves, each computing its answer as data ([`Answer`]). Printing
//! an answer is [`crate::output::engine`]'s; parsing the command line is
//! [`crate::cli`]'s. It may use every layer below it.
//!
//! A mode reads only what it needs: the plan and its graph are read for
//! every mode (the reference refuses a plan without a phase graph whatever
//! the mode); handoffs, QA verdicts, approvals, the twin and the lint are
//! read on first use.

pub mod board;
pub mod boot;
pub mod budget;
pub mod deps;
pub mod directives;
pub mod env;
pub mod facts;
pub mod fanout;
pub mod gate;
pub mod gate_run;
pub mod gate_status;
pub mod gate_verdict;
pub mod graph;
pub mod human_steps;
pub mod issues;
pub mod landing;
pub mod memory;
pub mod modes;
pub mod notes;
pub mod progress;
pub mod qa;
pub mod ready;
pub mod request;
pub mod session;
pub mod sizing;
pub mod status;

use std::path::PathBuf;
use std::sync::OnceLock;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::manifest::{Manifest, Twin};
use crate::plan::Plan;
use crate::plan::handoff_state::HandoffStates;
use crate::plan::progress::QaGate;
use crate::root::PlanLocation;

pub use env::EngineEnv;
pub use graph::Graph;
pub use modes::{MODES, mode_request};
pub use request::{ModeSpec, Needs, Request};

/// One reading of a plan and of the files read beside it, shared by every
/// mode: the plan is parsed once; the rest is read on first use.
#[derive(Debug)]
pub struct Reading {
    /// The environment (docs root, scripts folder, clock).
    pub env: EngineEnv,
    /// Where the plan and its files are.
    pub location: PlanLocation,
    /// The plan, with its twin when the mode reads it
    /// ([`Needs::twin`]).
    pub manifest: Manifest,
    /// The phase graph as the engine reads it.
    pub graph: Graph,
    /// Each phase's handoff state, read on first use.
    handoffs: OnceLock<HandoffStates>,
    /// The QA gate (`None` without `test-status.md`), read on first use.
    qa: OnceLock<Option<QaGate>>,
    /// The gate approvals, read on first use.
    approvals: OnceLock<gate::Approvals>,
    /// What writes a phase's decisions block into its boot prompt.
    decisions_writer: Option<DecisionsWriter>,
}

/// What writes §5.3's decisions block of a phase's view (SPEC §5.3, §11)
/// into a boot prompt: the command line gives the engine the one writer
/// `decisions <SLUG> --phase N prompt` prints with, so the two never
/// differ. The plan (with its twin) and the phase in, the block's text
/// out.
pub struct DecisionsWriter(pub Box<WriteBlock>);

/// The function a [`DecisionsWriter`] holds.
pub type WriteBlock = dyn Fn(&Manifest, u32) -> String;

impl std::fmt::Debug for DecisionsWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DecisionsWriter")
    }
}

impl Reading {
    /// Reads the plan `slug` (a slug, or the path of a `.md` plan) under
    /// `env`'s docs root, with what `needs` asks for besides. Errors:
    /// [`Error::InvalidSlug`]; [`Error::EngineUnreadable`] (exit 1, the
    /// reference's message) when the plan does not exist or its phase
    /// graph defines no phase; the read errors of [`Plan::load`] and
    /// [`Twin::load`].
    pub fn open(env: EngineEnv, slug: &str, needs: Needs) -> Result<Reading> {
        let location = PlanLocation::resolve(&env.root, slug)?;
        let shown = plan_shown(&env, &location, slug);
        let plan = match Plan::load(&location) {
            Ok(plan) => plan,
            Err(Error::PlanMissing { .. }) => {
                return Err(Error::EngineUnreadable(plan_missing(&env, &shown)));
            }
            Err(e) => return Err(e),
        };
        let graph = Graph::read(&plan);
        if graph.is_empty() {
            return Err(Error::EngineUnreadable(format!(
                "ERROR: could not parse a \"## Phase graph\" table in {shown}\n  The engine needs the standard table (Phase | Title | Depends on | …).\n"
            )));
        }
        let twin = if needs.twin {
            Twin::load(&location.twin())?
        } else {
            None
        };
        Ok(Reading::from_parts(
            env,
            location,
            Manifest { plan, twin },
            graph,
        ))
    }

    /// A reading of an already-read `manifest` at `location`.
    pub fn from_parts(
        env: EngineEnv,
        location: PlanLocation,
        manifest: Manifest,
        graph: Graph,
    ) -> Reading {
        Reading {
            env,
            location,
            manifest,
            graph,
            handoffs: OnceLock::new(),
            qa: OnceLock::new(),
            approvals: OnceLock::new(),
            decisions_writer: None,
        }
    }

    /// This reading, its boot prompts carrying the decisions blocks
    /// `writer` writes.
    pub fn with_decisions_writer(mut self, writer: DecisionsWriter) -> Reading {
        self.decisions_writer = Some(writer);
        self
    }

    /// The decisions block of `phase`'s view for its boot prompt (empty
    /// without a writer).
    pub fn decisions_block(&self, phase: u32) -> String {
        self.decisions_writer
            .as_ref()
            .map(|w| (w.0)(&self.manifest, phase))
            .unwrap_or_default()
    }

    /// The plan.
    pub fn plan(&self) -> &Plan {
        &self.manifest.plan
    }

    /// The plan's slug.
    pub fn slug(&self) -> &str {
        &self.location.slug
    }

    /// `docs/handoffs/<slug>/`.
    pub fn handoffs_dir(&self) -> PathBuf {
        self.location.handoffs_dir()
    }

    /// Each graph phase's handoff state (read on first use).
    pub fn handoffs(&self) -> &HandoffStates {
        self.handoffs
            .get_or_init(|| HandoffStates::read(&self.handoffs_dir(), self.graph.numbers()))
    }

    /// The QA gate: `None` when the plan has no `test-status.md` (QA then
    /// gates nothing). Read on first use.
    pub fn qa(&self) -> Option<&QaGate> {
        self.qa
            .get_or_init(|| QaGate::read(self.plan(), &self.handoffs_dir()))
            .as_ref()
    }

    /// The gate approvals of `gate-status.md` (read on first use).
    pub fn approvals(&self) -> &gate::Approvals {
        self.approvals
            .get_or_init(|| gate::Approvals::read(&self.handoffs_dir()))
    }

    /// Whether the plan is closed (its `status:` as the reference reads
    /// it).
    pub fn is_closed(&self) -> bool {
        self.plan().is_closed()
    }
}

/// The plan's path as the reference's messages show it: the docs root as
/// given, then `docs/plans/<slug>.md`; a plan named by its path, that path.
fn plan_shown(env: &EngineEnv, location: &PlanLocation, slug: &str) -> String {
    if location.slug == slug {
        format!("{}/docs/plans/{slug}.md", env.root_shown)
    } else {
        slug.to_string()
    }
}

/// The reference's message for a plan that does not exist, with its hint
/// when the working directory is in no git work tree.
fn plan_missing(env: &EngineEnv, shown: &str) -> String {
    let mut message = format!(
        "ERROR: plan not found: {shown}\n  → run from the repo root, or set DOCS_ROOT: DOCS_ROOT=/path/to/repo phase-graph.sh ...\n"
    );
    let in_git = std::env::current_dir().is_ok_and(|cwd| env::in_git_work_tree(&cwd));
    if !in_git {
        message.push_str(&format!(
            "  ⚠️  not inside a git repo (root fell back to {}) — set DOCS_ROOT explicitly.\n",
            env.root_shown
        ));
    }
    message
}

/// What a mode answered, as data: `--format json` prints it as it is
/// (its `mode` field names the mode); [`crate::output::engine`] prints
/// the reference's text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "mode", rename_all = "kebab-case")]
pub enum Answer {
    /// The status board (no mode, or `board`).
    Board(Box<board::Board>),
    /// `--ready [N]`, `--ready-after N`.
    Ready(ready::Ready),
    /// `--dependents N`.
    Dependents(deps::Dependents),
    /// `--deps N`.
    Deps(deps::Deps),
    /// `--gated N`.
    Gated(facts::Gated),
    /// `--gate-kind N`.
    GateKind(facts::GateKindAnswer),
    /// `--size N`.
    Size(facts::SizeAnswer),
    /// `--repos N`.
    Repos(facts::Repos),
    /// `--plan-status`.
    PlanStatus(status::PlanStatusAnswer),
    /// `--closed`.
    Closed(status::Closed),
    /// `--mcp [N]`.
    Mcp(budget::Listed),
    /// `--credentials [N]`.
    Credentials(budget::Listed),
    /// `--clash-zones`.
    ClashZones(budget::Listed),
    /// `--accounts`.
    Accounts(budget::Accounts),
    /// `--mcp-policy [N]`.
    McpPolicy(budget::Said),
    /// `--credential-policy [N]`.
    CredentialPolicy(budget::Said),
    /// `--qa-exhausted`.
    QaExhausted(budget::Said),
    /// `--person-check N`.
    PersonCheck(budget::Said),
    /// `--checkout N`.
    Checkout(budget::Said),
    /// `--verify-in N`.
    VerifyIn(budget::Said),
    /// `--setup N`.
    Setup(budget::Lines),
    /// `--waits-on N`.
    WaitsOn(budget::Lines),
    /// `--floor [N]`.
    Floor(budget::Floors),
    /// `--permission-mode [N]`.
    PermissionMode(directives::Resolved),
    /// `--model-policy [N]`.
    ModelPolicy(directives::Resolved),
    /// `--land [N]`.
    Land(directives::Resolved),
    /// `--gitlink [N]`.
    Gitlink(directives::Resolved),
    /// `--isolation [N]`.
    Isolation(directives::Resolved),
    /// `--issues [N]`.
    Issues(directives::Resolved),
    /// `--conflict-policy`.
    ConflictPolicy(directives::Resolved),
    /// `--messaging`.
    Messaging(directives::Resolved),
    /// `--base-branch`.
    BaseBranch(directives::Resolved),
    /// `--wait-budget [N]`.
    WaitBudget(directives::Amount),
    /// `--wait-count [N]`.
    WaitCount(directives::Amount),
    /// `--verify-timeout [N]`.
    VerifyTimeout(directives::Amount),
    /// `--landing N`.
    Landing(landing::Landing),
    /// `--human-steps [N]`.
    HumanSteps(human_steps::HumanSteps),
    /// `--notes N`.
    Notes(notes::Notes),
    /// `--memory-block`.
    MemoryBlock(memory::MemoryBlock),
    /// `--verified`.
    Verified(memory::Verified),
    /// `--gate-status N`.
    GateStatus(gate_status::GateStatus),
    /// `--boot-prompt N`.
    BootPrompt(boot::BootPrompt),
    /// `--boot-fanout "N M …"`.
    BootFanout(fanout::BootFanout),
    /// `--session-plan [MODEL|BUDGET]`.
    SessionPlan(Box<session::SessionPlan>),
    /// `--qa-mode [N]`.
    QaMode(qa::QaModeAnswer),
    /// `--qa-result N`.
    QaResult(qa::QaResultAnswer),
    /// `--qa-history N`.
    QaHistory(qa::QaHistoryAnswer),
    /// `--qa-prompt N`.
    QaPrompt(Box<qa::QaPromptAnswer>),
}

impl Answer {
    /// What the mode says on stderr besides its answer: the evidence files
    /// a gate could not read (each `planfile: cannot read …` line).
    pub fn stderr(&self) -> String {
        match self {
            Answer::GateStatus(g) => g
                .unreadable
                .iter()
                .map(|u| {
                    format!("planfile: cannot read {u} — the gate counts it as saying nothing\n")
                })
                .collect(),
            _ => String::new(),
        }
    }

    /// The exit code the mode ends with: 1 for `--closed` on an open
    /// plan, else 0.
    pub fn exit_code(&self) -> u8 {
        match self {
            Answer::Closed(c) if !c.closed => 1,
            Answer::GateStatus(g) if !g.is_clear() => 1,
            _ => 0,
        }
    }
}

/// Runs the mode `request` names over `reading`. Errors: the mode's own
/// refusals ([`Error::EngineRefused`], [`Error::NotAPhaseNumber`]) and
/// [`Error::EngineNotImplemented`] for a mode planfile does not serve yet.
pub fn run(reading: &Reading, request: &Request) -> Result<Answer> {
    match request.mode.run {
        Some(run) => run(reading, request),
        None => Err(Error::EngineNotImplemented(request.mode.name.to_string())),
    }
}
