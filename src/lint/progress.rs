//! F19 `plan-deadlocked` (SPEC-PARITY.md section D; the reference's
//! `deadlock_advisories`): an open plan that cannot move — no phase ready,
//! none in progress, at least one still to do — because a done phase's QA
//! verdict holds its dependents (QA gates it and its verdict is neither
//! `pass` nor `waived`). A plan whose remaining phases merely wait on
//! phases not yet started is not deadlocked, and is not named.

use std::collections::BTreeSet;

use super::{Hit, LintInput, line_span};
use crate::plan::decisions::FileKind;
use crate::plan::graph::DependsToken;
use crate::plan::progress::{HandoffStatus, PhaseState, QaGate, phase_states};

/// F19 `plan-deadlocked`: see the module documentation. One finding for the
/// plan, at its `## Phase graph` heading, naming each holding phase with
/// its verdict (`1(qa:fail)`), sorted.
pub fn plan_deadlocked(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    let Some(graph) = plan.graph.as_ref() else {
        return;
    };
    let dir = input.handoffs.dir();
    let qa = (!dir.as_os_str().is_empty())
        .then(|| QaGate::read(plan, dir))
        .flatten();
    let status = |phase: u32| {
        if input.done.contains(&phase) {
            HandoffStatus::Done
        } else {
            match input.handoffs.status(phase) {
                Ok(HandoffStatus::Done) | Err(_) => HandoffStatus::NotStarted,
                Ok(other) => other,
            }
        }
    };
    let states = phase_states(plan, status, qa.as_ref());
    let moving = states
        .iter()
        .any(|(_, s)| matches!(s, PhaseState::Ready | PhaseState::InProgress));
    let open = states.iter().any(|(_, s)| *s != PhaseState::Done);
    if moving || !open {
        return;
    }
    let Some(qa) = qa else {
        return;
    };
    // The phases whose QA verdict holds their dependents, in order; and
    // every phase that a waiting phase depends on, as merged ranges: a
    // holding phase is named when a range holds it (each range is read
    // once, never phase by phase).
    let mut holding: Vec<u32> = states
        .iter()
        .map(|(p, _)| *p)
        .filter(|&d| input.done.contains(&d) && qa.gates(plan, d))
        .filter(|&d| !crate::vocab::console::QA_RELEASING_VERDICTS.contains(&qa.verdict(d)))
        .collect();
    holding.sort_unstable();
    holding.dedup();
    let mut named: Vec<(u32, u32)> = states
        .iter()
        .filter(|(_, state)| *state == PhaseState::Waiting)
        .filter_map(|(phase, _)| graph.row(*phase))
        .flat_map(|row| &row.depends)
        .filter_map(|token| match *token {
            DependsToken::Phase(d) => Some((d, d)),
            DependsToken::Range(a, b) => Some((a, b)),
            DependsToken::Unknown(_) => None,
        })
        .collect();
    named.sort_unstable();
    let mut held = BTreeSet::new();
    let mut next = 0;
    for (a, b) in named {
        let from = next.max(holding.partition_point(|&d| d < a));
        let to = holding.partition_point(|&d| d <= b);
        for &dep in holding.get(from..to).unwrap_or(&[]) {
            held.insert(format!("{dep}(qa:{})", qa.verdict(dep)));
        }
        next = next.max(to);
    }
    if held.is_empty() {
        return;
    }
    let held: Vec<String> = held.into_iter().collect();
    out.push(Hit {
        file: FileKind::Plan,
        span: line_span(&plan.file, graph.heading_line),
        message: format!(
            "plan: this plan cannot progress — no phase is ready and none is in progress: the QA verdicts of {} hold every phase still to do; record `pass` or `waived` for them (scripts/qa-record.sh) after another QA round, or write \"**QA gate:** off\" in §Session budget",
            held.join(" ")
        ),
        fix: None,
    });
}
