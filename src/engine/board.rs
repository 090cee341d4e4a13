//! The status board (SPEC §11): the reference's default mode. One line per
//! phase — its state, title, gate marker (`🔒GATED·<kind>`, with an
//! approval's mark), QA verdict or what it needs —, the structural
//! problems the lint finds ([`crate::engine::issues`]), the READY NOW / IN
//! PROGRESS / WAITING lists, the SUGGESTED BATCHES a person may run by hand
//! (when the plan tags sizes), and the hint that closes it or says it is
//! stalled. A closed plan keeps its phase lines under a banner and issues
//! no call to action.

use serde::Serialize;

use crate::engine::gate::{self, Clearance};
use crate::engine::progress::{Held, Progress, serialize_state};
use crate::engine::request::as_phase;
use crate::engine::sizing;
use crate::engine::status::Closure;
use crate::engine::{Answer, Reading, Request, issues};
use crate::error::Result;
use crate::plan::progress::{HandoffStatus, PhaseState};
use crate::plan::status;
use crate::vocab::console::QA_RELEASING_VERDICTS;
use crate::vocab::gate_kinds::GateKind;

/// The status board of a plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Board {
    /// The plan's slug.
    pub plan: String,
    /// How many phases are done (their handoffs say so).
    pub done: usize,
    /// How many phases the graph defines.
    pub total: usize,
    /// The closed-plan banner, when the plan is closed.
    pub closed: Option<Banner>,
    /// The frontmatter's `phases:` when it disagrees with the graph.
    pub phase_count: Option<PhaseCount>,
    /// The structural problems, one line each.
    pub problems: Vec<String>,
    /// Every phase, in graph order.
    pub phases: Vec<BoardPhase>,
    /// The ready phases.
    pub ready: Vec<u32>,
    /// The phases in progress or stuck.
    pub in_progress: Vec<u32>,
    /// The waiting phases with the dependencies they wait on.
    pub waiting: Vec<Waiting>,
    /// The suggested batches, when the plan tags sizes and is open.
    pub batches: Option<Batches>,
    /// How the board ends: the plan is finished, or stalled.
    pub ending: Option<Ending>,
}

/// What a closed plan's banner says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Banner {
    /// The closure.
    #[serde(flatten)]
    pub closure: Closure,
    /// The command that reopens it.
    pub reopen: String,
}

/// A `phases:` count that disagrees with the graph.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PhaseCount {
    /// What the frontmatter says, as written.
    pub declared: String,
    /// How many phases the graph defines.
    pub parsed: usize,
}

/// One phase line of the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardPhase {
    /// The phase.
    pub phase: u32,
    /// Its state.
    #[serde(serialize_with = "serialize_state")]
    pub state: PhaseState,
    /// Its title.
    pub title: String,
    /// Its gate, when it is GATED.
    pub gate: Option<GateMark>,
    /// Its QA verdict, when it is done and QA gates it (open plans only).
    pub qa: Option<QaMark>,
    /// What a waiting phase needs: each dependency not verified.
    pub needs: Vec<Need>,
}

/// The gate marker of a GATED phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GateMark {
    /// The kind of its gate.
    pub kind: GateKind,
    /// What a recorded approval does to it.
    pub approval: Clearance,
}

/// A done phase's QA verdict as the board shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum QaMark {
    /// `pass` or `waived`.
    Verified,
    /// `fail`.
    Failed,
    /// Anything else: no verdict yet.
    Pending,
}

/// A dependency a waiting phase needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Need {
    /// The dependency.
    pub phase: u32,
    /// Why it holds the phase.
    pub held: Held,
}

/// A waiting phase of the WAITING list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Waiting {
    /// The phase.
    pub phase: u32,
    /// The dependencies it waits on, in order.
    pub on: Vec<u32>,
}

/// The suggested batches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Batches {
    /// The per-session budget, tokens (from the plan's model).
    pub budget: u64,
    /// The sessions, each the phases it runs in order.
    pub groups: Vec<Vec<u32>>,
    /// The command that sizes the sessions to a model.
    pub session_plan: String,
}

/// How the board ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "ending", rename_all = "kebab-case")]
pub enum Ending {
    /// Every phase is done.
    AllDone {
        /// The command that closes the plan.
        close: String,
    },
    /// Nothing is ready and nothing in progress.
    Stalled,
}

/// The board (`phase-graph <slug>`, or `board`; an argument N is taken as
/// done, as the reference's `assume_done` does). Errors: a phase argument
/// that is not a number; those of [`issues::structure_problems`].
pub fn board(reading: &Reading, request: &Request) -> Result<Answer> {
    let assume = request.phase(reading)?.and_then(as_phase);
    let progress = Progress::new(reading, assume);
    let plan = reading.plan();
    let slug = reading.slug().to_string();
    let closed = reading.is_closed();
    let command = reading.env.command_prefix();
    let handoffs = reading.handoffs();
    let total = reading.graph.phases.len();
    let done = reading
        .graph
        .numbers()
        .filter(|&p| handoffs.status(p) == HandoffStatus::Done)
        .count();
    let closure = Closure::of(reading).map(|closure| Banner {
        closure,
        reopen: format!("{command}/close-plan.sh {slug} --reopen"),
    });
    let phase_count = status::field(&plan.file, "phases")
        .filter(|d| d != "TODO" && *d != total.to_string())
        .map(|declared| PhaseCount {
            declared,
            parsed: total,
        });
    let problems = issues::structure_problems(reading)?;
    let mut phases = Vec::with_capacity(total);
    let (mut ready, mut in_progress, mut waiting) = (Vec::new(), Vec::new(), Vec::new());
    for p in &reading.graph.phases {
        let state = progress.state(p.phase);
        let gate = gate::is_gated(plan, p.phase).then(|| {
            let kind = gate::gate_kind(plan, p.phase);
            GateMark {
                kind,
                approval: reading.approvals().clearance(p.phase, kind),
            }
        });
        let mut needs = Vec::new();
        let mut qa = None;
        match state {
            PhaseState::Done if !closed && progress.qa_gates(p.phase) => {
                let verdict = progress.verdict(p.phase);
                qa = Some(if QA_RELEASING_VERDICTS.contains(&verdict) {
                    QaMark::Verified
                } else if verdict == "fail" {
                    QaMark::Failed
                } else {
                    QaMark::Pending
                });
            }
            PhaseState::InProgress | PhaseState::Stuck => in_progress.push(p.phase),
            PhaseState::Ready => ready.push(p.phase),
            PhaseState::Waiting => {
                let missing = progress.missing(p.phase);
                needs = missing
                    .iter()
                    .map(|&d| Need {
                        phase: d,
                        held: progress.held(d),
                    })
                    .collect();
                waiting.push(Waiting {
                    phase: p.phase,
                    on: missing,
                });
            }
            PhaseState::Done => {}
        }
        phases.push(BoardPhase {
            phase: p.phase,
            state,
            title: p.title.clone(),
            gate,
            qa,
            needs,
        });
    }
    let batches = (!closed && sizing::has_sizes(plan)).then(|| batches(reading, &command));
    let ending = if closed {
        None
    } else if done == total {
        Some(Ending::AllDone {
            close: format!(
                "{command}/close-plan.sh {slug} --status complete --reason \"<what shipped>\""
            ),
        })
    } else if ready.is_empty() && in_progress.is_empty() {
        Some(Ending::Stalled)
    } else {
        None
    };
    if closed {
        ready.clear();
        in_progress.clear();
        waiting.clear();
    }
    Ok(Answer::Board(Box::new(Board {
        plan: slug,
        done,
        total,
        closed: closure,
        phase_count,
        problems,
        phases,
        ready,
        in_progress,
        waiting,
        batches,
        ending,
    })))
}

/// The suggested batches of `reading`'s open plan, sized to the budget of
/// the model its §Session budget names.
fn batches(reading: &Reading, command: &str) -> Batches {
    let budget = sizing::resolve_budget(sizing::plan_model(reading.plan()).as_deref());
    let phases = sizing::group_phases(reading);
    Batches {
        budget,
        groups: sizing::groups(reading, &phases, budget),
        session_plan: format!(
            "{command}/phase-graph.sh {} --session-plan <model>",
            reading.slug()
        ),
    }
}
