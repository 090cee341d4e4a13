//! The session plan (SPEC §11): `--session-plan [MODEL|BUDGET]`, what the
//! phases left cost and how a person may batch them by hand. The unit
//! first (the console runs every phase in a session of its own), then the
//! plan's weight (generated, so a plan quotes it rather than typing a sum),
//! the phases left forecast in measured sessions, the session model's
//! context and boot floor, and the sessions a person may run by hand —
//! the board's SUGGESTED BATCHES ([`sizing::compute_groups`]) sized to a
//! model (`haiku`, `sonnet`, `opus`, `fable`, a full id, `[1m]`), a raw
//! token budget, or without an argument the model the plan's §Session
//! budget names. A closed plan plans no session.
//!
//! **(fix)** A budget written with leading zeros is a decimal number
//! (`080000` is 80,000 tokens): the reference evaluates it as bash
//! arithmetic, so `010000` is an octal 4,096 and `08` or `09…` dies with
//! `value too great for base`.

use serde::Serialize;

use crate::engine::board::Banner;
use crate::engine::sizing::{self, GroupPhase};
use crate::engine::status::Closure;
use crate::engine::{Answer, Reading, Request};
use crate::error::Result;
use crate::vocab::sizing::{
    SESSION_SLOPE_PCT, SESSION_TARGET_PCT, SESSION_WORK_FLOOR, SIZE_L, SIZE_M, SIZE_S, Size,
};

/// The answer of `--session-plan`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SessionPlan {
    /// The plan's slug.
    pub plan: String,
    /// The closed-plan banner, when the plan is closed (it then plans no
    /// session: `weight`, `forecast` and `context` are `None`, `done` and
    /// `groups` empty).
    pub closed: Option<Banner>,
    /// The word the budget was read from: the argument, else the model
    /// the plan's §Session budget names; `None` when neither is given (the
    /// default budget).
    pub model: Option<String>,
    /// The per-session budget, tokens of summed weight.
    pub budget: u64,
    /// What a phase of each size weighs, tokens.
    pub sizes: SizeWeights,
    /// Whether the plan tags sizes (else every phase is read as `M`).
    pub sizes_tagged: bool,
    /// The plan's weight, every phase and the phases left.
    pub weight: Option<PlanWeight>,
    /// The phases left, forecast in measured sessions.
    pub forecast: Option<Forecast>,
    /// The session model: what a session's context peaks at.
    pub context: Option<Context>,
    /// The done phases, left out of the sessions, in graph order.
    pub done: Vec<u32>,
    /// The sessions a person may run by hand, in order.
    pub groups: Vec<Session>,
}

/// What a phase of each size weighs, tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SizeWeights {
    /// An `S` phase.
    #[serde(rename = "S")]
    pub s: u64,
    /// An `M` phase.
    #[serde(rename = "M")]
    pub m: u64,
    /// An `L` phase.
    #[serde(rename = "L")]
    pub l: u64,
}

/// How many phases of each size a set holds and what they weigh.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// `L` phases.
    #[serde(rename = "L")]
    pub l: usize,
    /// `M` phases (and those without a readable size).
    #[serde(rename = "M")]
    pub m: usize,
    /// `S` phases.
    #[serde(rename = "S")]
    pub s: usize,
    /// Their summed weight, tokens (sizes and MCP surcharges).
    pub tokens: u64,
    /// How many phases.
    pub phases: usize,
}

impl Tally {
    /// Counts one phase of `size` weighing `weight` tokens.
    fn add(&mut self, size: Size, weight: u64) {
        match size {
            Size::S => self.s += 1,
            Size::M => self.m += 1,
            Size::L => self.l += 1,
        }
        self.tokens = self.tokens.saturating_add(weight);
        self.phases += 1;
    }
}

/// The plan's weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PlanWeight {
    /// Every phase of the graph.
    pub all: Tally,
    /// The phases not done.
    pub left: Tally,
}

/// The phases left, forecast in sessions under the console.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Forecast {
    /// The sessions they are expected to take, rounded, never fewer than
    /// the phases.
    pub sessions: u64,
    /// How many phases are left.
    pub phases: usize,
    /// The measured sessions per phase of each size.
    pub measured: Vec<Measured>,
}

/// The measured sessions of the phases of one size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Measured {
    /// The size.
    pub size: Size,
    /// Sessions per phase that does not wrap, in hundredths.
    pub sessions_x100: u64,
    /// Sessions per phase that wraps, in hundredths.
    pub wrapped_x100: u64,
    /// Percent of the phases of this size that wrap.
    pub wrap_pct: u64,
}

/// The session model for the budget: a session peaks near `floor` +
/// slope × its weight and is sized to stay under `target`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Context {
    /// The floor a session pays once (boot + work), tokens.
    pub floor: u64,
    /// The first call's context, tokens.
    pub boot: u64,
    /// Whether `boot` was measured on this repository (`$PE_BOOT_FLOOR`)
    /// rather than the shipped value.
    pub boot_measured: bool,
    /// Over how many sessions it was measured (`$PE_BOOT_FLOOR_SAMPLES`,
    /// as given), when measured and said.
    pub boot_samples: Option<String>,
    /// What every session adds above its boot, tokens.
    pub work: u64,
    /// Context per token of weight, in hundredths.
    pub slope_pct: u64,
    /// The context a session is sized to stay under, tokens.
    pub target: u64,
    /// The share of the window `target` is, percent.
    pub target_pct: u64,
    /// The window the budget stands for (five budgets), tokens.
    pub window: u64,
    /// Whether the floor alone reaches the target: every phase then
    /// overflows a session of this size.
    pub floor_reaches_target: bool,
}

/// One session a person may run by hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Session {
    /// Its number, from 1.
    pub session: usize,
    /// The phases it runs, in order.
    pub phases: Vec<u32>,
    /// Their summed weight, tokens.
    pub weight: u64,
    /// The dependencies of its first phase that no done phase or earlier
    /// session covers, in order.
    pub waiting_on: Vec<u32>,
    /// Whether a phase of it is GATED (its gate is confirmed first).
    pub gated: bool,
    /// Whether its predicted peak passes the target (split it).
    pub over_budget: bool,
}

/// `--session-plan [MODEL|BUDGET]`: the session plan of `reading`'s plan,
/// sized to the budget of the argument ([`sizing::resolve_budget`]: a
/// model word or a raw token number) or of the model the plan names.
/// Never fails.
pub fn session_plan(reading: &Reading, request: &Request) -> Result<Answer> {
    let plan = reading.plan();
    let model = request.arg.clone().or_else(|| sizing::plan_model(plan));
    let budget = sizing::resolve_budget(model.as_deref());
    let mut answer = SessionPlan {
        plan: reading.slug().to_string(),
        closed: Closure::of(reading).map(|closure| Banner {
            closure,
            reopen: format!(
                "{}/close-plan.sh {} --reopen",
                reading.env.command_prefix(),
                reading.slug()
            ),
        }),
        model,
        budget,
        sizes: SizeWeights {
            s: SIZE_S,
            m: SIZE_M,
            l: SIZE_L,
        },
        sizes_tagged: sizing::has_sizes(plan),
        weight: None,
        forecast: None,
        context: None,
        done: Vec::new(),
        groups: Vec::new(),
    };
    if answer.closed.is_some() {
        return Ok(Answer::SessionPlan(Box::new(answer)));
    }
    let phases = sizing::group_phases(reading);
    let (mut all, mut left, mut units) = (Tally::default(), Tally::default(), 0u64);
    for p in &phases {
        let size = sizing::phase_size(plan, p.phase);
        all.add(size, p.weight);
        if p.done {
            answer.done.push(p.phase);
        } else {
            left.add(size, p.weight);
            units = units.saturating_add(sizing::expected_sessions(size));
        }
    }
    answer.weight = Some(PlanWeight { all, left });
    answer.forecast = Some(Forecast {
        sessions: (units.saturating_add(5_000) / 10_000).max(left.phases as u64),
        phases: left.phases,
        measured: [Size::S, Size::M, Size::L]
            .into_iter()
            .map(|size| {
                let s = size.sessions();
                Measured {
                    size,
                    sessions_x100: s.x100,
                    wrapped_x100: s.wrap_x100,
                    wrap_pct: s.wrap_pct,
                }
            })
            .collect(),
    });
    let measured = reading.env.boot_floor;
    let target = sizing::session_target(budget);
    let floor = sizing::session_floor(measured);
    answer.context = Some(Context {
        floor,
        boot: sizing::boot_floor(measured),
        boot_measured: measured.is_some(),
        boot_samples: measured.and(reading.env.boot_floor_samples.clone()),
        work: SESSION_WORK_FLOOR,
        slope_pct: SESSION_SLOPE_PCT,
        target,
        target_pct: SESSION_TARGET_PCT,
        window: budget.saturating_mul(5),
        floor_reaches_target: floor >= target,
    });
    answer.groups = sessions(reading, &phases, budget, &answer.done);
    Ok(Answer::SessionPlan(Box::new(answer)))
}

/// The sessions of the phases left, each with what its line flags: the
/// dependencies of its first phase nothing before it covers, a GATED
/// phase, a predicted peak over the target.
fn sessions(reading: &Reading, phases: &[GroupPhase], budget: u64, done: &[u32]) -> Vec<Session> {
    let measured = reading.env.boot_floor;
    let target = sizing::session_target(budget);
    let index: std::collections::HashMap<u32, &GroupPhase> =
        phases.iter().map(|p| (p.phase, p)).collect();
    let of = |n: u32| index.get(&n).copied();
    let mut seen: std::collections::HashSet<u32> = done.iter().copied().collect();
    let mut out = Vec::new();
    for (i, group) in sizing::groups(reading, phases, budget)
        .into_iter()
        .enumerate()
    {
        let weight = group
            .iter()
            .filter_map(|&n| of(n))
            .fold(0u64, |w, p| w.saturating_add(p.weight));
        let waiting_on = group
            .first()
            .and_then(|&n| of(n))
            .map(|p| {
                p.deps
                    .iter()
                    .copied()
                    .filter(|d| !seen.contains(d))
                    .collect()
            })
            .unwrap_or_default();
        let gated = group.iter().filter_map(|&n| of(n)).any(|p| p.gated);
        seen.extend(group.iter().copied());
        out.push(Session {
            session: i + 1,
            over_budget: sizing::session_context(measured, weight) > target,
            phases: group,
            weight,
            waiting_on,
            gated,
        });
    }
    out
}
