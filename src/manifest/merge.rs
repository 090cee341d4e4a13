//! Merging plan rows and twin rows into the resolved manifest of a view
//! (SPEC §4).

use std::collections::HashMap;

use crate::error::{Error, Result};
use crate::plan::decisions::{DecisionRow, FileKind, PhaseScope};
use crate::vocab;

/// A view of the manifest: plan-wide, or one phase's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum View {
    /// Only plan-wide rows.
    PlanWide,
    /// Plan-wide rows, overridden by the rows scoped to this phase.
    Phase(u32),
}

impl View {
    /// Parses a phase argument (SPEC §4): digits, normalised (`08` is 8),
    /// that must be a phase of `phases`. `None` is the plan-wide view.
    /// [`Error::NotAPhaseNumber`] (exit 2) for text that is not digits
    /// (`x`, `-1`, empty); [`Error::UnknownPhase`] (exit 2) for a number
    /// that is not a phase of the graph.
    pub fn from_arg(arg: Option<&str>, slug: &str, phases: &[u32]) -> Result<View> {
        let Some(arg) = arg else {
            return Ok(View::PlanWide);
        };
        let trimmed = arg.trim();
        let parsed = crate::plan::graph::parse_phase_number(trimmed);
        let listed = || {
            phases
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        match parsed {
            Some(p) if phases.contains(&p) => Ok(View::Phase(p)),
            None if trimmed.is_empty() || !trimmed.bytes().all(|b| b.is_ascii_digit()) => {
                Err(Error::NotAPhaseNumber {
                    phase: trimmed.to_string(),
                    slug: slug.to_string(),
                    phases: listed(),
                })
            }
            _ => Err(Error::UnknownPhase {
                phase: parsed
                    .map(|p| p.to_string())
                    .unwrap_or_else(|| trimmed.to_string()),
                slug: slug.to_string(),
                phases: listed(),
            }),
        }
    }

    /// The phase of a phase view.
    pub fn phase(self) -> Option<u32> {
        match self {
            View::PlanWide => None,
            View::Phase(p) => Some(p),
        }
    }
}

/// The rank of `row` in `view` (SPEC §4): plan-wide plan row 1, plan-wide
/// twin row 2, plan row for the view's phase 3, twin row for it 4; `None`
/// when the row is not in the view (scoped to another phase, or any scoped
/// row in the plan-wide view).
pub fn rank(row: &DecisionRow, view: View) -> Option<u8> {
    let twin = u8::from(row.origin.file == FileKind::Twin);
    match (&row.phase, view) {
        (PhaseScope::PlanWide | PhaseScope::Invalid(_), _) => Some(1 + twin),
        (PhaseScope::Phase(p), View::Phase(v)) if *p == v => Some(3 + twin),
        (PhaseScope::Phase(_) | PhaseScope::OutOfRange(_), _) => None,
    }
}

/// The resolved manifest of `view` (SPEC §4): for each key, the row of
/// highest rank wins whole; on equal rank the later row wins (plan rows are
/// taken as coming before twin rows). Output order: the canonical key order,
/// then keys outside the vocabulary in the order first seen.
pub fn resolve<'a>(
    plan_rows: &'a [DecisionRow],
    twin_rows: &'a [DecisionRow],
    view: View,
) -> Vec<&'a DecisionRow> {
    resolve_rows(plan_rows.iter().chain(twin_rows), view)
}

/// [`resolve`] over `rows`, the plan's before the twin's, each in file
/// order (a subset of a manifest's rows, such as one phase's).
pub fn resolve_rows<'a>(
    rows: impl IntoIterator<Item = &'a DecisionRow>,
    view: View,
) -> Vec<&'a DecisionRow> {
    let mut winners: HashMap<&'a str, (u8, &'a DecisionRow)> = HashMap::new();
    let mut unknown_order: Vec<&'a str> = Vec::new();
    for row in rows {
        let Some(rank) = rank(row, view) else {
            continue;
        };
        match winners.get_mut(row.key.as_str()) {
            Some(slot) => {
                if rank >= slot.0 {
                    *slot = (rank, row);
                }
            }
            None => {
                if vocab::key_index(&row.key).is_none() {
                    unknown_order.push(row.key.as_str());
                }
                winners.insert(row.key.as_str(), (rank, row));
            }
        }
    }
    let mut out = Vec::with_capacity(winners.len());
    for spec in &vocab::KEYS {
        if let Some((_, row)) = winners.get(spec.key) {
            out.push(*row);
        }
    }
    for key in unknown_order {
        if let Some((_, row)) = winners.get(key) {
            out.push(*row);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::decisions::Origin;

    fn row(key: &str, value: &str, file: FileKind, phase: PhaseScope, line: usize) -> DecisionRow {
        DecisionRow {
            key: key.into(),
            value: value.into(),
            owner: "o".into(),
            state: "answered".into(),
            blocking: false,
            blocking_cell: crate::plan::decisions::BlockingCell::No,
            source: "plan".into(),
            evidence: Default::default(),
            phase,
            origin: Origin { file, line },
        }
    }

    #[test]
    fn ranks_and_order() {
        let plan = vec![
            row("zz", "1", FileKind::Plan, PhaseScope::PlanWide, 1),
            row("stop", "plan", FileKind::Plan, PhaseScope::PlanWide, 2),
            row("stop", "plan-2", FileKind::Plan, PhaseScope::Phase(2), 3),
            row("relay", "first", FileKind::Plan, PhaseScope::PlanWide, 4),
            row("relay", "second", FileKind::Plan, PhaseScope::PlanWide, 5),
        ];
        let twin = vec![row("stop", "twin", FileKind::Twin, PhaseScope::PlanWide, 1)];
        let values = |view| {
            resolve(&plan, &twin, view)
                .iter()
                .map(|r| format!("{}={}", r.key, r.value))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            values(View::PlanWide),
            ["stop=twin", "relay=second", "zz=1"]
        );
        assert_eq!(
            values(View::Phase(2)),
            ["stop=plan-2", "relay=second", "zz=1"]
        );
    }

    #[test]
    fn out_of_range_phase_rows_are_in_no_view() {
        let scope = PhaseScope::read("99999999999999999999");
        assert_eq!(scope, PhaseScope::OutOfRange("99999999999999999999".into()));
        let plan = vec![row("stop", "far", FileKind::Plan, scope, 1)];
        assert!(resolve(&plan, &[], View::PlanWide).is_empty());
        assert!(resolve(&plan, &[], View::Phase(1)).is_empty());
        assert_eq!(PhaseScope::read("2a"), PhaseScope::Invalid("2a".into()));
    }

    #[test]
    fn phase_arguments() {
        assert_eq!(
            View::from_arg(Some("08"), "s", &[7, 8]).ok(),
            Some(View::Phase(8))
        );
        assert_eq!(View::from_arg(None, "s", &[7]).ok(), Some(View::PlanWide));
        let err = View::from_arg(Some("4"), "s", &[7, 8])
            .err()
            .map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some("phase 4 is not in this plan (s has phases: 7 8)")
        );
        let err = View::from_arg(Some("x"), "s", &[7, 8])
            .err()
            .map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some("\"x\" is not a phase number (s has phases: 7 8)")
        );
    }
}
