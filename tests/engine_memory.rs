//! `phase-graph <SLUG> --memory-block` and `--verified` (SPEC §11) on the
//! engine's cases of `fixtures/engine/`: where each phase stands as sets
//! (`closed:` on a closed plan, `done:`, `in-progress:`, `stuck:`,
//! `ready:`, `waiting:`, and `blocked:` naming why each waiting phase
//! waits), and the phases done and QA-released — as the reference's text
//! and as JSON (insta snapshots).

mod common;

use common::{ENGINE_CASES, Root};

#[test]
fn the_memory_block_and_the_verified_set_of_every_case() {
    let mut text = String::new();
    let mut json = Vec::new();
    for case in ENGINE_CASES {
        let root = Root::engine_case(case);
        for mode in ["--memory-block", "--verified"] {
            let (out, _, code) = root.phase_graph(case, &[mode]);
            assert_eq!(code, 0, "{case} {mode}");
            text.push_str(&format!("$ phase-graph {case} {mode}\n{out}"));
            let (out, _, code) = root.phase_graph(case, &["--format", "json", mode]);
            assert_eq!(code, 0, "{case} {mode}");
            json.push(serde_json::from_str::<serde_json::Value>(&out).expect("JSON"));
        }
    }
    insta::assert_snapshot!("memory_and_verified", text);
    insta::assert_json_snapshot!("memory_and_verified_json", json);
}

#[test]
fn a_qa_failure_holds_its_dependents_and_a_closed_plan_still_says_where_it_stands() {
    let root = Root::fixture("engine/mill-qa");
    let (block, _, _) = root.phase_graph("mill-qa", &["--memory-block"]);
    assert!(block.contains("(qa:fail)"), "{block}");
    let (verified, _, _) = root.phase_graph("mill-qa", &["--verified"]);
    let (done_line, _, _) = root.phase_graph("mill-qa", &["--memory-block"]);
    let done = done_line
        .lines()
        .find_map(|l| l.strip_prefix("done: "))
        .unwrap_or("");
    // The QA-failed phase is done but not verified.
    assert_ne!(
        verified.trim().replace(' ', ", "),
        done,
        "{verified} / {done}"
    );
    let root = Root::fixture("engine/pier-closed");
    let (block, _, _) = root.phase_graph("pier-closed", &["--memory-block"]);
    assert!(block.starts_with("closed: "), "{block}");
    let (ready, _, _) = root.phase_graph("pier-closed", &["--ready"]);
    assert_eq!(ready, "\n", "a closed plan starts nothing");
    assert!(block.lines().any(|l| l.starts_with("ready: ")), "{block}");
}
