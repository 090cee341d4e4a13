//! The start gate (SPEC §5.4): whether a run may start on a view of the
//! resolved manifest, and everything that stops it. The gate fails closed:
//! a row it cannot read counts as owed ([`crate::manifest::owed`]), and a
//! Decisions section it cannot read with certainty (the certainty checks,
//! [`crate::lint::certainty`]) stops the start until the file is fixed.
//!
//! What belongs here: the verdict over a view, which needs the linter.
//! It may use everything below it (`lint` and down); `config` gives it
//! nothing: the console's policy comes in as data.

use std::path::Path;

use crate::lint::certainty::{UNREADABLE_AFTER_SECTION, UNREADABLE_CHECKS, UNREADABLE_IN_VIEW};
use crate::lint::env::LintEnv;
use crate::lint::{Finding, LintInput};
use crate::manifest::Manifest;
use crate::manifest::merge::{View, rank};
use crate::manifest::owed::{RefusalReason, RowsByKey, owed};
use crate::plan::decisions::{DecisionRow, FileKind};
use crate::vocab;

/// One resolved row that stops the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refusal<'a> {
    /// The resolved row.
    pub row: &'a DecisionRow,
    /// Why it stops the start.
    pub reason: RefusalReason,
    /// The row of the view that says the key blocks when the row's own
    /// blocking cell cannot undo it ([`blocking_said_elsewhere`](crate::manifest::owed::blocking_said_elsewhere): it says
    /// nothing, or it is an unsettled twin row); `None` otherwise. Where
    /// the template also marks the key blocking, the refusal names the
    /// template instead.
    pub blocking_from: Option<&'a DecisionRow>,
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
    check_with(rows, acks, |_| None)
}

/// [`check`], where `elsewhere` gives, for a row whose blocking cell says
/// nothing, the row of the view that says its key blocks (see
/// [`blocking_said_elsewhere`](crate::manifest::owed::blocking_said_elsewhere)); such a row blocks.
fn check_with<'a, S: AsRef<str>>(
    rows: &[&'a DecisionRow],
    acks: &[S],
    elsewhere: impl Fn(&DecisionRow) -> Option<&'a DecisionRow>,
) -> Verdict<'a> {
    let mut verdict = Verdict {
        refusals: Vec::new(),
        acknowledged: Vec::new(),
        unreadable: Vec::new(),
    };
    for &row in rows {
        let said = elsewhere(row);
        if let Some(reason) = owed(row, said.is_some()) {
            verdict.refusals.push(Refusal {
                row,
                reason,
                blocking_from: said,
            });
        } else if row.state == vocab::STATE_WAIVED {
            if acks.iter().any(|a| a.as_ref() == row.key) {
                verdict.acknowledged.push(row);
            } else {
                verdict.refusals.push(Refusal {
                    row,
                    reason: RefusalReason::WaivedUnacknowledged,
                    blocking_from: None,
                });
            }
        }
    }
    verdict
}

/// The whole start gate on `view` of `manifest` (read from docs root
/// `root`): [`check`] on the view's resolved rows — a row whose blocking
/// cell says nothing blocks when another row of the view says its key
/// does ([`blocking_said_elsewhere`](crate::manifest::owed::blocking_said_elsewhere)) — and the findings of
/// [`UNREADABLE_CHECKS`] in the plan and the twin, which refuse whatever
/// `acks` says.
pub fn check_view<'a, S: AsRef<str>>(
    manifest: &'a Manifest,
    view: View,
    acks: &[S],
    root: &Path,
) -> Verdict<'a> {
    let rows = manifest.resolve(view);
    let by_key = RowsByKey::new(manifest);
    let mut verdict = check_with(&rows, acks, |row| by_key.blocking_said(view, row));
    verdict.unreadable = unreadable(manifest, view, root);
    verdict
}

/// The findings that mean the Decisions sections of `manifest` (read from
/// docs root `root`) cannot be read with certainty for `view`: every
/// finding of [`UNREADABLE_CHECKS`], those of [`UNREADABLE_IN_VIEW`] that
/// point at a row of the view, and those of [`UNREADABLE_AFTER_SECTION`]
/// below the Decisions heading of their file. Suppression comments do not
/// silence them. In file and line order.
pub fn unreadable(manifest: &Manifest, view: View, root: &Path) -> Vec<Finding> {
    let env = LintEnv::default();
    let input = LintInput::without_handoffs(manifest, root, &env);
    let names: Vec<&str> = UNREADABLE_CHECKS
        .iter()
        .chain(&UNREADABLE_IN_VIEW)
        .chain(&UNREADABLE_AFTER_SECTION)
        .copied()
        .collect();
    let in_view = |finding: &Finding| {
        let rows = match finding.kind {
            FileKind::Plan => manifest.plan_rows(),
            FileKind::Twin => manifest.twin_rows(),
            FileKind::Handoff(_) => &[],
        };
        // The rows are in line order: those on the finding's line start at
        // `first`.
        let first = rows.partition_point(|r| r.origin.line < finding.line);
        rows[first..]
            .iter()
            .take_while(|r| r.origin.line == finding.line)
            .any(|r| rank(r, view).is_some())
    };
    let below_section = |finding: &Finding| {
        let section = match finding.kind {
            FileKind::Plan => manifest.plan.decisions.as_ref(),
            FileKind::Twin => manifest.twin.as_ref().and_then(|t| t.decisions.as_ref()),
            FileKind::Handoff(_) => None,
        };
        section.is_some_and(|s| finding.line > s.heading_line)
    };
    crate::lint::run_only(&input, &names)
        .into_iter()
        .filter(|f| {
            if UNREADABLE_IN_VIEW.contains(&f.name) {
                in_view(f)
            } else if UNREADABLE_AFTER_SECTION.contains(&f.name) {
                below_section(f)
            } else {
                true
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::decisions::{BlockingCell, FileKind, Origin, PhaseScope};
    use proptest::prelude::*;

    fn row(key: &str, state: &str, blocking: bool, owner: &str) -> DecisionRow {
        DecisionRow {
            key: key.into(),
            value: "off".into(),
            owner: owner.into(),
            state: state.into(),
            blocking,
            blocking_cell: if blocking {
                BlockingCell::Yes
            } else {
                BlockingCell::No
            },
            source: "plan".into(),
            evidence: Default::default(),
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
            // An outstanding row of a key the template marks blocking,
            // with nothing in its blocking cell, blocks.
            with_cell("human-acts", "outstanding", BlockingCell::Empty),
            // Not blocking: an outstanding row or a misspelled state on a
            // key the template does not mark blocking, with an empty cell;
            // a cell that says no; an answered row.
            with_cell("budgets", "outstanding", BlockingCell::Empty),
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
                ("human-acts", RefusalReason::OutstandingBlocking),
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
            prop::sample::select(vec!["", "off", "—", "TBD", "`off` for now"]),
        )
            .prop_map(|(k, s, cell, o, v)| {
                let mut r = row(k, s, cell == BlockingCell::Yes, o);
                r.blocking_cell = cell;
                r.value = v.into();
                r
            })
    }

    proptest! {
        /// The run may start exactly when no row is owed — outstanding, or
        /// in a state the reader cannot read, or answered without an
        /// answer (empty, a lone dash, or no answer word for a word key:
        /// relay), and blocking (a blocking cell that is not a yes/no word
        /// blocks, and so does an empty cell on a key the template marks
        /// blocking: relay, credentials) — and every waived row's key is
        /// acknowledged; every refusal names a row of the view.
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
                    let unsaid = r.blocking_cell == BlockingCell::Empty
                        && template_blocking.contains(&r.key.as_str());
                    let unknown_state = !["answered", "outstanding", "waived"].contains(&r.state.as_str());
                    let no_answer = ["", "—"].contains(&r.value.as_str())
                        || (r.key == "relay" && !r.value.contains("off"));
                    let owed_state = r.state == "outstanding"
                        || unknown_state
                        || (r.state == "answered" && no_answer);
                    (owed_state && (says_block || unsaid))
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
