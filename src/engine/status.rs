//! The plan's closure (SPEC §11): `--plan-status` (its status word, as the
//! reference reads `status:`, [`crate::plan::PlanStatus`]) and `--closed`
//! (`closed <status>`, exit 0, or `open <status>`, exit 1 — the predicate
//! the workflow's other scripts ask).

use serde::Serialize;

use crate::engine::{Answer, Reading, Request};
use crate::error::Result;
use crate::plan::status::field;

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

/// What a closed plan says of its closure: the board's banner and the
/// memory block's `closed:` line read it here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Closure {
    /// The status word.
    pub status: String,
    /// The frontmatter's `closed_reason:`.
    pub reason: Option<String>,
    /// The frontmatter's `closed:` date.
    pub on: Option<String>,
}

impl Closure {
    /// The closure of `reading`'s plan; `None` when the plan is open.
    pub fn of(reading: &Reading) -> Option<Closure> {
        let plan = reading.plan();
        reading.is_closed().then(|| Closure {
            status: plan.status().word.clone(),
            reason: field(&plan.file, "closed_reason"),
            on: field(&plan.file, "closed"),
        })
    }
}
