//! The ready sets (SPEC §11): `--ready` (the phases that may start now)
//! and `--ready-after N` (the phases that may start once phase N is done,
//! N itself left out). A closed plan offers no work: its ready set is
//! empty. As in the reference, `--ready N` is `--ready-after N`.

use serde::Serialize;

use crate::engine::progress::Progress;
use crate::engine::request::as_phase;
use crate::engine::{Answer, Reading, Request};
use crate::error::Result;

/// The answer of `--ready` and `--ready-after`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ready {
    /// The plan's slug.
    pub plan: String,
    /// Whether the plan is closed (then nothing is ready).
    pub closed: bool,
    /// The phase taken as done, if any.
    pub after: Option<u64>,
    /// The ready phases, in graph order.
    pub ready: Vec<u32>,
}

/// `--ready [N]`, `--ready-after [N]`. Errors: a phase argument that is
/// not a number ([`Request::phase`]).
pub fn ready(reading: &Reading, request: &Request) -> Result<Answer> {
    let after = request.phase(reading)?;
    let closed = reading.is_closed();
    let ready = if closed {
        Vec::new()
    } else {
        Progress::new(reading, after.and_then(as_phase)).ready()
    };
    Ok(Answer::Ready(Ready {
        plan: reading.slug().to_string(),
        closed,
        after,
        ready,
    }))
}
