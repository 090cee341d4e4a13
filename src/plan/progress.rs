//! Where a plan stands (SPEC-PARITY.md section D, F19): each phase's state
//! on the board — done, in progress, stuck, ready or waiting — and the QA
//! gate that can hold a done phase's dependents.
//!
//! A phase is **ready** when it has not started and every dependency is
//! verified; **waiting** when some dependency is not. A dependency is
//! verified when it is done and, if QA gates it, its recorded verdict is
//! `pass` or `waived`. QA gates a phase only when the plan's
//! `docs/handoffs/<slug>/test-status.md` exists and neither the phase's
//! `- **QA:** off` bullet nor the plan's `**QA gate:** off` line (or a QA
//! gate line that waives it) turns it off.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use crate::plan::Plan;
use crate::plan::graph::DependsToken;
use crate::plan::qa::{PlanQaWord, QaStatusFile, phase_qa_word, plan_qa_word};
use crate::vocab::console::QA_RELEASING_VERDICTS;

/// What a phase's newest handoff says (SPEC §3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandoffStatus {
    /// No handoff, or a status that is none of the others.
    NotStarted,
    /// `status: in-progress`, or `complete` with the template still unfilled.
    InProgress,
    /// `status: blocked`.
    Stuck,
    /// `status: complete` with real text (the phase is done).
    Done,
}

/// A phase's state on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhaseState {
    /// Done.
    Done,
    /// In progress.
    InProgress,
    /// Its handoff says it is blocked.
    Stuck,
    /// Not started, every dependency verified.
    Ready,
    /// Not started, some dependency not verified.
    Waiting,
}

/// The QA gate of a plan whose `test-status.md` exists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QaGate {
    /// Whether the plan's QA mode is on (its §Session budget neither turns
    /// the gate off nor waives it).
    pub plan_on: bool,
    /// Each phase's recorded verdict, lower-cased (the first row of a phase
    /// wins).
    pub verdicts: HashMap<u32, String>,
    /// The file, as read: its status rows and its rounds ledger.
    pub file: QaStatusFile,
}

impl QaGate {
    /// The QA gate of `plan`, whose handoffs live in `handoffs_dir`; `None`
    /// when there is no `test-status.md` there (QA then gates nothing). A
    /// file that cannot be read records no verdict.
    pub fn read(plan: &Plan, handoffs_dir: &Path) -> Option<QaGate> {
        let file = QaStatusFile::read(handoffs_dir)?;
        Some(QaGate {
            plan_on: plan_qa_on(plan),
            verdicts: file.verdicts(),
            file,
        })
    }

    /// Whether QA gates `phase`: its own `QA` bullet says `on` (or not
    /// `off` and the plan's mode is on).
    pub fn gates(&self, plan: &Plan, phase: u32) -> bool {
        match phase_qa_word(plan, phase) {
            Some(on) => on,
            None => self.plan_on,
        }
    }

    /// The recorded verdict of `phase`, or `none`.
    pub fn verdict(&self, phase: u32) -> &str {
        self.verdicts
            .get(&phase)
            .map(String::as_str)
            .unwrap_or("none")
    }
}

/// Whether the plan's §Session budget leaves its QA gate on (given that
/// `test-status.md` exists): not when a `**QA gate:** off` line exists,
/// else yes when a `**QA gate:** on` line exists, else not when a QA gate
/// line speaks of a waiver.
fn plan_qa_on(plan: &Plan) -> bool {
    matches!(plan_qa_word(plan), PlanQaWord::GateOn | PlanQaWord::Silent)
}

/// The verdicts of the `## QA status` table of `test-status.md` (see
/// [`QaStatusFile::parse`]): the first row of a phase wins.
pub fn read_verdicts(text: &str) -> HashMap<u32, String> {
    QaStatusFile::parse(text).verdicts()
}

/// Every phase's state, in graph order, from each phase's handoff status
/// (`status_of`) and the QA gate (`qa`, when `test-status.md` exists).
pub fn phase_states(
    plan: &Plan,
    status_of: impl Fn(u32) -> HandoffStatus,
    qa: Option<&QaGate>,
) -> Vec<(u32, PhaseState)> {
    let phases = plan.graph_phases();
    let statuses: HashMap<u32, HandoffStatus> = phases.iter().map(|&p| (p, status_of(p))).collect();
    let verified = |d: u32| {
        statuses.get(&d) == Some(&HandoffStatus::Done)
            && qa.is_none_or(|q| !q.gates(plan, d) || QA_RELEASING_VERDICTS.contains(&q.verdict(d)))
    };
    // The phases sorted, and how many of those before each are verified:
    // a range of dependencies is judged by two bisections, never phase by
    // phase.
    let mut sorted = phases.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let mut verified_before = Vec::with_capacity(sorted.len() + 1);
    verified_before.push(0usize);
    for &d in &sorted {
        let last = verified_before.last().copied().unwrap_or(0);
        verified_before.push(last + usize::from(verified(d)));
    }
    // Whether some dependency of `row` is not verified (or not defined).
    let waits_on = |tokens: &[DependsToken]| {
        tokens.iter().any(|token| {
            let (a, b) = match *token {
                DependsToken::Phase(d) => (d, d),
                DependsToken::Range(a, b) => (a, b),
                DependsToken::Unknown(_) => return false,
            };
            if a > b {
                return false;
            }
            let lo = sorted.partition_point(|&p| p < a);
            let hi = sorted.partition_point(|&p| p <= b);
            let defined = (hi - lo) as u64;
            defined < u64::from(b.saturating_sub(a)) + 1
                || verified_before[hi] - verified_before[lo] < hi - lo
        })
    };
    phases
        .iter()
        .map(|&p| {
            let state = match statuses.get(&p) {
                Some(HandoffStatus::Done) => PhaseState::Done,
                Some(HandoffStatus::InProgress) => PhaseState::InProgress,
                Some(HandoffStatus::Stuck) => PhaseState::Stuck,
                _ => {
                    let tokens = plan
                        .graph
                        .as_ref()
                        .and_then(|g| g.row(p))
                        .map_or(&[][..], |r| r.depends.as_slice());
                    if waits_on(tokens) {
                        PhaseState::Waiting
                    } else {
                        PhaseState::Ready
                    }
                }
            };
            (p, state)
        })
        .collect()
}

/// The dependencies of `phase` as its graph row lists them, in order:
/// `Some(d)` for a phase of the graph, `None` for one the graph does not
/// define (never done). A range names each defined phase in it, and
/// `None` once when it also covers an undefined one.
pub fn dependencies(plan: &Plan, phase: u32, defined: &BTreeSet<u32>) -> Vec<Option<u32>> {
    let Some(row) = plan.graph.as_ref().and_then(|g| g.row(phase)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for token in &row.depends {
        match *token {
            DependsToken::Phase(d) => out.push(defined.contains(&d).then_some(d)),
            DependsToken::Range(a, b) => {
                let inside: Vec<u32> = defined.range(a..=b).copied().collect();
                if (inside.len() as u64) < u64::from(b - a) + 1 {
                    out.push(None);
                }
                out.extend(inside.into_iter().map(Some));
            }
            DependsToken::Unknown(_) => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::MarkdownFile;
    use std::path::PathBuf;

    fn plan(budget: &str, phases: &str) -> Plan {
        let text = format!(
            "# T\n\n## Session budget\n\n{budget}\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | A | — | r |\n| 2 | B | 1 | r |\n| 3 | C | 1-2, 9 | r |\n\n## Phases\n\n{phases}"
        );
        Plan::from_file("t", MarkdownFile::from_text(PathBuf::from("t.md"), text))
    }

    #[test]
    fn verdict_table() {
        let text = "# QA\n\n## QA status\n\n| Phase | Result |\n|---|---|\n| 1 | **PASS** |\n| `2` | fail |\n| 1 | fail |\n| 07 | waived |\n\nprose\n| 3 | pass |\n";
        let v = read_verdicts(text);
        assert_eq!(v.get(&1).map(String::as_str), Some("pass"));
        assert_eq!(v.get(&2).map(String::as_str), Some("fail"));
        // (fix) numbers are numbers: `07` is phase 7.
        assert_eq!(v.get(&7).map(String::as_str), Some("waived"));
        assert_eq!(v.get(&3), None);
    }

    #[test]
    fn qa_mode_words() {
        assert!(plan_qa_on(&plan("", "")));
        assert!(!plan_qa_on(&plan("**QA gate:** off", "")));
        assert!(!plan_qa_on(&plan("- **QA gate:** OFF for now", "")));
        assert!(plan_qa_on(&plan("**QA gate:** on", "")));
        assert!(!plan_qa_on(&plan("**QA gate: WAIVED for all phases**", "")));
        assert!(plan_qa_on(&plan("**QA gate:** offline", "")));
        let p = plan(
            "",
            "### Phase 1 — A\n- **QA:** off\n\n### Phase 2 — B\n- **QA:** On\n\n### Phase 3 — C\n- **QA:** off, docs only\n",
        );
        assert_eq!(phase_qa_word(&p, 1), Some(false));
        assert_eq!(phase_qa_word(&p, 2), Some(true));
        assert_eq!(phase_qa_word(&p, 3), None);
    }

    #[test]
    fn states_follow_handoffs_and_qa() {
        let p = plan("", "");
        let done_1 = |ph: u32| {
            if ph == 1 {
                HandoffStatus::Done
            } else {
                HandoffStatus::NotStarted
            }
        };
        let states = phase_states(&p, done_1, None);
        assert_eq!(
            states,
            vec![
                (1, PhaseState::Done),
                (2, PhaseState::Ready),
                (3, PhaseState::Waiting)
            ]
        );
        let failed = QaGate {
            plan_on: true,
            verdicts: [(1, "fail".to_string())].into_iter().collect(),
            ..QaGate::default()
        };
        let states = phase_states(&p, done_1, Some(&failed));
        assert_eq!(states[1], (2, PhaseState::Waiting));
        let defined: BTreeSet<u32> = [1, 2, 3].into_iter().collect();
        assert_eq!(dependencies(&p, 3, &defined), vec![Some(1), Some(2), None]);
    }
}
