//! `decisions <SLUG> [--phase N] check` (SPEC §5.4): the start gate's verdict,
//! text and JSON, refusing and passing, with `--ack` and `--phase`.

mod common;

use common::{Root, stderr, stdout};

/// Runs `planfile ARGS` in `root`; returns (exit code, stdout with the root's
/// path shown as `[ROOT]`, stderr).
fn run(root: &Root, args: &[&str]) -> (i32, String, String) {
    let output = root.cmd().args(args).output().expect("run planfile");
    let root_path = root.path().display().to_string();
    (
        output.status.code().unwrap_or(-1),
        stdout(&output).replace(&root_path, "[ROOT]"),
        stderr(&output),
    )
}

/// A plan whose outstanding blocking row names no owner, and whose waived
/// row and outstanding blocking row use keys outside the vocabulary.
const UNOWNED: &str = "---
slug: lantern
status: active
phases: 2
---

# Lantern relight

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Wick | — | lamp | wick trimmed |
| 2 | Glass | 1 | lamp | glass clean |

## Decisions

| key | value | owner | state | blocking | source | evidence | phase |
|---|---|---|---|---|---|---|---|
| `relay` | | | outstanding | yes | plan | | |
| `stop` | halt | keeper | answered | yes | plan | | |
| `oil.supply` | | keeper | outstanding | yes | plan | | |
| `wick.spare` | not stocked | keeper | waived | no | plan | | |
| `budgets` | | keeper | outstanding | yes | plan | | 2 |
";

#[test]
fn refuses_outstanding_blocking_and_unacknowledged_waivers_text() {
    let root = Root::fixture("example");
    let (code, out, err) = run(&root, &["decisions", "demo", "check"]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(err, "");
    insta::assert_snapshot!("check_demo_refused_text", out);
}

#[test]
fn refuses_json() {
    let root = Root::fixture("example");
    let (code, out, err) = run(&root, &["decisions", "demo", "check", "--format", "json"]);
    assert_eq!(code, 1, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON on stdout");
    assert_eq!(json["verdict"], "refuse");
    assert_eq!(json["view"], serde_json::Value::Null);
    insta::assert_snapshot!("check_demo_refused_json", out);
}

#[test]
fn ack_accepts_waivers_but_not_outstanding_rows() {
    let root = Root::fixture("example");
    let (code, out, _) = run(
        &root,
        &[
            "decisions",
            "demo",
            "check",
            "--ack",
            "mcp",
            "--ack",
            "plan-health",
        ],
    );
    assert_eq!(code, 1);
    insta::assert_snapshot!("check_demo_acked_text", out);
}

#[test]
fn phase_view_passes_with_acks() {
    let root = Root::fixture("example");
    let args = [
        "decisions",
        "demo",
        "--phase",
        "04",
        "check",
        "--ack",
        "mcp",
        "--ack",
        "plan-health",
    ];
    let (code, out, err) = run(&root, &args);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("check_demo_phase4_pass_text", out);
    let (code, out, _) = run(&root, &[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 0);
    insta::assert_snapshot!("check_demo_phase4_pass_json", out);
}

#[test]
fn phase_scoped_outstanding_row_refuses_only_its_phase() {
    let root = Root::new();
    root.plan("lantern", UNOWNED);
    let (code, out, _) = run(&root, &["decisions", "lantern", "--phase", "2", "check"]);
    assert_eq!(code, 1);
    insta::assert_snapshot!("check_lantern_phase2_text", out);
    let (code, out, _) = run(
        &root,
        &[
            "decisions",
            "lantern",
            "--phase",
            "2",
            "check",
            "--format",
            "json",
        ],
    );
    assert_eq!(code, 1);
    insta::assert_snapshot!("check_lantern_phase2_json", out);
}

#[test]
fn names_nobody_when_no_owner() {
    let root = Root::new();
    root.plan("lantern", UNOWNED);
    let (code, out, _) = run(&root, &["decisions", "lantern", "check"]);
    assert_eq!(code, 1);
    assert!(
        out.lines()
            .any(|l| l.starts_with("  - relay: outstanding and blocking, owed by nobody named")),
        "{out}"
    );
    // A phase-2 row is not in the plan-wide view, but `check` judges every
    // phase's view too: it is named with its phase.
    assert!(
        out.lines()
            .any(|l| l.starts_with("  - phase 2: budgets: outstanding and blocking")),
        "{out}"
    );
}

#[test]
fn passes_without_manifest() {
    let root = Root::fixture("cases/no-manifest");
    let (code, out, err) = run(&root, &["decisions", "no-manifest", "check"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("check_no_manifest_text", out);
    let (code, out, _) = run(
        &root,
        &["decisions", "no-manifest", "check", "--format", "json"],
    );
    assert_eq!(code, 0);
    insta::assert_snapshot!("check_no_manifest_json", out);
}

#[test]
fn passes_once_the_twin_answers_the_row() {
    let root = Root::fixture("cases/twin-over-plan");
    // The console's policy answers the keys the case has no row for, which
    // the gate would otherwise count as owed.
    root.config(common::POLICY_OF_THE_MISSING);
    let (code, out, err) = run(&root, &["decisions", "twin-over-plan", "check"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("check_twin_over_plan_text", out);
}

#[test]
fn crlf_plan_refuses_for_phase_2() {
    let root = Root::fixture("cases/crlf");
    root.config(common::POLICY_OF_THE_MISSING);
    let plan = root.path().join("docs/plans/crlf.md");
    let text = std::fs::read_to_string(&plan).expect("the plan");
    std::fs::write(&plan, text.replace('\n', "\r\n")).expect("write CRLF");
    let (code, out, _) = run(&root, &["decisions", "crlf", "--phase", "1", "check"]);
    assert_eq!(code, 0, "{out}");
    // Without --phase every view is judged, and phase 2's owes `waits`.
    let (code, out, _) = run(&root, &["decisions", "crlf", "check"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("  - phase 2: waits: outstanding and blocking, owed by kiln-tech"),
        "{out}"
    );
    let (code, out, _) = run(&root, &["decisions", "crlf", "--phase", "2", "check"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("  - waits: outstanding and blocking, owed by kiln-tech"),
        "{out}"
    );
    assert!(!out.contains('\r'), "{out:?}");
}

#[test]
fn no_phase_column_refuses_on_human_acts() {
    let root = Root::fixture("cases/no-phase-column");
    for view in [&[][..], &["--phase", "1"][..]] {
        let args = [&["decisions", "no-phase-column"][..], view, &["check"]].concat();
        let (code, out, _) = run(&root, &args);
        assert_eq!(code, 1);
        assert!(
            out.contains("  - human-acts: outstanding and blocking, owed by reading-room"),
            "{out}"
        );
    }
}

#[test]
fn usage_errors_exit_2_with_nothing_on_stdout() {
    let root = Root::fixture("example");
    let cases: [&[&str]; 8] = [
        &["decisions", "demo", "check", "--ack", "Relay"],
        &["decisions", "demo", "check", "--ack", ""],
        &["decisions", "demo", "check", "--ack"],
        &["decisions", "demo", "check", "--format", "tsv"],
        &["decisions", "demo", "check", "--value", "x"],
        &["decisions", "demo", "check", "--dry-run"],
        &["decisions", "demo", "check", "relay"],
        &["decisions", "demo", "--phase", "9", "check"],
    ];
    for args in cases {
        let (code, out, err) = run(&root, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(out, "", "{args:?}");
        assert!(!err.is_empty(), "{args:?}");
    }
    let (_, _, err) = run(
        &root,
        &["decisions", "demo", "check", "--ack", "re\u{200B}lay"],
    );
    assert!(err.contains("re\\u{200B}lay"), "{err}");
}

#[test]
fn missing_plan_is_exit_2() {
    let root = Root::new();
    let (code, out, err) = run(&root, &["decisions", "nowhere", "check"]);
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert!(err.contains("nowhere.md"), "{err}");
}

/// `check --format json` that cannot give a verdict (exit 2) still prints
/// JSON: the error object, with the message and the exit code.
#[test]
fn a_json_check_that_cannot_judge_prints_the_error_object() {
    let root = Root::fixture("example");
    for args in [
        &[
            "decisions",
            "demo",
            "check",
            "--format",
            "json",
            "--ack",
            "nokey",
        ][..],
        &["decisions", "nosuch", "check", "--format", "json"],
        &[
            "decisions",
            "demo",
            "--phase",
            "9",
            "check",
            "--format",
            "json",
        ],
    ] {
        let (code, out, err) = run(&root, args);
        assert_eq!(code, 2, "{args:?}");
        let json: serde_json::Value = serde_json::from_str(&out).expect("JSON on stdout");
        assert_eq!(json["verdict"], "error", "{out}");
        assert_eq!(json["error"]["exit"], 2, "{out}");
        assert!(!err.is_empty(), "the message stays on stderr too");
        let message = json["error"]["message"].as_str().unwrap_or("?");
        let root_path = root.path().display().to_string();
        assert!(err.replace(&root_path, "[ROOT]").contains(message), "{err}");
    }
}

/// The twin of a plan given by a path is found under that plan's own docs
/// root whatever folder the command runs in, so the verdict is the same
/// from anywhere and the advice it prints runs as printed; a plan outside
/// any `docs/plans/` folder is exit 2 asking for `--root` (SPEC §5.4).
#[test]
fn a_plan_given_by_path_is_judged_with_its_own_twin_from_any_folder() {
    let root = Root::fixture("cases/twin-over-plan");
    root.config(common::POLICY_OF_THE_MISSING);
    let elsewhere = tempfile::tempdir().expect("a folder to run in");
    let plan = root.path().join("docs/plans/twin-over-plan.md");
    // A decoy twin under the folder the command runs in must not count.
    let decoy = elsewhere.path().join("docs/handoffs/twin-over-plan");
    std::fs::create_dir_all(&decoy).expect("decoy folder");
    std::fs::write(
        decoy.join("decisions.md"),
        "## Decisions\n\n| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n| `relay` | | op | outstanding | yes | run |\n",
    )
    .expect("decoy twin");
    for cwd in [root.path(), elsewhere.path()] {
        let output = root
            .command()
            .current_dir(cwd)
            .env_remove("DOCS_ROOT")
            .args(["decisions"])
            .arg(&plan)
            .arg("check")
            .output()
            .expect("run planfile");
        assert_eq!(
            output.status.code(),
            Some(0),
            "from {}: {}{}",
            cwd.display(),
            stdout(&output),
            stderr(&output)
        );
    }

    let loose = elsewhere.path().join("twin-over-plan.md");
    std::fs::copy(&plan, &loose).expect("a plan outside docs/plans");
    let output = root
        .command()
        .current_dir(elsewhere.path())
        .env_remove("DOCS_ROOT")
        .args(["decisions"])
        .arg(&loose)
        .arg("check")
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("pass --root DIR"),
        "{}",
        stderr(&output)
    );
}

/// A two-phase plan with no plan-wide rows, whose phase rows answer the
/// keys the gate owes when no row decides them (`phase 1` all but those of
/// `lack_1`, phase 2 all but those of `lack_2`).
fn phase_scoped_plan(lack_1: &[&str], lack_2: &[&str]) -> String {
    let keys = [
        "permission.policy",
        "permission.destructive",
        "accounts",
        "human-acts",
    ];
    let mut rows = String::new();
    for (phase, lack) in [(1, lack_1), (2, lack_2)] {
        for key in keys.iter().filter(|k| !lack.contains(k)) {
            rows.push_str(&format!(
                "| `{key}` | settled for phase {phase} | keeper | answered | yes | plan | | {phase} |\n"
            ));
        }
    }
    format!(
        "---\nslug: lantern\nstatus: active\nphases: 2\n---\n\n# Lantern relight\n\n\
         ## Phase graph\n\n| Phase | Title | Depends on | Repos | Exit criteria |\n\
         |------:|-------|------------|-------|---------------|\n\
         | 1 | Wick | — | lamp | wick trimmed |\n| 2 | Glass | 1 | lamp | glass clean |\n\n\
         ## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n\
         |---|---|---|---|---|---|---|---|\n{rows}"
    )
}

#[test]
fn phase_rows_alone_can_decide_every_owed_key() {
    let root = Root::new();
    root.plan("lantern", &phase_scoped_plan(&[], &[]));
    let (code, out, _) = run(&root, &["decisions", "lantern", "check"]);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("no row decides it"), "{out}");
}

#[test]
fn a_key_no_row_decides_is_owed_by_the_phases_that_lack_it_and_no_other() {
    let root = Root::new();
    root.plan(
        "lantern",
        &phase_scoped_plan(&["accounts"], &["human-acts"]),
    );
    let (code, out, _) = run(&root, &["decisions", "lantern", "check"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("  - phase 1: accounts: no row decides it"),
        "{out}"
    );
    assert!(
        out.contains("  - phase 2: human-acts: no row decides it"),
        "{out}"
    );
    assert!(!out.contains("phase 2: accounts"), "{out}");
    assert!(!out.contains("permission.policy: no row"), "{out}");
    let (code, out, _) = run(&root, &["decisions", "lantern", "--phase", "1", "check"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("accounts: no row decides it"), "{out}");
    assert!(!out.contains("human-acts: no row decides it"), "{out}");
}

#[test]
fn two_plans_of_one_slug_in_different_folders_share_no_twin() {
    let root = Root::new();
    let plan = common::one_phase_plan_owing_nothing("p", "`true`");
    for folder in ["a", "b"] {
        let dir = root.path().join("docs/plans").join(folder);
        std::fs::create_dir_all(&dir).expect("the plan's folder");
        std::fs::write(dir.join("p.md"), &plan).expect("the plan");
    }
    for (plan, args) in [
        (
            "docs/plans/b/p.md",
            &["answer", "relay", "--value", "off"][..],
        ),
        ("docs/plans/a/p.md", &["check"][..]),
    ] {
        let mut all = vec!["decisions", plan];
        all.extend_from_slice(args);
        let (code, out, err) = run(&root, &all);
        assert_eq!(code, 2, "{plan}: {out}{err}");
        assert!(out.is_empty(), "{out}");
        assert!(
            err.contains("are plans with the slug p in different folders under docs/plans/"),
            "{err}"
        );
    }
    assert!(!root.path().join("docs/handoffs/p/decisions.md").exists());
}

#[test]
fn a_plan_in_a_sub_folder_is_named_by_its_slug_so_the_printed_advice_runs() {
    let root = Root::new();
    let dir = root.path().join("docs/plans/sub");
    std::fs::create_dir_all(&dir).expect("the sub-folder");
    let plan = common::one_phase_plan_owing_nothing("p", "`true`")
        + "| `relay` | | keeper | outstanding | yes | plan |\n";
    std::fs::write(dir.join("p.md"), plan).expect("the plan");
    let (code, out, err) = run(&root, &["decisions", "docs/plans/sub/p.md", "check"]);
    assert_eq!(code, 1, "{out}{err}");
    let advice = "answer it: planfile decisions p answer relay --value …";
    assert!(out.contains(advice), "{out}");
    let (code, out, err) = run(
        &root,
        &["decisions", "p", "answer", "relay", "--value", "off"],
    );
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, _) = run(&root, &["decisions", "p", "check"]);
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = run(&root, &["decisions", "docs/plans/sub/p.md", "check"]);
    assert_eq!(code, 0, "{out}");
}

/// A docs root with plan `g` (one phase, every key the gate owes answered,
/// `issues` answered `blocking no`) and a twin of `twin_rows`.
fn with_twin_rows(twin_rows: &str) -> Root {
    let root = Root::new();
    root.plan(
        "g",
        &(common::one_phase_plan_owing_nothing("g", "`test -s x`")
            + "| `issues` | off | crew | answered | no | plan |\n"),
    );
    root.twin(
        "g",
        &format!(
            "# Decisions — g\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n{twin_rows}"
        ),
    );
    root
}

#[test]
fn a_row_that_says_no_never_lends_its_key_a_blocking_it_does_not_say() {
    // Each twin row leaves `issues` outstanding without making it block: an
    // empty blocking cell over the plan's `no`; `no` over the plan's `no`;
    // an empty cell in phase 1 beside another key's blocking row there.
    for rows in [
        "| `issues` | | op | outstanding | | run | | — |\n",
        "| `issues` | | op | outstanding | no | run | | — |\n",
        "| `issues` | | op | outstanding | | run | | 1 |\n| `stop` | halt | op | answered | yes | run | e | 1 |\n",
    ] {
        let root = with_twin_rows(rows);
        let (code, out, err) = run(&root, &["decisions", "g", "check"]);
        assert_eq!(code, 0, "{rows}{out}{err}");
        assert!(out.starts_with("ok: g "), "{out}");
    }
    // The same row with `blocking yes` stops the start.
    let root = with_twin_rows("| `issues` | | op | outstanding | yes | run | | — |\n");
    let (code, out, _) = run(&root, &["decisions", "g", "check"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("issues: outstanding and blocking, owed by op"),
        "{out}"
    );
}
