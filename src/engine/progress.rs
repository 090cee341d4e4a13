//! Where each phase stands (SPEC §11), as the reference computes it from
//! the done set, never from a cursor: a phase is **done** when its handoff
//! says so (or it is the phase `--ready-after N` assumes done); else **in
//! progress** or **stuck** when its handoff says so; else **ready** when
//! every dependency is verified, and **waiting** when one is not. A
//! dependency is verified when it is done and, where QA gates it (the
//! plan's `test-status.md` exists and neither the phase's `- **QA:**`
//! bullet nor the plan's QA gate turns QA off for it), its recorded
//! verdict is `pass` or `waived`. A dependency the graph does not define
//! is never done.

use serde::Serialize;

use crate::engine::Reading;
use crate::plan::progress::{HandoffStatus, PhaseState};
use crate::vocab::console::QA_RELEASING_VERDICTS;

/// The state words the reference prints (`done`, `in-progress`, `stuck`,
/// `ready`, `waiting`).
pub fn state_word(state: PhaseState) -> &'static str {
    match state {
        PhaseState::Done => "done",
        PhaseState::InProgress => "in-progress",
        PhaseState::Stuck => "stuck",
        PhaseState::Ready => "ready",
        PhaseState::Waiting => "waiting",
    }
}

/// Serialises a [`PhaseState`] as its word.
pub fn serialize_state<S: serde::Serializer>(state: &PhaseState, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(state_word(*state))
}

/// Why a dependency holds its dependents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "kebab-case")]
pub enum Held {
    /// It is not done.
    NotDone,
    /// It is done, but QA gates it and its verdict is not `pass` or
    /// `waived`.
    Qa {
        /// The recorded verdict (`none` when there is none).
        verdict: String,
    },
}

/// The progress of a plan: its reading, and the phase a `--ready-after N`
/// assumes done.
#[derive(Debug, Clone, Copy)]
pub struct Progress<'r> {
    /// The reading.
    pub reading: &'r Reading,
    /// The phase taken as done whatever its handoff says.
    pub assume_done: Option<u32>,
}

impl<'r> Progress<'r> {
    /// The progress of `reading`, with `assume_done` taken as done.
    pub fn new(reading: &'r Reading, assume_done: Option<u32>) -> Progress<'r> {
        Progress {
            reading,
            assume_done,
        }
    }

    /// What `phase`'s handoff says (not started for a phase the graph
    /// lacks).
    pub fn status(&self, phase: u32) -> HandoffStatus {
        self.reading.handoffs().status(phase)
    }

    /// Whether `phase` is done (or assumed done).
    pub fn is_done(&self, phase: u32) -> bool {
        self.assume_done == Some(phase) || self.status(phase) == HandoffStatus::Done
    }

    /// Whether QA gates `phase`'s dependents.
    pub fn qa_gates(&self, phase: u32) -> bool {
        self.reading
            .qa()
            .is_some_and(|qa| qa.gates(self.reading.plan(), phase))
    }

    /// `phase`'s recorded QA verdict (`none` without one, or without
    /// `test-status.md`).
    pub fn verdict(&self, phase: u32) -> &str {
        self.reading.qa().map_or("none", |qa| qa.verdict(phase))
    }

    /// Whether `phase` is verified: done, and QA-released where QA gates
    /// it.
    pub fn is_verified(&self, phase: u32) -> bool {
        self.is_done(phase)
            && (!self.qa_gates(phase) || QA_RELEASING_VERDICTS.contains(&self.verdict(phase)))
    }

    /// Why `dep` holds its dependents (meaningful when it is not
    /// verified).
    pub fn held(&self, dep: u32) -> Held {
        if self.is_done(dep) && self.qa_gates(dep) {
            Held::Qa {
                verdict: self.verdict(dep).to_string(),
            }
        } else {
            Held::NotDone
        }
    }

    /// `phase`'s dependencies that are not verified, in order (a
    /// dependency listed twice, twice).
    pub fn missing(&self, phase: u32) -> Vec<u32> {
        self.reading
            .graph
            .deps(phase)
            .iter()
            .copied()
            .filter(|&d| !self.is_verified(d))
            .collect()
    }

    /// `phase`'s state.
    pub fn state(&self, phase: u32) -> PhaseState {
        if self.is_done(phase) {
            return PhaseState::Done;
        }
        match self.status(phase) {
            HandoffStatus::InProgress => PhaseState::InProgress,
            HandoffStatus::Stuck => PhaseState::Stuck,
            _ if self.missing(phase).is_empty() => PhaseState::Ready,
            _ => PhaseState::Waiting,
        }
    }

    /// The ready phases, in graph order, leaving out the phase assumed
    /// done.
    pub fn ready(&self) -> Vec<u32> {
        self.reading
            .graph
            .numbers()
            .filter(|&p| Some(p) != self.assume_done)
            .filter(|&p| self.state(p) == PhaseState::Ready)
            .collect()
    }
}
