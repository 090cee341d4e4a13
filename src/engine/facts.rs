//! One fact about one phase (SPEC §11): `--gated N` (`yes`/`no`),
//! `--gate-kind N` (`human`, `ai`, `auto`, `none`), `--size N` (`S`, `M`,
//! `L`) and `--repos N` (its scope, the Repos cell normalised, `all` when
//! it names nothing). A phase the graph lacks is `no`, `M` and `all`, as
//! the reference answers; its gate kind is read from its `### Phase`
//! heading all the same.

use serde::Serialize;

use crate::engine::request::as_phase;
use crate::engine::{Answer, Reading, Request, gate, sizing};
use crate::error::Result;
use crate::lint::repos::repos_tokens;
use crate::plan::gate_check::{GateCheck, gate_check};
use crate::vocab::gate_kinds::GateKind;
use crate::vocab::sizing::Size;

/// The answer of `--gated N`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Gated {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about.
    pub phase: u64,
    /// Whether the graph defines it.
    pub in_plan: bool,
    /// Whether it is GATED.
    pub gated: bool,
}

/// The answer of `--gate-kind N`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GateKindAnswer {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about.
    pub phase: u64,
    /// Whether the graph defines it.
    pub in_plan: bool,
    /// The kind of its gate.
    pub kind: GateKind,
    /// Its Gate-check directive, if it has one.
    pub gate_check: Option<GateCheck>,
}

/// The answer of `--size N`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SizeAnswer {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about.
    pub phase: u64,
    /// Whether the graph defines it.
    pub in_plan: bool,
    /// Its size.
    pub size: Size,
    /// What a phase of that size weighs, tokens.
    pub weight: u64,
}

/// The answer of `--repos N`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Repos {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about.
    pub phase: u64,
    /// Whether the graph defines it.
    pub in_plan: bool,
    /// The scope's tokens, in order, each once (`["all"]` for a phase that
    /// names none).
    pub scope: Vec<String>,
}

/// The phase argument of a per-phase mode, with the graph phase it names.
fn asked(reading: &Reading, request: &Request) -> Result<(u64, Option<u32>)> {
    let phase = request.required_phase(reading)?;
    Ok((
        phase,
        as_phase(phase).filter(|&p| reading.graph.contains(p)),
    ))
}

/// `--gated N`. Errors: no phase ([`Request::required_phase`]).
pub fn gated(reading: &Reading, request: &Request) -> Result<Answer> {
    let (phase, known) = asked(reading, request)?;
    Ok(Answer::Gated(Gated {
        plan: reading.slug().to_string(),
        phase,
        in_plan: known.is_some(),
        gated: known.is_some_and(|p| gate::is_gated(reading.plan(), p)),
    }))
}

/// `--gate-kind N`. Errors: no phase ([`Request::required_phase`]).
pub fn gate_kind(reading: &Reading, request: &Request) -> Result<Answer> {
    let (phase, known) = asked(reading, request)?;
    let plan = reading.plan();
    let (kind, gate_check) = match as_phase(phase) {
        Some(p) => (gate::gate_kind(plan, p), gate_check(plan, p)),
        None => (GateKind::None, None),
    };
    Ok(Answer::GateKind(GateKindAnswer {
        plan: reading.slug().to_string(),
        phase,
        in_plan: known.is_some(),
        kind,
        gate_check,
    }))
}

/// `--size N`. Errors: no phase ([`Request::required_phase`]).
pub fn size(reading: &Reading, request: &Request) -> Result<Answer> {
    let (phase, known) = asked(reading, request)?;
    let size = known.map_or(Size::DEFAULT, |p| sizing::phase_size(reading.plan(), p));
    Ok(Answer::Size(SizeAnswer {
        plan: reading.slug().to_string(),
        phase,
        in_plan: known.is_some(),
        size,
        weight: size.weight(),
    }))
}

/// The scope of graph phase `phase`: its Repos cell's tokens.
pub fn scope(reading: &Reading, phase: u32) -> Vec<String> {
    repos_tokens(reading.graph.get(phase).map_or("", |p| p.repos.as_str()))
}

/// `--repos N`. Errors: no phase ([`Request::required_phase`]).
pub fn repos(reading: &Reading, request: &Request) -> Result<Answer> {
    let (phase, known) = asked(reading, request)?;
    Ok(Answer::Repos(Repos {
        plan: reading.slug().to_string(),
        phase,
        in_plan: known.is_some(),
        scope: known.map_or_else(|| repos_tokens(""), |p| scope(reading, p)),
    }))
}
