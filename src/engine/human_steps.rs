//! `--human-steps [N]` (SPEC §11): the steps a person will be asked for,
//! read from the plan's `Human step:` bullets ([`crate::plan::human_steps`])
//! — phase N's (phase 0 is the plan's `## Operator errands`), or, without
//! N, every phase's in graph order, the errands first. A bullet the reader
//! does not take as a step (the lint's F37) is not one.

use serde::Serialize;

use crate::engine::directives::not_in_plan;
use crate::engine::request::as_phase;
use crate::engine::{Answer, Reading, Request};
use crate::error::Result;
use crate::plan::human_steps::{Parsed, parse, step_lines};

/// One step, its fields as the console reads them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HumanStep {
    /// The phase it belongs to (0: the plan's errands).
    pub phase: u32,
    /// Its kind.
    pub kind: String,
    /// What the person does.
    pub what: String,
    /// What to open (a link or a command), empty when nothing.
    pub open: String,
    /// How it is proven, empty when the step says nothing.
    pub proof: String,
    /// Where it is done: `host` or `any`.
    #[serde(rename = "where")]
    pub place: String,
    /// How long it may take before it expires, in minutes.
    pub window: Option<u64>,
    /// `host` when the console opens it itself, else empty.
    pub auto_open: String,
    /// The credential a secret-entry step fills, else empty.
    pub credential: String,
    /// The watch ref it waits for before it is asked, else empty.
    pub due: String,
    /// Why a person is needed, else empty.
    pub why: String,
    /// How long it takes, in minutes.
    pub effort: Option<u64>,
    /// The phases it unblocks (`12,13`), else empty.
    pub unblocks: String,
    /// The guide file under the docs root, else empty.
    pub guide: String,
}

impl HumanStep {
    /// The step's line as the reference prints it (without the phase).
    pub fn line(&self) -> String {
        let minutes = |m: Option<u64>| m.map(|m| m.to_string()).unwrap_or_default();
        let mut line = [
            self.kind.as_str(),
            &self.what,
            &self.open,
            &self.proof,
            &self.place,
            &minutes(self.window),
            &self.auto_open,
            &self.credential,
        ]
        .join("\t");
        let effort = minutes(self.effort);
        if !(self.why.is_empty()
            && effort.is_empty()
            && self.unblocks.is_empty()
            && self.guide.is_empty())
        {
            for field in [&self.due, &self.why, &effort, &self.unblocks, &self.guide] {
                line.push('\t');
                line.push_str(field);
            }
        } else if !self.due.is_empty() {
            line.push('\t');
            line.push_str(&self.due);
        }
        line
    }
}

/// The answer of `--human-steps [N]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HumanSteps {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about (`None`: every phase).
    pub phase: Option<u64>,
    /// The steps, in order.
    pub steps: Vec<HumanStep>,
}

/// `--human-steps [N]`. Errors: a phase that is neither 0 nor the graph's.
pub fn human_steps(reading: &Reading, request: &Request) -> Result<Answer> {
    let asked = request.phase(reading)?;
    let want = match asked {
        Some(n) => match as_phase(n).filter(|&p| p == 0 || reading.graph.contains(p)) {
            Some(p) => Some(p),
            None => return Err(not_in_plan(request)),
        },
        None => None,
    };
    let plan = reading.plan();
    let steps = step_lines(plan)
        .into_iter()
        .filter(|line| want.is_none_or(|p| line.phase == p))
        .filter(|line| line.phase == 0 || reading.graph.contains(line.phase))
        .filter_map(|line| match parse(&line.body) {
            Parsed::Step(step) => Some(HumanStep {
                phase: line.phase,
                kind: step.kind.name.to_string(),
                what: step.what,
                open: step.open,
                proof: step.proof,
                place: step.place,
                window: step.window,
                auto_open: step.auto_open,
                credential: step.credential,
                due: step.due,
                why: step.why,
                effort: step.effort,
                unblocks: step.unblocks,
                guide: step.guide,
            }),
            _ => None,
        })
        .collect();
    Ok(Answer::HumanSteps(HumanSteps {
        plan: reading.slug().to_string(),
        phase: asked,
        steps,
    }))
}
