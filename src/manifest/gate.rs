//! The start gate (SPEC §5.4): whether a run may start on a view of the
//! resolved manifest, and everything that stops it. The gate fails closed:
//! a row it cannot read counts as owed, and a Decisions section it cannot
//! read with certainty stops the start until the file is fixed.

use std::path::Path;

use crate::lint::env::LintEnv;
use crate::lint::{Finding, LintInput};
use crate::manifest::Manifest;
use crate::manifest::merge::View;
use crate::manifest::row::{BlockingCell, DecisionRow};
use crate::vocab;

/// The checks whose findings mean a Decisions section (of the plan or the
/// twin) cannot be read with certainty: while one stands the gate refuses,
/// and `--ack` never passes it (SPEC §5.4).
pub const UNREADABLE_CHECKS: [&str; 3] = [
    "decision-table-malformed",
    "decisions-heading-malformed",
    "merge-conflict-marker",
];

/// Why a resolved row stops the start (SPEC §5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefusalReason {
    /// The row is `outstanding` and blocking: somebody still owes the
    /// answer before the run may start.
    OutstandingBlocking,
    /// The row's state is none of `answered`, `outstanding`, `waived` (a
    /// misspelling, decoration the reader does not strip, an empty cell)
    /// and the row is blocking: it counts as outstanding.
    StateUnreadable,
    /// The row is `waived` and its key was not given with `--ack`: the
    /// waiver has not been accepted for this run.
    WaivedUnacknowledged,
}

impl RefusalReason {
    /// The reason as one stable word, as the JSON verdict prints it.
    pub fn code(self) -> &'static str {
        match self {
            RefusalReason::OutstandingBlocking => "outstanding-blocking",
            RefusalReason::StateUnreadable => "state-unreadable",
            RefusalReason::WaivedUnacknowledged => "waived-unacknowledged",
        }
    }
}

/// Whether the gate takes `row` as blocking: its blocking cell says yes, or
/// says something the reader cannot take as yes or no (SPEC §6
/// `decision-blocking-invalid`), which the listing prints as `no`.
pub fn blocks(row: &DecisionRow) -> bool {
    matches!(
        row.blocking_cell,
        BlockingCell::Yes | BlockingCell::Unreadable(_)
    )
}

/// Why `row` is owed before a run may start, when it is (SPEC §5.4): an
/// `outstanding` row that [`blocks`]; or a row whose state is not one of
/// the three and that [`blocks`], or has an empty blocking cell while the
/// template marks its key blocking (SPEC §2) — such a row counts as
/// outstanding. `None` for every other row (waivers are judged apart).
pub fn owed(row: &DecisionRow) -> Option<RefusalReason> {
    match row.state.as_str() {
        vocab::STATE_OUTSTANDING => blocks(row).then_some(RefusalReason::OutstandingBlocking),
        vocab::STATE_ANSWERED | vocab::STATE_WAIVED => None,
        _ => {
            let template_blocking = row.blocking_cell == BlockingCell::Empty
                && vocab::key_spec(&row.key).is_some_and(|spec| spec.template_blocking);
            (blocks(row) || template_blocking).then_some(RefusalReason::StateUnreadable)
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
    /// Who owes the answer of a row that is owed: its owner, or `None` when
    /// the owner cell names nobody ("nobody named"). Always `None` for an
    /// unacknowledged waiver, which the person starting the run accepts
    /// with `--ack` (the waiver's owner is the row's `owner`).
    pub fn owed_by(&self) -> Option<&'a str> {
        let owner = self.row.named_owner()?;
        (self.reason != RefusalReason::WaivedUnacknowledged).then_some(owner)
    }
}

/// The start gate's verdict on one view (SPEC §5.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict<'a> {
    /// Every row that stops the start, in the resolved (output) order.
    pub refusals: Vec<Refusal<'a>>,
    /// The waived rows that `--ack` accepted, in the resolved order.
    pub acknowledged: Vec<&'a DecisionRow>,
    /// The findings of [`UNREADABLE_CHECKS`] in the plan and the twin:
    /// each stops the start until the file is fixed.
    pub unreadable: Vec<Finding>,
}

impl Verdict<'_> {
    /// Whether the run may start: no row and no unreadable section stops it.
    pub fn may_start(&self) -> bool {
        self.refusals.is_empty() && self.unreadable.is_empty()
    }
}

/// Judges the resolved rows of one view (SPEC §5.4). `rows` are the view's
/// resolved rows in output order (see [`crate::manifest::resolve`]);
/// `acks` are the keys given with `--ack` (checked against the vocabulary by
/// the caller). A row refuses the start when it is [`owed`], or `waived`
/// and its key is not in `acks`. No rows at all (a plan with no manifest)
/// is a pass. The verdict's `unreadable` is left empty: see [`check_view`].
pub fn check<'a, S: AsRef<str>>(rows: &[&'a DecisionRow], acks: &[S]) -> Verdict<'a> {
    let mut verdict = Verdict {
        refusals: Vec::new(),
        acknowledged: Vec::new(),
        unreadable: Vec::new(),
    };
    for &row in rows {
        if let Some(reason) = owed(row) {
            verdict.refusals.push(Refusal { row, reason });
        } else if row.state == vocab::STATE_WAIVED {
            if acks.iter().any(|a| a.as_ref() == row.key) {
                verdict.acknowledged.push(row);
            } else {
                verdict.refusals.push(Refusal {
                    row,
                    reason: RefusalReason::WaivedUnacknowledged,
                });
            }
        }
    }
    verdict
}

/// The whole start gate on `view` of `manifest` (read from docs root
/// `root`): [`check`] on the view's resolved rows, and the findings of
/// [`UNREADABLE_CHECKS`] in the plan and the twin, which refuse whatever
/// `acks` says.
pub fn check_view<'a, S: AsRef<str>>(
    manifest: &'a Manifest,
    view: View,
    acks: &[S],
    root: &Path,
) -> Verdict<'a> {
    let rows = manifest.resolve(view);
    let mut verdict = check(&rows, acks);
    let env = LintEnv::default();
    let input = LintInput::without_handoffs(manifest, root, &env);
    verdict.unreadable = crate::lint::run_only(&input, &UNREADABLE_CHECKS);
    verdict
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manifest::row::{BlockingCell, FileKind, Origin, PhaseScope};
    use proptest::prelude::*;

    fn row(key: &str, state: &str, blocking: bool, owner: &str) -> DecisionRow {
        DecisionRow {
            key: key.into(),
            value: String::new(),
            owner: owner.into(),
            state: state.into(),
            blocking,
            blocking_cell: if blocking {
                BlockingCell::Yes
            } else {
                BlockingCell::No
            },
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
            row("announce", "pending", false, "ops"),
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

    #[test]
    fn fails_closed_on_rows_it_cannot_read() {
        let with_cell = |key: &str, state: &str, cell: BlockingCell| {
            let mut r = row(key, state, cell == BlockingCell::Yes, "harbour");
            r.blocking_cell = cell;
            r
        };
        let rows = [
            // A misspelled state on a blocking row counts as outstanding.
            with_cell("credentials", "outstanding.", BlockingCell::Yes),
            // ... and on a key the template marks blocking, with nothing in
            // its blocking cell.
            with_cell("relay", "outstandng", BlockingCell::Empty),
            // A blocking cell that is not a yes/no word blocks.
            with_cell("mcp", "outstanding", BlockingCell::Unreadable("yse".into())),
            with_cell("waits", "", BlockingCell::Unreadable("yse".into())),
            // Not blocking: a non-template key with an empty cell, a cell
            // that says no, an answered row.
            with_cell("announce", "outstandng", BlockingCell::Empty),
            with_cell("accounts", "pending", BlockingCell::No),
            with_cell("stop", "answered", BlockingCell::Unreadable("yse".into())),
        ];
        let refs: Vec<&DecisionRow> = rows.iter().collect();
        let got: Vec<(&str, RefusalReason)> = check(&refs, &[] as &[&str])
            .refusals
            .iter()
            .map(|r| (r.row.key.as_str(), r.reason))
            .collect();
        assert_eq!(
            got,
            [
                ("credentials", RefusalReason::StateUnreadable),
                ("relay", RefusalReason::StateUnreadable),
                ("mcp", RefusalReason::OutstandingBlocking),
                ("waits", RefusalReason::StateUnreadable),
            ]
        );
        let mut dash = row("relay", "outstanding", true, "—");
        dash.blocking_cell = BlockingCell::Yes;
        let refs = [&dash];
        assert_eq!(check(&refs, &[] as &[&str]).refusals[0].owed_by(), None);
    }

    fn arb_row() -> impl Strategy<Value = DecisionRow> {
        (
            prop::sample::select(vec![
                "relay",
                "mcp",
                "stop",
                "budgets",
                "x.custom",
                "credentials",
            ]),
            prop::sample::select(vec!["answered", "outstanding", "waived", "", "other"]),
            prop::sample::select(vec![
                BlockingCell::Yes,
                BlockingCell::No,
                BlockingCell::Empty,
                BlockingCell::Unreadable("maybe".into()),
            ]),
            prop::sample::select(vec!["", "ops"]),
        )
            .prop_map(|(k, s, cell, o)| {
                let mut r = row(k, s, cell == BlockingCell::Yes, o);
                r.blocking_cell = cell;
                r
            })
    }

    proptest! {
        /// The run may start exactly when no row is owed — outstanding and
        /// blocking (a blocking cell that is not a yes/no word blocks), or
        /// in a state the reader cannot read and blocking (or empty-celled
        /// on a key the template marks blocking: relay, credentials) — and
        /// every waived row's key is acknowledged; every refusal names a
        /// row of the view.
        #[test]
        fn verdict_matches_the_rule(
            rows in prop::collection::vec(arb_row(), 0..8),
            acks in prop::collection::vec(prop::sample::select(vec!["relay", "mcp", "stop"]), 0..3),
        ) {
            let refs: Vec<&DecisionRow> = rows.iter().collect();
            let verdict = check(&refs, &acks);
            let template_blocking = ["relay", "credentials"];
            let expected_refusals = rows
                .iter()
                .filter(|r| {
                    let says_block = matches!(r.blocking_cell, BlockingCell::Yes | BlockingCell::Unreadable(_));
                    let unknown_state = !["answered", "outstanding", "waived"].contains(&r.state.as_str());
                    (r.state == "outstanding" && says_block)
                        || (unknown_state
                            && (says_block
                                || (r.blocking_cell == BlockingCell::Empty
                                    && template_blocking.contains(&r.key.as_str()))))
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
