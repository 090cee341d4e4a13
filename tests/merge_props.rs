//! Properties of the merge (SPEC §4) that hold for every set of rows.

use planfile::manifest::{View, merge, resolve};
use planfile::plan::decisions::{BlockingCell, DecisionRow, FileKind, Origin, PhaseScope};
use planfile::vocab;
use proptest::prelude::*;

const KEYS: [&str; 6] = [
    "stop",
    "relay",
    "waits",
    "zz.local",
    "aa.local",
    "permission.policy",
];

fn row_strategy(file: FileKind) -> impl Strategy<Value = DecisionRow> {
    (
        0..KEYS.len(),
        0u32..4,
        0usize..3,
        any::<bool>(),
        1usize..500,
    )
        .prop_map(
            move |(key, phase, scope_kind, blocking, line)| DecisionRow {
                key: KEYS[key].into(),
                value: format!("v{line}").into(),
                owner: "o".into(),
                state: "answered".into(),
                blocking,
                blocking_cell: if blocking {
                    BlockingCell::Yes
                } else {
                    BlockingCell::No
                },
                source: "plan".into(),
                evidence: Default::default(),
                phase: match scope_kind {
                    0 => PhaseScope::PlanWide,
                    1 => PhaseScope::Phase(phase),
                    _ => PhaseScope::Invalid(format!("{phase}a")),
                },
                origin: Origin { file, line },
            },
        )
}

/// The rank SPEC §4 gives `row` in `view`, written out from the table
/// there (not from the code under test): a plan-wide plan row 1, a
/// plan-wide twin row 2, a plan row for the view's phase 3, a twin row for
/// it 4; a row scoped to another phase, or any scoped row in the plan-wide
/// view, is not in the view. A phase cell the reader cannot read (`2a`) is
/// plan-wide.
fn spec_rank(row: &DecisionRow, view: View) -> Option<u8> {
    let plan_wide = matches!(row.phase, PhaseScope::PlanWide | PhaseScope::Invalid(_));
    let own_phase = match (&row.phase, view) {
        (PhaseScope::Phase(p), View::Phase(v)) => *p == v,
        _ => false,
    };
    match (plan_wide, own_phase, row.origin.file) {
        (true, _, FileKind::Plan) => Some(1),
        (true, _, FileKind::Twin) => Some(2),
        (false, true, FileKind::Plan) => Some(3),
        (false, true, FileKind::Twin) => Some(4),
        (false, false, _) => None,
        // Decision rows are read from the plan and the twin only.
        (_, _, FileKind::Handoff(_)) => None,
    }
}

fn view_strategy() -> impl Strategy<Value = View> {
    prop_oneof![Just(View::PlanWide), (0u32..4).prop_map(View::Phase)]
}

proptest! {
    #[test]
    fn one_row_per_key_highest_rank_last_wins(
        plan in proptest::collection::vec(row_strategy(FileKind::Plan), 0..30),
        twin in proptest::collection::vec(row_strategy(FileKind::Twin), 0..30),
        view in view_strategy(),
    ) {
        let out = resolve(&plan, &twin, view);

        // Never two rows for one key.
        let mut keys: Vec<&str> = out.iter().map(|r| r.key.as_str()).collect();
        let listed = keys.clone();
        keys.sort_unstable();
        keys.dedup();
        prop_assert_eq!(keys.len(), out.len());

        // Every key with a row in the view is listed, and only those.
        let all: Vec<&DecisionRow> = plan.iter().chain(&twin).collect();
        for key in KEYS {
            let candidates: Vec<&&DecisionRow> = all
                .iter()
                .filter(|r| r.key == key && spec_rank(r, view).is_some())
                .collect();
            let winner = out.iter().find(|r| r.key == key);
            prop_assert_eq!(candidates.is_empty(), winner.is_none());
            if let Some(winner) = winner {
                // The winner has the highest rank, and is the last such row.
                let best = candidates.iter().filter_map(|r| spec_rank(r, view)).max();
                prop_assert_eq!(spec_rank(winner, view), best);
                let last = candidates
                    .iter()
                    .rev()
                    .find(|r| spec_rank(r, view) == best)
                    .map(|r| r.origin);
                prop_assert_eq!(Some(winner.origin), last);
            }
        }

        // The public rank is SPEC §4's.
        for row in &all {
            prop_assert_eq!(merge::rank(row, view), spec_rank(row, view), "{:?}", row);
        }

        // Known keys first, in canonical order.
        let known: Vec<usize> = listed.iter().filter_map(|k| vocab::key_index(k)).collect();
        let mut sorted = known.clone();
        sorted.sort_unstable();
        prop_assert_eq!(&known, &sorted);
        let first_unknown = listed.iter().position(|k| vocab::key_index(k).is_none());
        if let Some(i) = first_unknown {
            prop_assert!(listed[i..].iter().all(|k| vocab::key_index(k).is_none()));
        }
    }
}
