//! The plan's closure (SPEC §11): `--plan-status` (its status word, as the
//! reference reads `status:`, [`crate::plan::PlanStatus`]) and `--closed`
//! (`closed <status>`, exit 0, or `open <status>`, exit 1 — the predicate
//! the workflow's other scripts ask).

use serde::Serialize;

use crate::engine::{Answer, Reading, Request};
use crate::error::Result;

/// The answer of `--plan-status`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlanStatusAnswer {
    /// The plan's slug.
    pub plan: String,
    /// The status word, lower-cased (`active` when there is none).
    pub status: String,
    /// Whether it closes the plan.
    pub closed: bool,
}

/// The answer of `--closed`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Closed {
    /// The plan's slug.
    pub plan: String,
    /// The status word.
    pub status: String,
    /// Whether the plan is closed (exit 0) or open (exit 1).
    pub closed: bool,
}

/// `--plan-status`.
pub fn plan_status(reading: &Reading, _request: &Request) -> Result<Answer> {
    let status = reading.plan().status();
    Ok(Answer::PlanStatus(PlanStatusAnswer {
        plan: reading.slug().to_string(),
        status: status.word.clone(),
        closed: status.is_closed(),
    }))
}

/// `--closed`.
pub fn closed(reading: &Reading, _request: &Request) -> Result<Answer> {
    let status = reading.plan().status();
    Ok(Answer::Closed(Closed {
        plan: reading.slug().to_string(),
        status: status.word.clone(),
        closed: status.is_closed(),
    }))
}
