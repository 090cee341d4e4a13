//! Every lint check of the registry against its fixtures
//! (`fixtures/lint/<check-name>/docs/plans/{fail,pass}.md`), where findings
//! point, and `planfile explain` for every registry entry.

mod common;

use common::{Root, stderr, stdout};
use planfile::lint::{CHECKS, Severity};
use serde_json::Value;

/// Runs `validate <slug> --format json` in `root`; the exit code and the
/// findings of the one plan.
fn findings(root: &Root, slug: &str) -> (i32, Vec<Value>) {
    root.findings(slug)
}

#[test]
fn every_check_fails_its_failing_fixture_and_passes_its_passing_one() {
    for check in CHECKS {
        let root = Root::fixture(&format!("lint/{}", check.name));
        let (code, fail) = findings(&root, "fail");
        let gating = check.severity == Severity::Gating;
        assert_eq!(
            code,
            i32::from(gating),
            "{}: the failing fixture must exit 1 (0 for an advisory)",
            check.name
        );
        assert!(!fail.is_empty(), "{}: no finding", check.name);
        for f in &fail {
            assert_eq!(
                f["name"], check.name,
                "{}: the failing fixture has another finding: {f}",
                check.name
            );
            assert_eq!(f["code"], check.code, "{}", check.name);
            assert_eq!(f["severity"], check.severity.as_str(), "{}", check.name);
            assert_eq!(f["gating"], gating, "{}", check.name);
        }
        let (code, pass) = findings(&root, "pass");
        assert_eq!(
            (code, pass.len()),
            (0, 0),
            "{}: the passing fixture must be clean: {pass:?}",
            check.name
        );
    }
}

/// The concise findings of every failing fixture, one block per check: the
/// message wording and where each finding points, reviewed as a snapshot.
#[test]
fn failing_fixture_findings() {
    let mut all = String::new();
    for check in CHECKS {
        let root = Root::fixture(&format!("lint/{}", check.name));
        let output = root
            .cmd()
            .args(["validate", "fail", "--format", "concise"])
            .output()
            .expect("run planfile");
        all.push_str(&format!("## {}\n{}\n", check.name, stdout(&output)));
    }
    insta::assert_snapshot!(all);
}

#[test]
fn findings_point_where_spec_says() {
    let root = Root::new();
    root.plan(
        "pointers",
        "---\nslug: pointers\nstatus: active\nphases: 2\n---\n\n# Pointers\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | One *(GATED)* | — | r |\n| 2 | Two | 1 | r |\n\n## Decisions\n\n| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n| `relay` | off | op | later | no | plan |\n\n## Phases\n\n### Phase 1 — One *(GATED)*\n- **Goal:** one.\n\n### Phase 2 — Two\n- **Goal:** two.\n- **Gate-check:** manual\n- **Verification:** it works\n",
    );
    let (code, fs) = findings(&root, "pointers");
    assert_eq!(code, 1);
    let at = |name: &str| -> Vec<(u64, u64)> {
        fs.iter()
            .filter(|f| f["name"] == name)
            .map(|f| {
                (
                    f["line"].as_u64().unwrap_or(0),
                    f["column"].as_u64().unwrap_or(0),
                )
            })
            .collect()
    };
    // F14: at the heading when there is no Verification bullet, else at it.
    assert_eq!(at("verification-empty-open"), vec![(24, 1), (30, 1)]);
    // F24: at the heading for a missing Gate-check, at the bullet otherwise.
    assert_eq!(at("gate-directive-missing"), vec![(24, 1)]);
    assert_eq!(at("gate-check-unmarked"), vec![(29, 1)]);
    // F25: at the row, in the offending cell.
    assert_eq!(at("decision-state-unknown"), vec![(20, 24)]);
}

#[test]
fn graph_heading_missing_is_reported_by_validate_and_by_lint() {
    let root = Root::new();
    root.plan(
        "no-graph",
        "---\nslug: no-graph\nstatus: active\n---\n\n# No graph here\n\nJust prose.\n",
    );
    let (code, fs) = findings(&root, "no-graph");
    assert_eq!(code, 1);
    assert_eq!(fs.len(), 1);
    assert_eq!(fs[0]["name"], "graph-table-missing");
    assert_eq!(fs[0]["line"], 1);
    let output = root
        .cmd()
        .args(["phase-graph", "no-graph", "--lint"])
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "{}\nLINT FAIL: no-graph (1 issue[s])\n",
            fs[0]["message"].as_str().unwrap_or("")
        )
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn crlf_plan_lints_like_lf() {
    let root = Root::fixture("cases/crlf");
    let path = root.path().join("docs/plans/crlf.md");
    let text = std::fs::read_to_string(&path).expect("read the plan");
    std::fs::write(&path, text.replace('\n', "\r\n")).expect("write CRLF");
    let output = root
        .cmd()
        .args(["phase-graph", "crlf", "--lint"])
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "LINT OK: crlf — 2 phases, well-formed and acyclic\n"
    );
}

#[test]
fn twin_rows_name_decisions_md_and_their_phase() {
    let root = Root::fixture("lint/decision-outstanding-unowned");
    let output = root
        .cmd()
        .args(["phase-graph", "fail", "--lint"])
        .output()
        .expect("run planfile");
    let err = stderr(&output);
    assert!(
        err.lines().any(|l| l.starts_with(
            "decision row `relay` in decisions.md (phase 2): decision-outstanding-unowned — "
        )),
        "{err}"
    );
    assert!(
        err.lines().any(|l| l.starts_with(
            "decision row `waits` in the plan (phase 2): decision-outstanding-unowned — "
        )),
        "{err}"
    );
    assert!(err.ends_with("LINT FAIL: fail (2 issue[s])\n"), "{err}");
}

#[test]
fn explain_prints_every_checks_documentation() {
    let root = Root::new();
    for check in CHECKS {
        let output = root
            .cmd()
            .args(["explain", check.name])
            .output()
            .expect("run planfile");
        assert_eq!(output.status.code(), Some(0), "{}", check.name);
        let text = stdout(&output);
        assert_eq!(
            text,
            format!("{}\n", check.docs.trim_end()),
            "{}",
            check.name
        );
        for section in [
            "## What it looks for",
            "## Why it matters",
            "## Failing example",
            "## Passing example",
        ] {
            assert!(text.contains(section), "{} lacks {section}", check.name);
        }
        let by_code = root
            .cmd()
            .args(["explain", &check.code.to_lowercase()])
            .output()
            .expect("run planfile");
        assert!(
            stdout(&by_code).contains(check.docs.trim_end()),
            "explain {} lacks {}",
            check.code,
            check.name
        );
    }
}

#[test]
fn explain_lists_every_check() {
    let root = Root::new();
    let output = root.cmd().arg("explain").output().expect("run planfile");
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert_eq!(text.lines().count(), CHECKS.len());
    for (line, check) in text.lines().zip(CHECKS) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            &words[..3],
            &[check.code, check.name, check.severity.as_str()],
            "{line}"
        );
        assert!(line.ends_with(check.summary()), "{line}");
    }
    insta::assert_snapshot!(text);
}

#[test]
fn explain_unknown_check_is_a_usage_error() {
    let root = Root::new();
    let output = root
        .cmd()
        .args(["explain", "F99"])
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("\"F99\""));
    assert!(stdout(&output).is_empty());
}

/// The lint outcome `fixtures/cases/README.md` documents for each edge
/// case: clean, except the four cases it names.
#[test]
fn decision_table_edge_cases_lint_as_documented() {
    let expected: &[(&str, &[&str])] = &[
        (
            "equal-rank-later-wins",
            &["decision-row-duplicate", "decision-row-duplicate"],
        ),
        (
            "phase-cell-variants",
            &["phase-number-zero-padded", "decision-phase-invalid"],
        ),
        ("unknown-keys-order", &["decision-key-unknown"; 5]),
        (
            "markup-stripping",
            &[
                "decision-word-style",
                "decision-word-style",
                "decision-word-style",
                "decision-word-style",
                "decision-word-style",
                "decision-word-style",
                "decision-word-style",
                "decision-word-style",
                "decision-word-style",
                "decision-word-style",
                "decision-word-style",
                "decision-blocking-invalid",
                "decision-word-style",
            ],
        ),
    ];
    let cases = common::fixtures().join("cases");
    let mut seen = 0;
    for entry in std::fs::read_dir(&cases).expect("fixtures/cases") {
        let entry = entry.expect("an entry");
        if !entry.path().is_dir() {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        let root = Root::fixture(&format!("cases/{name}"));
        let (code, found) = findings(&root, &name);
        let names: Vec<&str> = found.iter().filter_map(|f| f["name"].as_str()).collect();
        let want = expected
            .iter()
            .find(|(case, _)| *case == name)
            .map(|(_, names)| names.to_vec())
            .unwrap_or_default();
        assert_eq!(names, want, "{name}");
        let gating = found.iter().any(|f| f["gating"] == true);
        assert_eq!(code, i32::from(gating), "{name}");
        seen += 1;
    }
    assert!(seen >= 20, "only {seen} cases");
}
