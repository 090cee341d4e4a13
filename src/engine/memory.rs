//! The plan's progress as sets (SPEC §11): `--memory-block`, the phase
//! status block a run keeps in its memory (`closed:` when the plan is
//! closed, then `done:`, `in-progress:`, `stuck:`, `ready:`, `waiting:` and
//! `blocked:`), and `--verified`, the phases a dependent may build on (done,
//! and QA-released where QA gates them).
//!
//! Both read each phase's state as the board does ([`Progress`]); a closed
//! plan still says where each phase stands (its `closed:` line tells a
//! reader why nothing is started).

use serde::Serialize;

use crate::engine::progress::{Held, Progress};
use crate::engine::status::Closure;
use crate::engine::{Answer, Reading, Request};
use crate::error::Result;
use crate::plan::progress::PhaseState;

/// A waiting phase and the dependencies that hold it, each with why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Blocked {
    /// The waiting phase.
    pub phase: u32,
    /// Its dependencies that are not verified, in order, each with why.
    pub on: Vec<HeldBy>,
}

/// A dependency that holds a phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeldBy {
    /// The dependency.
    pub phase: u32,
    /// Why it holds (not done, or its QA verdict).
    pub held: Held,
}

/// The answer of `--memory-block`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct MemoryBlock {
    /// The plan's slug.
    pub plan: String,
    /// The closure, when the plan is closed.
    pub closed: Option<Closure>,
    /// The done phases, in graph order.
    pub done: Vec<u32>,
    /// The phases in progress.
    pub in_progress: Vec<u32>,
    /// The stuck phases.
    pub stuck: Vec<u32>,
    /// The ready phases.
    pub ready: Vec<u32>,
    /// The waiting phases.
    pub waiting: Vec<u32>,
    /// Why each waiting phase waits.
    pub blocked: Vec<Blocked>,
}

/// The answer of `--verified`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verified {
    /// The plan's slug.
    pub plan: String,
    /// The verified phases, in graph order.
    pub verified: Vec<u32>,
}

/// `--memory-block`.
pub fn memory_block(reading: &Reading, _request: &Request) -> Result<Answer> {
    let progress = Progress::new(reading, None);
    let mut block = MemoryBlock {
        plan: reading.slug().to_string(),
        closed: Closure::of(reading),
        ..MemoryBlock::default()
    };
    for phase in reading.graph.numbers() {
        let bucket = match progress.state(phase) {
            PhaseState::Done => &mut block.done,
            PhaseState::InProgress => &mut block.in_progress,
            PhaseState::Stuck => &mut block.stuck,
            PhaseState::Ready => &mut block.ready,
            PhaseState::Waiting => &mut block.waiting,
        };
        bucket.push(phase);
    }
    for &phase in &block.waiting {
        let on: Vec<HeldBy> = progress
            .missing(phase)
            .into_iter()
            .map(|dep| HeldBy {
                phase: dep,
                held: progress.held(dep),
            })
            .collect();
        if !on.is_empty() {
            block.blocked.push(Blocked { phase, on });
        }
    }
    Ok(Answer::MemoryBlock(block))
}

/// `--verified`.
pub fn verified(reading: &Reading, _request: &Request) -> Result<Answer> {
    let progress = Progress::new(reading, None);
    Ok(Answer::Verified(Verified {
        plan: reading.slug().to_string(),
        verified: reading
            .graph
            .numbers()
            .filter(|&p| progress.is_verified(p))
            .collect(),
    }))
}

impl MemoryBlock {
    /// The reference's text: a line per set, `, `-separated; `in-progress:`
    /// and `stuck:` only when not empty, `blocked:` (`P<-D(why),D(why) …`)
    /// only when something waits on an unverified dependency.
    pub fn text(&self) -> String {
        let csv = |set: &[u32]| {
            set.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut out = String::new();
        if let Some(c) = &self.closed {
            out.push_str(&format!("closed: {}", c.status));
            if let Some(on) = &c.on {
                out.push_str(&format!(" {on}"));
            }
            if let Some(reason) = &c.reason {
                out.push_str(&format!(" — {reason}"));
            }
            out.push('\n');
        }
        out.push_str(&format!("done: {}\n", csv(&self.done)));
        if !self.in_progress.is_empty() {
            out.push_str(&format!("in-progress: {}\n", csv(&self.in_progress)));
        }
        if !self.stuck.is_empty() {
            out.push_str(&format!("stuck: {}\n", csv(&self.stuck)));
        }
        out.push_str(&format!("ready: {}\n", csv(&self.ready)));
        out.push_str(&format!("waiting: {}\n", csv(&self.waiting)));
        if !self.blocked.is_empty() {
            let pairs: Vec<String> = self
                .blocked
                .iter()
                .map(|b| {
                    let on: Vec<String> =
                        b.on.iter()
                            .map(|h| match &h.held {
                                Held::NotDone => format!("{}(not-done)", h.phase),
                                Held::Qa { verdict } => format!("{}(qa:{verdict})", h.phase),
                            })
                            .collect();
                    format!("{}<-{}", b.phase, on.join(","))
                })
                .collect();
            out.push_str(&format!("blocked: {}\n", pairs.join(" ")));
        }
        out
    }
}
