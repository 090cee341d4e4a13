//! The start gate (SPEC §5.4): whether a run may start on a view of the
//! resolved manifest, and everything that stops it. The gate fails closed:
//! a row it cannot read counts as owed ([`crate::manifest::owed`]), and a
//! Decisions section it cannot read with certainty (the certainty checks,
//! [`crate::lint::certainty`]) stops the start until the file is fixed.
//!
//! What belongs here: the verdict over a view, which needs the linter.
//! It may use everything below it (`lint` and down); `config` gives it
//! nothing: the console's policy comes in as data.

pub mod prompt;

use std::collections::{HashMap, HashSet};
use std::path::Path;

use crate::lint::certainty::{UNREADABLE_AFTER_SECTION, UNREADABLE_CHECKS, UNREADABLE_IN_VIEW};
use crate::lint::env::LintEnv;
use crate::lint::{Finding, LintInput};
use crate::manifest::merge::{View, rank};
use crate::manifest::owed::{Overruled, RefusalReason, best_saying_yes, owed};
use crate::manifest::policy::ConsolePolicy;
use crate::manifest::{self, Manifest};
use crate::plan::decisions::{DecisionRow, FileKind};
use crate::vocab;

/// One resolved row that stops the start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal<'a> {
    /// The resolved row.
    pub row: &'a DecisionRow,
    /// Why it stops the start.
    pub reason: RefusalReason,
    /// The row of the view that says the key blocks when the row's own
    /// blocking cell cannot undo it ([`blocking_said_among`]: it says
    /// nothing, or the row settles nothing); `None` otherwise. Where the
    /// template also marks the key blocking, the refusal names the
    /// template instead.
    pub blocking_from: Option<&'a DecisionRow>,
    /// The phases whose views the row stops, when it stops only those
    /// (a row scoped to a phase, judged by [`check_every_view`]); empty
    /// when it stops the view that was checked (the plan-wide view, named
    /// once for every phase).
    pub phases: Vec<u32>,
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

/// A key that no row of a view decides and that the view owes (SPEC §5.4
/// "A missing key is owed"): the template marks it blocking, it has no
/// shipped default, and the console's policy does not answer it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing {
    /// The key.
    pub key: &'static str,
    /// The phases whose views owe it, when only those do (their views have
    /// rows and the plan-wide view has none); empty when the view that
    /// was checked owes it.
    pub phases: Vec<u32>,
}

/// The start gate's verdict (SPEC §5.4), on one view or on every view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict<'a> {
    /// Every row that stops the start, in the resolved (output) order:
    /// the plan-wide view's first, then each phase's, in graph order.
    pub refusals: Vec<Refusal<'a>>,
    /// The keys owed because no row decides them, in canonical order.
    pub missing: Vec<Missing>,
    /// The waived rows that `--ack` accepted, in the resolved order.
    pub acknowledged: Vec<&'a DecisionRow>,
    /// The findings of [`UNREADABLE_CHECKS`] in the plan and the twin:
    /// each stops the start until the file is fixed.
    pub unreadable: Vec<Finding>,
    /// Whether every view was judged ([`check_every_view`]) rather than
    /// one.
    pub every_view: bool,
}

impl Verdict<'_> {
    /// Whether the run may start: no row, no missing key and no unreadable
    /// section stops it.
    pub fn may_start(&self) -> bool {
        self.refusals.is_empty() && self.missing.is_empty() && self.unreadable.is_empty()
    }
}

/// Judges the resolved rows of one view (SPEC §5.4). `rows` are the view's
/// resolved rows in output order (see [`crate::manifest::resolve`]);
/// `acks` are the keys given with `--ack` (checked against the vocabulary by
/// the caller). A row refuses the start when it is [`owed`], or `waived`
/// and its key is not in `acks`. No rows at all (a plan with no manifest)
/// is a pass. The verdict's `unreadable` and `missing` are left empty: see
/// [`check_view`].
pub fn check<'a, S: AsRef<str>>(rows: &[&'a DecisionRow], acks: &[S]) -> Verdict<'a> {
    let mut verdict = empty_verdict(false);
    for &row in rows {
        judge(&mut verdict, row, None, acks, Vec::new());
    }
    verdict
}

/// A verdict with nothing in it yet.
fn empty_verdict<'a>(every_view: bool) -> Verdict<'a> {
    Verdict {
        refusals: Vec::new(),
        missing: Vec::new(),
        acknowledged: Vec::new(),
        unreadable: Vec::new(),
        every_view,
    }
}

/// Adds `row`'s part to `verdict`: a refusal when it is [`owed`] (`said`
/// being the row that says its key blocks, [`blocking_said_among`]) or
/// waived without an ack, an acknowledgement for an acked waiver; `phases`
/// as [`Refusal::phases`].
fn judge<'a, S: AsRef<str>>(
    verdict: &mut Verdict<'a>,
    row: &'a DecisionRow,
    said: Option<&'a DecisionRow>,
    acks: &[S],
    phases: Vec<u32>,
) {
    if let Some(reason) = owed(row, said.is_some()) {
        verdict.refusals.push(Refusal {
            row,
            reason,
            blocking_from: said,
            phases,
        });
    } else if row.state == vocab::STATE_WAIVED {
        if acks.iter().any(|a| a.as_ref() == row.key) {
            if !verdict.acknowledged.iter().any(|r| std::ptr::eq(*r, row)) {
                verdict.acknowledged.push(row);
            }
        } else {
            verdict.refusals.push(Refusal {
                row,
                reason: RefusalReason::WaivedUnacknowledged,
                blocking_from: None,
                phases,
            });
        }
    }
}

/// The rows of `manifest` by key, the plan's before the twin's, each key's
/// in file order: what [`blocking_said_among`] reads for one key,
/// without a look at every other key's rows.
fn rows_by_key(manifest: &Manifest) -> HashMap<&str, Vec<&DecisionRow>> {
    let mut by_key: HashMap<&str, Vec<&DecisionRow>> = HashMap::new();
    for row in manifest.plan_rows().iter().chain(manifest.twin_rows()) {
        by_key.entry(row.key.as_str()).or_default().push(row);
    }
    by_key
}

/// The keys a view with `resolved` rows owes because no row decides them
/// (SPEC §5.4): none when the view has no row (the manifest is opt-in);
/// else each key the template marks blocking with no shipped default that
/// has no row in the view and no answer in `policy`.
fn missing_keys(
    has_row: impl Fn(&str) -> bool,
    any_row: bool,
    policy: &ConsolePolicy,
) -> Vec<&'static str> {
    if !any_row {
        return Vec::new();
    }
    vocab::owed_when_missing()
        .filter(|spec| !has_row(spec.key))
        .filter(|spec| !crate::manifest::in_force::policy_settles(policy, spec.key))
        .map(|spec| spec.key)
        .collect()
}

/// The whole start gate on `view` of `manifest` (read from docs root
/// `root`), with the console's `policy` (the `[policy]` table of
/// `planfile.toml`): [`check`] on the view's resolved rows — a row whose
/// blocking cannot undo what another row of the view says blocks when
/// that row says so ([`blocking_said_among`]) — the keys the view owes
/// because no row decides them, and the findings of [`UNREADABLE_CHECKS`]
/// in the plan and the twin, which refuse whatever `acks` says.
pub fn check_view<'a, S: AsRef<str>>(
    manifest: &'a Manifest,
    view: View,
    acks: &[S],
    root: &Path,
    policy: &ConsolePolicy,
) -> Verdict<'a> {
    let rows = manifest.resolve(view);
    let by_key = rows_by_key(manifest);
    let mut verdict = empty_verdict(false);
    for &row in &rows {
        let said = Overruled::of(row).and_then(|rule| {
            let candidates = by_key.get(row.key.as_str()).into_iter().flatten().copied();
            best_saying_yes(candidates, view, row, rule)
        });
        judge(&mut verdict, row, said, acks, Vec::new());
    }
    let keys: HashSet<&str> = rows.iter().map(|r| r.key.as_str()).collect();
    verdict.missing = missing_keys(|k| keys.contains(k), !rows.is_empty(), policy)
        .into_iter()
        .map(|key| Missing {
            key,
            phases: Vec::new(),
        })
        .collect();
    verdict.unreadable = unreadable(manifest, view, root);
    verdict
}

/// The start gate on every view of `manifest` (SPEC §5.4 "Nothing owed is
/// left out"): the plan-wide view, as [`check_view`] judges it, and the
/// view of every phase of the graph, done or not, since a run starts every
/// phase in time. A phase's view differs from the plan-wide view only in
/// the keys that have rows scoped to that phase, so only those are judged
/// again there: a row owed in the plan-wide view is named once, and a row
/// owed only in a phase's view is named with that phase. The findings of
/// [`UNREADABLE_IN_VIEW`] count when their row is in any view.
///
/// The cost is linear in the rows: each phase's keys are judged over that
/// phase's rows and the best plan-wide row of the key, found once.
pub fn check_every_view<'a, S: AsRef<str>>(
    manifest: &'a Manifest,
    acks: &[S],
    root: &Path,
    policy: &ConsolePolicy,
) -> Verdict<'a> {
    let mut verdict = check_view(manifest, View::PlanWide, acks, root, policy);
    verdict.every_view = true;
    let phases = manifest.plan.graph_phases();
    // Each phase's rows by key, the plan's before the twin's.
    let mut scoped: HashMap<u32, Vec<&DecisionRow>> = HashMap::new();
    for row in manifest.plan_rows().iter().chain(manifest.twin_rows()) {
        if let Some(phase) = row.phase.phase() {
            scoped.entry(phase).or_default().push(row);
        }
    }
    let plan_wide = manifest.resolve(View::PlanWide);
    let by_key = rows_by_key(manifest);
    let mut best_plan_wide: HashMap<(&str, Overruled), Option<&DecisionRow>> = HashMap::new();
    let mut missing_in: Vec<(&'static str, u32)> = Vec::new();
    for &phase in &phases {
        let Some(rows) = scoped.get(&phase) else {
            continue;
        };
        let view = View::Phase(phase);
        let mut keys: Vec<&str> = Vec::new();
        for row in rows {
            if !keys.contains(&row.key.as_str()) {
                keys.push(row.key.as_str());
            }
        }
        let resolved = manifest::resolve_rows(rows.iter().copied(), view);
        for row in resolved {
            let said = Overruled::of(row).and_then(|rule| {
                best_saying_yes(rows.iter().copied(), view, row, rule).or_else(|| {
                    *best_plan_wide
                        .entry((row.key.as_str(), rule))
                        .or_insert_with(|| {
                            let candidates =
                                by_key.get(row.key.as_str()).into_iter().flatten().copied();
                            best_saying_yes(candidates, View::PlanWide, row, rule)
                        })
                })
            });
            judge(&mut verdict, row, said, acks, vec![phase]);
        }
        if plan_wide.is_empty() {
            missing_in.extend(
                missing_keys(|k| keys.contains(&k), true, policy)
                    .into_iter()
                    .map(|key| (key, phase)),
            );
        }
    }
    for spec in vocab::owed_when_missing() {
        let phases: Vec<u32> = missing_in
            .iter()
            .filter(|(key, _)| *key == spec.key)
            .map(|(_, phase)| *phase)
            .collect();
        if !phases.is_empty() {
            verdict.missing.push(Missing {
                key: spec.key,
                phases,
            });
        }
    }
    verdict.unreadable = unreadable_in_any_view(manifest, root);
    verdict
}

/// The findings that mean the Decisions sections of `manifest` (read from
/// docs root `root`) cannot be read with certainty for `view`: every
/// finding of [`UNREADABLE_CHECKS`], those of [`UNREADABLE_IN_VIEW`] that
/// point at a row of the view, and those of [`UNREADABLE_AFTER_SECTION`]
/// below the Decisions heading of their file. Suppression comments do not
/// silence them. In file and line order.
pub fn unreadable(manifest: &Manifest, view: View, root: &Path) -> Vec<Finding> {
    findings_of_certainty(manifest, root, |row| rank(row, view).is_some())
}

/// The certainty findings of `manifest` (see [`unreadable`]), those of
/// [`UNREADABLE_IN_VIEW`] kept when their row meets `in_view`.
fn findings_of_certainty(
    manifest: &Manifest,
    root: &Path,
    in_view: impl Fn(&DecisionRow) -> bool,
) -> Vec<Finding> {
    let env = LintEnv::default();
    let input = LintInput::without_handoffs(manifest, root, &env);
    let names: Vec<&str> = UNREADABLE_CHECKS
        .iter()
        .chain(&UNREADABLE_IN_VIEW)
        .chain(&UNREADABLE_AFTER_SECTION)
        .copied()
        .collect();
    let found = crate::lint::run_only(&input, &names);
    if found.is_empty() {
        return found;
    }
    let rows_in_view: HashSet<(FileKind, usize)> = manifest
        .plan_rows()
        .iter()
        .chain(manifest.twin_rows())
        .filter(|r| in_view(r))
        .map(|r| (r.origin.file, r.origin.line))
        .collect();
    let below_section = |finding: &Finding| {
        let section = match finding.kind {
            FileKind::Plan => manifest.plan.decisions(),
            FileKind::Twin => manifest.twin.as_ref().and_then(|t| t.decisions.as_ref()),
            FileKind::Handoff(_) => None,
        };
        section.is_some_and(|s| finding.line > s.heading_line)
    };
    found
        .into_iter()
        .filter(|f| {
            if UNREADABLE_IN_VIEW.contains(&f.name) {
                rows_in_view.contains(&(f.kind, f.line))
            } else if UNREADABLE_AFTER_SECTION.contains(&f.name) {
                below_section(f)
            } else {
                true
            }
        })
        .collect()
}

/// [`unreadable`] over every view at once: a finding of
/// [`UNREADABLE_IN_VIEW`] counts when its row is in any view (a row scoped
/// to a phase of the graph, or a plan-wide row).
pub fn unreadable_in_any_view(manifest: &Manifest, root: &Path) -> Vec<Finding> {
    let phases = manifest.plan.graph_phases();
    let in_some_view = |row: &DecisionRow| match row.phase.phase() {
        Some(phase) => phases.contains(&phase),
        None => rank(row, View::PlanWide).is_some(),
    };
    findings_of_certainty(manifest, root, in_some_view)
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
        /// answer (empty, a lone dash, a placeholder such as TBD, or no
        /// answer word for a word key: relay), and blocking (a blocking
        /// cell that is not a yes/no word blocks, and so does an empty cell
        /// on a key the template marks blocking: relay, credentials; an
        /// answer without an answer on such a key blocks whatever its cell
        /// says) — and every waived row's key is acknowledged; every
        /// refusal names a row of the view.
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
                    let no_answer = ["", "—", "TBD"].contains(&r.value.as_str())
                        || (r.key == "relay" && !r.value.contains("off"));
                    let answered_empty = r.state == "answered" && no_answer;
                    let owed_state = r.state == "outstanding" || unknown_state || answered_empty;
                    // An answer that says nothing never lowers the
                    // template's blocking (SPEC §5.4).
                    let template = answered_empty && template_blocking.contains(&r.key.as_str());
                    (owed_state && (says_block || unsaid || template))
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
