//! `planfile validate` and `phase-graph --lint` as a user meets them:
//! `planfile.toml`, closed plans, exit codes on bad input, and the order of
//! plans validated in parallel.

mod common;

use common::{Root, stderr, stdout};
use serde_json::Value;

/// A small clean plan with slug `slug` and `status`.
fn plan_text(slug: &str, status: &str, verification: &str) -> String {
    format!(
        "---\nslug: {slug}\nstatus: {status}\nphases: 1\n---\n\n# {slug}\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | Only | — | r |\n\n## Phases\n\n### Phase 1 — Only\n- **Verification:** {verification}\n"
    )
}

fn run(root: &Root, args: &[&str]) -> std::process::Output {
    root.cmd().args(args).output().expect("run planfile")
}

#[test]
fn advisory_checks_print_but_do_not_fail() {
    let root = Root::fixture("lint/gate-date-invalid");
    std::fs::write(
        root.path().join("planfile.toml"),
        "# CI settings\n[lint]\nadvisory = [\"gate-date-invalid\"]\n",
    )
    .expect("write planfile.toml");
    let output = run(&root, &["validate", "fail", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let doc: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let findings = doc["plans"][0]["findings"].as_array().expect("findings");
    assert_eq!(findings.len(), 1);
    for f in findings {
        assert_eq!(f["severity"], "advisory");
        assert_eq!(f["gating"], false);
    }

    let output = run(&root, &["phase-graph", "fail", "--lint"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "LINT OK: fail — 3 phases, well-formed and acyclic\n"
    );
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.lines()
            .all(|l| l.contains("gate-date-invalid") && l.ends_with("(advisory, not gating)")),
        "{err}"
    );

    let output = run(&root, &["validate", "fail", "--format", "github"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).lines().all(|l| l.starts_with("::warning ")));
}

#[test]
fn advisory_by_code_covers_every_check_of_the_code() {
    let root = Root::fixture("lint/gate-phase-self");
    std::fs::write(
        root.path().join("planfile.toml"),
        "[lint]\nadvisory = [\"f24\"]\n",
    )
    .expect("write planfile.toml");
    let output = run(&root, &["validate", "fail", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).contains("F24 gate-phase-self"));
}

#[test]
fn config_unknown_field_is_exit_2_naming_file_and_line() {
    let root = Root::fixture("lint/decision-row-duplicate");
    std::fs::write(
        root.path().join("planfile.toml"),
        "[lint]\nadvisory = []\nfail-fast = true\n",
    )
    .expect("write planfile.toml");
    for args in [
        &["validate", "fail"][..],
        &["phase-graph", "fail", "--lint"][..],
    ] {
        let output = run(&root, args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert!(err.contains("planfile.toml:3: "), "{err}");
        assert!(err.contains("fail-fast"), "{err}");
        assert!(stdout(&output).is_empty());
    }
}

#[test]
fn config_unknown_check_and_bad_value_are_exit_2() {
    let root = Root::fixture("lint/decision-row-duplicate");
    let cases = [
        (
            "[lint]\nadvisory = [\n  \"gate-date-invalid\",\n  \"row-dupes\",\n]\n",
            "planfile.toml:4: ",
        ),
        ("[lint]\nadvisory = \"F25\"\n", "planfile.toml:2: "),
        ("[checks]\n", "planfile.toml:1: "),
    ];
    for (text, place) in cases {
        std::fs::write(root.path().join("planfile.toml"), text).expect("write planfile.toml");
        let output = run(&root, &["validate", "fail"]);
        assert_eq!(output.status.code(), Some(2), "{text}");
        assert!(
            stderr(&output).contains(place),
            "{text}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn closed_plans_are_linted_but_never_fail() {
    for status in ["complete", "Abandoned — out of budget", "SUPERSEDED by v2"] {
        let root = Root::new();
        root.plan("shed", &plan_text("shed", status, "it stands up"));
        let output = run(&root, &["validate", "--format", "json"]);
        assert_eq!(output.status.code(), Some(0), "{status}");
        let doc: Value = serde_json::from_slice(&output.stdout).expect("JSON");
        assert_eq!(doc["plans"][0]["closed"], true);
        assert_eq!(
            doc["plans"][0]["findings"][0]["name"],
            "verification-empty-open"
        );
        assert_eq!(doc["plans"][0]["findings"][0]["gating"], false);

        let output = run(&root, &["phase-graph", "shed", "--lint"]);
        assert_eq!(output.status.code(), Some(0), "{status}");
        assert_eq!(
            stdout(&output),
            "LINT OK (closed): shed — 1 issue[s] noted, not gating\n"
        );
        assert!(stderr(&output).starts_with("phase 1: verification-empty-open — "));
    }
    let root = Root::new();
    root.plan("shed", &plan_text("shed", "complete", "`test -s shed.log`"));
    let output = run(&root, &["phase-graph", "shed", "--lint"]);
    assert_eq!(
        stdout(&output),
        "LINT OK (closed): shed — 1 phases, well-formed and acyclic\n"
    );
    assert_eq!(stderr(&output), "");

    let root = Root::new();
    root.plan("shed", &plan_text("shed", "active", "it stands up"));
    let output = run(&root, &["validate"]);
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn non_utf8_plan_is_exit_2_naming_the_file() {
    let root = Root::new();
    root.plan("good", &plan_text("good", "active", "`true`"));
    let mut bytes = plan_text("latin", "active", "`true`").into_bytes();
    bytes.extend_from_slice(b"Caf\xe9\n");
    std::fs::write(root.path().join("docs/plans/latin.md"), bytes).expect("write");
    let output = run(&root, &["validate", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(err.contains("latin.md:19: "), "{err}");
    assert!(err.contains("UTF-8"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn missing_plan_invalid_slug_and_no_plans_folder_are_exit_2() {
    let root = Root::new();
    let output = run(&root, &["validate", "nope"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).contains("nope.md"));

    let output = run(&root, &["validate", "../etc"]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(err.contains("\"../etc\": no such file or folder"), "{err}");
    assert!(err.contains("validate takes plan slugs"), "{err}");

    let empty = tempfile::tempdir().expect("a temporary folder");
    let output = root
        .cmd()
        .current_dir(empty.path())
        .env("DOCS_ROOT", empty.path())
        .arg("validate")
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no such folder"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn no_plans_is_clean() {
    let root = Root::new();
    let output = run(&root, &["validate"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stderr(&output), "0 plans checked: no findings\n");
}

#[test]
fn missing_plan_for_lint_is_exit_1() {
    let root = Root::new();
    let output = run(&root, &["phase-graph", "nope", "--lint"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("nope.md"));
    assert!(stdout(&output).is_empty());
}

/// Many plans validated in parallel print exactly what validating each one
/// alone prints, in name order.
#[test]
fn parallel_validation_prints_in_name_order() {
    let root = Root::new();
    let mut expected = String::new();
    let mut slugs: Vec<String> = (0..24)
        .map(|i| format!("plan-{:02}", (i * 7) % 24))
        .collect();
    for slug in &slugs {
        let verification = if slug.ends_with(['1', '4', '7']) {
            "by eye"
        } else {
            "`true`"
        };
        root.plan(slug, &plan_text(slug, "active", verification));
    }
    slugs.sort();
    for slug in &slugs {
        expected.push_str(&stdout(&run(
            &root,
            &["validate", slug, "--format", "concise"],
        )));
    }
    let output = run(&root, &["validate", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), expected);
    assert!(!expected.is_empty());
}

#[test]
fn validate_accepts_a_plan_path() {
    let root = Root::fixture("lint-formats");
    let output = run(
        &root,
        &["validate", "docs/plans/beta.md", "--format", "concise"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let output = run(
        &root,
        &["validate", "docs/plans/gamma.md", "--format", "concise"],
    );
    assert!(stdout(&output).starts_with("docs/plans/gamma.md:19:45: F25 "));
}

/// A `### Phase 1 decisions` heading written before the phase's real block
/// is a second block for the phase (`phase-block-duplicate`, gating), found
/// at the real block: which of the two a reader takes is a guess.
#[test]
fn a_phase_decisions_heading_before_the_real_block_is_a_duplicate_block() {
    let root = Root::new();
    let clean = plan_text("dup", "active", "`test -s out.log`");
    root.plan("dup", &clean);
    let output = run(&root, &["validate", "dup", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));

    let text = clean.replace(
        "## Phases\n\n",
        "## Phases\n\n### Phase 1 decisions\n\nThe crew decides on the day.\n\n",
    );
    root.plan("dup", &text);
    let output = run(&root, &["validate", "dup", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
    let out = stdout(&output);
    let real = text
        .lines()
        .position(|l| l == "### Phase 1 — Only")
        .map(|i| i + 1)
        .unwrap_or_default();
    assert!(
        out.contains(&format!("dup.md:{real}:")) && out.contains("phase-block-duplicate"),
        "{out}"
    );
}
