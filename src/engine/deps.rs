//! The static dependency modes (SPEC §11): `--deps N` (phase N's own
//! dependencies, as its Depends-on cell lists them, ranges spelled out)
//! and `--dependents N` (the phases whose Depends-on lists N, a phase
//! once per time it lists N). Neither reads a handoff.

use serde::Serialize;

use crate::engine::request::as_phase;
use crate::engine::{Answer, Reading, Request};
use crate::error::Result;

/// The answer of `--deps N`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Deps {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about.
    pub phase: u64,
    /// Whether the graph defines it.
    pub in_plan: bool,
    /// Its dependencies, in order.
    pub deps: Vec<u32>,
}

/// The answer of `--dependents N`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Dependents {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about.
    pub phase: u64,
    /// Whether the graph defines it.
    pub in_plan: bool,
    /// The phases that list it, in graph order.
    pub dependents: Vec<u32>,
}

/// `--deps N`. Errors: no phase ([`Request::required_phase`]).
pub fn deps(reading: &Reading, request: &Request) -> Result<Answer> {
    let phase = request.required_phase(reading)?;
    let known = as_phase(phase).filter(|&p| reading.graph.contains(p));
    Ok(Answer::Deps(Deps {
        plan: reading.slug().to_string(),
        phase,
        in_plan: known.is_some(),
        deps: known
            .map(|p| reading.graph.deps(p).to_vec())
            .unwrap_or_default(),
    }))
}

/// `--dependents N`. Errors: no phase ([`Request::required_phase`]).
pub fn dependents(reading: &Reading, request: &Request) -> Result<Answer> {
    let phase = request.required_phase(reading)?;
    let target = as_phase(phase);
    let dependents = reading
        .graph
        .phases
        .iter()
        .flat_map(|p| {
            let times = p.deps.iter().filter(|&&d| Some(d) == target).count();
            std::iter::repeat_n(p.phase, times)
        })
        .collect();
    Ok(Answer::Dependents(Dependents {
        plan: reading.slug().to_string(),
        phase,
        in_plan: target.is_some_and(|p| reading.graph.contains(p)),
        dependents,
    }))
}
