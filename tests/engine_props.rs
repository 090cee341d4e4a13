//! The ready set is computed from the done set (SPEC §11): for any graph
//! (dependencies on undefined phases, on themselves and in cycles
//! included) and any handoffs, `--ready` is exactly the phases that have
//! not started and whose every dependency is done, and `--ready-after N`
//! the same with N counted as done and left out.

use std::collections::BTreeSet;

use planfile::engine::{Answer, EngineEnv, Needs, Reading, mode_request, run};
use proptest::prelude::*;

/// What a phase's handoff says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Handoff {
    None,
    Complete,
    InProgress,
    Blocked,
    /// `complete`, but its "What this phase did" is still the template.
    Scaffold,
    /// A word the engine does not know (`pending`).
    Other,
}

fn handoff() -> impl Strategy<Value = Handoff> {
    prop_oneof![
        Just(Handoff::None),
        Just(Handoff::Complete),
        Just(Handoff::InProgress),
        Just(Handoff::Blocked),
        Just(Handoff::Scaffold),
        Just(Handoff::Other),
    ]
}

/// Writes the plan (phases 1..=deps.len(), each with its dependencies) and
/// the handoffs into a new docs root.
fn docs_root(deps: &[Vec<u32>], handoffs: &[Handoff]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a folder");
    let mut plan = String::from(
        "---\nstatus: active\n---\n# Generated\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n",
    );
    for (i, d) in deps.iter().enumerate() {
        let cell = if d.is_empty() {
            "—".to_string()
        } else {
            d.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
        };
        plan.push_str(&format!("| {} | Step {} | {cell} | core |\n", i + 1, i + 1));
    }
    std::fs::create_dir_all(dir.path().join("docs/plans")).expect("docs/plans");
    std::fs::write(dir.path().join("docs/plans/gen.md"), plan).expect("the plan");
    let folder = dir.path().join("docs/handoffs/gen");
    std::fs::create_dir_all(&folder).expect("the handoffs folder");
    for (i, h) in handoffs.iter().enumerate().take(deps.len()) {
        let (status, body) = match h {
            Handoff::None => continue,
            Handoff::Complete => ("complete", "Done."),
            Handoff::InProgress => ("in-progress", "Half."),
            Handoff::Blocked => ("blocked", "Stuck."),
            Handoff::Scaffold => ("complete", "<!-- fill in -->"),
            Handoff::Other => ("pending", ""),
        };
        let text = format!("---\nstatus: {status}\n---\n\n## What this phase did\n\n{body}\n");
        std::fs::write(folder.join(format!("phase-{:02}-step.md", i + 1)), text)
            .expect("a handoff");
    }
    dir
}

/// The ready set the engine answers for `mode` and `arg`.
fn ready(root: &std::path::Path, mode: &str, arg: Option<&str>) -> Vec<u32> {
    let reading =
        Reading::open(EngineEnv::fixed(root, "/s"), "gen", Needs::PLAN).expect("the plan");
    let request = mode_request(mode, arg).expect("a mode");
    match run(&reading, &request).expect("an answer") {
        Answer::Ready(r) => r.ready,
        other => panic!("not a ready set: {other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn the_ready_set_is_the_phases_not_started_whose_dependencies_are_all_done(
        deps in prop::collection::vec(prop::collection::vec(1u32..12, 0..4), 1..9),
        handoffs in prop::collection::vec(handoff(), 9),
        after in 1u32..10,
    ) {
        let dir = docs_root(&deps, &handoffs);
        let n = deps.len() as u32;
        let status = |p: u32| handoffs[(p - 1) as usize];
        let done: BTreeSet<u32> = (1..=n).filter(|&p| status(p) == Handoff::Complete).collect();
        let not_started = |p: u32| matches!(status(p), Handoff::None | Handoff::Other);
        let expected = |done: &BTreeSet<u32>, skip: Option<u32>| -> Vec<u32> {
            (1..=n)
                .filter(|&p| Some(p) != skip && !done.contains(&p) && not_started(p))
                .filter(|&p| deps[(p - 1) as usize].iter().all(|d| done.contains(d)))
                .collect()
        };
        prop_assert_eq!(ready(dir.path(), "--ready", None), expected(&done, None));
        let mut with_after = done.clone();
        with_after.insert(after);
        let arg = after.to_string();
        prop_assert_eq!(
            ready(dir.path(), "--ready-after", Some(&arg)),
            expected(&with_after, Some(after))
        );
    }
}
