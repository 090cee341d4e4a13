//! The status board's text, as the reference prints it.

use std::fmt::Write;

use super::joined;
use crate::engine::board::{Banner, Board, BoardPhase, Ending, QaMark};
use crate::engine::gate::Clearance;
use crate::engine::progress::{Held, state_word};
use crate::plan::progress::PhaseState;

/// The board's text.
pub fn text(b: &Board) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "\nPhase graph — {}   ({}/{} done)\n",
        b.plan, b.done, b.total
    );
    if let Some(c) = &b.closed {
        out.push('\n');
        out.push_str(&banner(c));
    }
    if let Some(count) = &b.phase_count {
        if b.closed.is_some() {
            let _ = writeln!(
                out,
                "ℹ️  note: frontmatter says phases: {} but the table parsed {} rows.",
                count.declared, count.parsed
            );
        } else {
            let _ = write!(
                out,
                "⚠️  plan frontmatter says phases: {} but the table parsed {} rows — check the\n    \"## Phase graph\" table for a row the parser skipped (odd phase-number formatting).\n",
                count.declared, count.parsed
            );
        }
    }
    if !b.problems.is_empty() {
        out.push_str(if b.closed.is_some() {
            "ℹ️  structural notes (not gating — this plan is closed):\n"
        } else {
            "⚠️  STRUCTURE PROBLEMS — fix these; the board below may be wrong until you do:\n"
        });
        for problem in &b.problems {
            for line in problem.split('\n') {
                let _ = writeln!(out, "      • {line}");
            }
        }
    }
    out.push('\n');
    for phase in &b.phases {
        phase_line(&mut out, phase);
    }
    out.push('\n');
    if b.closed.is_some() {
        out.push_str("No work is outstanding on a closed plan.\n\n");
        return out;
    }
    if !b.ready.is_empty() {
        let _ = writeln!(out, "READY NOW:   {}", joined(&b.ready, " "));
    }
    if !b.in_progress.is_empty() {
        let _ = writeln!(out, "IN PROGRESS: {}", joined(&b.in_progress, " "));
    }
    if !b.waiting.is_empty() {
        let list: Vec<String> = b
            .waiting
            .iter()
            .map(|w| format!("{}(←{})", w.phase, joined(&w.on, ",")))
            .collect();
        let _ = writeln!(out, "WAITING:     {}", list.join(" "));
    }
    if let Some(batches) = &b.batches {
        let groups: Vec<String> = batches.groups.iter().map(|g| joined(g, "+")).collect();
        let _ = write!(
            out,
            "SUGGESTED BATCHES (budget ~{}K, by hand — the console runs 1 phase ≥ 1 session): [{}]\n   model-specific grouping → {}\n",
            batches.budget / 1000,
            groups.join("]  ["),
            batches.session_plan
        );
    }
    match &b.ending {
        Some(Ending::AllDone { close }) => {
            let _ = write!(
                out,
                "\n🏁 All {} phases done — run §End-to-end verification, then close the plan:\n   {close}\n",
                b.total
            );
        }
        Some(Ending::Stalled) => out.push_str(
            "\n⚠️  Nothing ready and nothing in progress — every remaining phase is waiting on a dep.\n   Check the WAITING list above for a stuck/blocked dependency.\n",
        ),
        None => {}
    }
    out.push('\n');
    out
}

/// The closed-plan banner, as every closed-plan surface of the reference
/// prints it: `🔒 CLOSED [<status>]`, the reason and the date, and the
/// command that reopens the plan.
pub(super) fn banner(c: &Banner) -> String {
    let mut extra = String::new();
    if let Some(reason) = &c.closure.reason {
        let _ = write!(extra, " — {reason}");
    }
    if let Some(on) = &c.closure.on {
        let _ = write!(extra, " (closed {on})");
    }
    format!(
        "🔒 CLOSED [{}]{extra}\n   This plan no longer reports work or warnings. Reopen it with:\n   {}\n",
        c.closure.status, c.reopen
    )
}

/// One phase line: `  <icon>  <N> <state> <title><gate><extra>`, the number
/// padded to 2 and the state to 12 characters.
fn phase_line(out: &mut String, p: &BoardPhase) {
    let icon = match p.state {
        PhaseState::Done => "✅",
        PhaseState::InProgress => "🚧",
        PhaseState::Stuck => "⛔",
        PhaseState::Ready => "🔓",
        PhaseState::Waiting => "⏳",
    };
    let mut gate = String::new();
    if let Some(mark) = &p.gate {
        let _ = write!(gate, " 🔒GATED·{}", mark.kind.word());
        match mark.approval {
            Clearance::Clear { .. } => gate.push_str(" ✓approved"),
            Clearance::Ignored { .. } => gate.push_str(" ✗approval not a person's"),
            Clearance::None => {}
        }
    }
    let extra = match p.state {
        PhaseState::Done => match p.qa {
            Some(QaMark::Verified) => " · QA:verified".to_string(),
            Some(QaMark::Failed) => " · QA:FAILED".to_string(),
            Some(QaMark::Pending) => " · QA:pending".to_string(),
            None => String::new(),
        },
        PhaseState::Stuck => " (handoff status: blocked)".to_string(),
        PhaseState::Waiting => {
            let needs: Vec<String> = p
                .needs
                .iter()
                .map(|n| match n.held {
                    Held::Qa { .. } => format!("{}(QA)", n.phase),
                    Held::NotDone => n.phase.to_string(),
                })
                .collect();
            format!(" needs: {}", needs.join(" "))
        }
        PhaseState::InProgress | PhaseState::Ready => String::new(),
    };
    let _ = writeln!(
        out,
        "  {icon}  {:<2} {:<12} {}{gate}{extra}",
        p.phase,
        state_word(p.state),
        p.title
    );
}
