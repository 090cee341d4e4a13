//! The plan engine's modes (SPEC §11) on the docs roots of
//! `fixtures/engine/` (one per edge case, see its README): the board and
//! every mode planfile serves, for every phase, as the reference's text
//! and as JSON (insta snapshots); and the refusals, worded as the
//! reference words them.

mod common;

use std::path::Path;

use common::{ENGINE_CASES, Root, stderr, stdout};

/// The modes that take a phase, run for every phase of a case.
const PER_PHASE: [&str; 7] = [
    "--deps",
    "--dependents",
    "--gated",
    "--gate-kind",
    "--size",
    "--repos",
    "--ready-after",
];

/// `phase-graph` in `root` ([`Root::engine`]).
fn pg(root: &Root, case: &str, args: &[&str]) -> (String, String, i32) {
    root.engine(case, args, &[])
}

/// The phases of `case`'s graph.
fn phases(root: &Root, case: &str) -> Vec<u64> {
    root.graph_phases(case)
}

/// Every call of a case: the plan-wide modes, then each per-phase mode for
/// each phase.
fn calls(root: &Root, case: &str) -> Vec<Vec<String>> {
    let mut calls: Vec<Vec<String>> = ["--ready", "--plan-status", "--closed"]
        .iter()
        .map(|m| vec![m.to_string()])
        .collect();
    for mode in PER_PHASE {
        for p in phases(root, case) {
            calls.push(vec![mode.to_string(), p.to_string()]);
        }
    }
    calls
}

#[test]
fn the_board_of_every_case() {
    for case in ENGINE_CASES {
        let root = Root::engine_case(case);
        let (out, err, code) = pg(&root, case, &[]);
        assert_eq!((err.as_str(), code), ("", 0), "{case}");
        insta::assert_snapshot!(format!("board_{case}"), out);
        let (json, _, _) = pg(&root, case, &["--format", "json"]);
        let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        insta::assert_json_snapshot!(format!("board_{case}_json"), value);
    }
}

#[test]
fn every_mode_for_every_phase_of_every_case() {
    for case in ENGINE_CASES {
        let root = Root::engine_case(case);
        let mut text = String::new();
        let mut json = Vec::new();
        for call in calls(&root, case) {
            let args: Vec<&str> = call.iter().map(String::as_str).collect();
            let (out, err, code) = pg(&root, case, &args);
            assert_eq!(err, "", "{case} {call:?}");
            text.push_str(&format!("$ phase-graph {case} {}\n{out}", call.join(" ")));
            if code != 0 {
                text.push_str(&format!("[exit {code}]\n"));
            }
            let with_json: Vec<&str> = ["--format", "json"].into_iter().chain(args).collect();
            let (out, _, json_code) = pg(&root, case, &with_json);
            assert_eq!(
                json_code, code,
                "{case} {call:?}: the exit code does not depend on the format"
            );
            json.push(serde_json::from_str::<serde_json::Value>(&out).expect("JSON"));
        }
        insta::assert_snapshot!(format!("modes_{case}"), text);
        insta::assert_json_snapshot!(format!("modes_{case}_json"), json);
    }
}

#[test]
fn a_phase_argument_is_normalised_at_the_door() {
    let root = Root::engine_case("ferry-ranges");
    assert_eq!(
        pg(&root, "ferry-ranges", &["--deps", "04"]),
        pg(&root, "ferry-ranges", &["--deps", "4"])
    );
    assert_eq!(pg(&root, "ferry-ranges", &["--deps", "04"]).0, "2 3 1 1\n");
    assert_eq!(
        pg(&root, "ferry-ranges", &["--ready-after", "001"]).0,
        "2\n"
    );
    // The reference's `--ready N` is `--ready-after N`.
    assert_eq!(pg(&root, "ferry-ranges", &["--ready", "1"]).0, "2\n");
    // A phase the plan lacks answers as the reference answers it.
    for (mode, answer) in [
        ("--deps", "\n"),
        ("--dependents", "\n"),
        ("--gated", "no\n"),
        ("--gate-kind", "none\n"),
        ("--size", "M\n"),
        ("--repos", "all\n"),
    ] {
        assert_eq!(
            pg(&root, "ferry-ranges", &[mode, "99999999999999999999"]),
            (answer.to_string(), String::new(), 0),
            "{mode}"
        );
    }
    // Words after the argument are ignored, as the reference ignores them.
    assert_eq!(
        pg(&root, "ferry-ranges", &["--deps", "3", "extra", "--x"]).0,
        "1 2\n"
    );
}

#[test]
fn refusals_are_worded_as_the_reference_words_them() {
    let root = Root::engine_case("tide-chain");
    for mode in [
        "--deps",
        "--dependents",
        "--gated",
        "--gate-kind",
        "--size",
        "--repos",
    ] {
        assert_eq!(
            pg(&root, "tide-chain", &[mode]),
            (String::new(), format!("usage: {mode} <phase>\n"), 2),
            "{mode}"
        );
    }
    assert_eq!(
        pg(&root, "tide-chain", &["--frobnicate"]),
        (String::new(), "unknown mode: --frobnicate\n".to_string(), 2)
    );
    // (fix) A phase argument that is not a number is refused.
    for bad in ["x", "-1", "1x", "2 3", "1+1"] {
        let (out, err, code) = pg(&root, "tide-chain", &["--deps", bad]);
        assert_eq!((out.as_str(), code), ("", 2), "{bad}");
        assert!(
            err.contains("is not a phase number (tide-chain has phases: 1 2 3 4)"),
            "{bad}: {err}"
        );
    }
    let (out, err, code) = pg(&root, "nowhere", &["--ready"]);
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(
        err.starts_with(
            "ERROR: plan not found: <ROOT>/docs/plans/nowhere.md\n  → run from the repo root, or set DOCS_ROOT: DOCS_ROOT=/path/to/repo phase-graph.sh ...\n"
        ),
        "{err}"
    );
    root.plan(
        "no-graph",
        "---\nstatus: active\n---\n# Notes\n\nNo graph here.\n",
    );
    assert_eq!(
        pg(&root, "no-graph", &["--closed"]),
        (
            String::new(),
            "ERROR: could not parse a \"## Phase graph\" table in <ROOT>/docs/plans/no-graph.md\n  The engine needs the standard table (Phase | Title | Depends on | …).\n".to_string(),
            1
        )
    );
}

#[test]
fn the_decisions_and_lint_modes_keep_their_form() {
    let root = Root::fixture("example");
    let as_before = root.run(["phase-graph", "demo", "--decisions", "2"]);
    let with_equals = root.run(["phase-graph", "demo", "--decisions=2"]);
    assert_eq!(as_before.status.code(), Some(0));
    assert_eq!(as_before.stdout, with_equals.stdout);
    let json = root.run([
        "phase-graph",
        "--format",
        "json",
        "demo",
        "--decisions",
        "2",
    ]);
    let listed = root.run([
        "decisions",
        "demo",
        "--phase",
        "2",
        "list",
        "--format",
        "json",
    ]);
    assert_eq!(json.stdout, listed.stdout);
    let lint = root.run(["phase-graph", "demo", "--lint"]);
    assert_eq!(
        stdout(&lint),
        "LINT OK: demo — 4 phases, well-formed and acyclic\n"
    );
}

/// Writes a `.git` file at `dir` pointing to `git_dir`.
fn git_file(dir: &Path, git_dir: &Path) {
    std::fs::create_dir_all(dir).expect("a folder");
    std::fs::write(dir.join(".git"), format!("gitdir: {}\n", git_dir.display()))
        .expect("a .git file");
}

#[test]
fn without_docs_root_the_main_tree_of_the_repository_is_the_root() {
    let top = tempfile::tempdir().expect("a folder");
    let top_path = std::fs::canonicalize(top.path()).expect("a path");
    let hub = top_path.join("hub");
    std::fs::create_dir_all(hub.join(".git/worktrees/lane")).expect("folders");
    std::fs::write(hub.join(".git/worktrees/lane/commondir"), "../..\n").expect("commondir");
    let root = Root::fixture("engine/tide-chain");
    common::copy_dir(&root.path().join("docs"), &hub.join("docs"));
    // A linked worktree of the hub holding its own, older copy of the plan.
    let lane = top_path.join("lane");
    git_file(&lane, &hub.join(".git/worktrees/lane"));
    common::copy_dir(&root.path().join("docs"), &lane.join("docs"));
    let done = "---\nstatus: complete\n---\n";
    std::fs::create_dir_all(hub.join("docs/handoffs/tide-chain")).expect("a folder");
    std::fs::write(hub.join("docs/handoffs/tide-chain/phase-01-float.md"), done)
        .expect("a handoff");
    let run = |cwd: &Path, args: &[&str]| {
        let out = root
            .cmd()
            .current_dir(cwd)
            .env_remove("DOCS_ROOT")
            .args(["phase-graph", "tide-chain"])
            .args(args)
            .output()
            .expect("planfile runs");
        (stdout(&out), stderr(&out), out.status.code())
    };
    assert_eq!(run(&lane, &["--ready"]).0, "2\n");
    std::fs::create_dir_all(hub.join("deep/er")).expect("folders");
    assert_eq!(run(&hub.join("deep/er"), &["--ready"]).0, "2\n");
    // Outside any repository: the nearest folder up with docs/plans/, and
    // the reference's hint when the plan is not there.
    let plain = tempfile::tempdir().expect("a folder");
    let (out, err, code) = run(plain.path(), &["--ready"]);
    assert_eq!((out.as_str(), code), ("", Some(1)));
    assert!(
        err.contains("⚠️  not inside a git repo (root fell back to "),
        "{err}"
    );
    assert!(err.ends_with(") — set DOCS_ROOT explicitly.\n"), "{err}");
}

#[test]
fn the_scripts_folder_is_the_flag_then_pe_scripts_then_the_binarys() {
    let root = Root::engine_case("lock-done");
    let board = |cmd: &mut assert_cmd::Command| stdout(&cmd.output().expect("planfile runs"));
    let given = board(
        root.cmd()
            .args(["phase-graph", "--scripts-dir", "/s/flag", "lock-done"]),
    );
    assert!(
        given.contains(" bash /s/flag/close-plan.sh lock-done"),
        "{given}"
    );
    let env = board(
        root.cmd()
            .env("PE_SCRIPTS", "/s/env")
            .args(["phase-graph", "lock-done"]),
    );
    assert!(
        env.contains(" bash /s/env/close-plan.sh lock-done"),
        "{env}"
    );
    let bin = board(root.cmd().args(["phase-graph", "lock-done"]));
    let folder = assert_cmd::cargo::cargo_bin("planfile");
    let folder = folder.parent().expect("a folder").display().to_string();
    assert!(
        bin.contains(&format!(" bash {folder}/close-plan.sh lock-done")),
        "{bin}"
    );
}
