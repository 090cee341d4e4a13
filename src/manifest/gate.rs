//! The start gate (SPEC §5.4): whether a run may start on a view of the
//! resolved manifest, and every row that stops it.

use crate::manifest::row::DecisionRow;
use crate::vocab;

/// Why a resolved row stops the start (SPEC §5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefusalReason {
    /// The row is `outstanding` and `blocking yes`: somebody still owes the
    /// answer before the run may start.
    OutstandingBlocking,
    /// The row is `waived` and its key was not given with `--ack`: the
    /// waiver has not been accepted for this run.
    WaivedUnacknowledged,
}

impl RefusalReason {
    /// The reason as one stable word, as the JSON verdict prints it.
    pub fn code(self) -> &'static str {
        match self {
            RefusalReason::OutstandingBlocking => "outstanding-blocking",
            RefusalReason::WaivedUnacknowledged => "waived-unacknowledged",
        }
    }
}

/// One resolved row that stops the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refusal<'a> {
    /// The resolved row.
    pub row: &'a DecisionRow,
    /// Why it stops the start.
    pub reason: RefusalReason,
}

impl<'a> Refusal<'a> {
    /// Who owes the answer of an outstanding blocking row: its owner, or
    /// `None` when the owner cell is empty ("nobody named"). Always `None`
    /// for an unacknowledged waiver, which the person starting the run
    /// accepts with `--ack` (the waiver's owner is the row's `owner`).
    pub fn owed_by(&self) -> Option<&'a str> {
        let owner = self.row.owner.as_str();
        (self.reason == RefusalReason::OutstandingBlocking && !owner.is_empty()).then_some(owner)
    }
}

/// The start gate's verdict on one view (SPEC §5.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict<'a> {
    /// Every row that stops the start, in the resolved (output) order.
    pub refusals: Vec<Refusal<'a>>,
    /// The waived rows that `--ack` accepted, in the resolved order.
    pub acknowledged: Vec<&'a DecisionRow>,
}

impl Verdict<'_> {
    /// Whether the run may start: no row stops it.
    pub fn may_start(&self) -> bool {
        self.refusals.is_empty()
    }
}

/// Judges the resolved rows of one view (SPEC §5.4). `rows` are the view's
/// resolved rows in output order (see [`crate::manifest::resolve`]);
/// `acks` are the keys given with `--ack` (checked against the vocabulary by
/// the caller). A row refuses the start when it is `outstanding` and
/// blocking, or `waived` and its key is not in `acks`. Rows in any other
/// state never refuse (an unknown state is the lint's business). No rows at
/// all (a plan with no manifest) is a pass.
pub fn check<'a, S: AsRef<str>>(rows: &[&'a DecisionRow], acks: &[S]) -> Verdict<'a> {
    let mut verdict = Verdict {
        refusals: Vec::new(),
        acknowledged: Vec::new(),
    };
    for &row in rows {
        match row.state.as_str() {
            vocab::STATE_OUTSTANDING if row.blocking => verdict.refusals.push(Refusal {
                row,
                reason: RefusalReason::OutstandingBlocking,
            }),
            vocab::STATE_WAIVED => {
                if acks.iter().any(|a| a.as_ref() == row.key) {
                    verdict.acknowledged.push(row);
                } else {
                    verdict.refusals.push(Refusal {
                        row,
                        reason: RefusalReason::WaivedUnacknowledged,
                    });
                }
            }
            _ => {}
        }
    }
    verdict
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manifest::row::{FileKind, Origin, PhaseScope};
    use proptest::prelude::*;

    fn row(key: &str, state: &str, blocking: bool, owner: &str) -> DecisionRow {
        DecisionRow {
            key: key.into(),
            value: String::new(),
            owner: owner.into(),
            state: state.into(),
            blocking,
            source: "plan".into(),
            evidence: String::new(),
            phase: PhaseScope::PlanWide,
            origin: Origin {
                file: FileKind::Plan,
                line: 1,
            },
        }
    }

    #[test]
    fn refuses_outstanding_blocking_and_unacknowledged_waivers() {
        let rows = [
            row("credentials", "outstanding", true, "night-assistant"),
            row("budgets", "outstanding", false, "night-assistant"),
            row("mcp", "waived", false, "ops"),
            row("relay", "outstanding", true, ""),
            row("stop", "answered", true, "ops"),
            row("announce", "pending", true, "ops"),
        ];
        let refs: Vec<&DecisionRow> = rows.iter().collect();
        let verdict = check(&refs, &[] as &[&str]);
        assert!(!verdict.may_start());
        let got: Vec<(&str, RefusalReason, Option<&str>)> = verdict
            .refusals
            .iter()
            .map(|r| (r.row.key.as_str(), r.reason, r.owed_by()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    "credentials",
                    RefusalReason::OutstandingBlocking,
                    Some("night-assistant")
                ),
                ("mcp", RefusalReason::WaivedUnacknowledged, None),
                ("relay", RefusalReason::OutstandingBlocking, None),
            ]
        );
    }

    #[test]
    fn ack_accepts_a_waiver_and_no_rows_pass() {
        let rows = [row("mcp", "waived", true, "ops")];
        let refs: Vec<&DecisionRow> = rows.iter().collect();
        let verdict = check(&refs, &["mcp"]);
        assert!(verdict.may_start());
        assert_eq!(verdict.acknowledged.len(), 1);
        assert!(check(&[], &[] as &[&str]).may_start());
    }

    fn arb_row() -> impl Strategy<Value = DecisionRow> {
        (
            prop::sample::select(vec!["relay", "mcp", "stop", "budgets", "x.custom"]),
            prop::sample::select(vec!["answered", "outstanding", "waived", "", "other"]),
            any::<bool>(),
            prop::sample::select(vec!["", "ops"]),
        )
            .prop_map(|(k, s, b, o)| row(k, s, b, o))
    }

    proptest! {
        /// The run may start exactly when no row is outstanding and
        /// blocking, and every waived row's key is acknowledged; and every
        /// refusal names a row of the view.
        #[test]
        fn verdict_matches_the_rule(
            rows in prop::collection::vec(arb_row(), 0..8),
            acks in prop::collection::vec(prop::sample::select(vec!["relay", "mcp", "stop"]), 0..3),
        ) {
            let refs: Vec<&DecisionRow> = rows.iter().collect();
            let verdict = check(&refs, &acks);
            let expected_refusals = rows
                .iter()
                .filter(|r| {
                    (r.state == "outstanding" && r.blocking)
                        || (r.state == "waived" && !acks.contains(&r.key.as_str()))
                })
                .count();
            prop_assert_eq!(verdict.refusals.len(), expected_refusals);
            prop_assert_eq!(verdict.may_start(), expected_refusals == 0);
            for refusal in &verdict.refusals {
                prop_assert!(rows.iter().any(|r| std::ptr::eq(r, refusal.row)));
            }
        }
    }
}
