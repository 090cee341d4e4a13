//! Every lint check of the registry against its fixtures
//! (`fixtures/lint/<check-name>/docs/plans/{fail,pass}.md`), where findings
//! point, and `planfile explain` for every registry entry.
//!
//! A check that reads the console's environment (F15, F17, F36) finds it
//! in the fixture's `env` file: one `NAME=value` line per variable, where
//! `{root}` stands for the copy of the fixture (so `PATH={root}/bin` is
//! the fixture's folder of stub programs). Every other variable of the
//! console is unset, and so is `PATH` unless the file sets it.

mod common;

use common::{Root, stderr, stdout};
use planfile::lint::{CHECKS, Severity};
use serde_json::Value;

/// Runs `validate <slug> --format json` in `root`; the exit code and the
/// findings of the one plan.
fn findings(root: &Root, slug: &str) -> (i32, Vec<Value>) {
    root.findings(slug)
}

/// A copy of the fixture of `check` and the environment its `env` file
/// gives, `{root}` replaced by the copy's path.
fn fixture(check: &str) -> (Root, Vec<(String, String)>) {
    let root = Root::fixture(&format!("lint/{check}"));
    let text = std::fs::read_to_string(common::fixtures().join("lint").join(check).join("env"))
        .unwrap_or_default();
    let at = root.path().display().to_string();
    let env = text
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_string(), v.replace("{root}", &at)))
        .collect();
    (root, env)
}

/// `validate <slug> --format <format>` in the copy of a fixture, with its
/// environment.
fn validate(
    root: &Root,
    env: &[(String, String)],
    slug: &str,
    format: &str,
) -> std::process::Output {
    // A fixture with no plan of that name holds its twin (twin-orphan):
    // the twin is named, as pre-commit names a staged file.
    let twin = format!("docs/handoffs/{slug}/decisions.md");
    let plan = root.path().join(format!("docs/plans/{slug}.md"));
    let arg = if !plan.exists() && root.path().join(&twin).exists() {
        twin.as_str()
    } else {
        slug
    };
    root.cmd()
        .envs(env.iter().map(|(k, v)| (k, v)))
        .args(["validate", arg, "--format", format])
        .output()
        .expect("run planfile")
}

/// The exit code and the JSON findings of `validate <slug>` in a fixture.
fn fixture_findings(root: &Root, env: &[(String, String)], slug: &str) -> (i32, Vec<Value>) {
    let output = validate(root, env, slug, "json");
    let doc: Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("validate {slug}: {e}; stderr: {}", stderr(&output)));
    let found = doc["plans"][0]["findings"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    (output.status.code().unwrap_or(-1), found)
}

#[test]
fn every_check_fails_its_failing_fixture_and_passes_its_passing_one() {
    for check in CHECKS {
        let (root, env) = fixture(check.name);
        let (code, fail) = fixture_findings(&root, &env, "fail");
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
        let (code, pass) = fixture_findings(&root, &env, "pass");
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
/// The copy's path (which F33 names) reads `[ROOT]`.
#[test]
fn failing_fixture_findings() {
    let mut all = String::new();
    for check in CHECKS {
        let (root, env) = fixture(check.name);
        let output = validate(&root, &env, "fail", "concise");
        let physical = std::fs::canonicalize(root.path()).expect("the copy's path");
        let text = stdout(&output).replace(&physical.display().to_string(), "[ROOT]");
        all.push_str(&format!("## {}\n{}\n", check.name, text));
    }
    insta::assert_snapshot!(all);
}

/// Without the console's environment, the checks that read it say nothing:
/// unset means "no console here".
#[test]
fn checks_of_the_console_are_silent_without_its_environment() {
    for name in [
        "mcp-server-unregistered",
        "credential-unregistered",
        "account-unregistered",
        "wait-window-short",
        "verification-lead-missing",
    ] {
        let (root, _) = fixture(name);
        let (code, found) = fixture_findings(&root, &[], "fail");
        assert_eq!((code, found.len()), (0, 0), "{name}: {found:?}");
    }
}

/// Set but empty is an answer: nothing is registered, so every named
/// server, credential and account is reported.
#[test]
fn an_empty_console_list_registers_nothing() {
    for (name, var, count) in [
        ("mcp-server-unregistered", "PE_MCP_SERVERS", 1),
        ("credential-unregistered", "PE_CREDENTIALS", 1),
        ("account-unregistered", "PE_ACCOUNTS", 1),
    ] {
        let (root, _) = fixture(name);
        let env = vec![(var.to_string(), String::new())];
        let (_, found) = fixture_findings(&root, &env, "pass");
        assert_eq!(found.len(), count, "{name}: {found:?}");
    }
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
/// case: clean, except the cases it names.
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
        ("empty-key-skipped", &["decision-table-malformed"; 3]),
        ("decisions-log-heading", &["decision-table-unread"]),
        ("phase-header-near-miss", &["decision-table-malformed"]),
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
        // The cases hold the rows of the rule they exercise, not every key
        // the gate owes: the console's policy answers those
        // (`decision-key-missing` has fixtures of its own).
        root.config(common::POLICY_OF_THE_MISSING);
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

#[test]
fn a_misspelled_state_or_source_names_the_word_it_is_likely_meant_to_be() {
    let root = Root::new();
    root.plan(
        "typos",
        "---\nslug: typos\nstatus: active\nphases: 1\n---\n\n# Typos\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | One | — | r |\n\n## Decisions\n\n| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n| `relay` | off | op | Outstandng. | no | plan |\n| `stop` | halt | op | answered | no | rulng |\n| `announce` | none | op | later | no | plan |\n\n## Phases\n\n### Phase 1 — One\n- **Verification:** `true`\n",
    );
    let (_, fs) = findings(&root, "typos");
    let message = |name: &str, row: &str| -> String {
        fs.iter()
            .filter(|f| f["name"] == name)
            .filter_map(|f| f["message"].as_str())
            .find(|m| m.contains(row))
            .unwrap_or_default()
            .to_string()
    };
    let state = message("decision-state-unknown", "`relay`");
    assert!(state.ends_with("; did you mean `outstanding`?"), "{state}");
    let source = message("decision-source-unknown", "`stop`");
    assert!(source.ends_with("; did you mean `ruling`?"), "{source}");
    // No hint for a word that is near none of them.
    let far = message("decision-state-unknown", "`announce`");
    assert!(far.ends_with("answered outstanding waived"), "{far}");
}

/// On `phase-graph --lint`, the lines of F26, F27, F29, F31 and F37 end
/// with their code in parentheses, where the reference puts it and its
/// tests and scripts grep for it (SPEC-PARITY.md section G); the lines of
/// other checks do not. Reviewed as a snapshot.
#[test]
fn lint_lines_end_with_the_reference_code_tag() {
    let mut all = String::new();
    for check in CHECKS
        .iter()
        .filter(|c| ["F26", "F27", "F29", "F31", "F37"].contains(&c.code))
        .filter(|c| c.severity == Severity::Gating)
    {
        let (root, env) = fixture(check.name);
        let output = root
            .cmd()
            .envs(env.iter().map(|(k, v)| (k, v)))
            .args(["phase-graph", "fail", "--lint"])
            .output()
            .expect("run planfile");
        let err = stderr(&output);
        let lines: Vec<&str> = err.lines().filter(|l| l.contains(check.name)).collect();
        assert!(!lines.is_empty(), "{}: {err}", check.name);
        let tag = format!(" ({})", check.code);
        for line in &lines {
            assert!(line.ends_with(&tag), "{}: {line}", check.name);
        }
        all.push_str(&format!("## {}\n{}\n\n", check.name, lines.join("\n")));
    }
    // A check outside the set keeps its line as it is.
    let (root, env) = fixture("gate-type-unknown");
    let output = root
        .cmd()
        .envs(env.iter().map(|(k, v)| (k, v)))
        .args(["phase-graph", "fail", "--lint"])
        .output()
        .expect("run planfile");
    assert!(
        stderr(&output)
            .lines()
            .filter(|l| l.contains("gate-type-unknown"))
            .all(|l| !l.ends_with(" (F24)")),
        "{}",
        stderr(&output)
    );
    insta::assert_snapshot!(all);
}

#[test]
fn a_backticked_gate_check_is_read_as_the_engine_reads_it() {
    // `- **Gate-check:** `phases 1, later`` is a `phases` gate naming
    // "later" (F24 gate-phase-unknown), as the board's gate reads it; the
    // backtick is not part of the type.
    let root = Root::new();
    root.plan(
        "tick",
        "---\nslug: tick\nstatus: active\nphases: 2\n---\n\n# Tick\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos | Exit criteria |\n|---|---|---|---|---|\n| 1 | One | — | a | done |\n| 2 | Two *(GATED)* | 1 | a | done |\n\n## Phases\n\n### Phase 1 — One\n- **Verification:** `true`\n\n### Phase 2 — Two *(GATED)*\n- **Gate-check:** `phases 1, later`\n- **Verification:** `true`\n",
    );
    let (_, found) = findings(&root, "tick");
    let names: Vec<&str> = found.iter().filter_map(|f| f["name"].as_str()).collect();
    assert!(names.contains(&"gate-phase-unknown"), "{names:?}");
    assert!(!names.contains(&"gate-type-unknown"), "{names:?}");
    let out = root.run(["phase-graph", "tick", "--gate-status", "2"]);
    assert_eq!(common::stdout(&out), "blocked: waiting on phase(s) 1\n");
}
