//! The start gate (SPEC §5.4): whether a run may start on a view of the
//! resolved manifest, and everything that stops it. The gate fails closed:
//! a row it cannot read counts as owed, and a Decisions section it cannot
//! read with certainty stops the start until the file is fixed.

use std::path::Path;

use crate::lint::env::LintEnv;
use crate::lint::{Finding, LintInput};
use crate::manifest::merge::{View, rank};
use crate::manifest::row::{BlockingCell, DecisionRow, FileKind};
use crate::manifest::{Manifest, in_force};
use crate::vocab;

/// The checks whose findings mean a Decisions section (of the plan or the
/// twin) cannot be read with certainty: while one stands the gate refuses,
/// and `--ack` never passes it (SPEC §5.4). A row scoped to a phase the
/// graph does not have is in no view, so it stops every view.
pub const UNREADABLE_CHECKS: [&str; 5] = [
    "decision-table-malformed",
    "decision-table-unread",
    "decisions-heading-malformed",
    "merge-conflict-marker",
    "decision-phase-unknown",
];

/// The checks whose findings stop the start only when the row they point
/// at is in the view: two rows for one key and scope in one file, of
/// which the reader silently takes the later (SPEC §4); a phase cell that
/// is neither a phase number nor plan-wide, which the reader takes as
/// plan-wide (SPEC §3.3) — the row's scope is a guess.
pub const UNREADABLE_IN_VIEW: [&str; 2] = ["decision-row-duplicate", "decision-phase-invalid"];

/// The checks whose findings stop the start when they point below the
/// file's Decisions heading: a code fence or comment never closed. Fences
/// pair up in order, so one stray fence in the section pairs with a later
/// one, hides the rows between as an example, and leaves the later one
/// unclosed.
pub const UNREADABLE_AFTER_SECTION: [&str; 1] = ["block-unclosed"];

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
    /// The row is `answered` and blocking, but its value gives no answer
    /// as the console reads it (empty, `TBD` for `relay`, see
    /// [`no_answer`]): it counts as outstanding.
    AnswerMissing,
}

impl RefusalReason {
    /// The reason as one stable word, as the JSON verdict prints it.
    pub fn code(self) -> &'static str {
        match self {
            RefusalReason::OutstandingBlocking => "outstanding-blocking",
            RefusalReason::StateUnreadable => "state-unreadable",
            RefusalReason::WaivedUnacknowledged => "waived-unacknowledged",
            RefusalReason::AnswerMissing => "answer-missing",
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

/// Whether `row`'s blocking cell says nothing (empty, `—`, missing) while
/// the template marks its key blocking (SPEC §2): the gate cannot take
/// silence as "does not block" for such a key.
pub fn blocking_unsaid_on_template_key(row: &DecisionRow) -> bool {
    row.blocking_cell == BlockingCell::Empty
        && vocab::key_spec(&row.key).is_some_and(|spec| spec.template_blocking)
}

/// Why the value of `row`, an `answered` row, gives no answer, when it
/// does not ([`in_force::no_answer_for`]): it says nothing once rendered
/// (empty, a lone dash or `…`, `&nbsp;`, a zero-width space, an HTML
/// comment: [`in_force::says_nothing`]), or, for a word key, it holds no
/// answer word as the console reads it (SPEC §5.5: `TBD`, `?` for
/// `relay`). `None` when the value gives an answer.
pub fn no_answer(row: &DecisionRow) -> Option<String> {
    in_force::no_answer_for(&row.key, &row.value)
}

/// Why `row` is owed before a run may start, when it is (SPEC §5.4): an
/// `outstanding` row that [`blocks`], or whose blocking cell says nothing
/// while the template marks its key blocking
/// ([`blocking_unsaid_on_template_key`]); a row whose state is not one of
/// the three and that [`blocks`] or says nothing on such a key — such a
/// row counts as outstanding; an `answered` row that blocks so but whose
/// value gives no answer ([`no_answer`]). `None` for every other row
/// (waivers are judged apart). The listings keep printing `no` for an
/// empty cell, as the reference does. `blocking_elsewhere` says that
/// another row of the view says the key blocks and `row` cannot undo it
/// ([`blocking_said_elsewhere`]): then `row` counts as blocking too.
pub fn owed(row: &DecisionRow, blocking_elsewhere: bool) -> Option<RefusalReason> {
    let blocking = blocks_on_its_own(row) || blocking_elsewhere;
    match row.state.as_str() {
        vocab::STATE_OUTSTANDING => blocking.then_some(RefusalReason::OutstandingBlocking),
        vocab::STATE_ANSWERED => {
            (blocking && no_answer(row).is_some()).then_some(RefusalReason::AnswerMissing)
        }
        vocab::STATE_WAIVED => None,
        _ => blocking.then_some(RefusalReason::StateUnreadable),
    }
}

/// Whether `row` counts as blocking on its own: it [`blocks`], or its
/// blocking cell says nothing while the template marks its key blocking
/// ([`blocking_unsaid_on_template_key`]).
pub fn blocks_on_its_own(row: &DecisionRow) -> bool {
    blocks(row) || blocking_unsaid_on_template_key(row)
}

/// Whether `row` is a twin row that settles nothing: its state is neither
/// `answered` nor `waived` (outstanding, or a state the reader cannot
/// read). The write verbs never write such a row, so it is a hand edit.
fn unsettled_twin_row(row: &DecisionRow) -> bool {
    row.origin.file == FileKind::Twin
        && row.state != vocab::STATE_ANSWERED
        && row.state != vocab::STATE_WAIVED
}

/// The row of `view` in `manifest` that says `row`'s key blocks, when
/// `row`'s blocking cannot undo it; the one of highest rank (SPEC §4; on
/// equal rank the later). `row` cannot undo it when
/// - its own blocking cell says nothing (empty, `—`, no column): another
///   row for the key that [`blocks`] says it; a twin row with an empty
///   blocking cell over the plan's `blocking yes` still blocks;
/// - it is a twin row that settles nothing (outstanding, or a state the
///   reader cannot read) and does not block on its own: a row of the
///   plan for the key that blocks on its own ([`blocks_on_its_own`]) says
///   it. Such a row does not lower what the plan says: only an answer or
///   a waiver settles a decision the plan marks blocking.
///
/// `None` when no other row says yes, or `row` may say otherwise (an
/// answered or waived twin row, a plan row: a plan's phase row `no` over
/// its plan-wide `yes` stands).
pub fn blocking_said_elsewhere<'a>(
    manifest: &'a Manifest,
    view: View,
    row: &DecisionRow,
) -> Option<&'a DecisionRow> {
    blocking_said_among(manifest.plan_rows(), manifest.twin_rows(), view, row)
}

/// [`blocking_said_elsewhere`] over the plan's rows `plan_rows` and the
/// twin's rows `twin_rows`.
pub fn blocking_said_among<'a>(
    plan_rows: &'a [DecisionRow],
    twin_rows: &'a [DecisionRow],
    view: View,
    row: &DecisionRow,
) -> Option<&'a DecisionRow> {
    let (says_yes, twin_too): (fn(&DecisionRow) -> bool, bool) =
        if row.blocking_cell == BlockingCell::Empty {
            (blocks, true)
        } else if unsettled_twin_row(row) && !blocks(row) {
            (blocks_on_its_own, false)
        } else {
            return None;
        };
    let twin_rows = if twin_too { twin_rows } else { &[] };
    plan_rows
        .iter()
        .chain(twin_rows)
        .filter(|r| says_yes(r))
        .filter(|r| r.key == row.key && r.origin != row.origin)
        .filter_map(|r| rank(r, view).map(|rank| (rank, r)))
        .max_by_key(|(rank, _)| *rank)
        .map(|(_, r)| r)
}

/// Whether the gate counts `row`, the row `view` resolves to for its key
/// among the plan's rows `plan_rows` and the twin's rows `twin_rows`, as
/// blocking (SPEC §5.4): it blocks on its own ([`blocks_on_its_own`]: a
/// `yes`, a cell that is no yes/no word, an empty cell on a key the
/// template marks blocking), or another row of the view says the key
/// blocks and `row` cannot undo it ([`blocking_said_among`]). The writer
/// takes this as the default blocking of the row it writes (SPEC §7), so
/// an answer never lowers a decision's blocking unless asked to.
pub fn counts_as_blocking(
    plan_rows: &[DecisionRow],
    twin_rows: &[DecisionRow],
    view: View,
    row: &DecisionRow,
) -> bool {
    blocks_on_its_own(row) || blocking_said_among(plan_rows, twin_rows, view, row).is_some()
}

/// One resolved row that stops the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refusal<'a> {
    /// The resolved row.
    pub row: &'a DecisionRow,
    /// Why it stops the start.
    pub reason: RefusalReason,
    /// The row of the view that says the key blocks when the row's own
    /// blocking cell cannot undo it ([`blocking_said_elsewhere`]: it says
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
/// [`blocking_said_elsewhere`]); such a row blocks.
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
/// does ([`blocking_said_elsewhere`]) — and the findings of
/// [`UNREADABLE_CHECKS`] in the plan and the twin, which refuse whatever
/// `acks` says.
pub fn check_view<'a, S: AsRef<str>>(
    manifest: &'a Manifest,
    view: View,
    acks: &[S],
    root: &Path,
) -> Verdict<'a> {
    let rows = manifest.resolve(view);
    let mut verdict = check_with(&rows, acks, |row| {
        blocking_said_elsewhere(manifest, view, row)
    });
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
        rows.iter()
            .any(|r| r.origin.line == finding.line && rank(r, view).is_some())
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
    use crate::manifest::row::{BlockingCell, FileKind, Origin, PhaseScope};
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
