//! The outputs of the lint (SPEC §6): every `validate --format`, the
//! reference `phase-graph --lint` verdicts, SARIF's required fields, and
//! GitHub's escaping. Runs in a copy of `fixtures/lint-formats` (plans
//! `alpha` with findings in the plan and the twin, `beta` clean, `gamma`
//! closed with findings) with the docs root as the working directory, so
//! paths in the outputs are relative and stable.

mod common;

use common::{Root, stderr, stdout};
use serde_json::Value;

fn validate(root: &Root, args: &[&str]) -> std::process::Output {
    root.cmd()
        .arg("validate")
        .args(args)
        .output()
        .expect("run planfile")
}

#[test]
fn human_format() {
    let root = Root::fixture("lint-formats");
    let output = validate(&root, &[]);
    assert_eq!(output.status.code(), Some(1));
    let out = stdout(&output);
    assert!(!out.contains('\u{1b}'), "no colour when not a terminal");
    insta::assert_snapshot!(out);
    assert_eq!(
        stderr(&output),
        "3 plans checked: 6 findings (4 gating) in 2 plans\n"
    );
}

#[test]
fn human_summary_of_a_clean_plan() {
    let root = Root::fixture("lint-formats");
    let output = validate(&root, &["beta"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "");
    assert_eq!(stderr(&output), "1 plan checked: no findings\n");
}

#[test]
fn concise_format() {
    let root = Root::fixture("lint-formats");
    let output = validate(&root, &["--format", "concise"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output), "");
    insta::assert_snapshot!(stdout(&output));
}

#[test]
fn json_format() {
    let root = Root::fixture("lint-formats");
    let output = validate(&root, &["--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    insta::assert_json_snapshot!(doc);
}

#[test]
fn github_format() {
    let root = Root::fixture("lint-formats");
    let output = validate(&root, &["--format", "github"]);
    assert_eq!(output.status.code(), Some(1));
    let out = stdout(&output);
    assert_eq!(out.lines().filter(|l| l.starts_with("::error ")).count(), 4);
    assert_eq!(
        out.lines().filter(|l| l.starts_with("::warning ")).count(),
        2
    );
    insta::assert_snapshot!(out);
}

/// The SARIF log with the parts that change with every release (the
/// version, the rules' documentation) reduced to what the snapshot reviews.
#[test]
fn sarif_format() {
    let root = Root::fixture("lint-formats");
    let output = validate(&root, &["--format", "sarif"]);
    assert_eq!(output.status.code(), Some(1));
    let mut doc: Value = serde_json::from_slice(&output.stdout).expect("SARIF is JSON");
    let driver = &mut doc["runs"][0]["tool"]["driver"];
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    driver["version"] = Value::from("[version]");
    let ids: Vec<Value> = driver["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .map(|r| r["id"].clone())
        .collect();
    driver["rules"] = Value::from(ids);
    insta::assert_json_snapshot!(doc);
}

#[test]
fn sarif_has_the_required_fields() {
    let root = Root::fixture("lint-formats");
    let output = validate(&root, &["--format", "sarif"]);
    let doc: Value = serde_json::from_slice(&output.stdout).expect("SARIF is JSON");
    assert!(doc["$schema"].as_str().is_some_and(|s| s.contains("sarif")));
    assert_eq!(doc["version"], "2.1.0");
    let run = &doc["runs"][0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "planfile");
    assert!(driver["version"].as_str().is_some_and(|v| !v.is_empty()));
    assert!(
        driver["informationUri"]
            .as_str()
            .is_some_and(|u| u.contains(':'))
    );
    let rules = driver["rules"].as_array().expect("rules");
    assert_eq!(rules.len(), planfile::lint::CHECKS.len());
    for rule in rules {
        for field in ["id", "name"] {
            assert!(
                rule[field].as_str().is_some_and(|s| !s.is_empty()),
                "{rule}"
            );
        }
        for field in ["shortDescription", "fullDescription", "help"] {
            assert!(
                rule[field]["text"].as_str().is_some_and(|s| !s.is_empty()),
                "{field} of {}",
                rule["id"]
            );
        }
    }
    let results = run["results"].as_array().expect("results");
    assert_eq!(results.len(), 6);
    for result in results {
        let id = result["ruleId"].as_str().expect("ruleId");
        let index = result["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[index]["id"], id);
        assert!(matches!(
            result["level"].as_str(),
            Some("error" | "warning")
        ));
        assert!(result["message"]["text"].as_str().is_some());
        let location = &result["locations"][0]["physicalLocation"];
        let uri = location["artifactLocation"]["uri"].as_str().expect("uri");
        assert!(uri.starts_with("docs/"), "{uri}");
        assert!(
            location["region"]["startLine"]
                .as_u64()
                .is_some_and(|l| l > 0)
        );
        assert!(
            location["region"]["startColumn"]
                .as_u64()
                .is_some_and(|c| c > 0)
        );
    }
}

#[test]
fn github_escapes_messages_and_properties() {
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    let docs_root = root.path().join("farm,yard:2026");
    std::fs::create_dir_all(docs_root.join("docs/plans")).expect("docs/plans");
    std::fs::write(
        docs_root.join("docs/plans/rates.md"),
        "---\nslug: rates\nstatus: active\nphases: 1\n---\n\n# Rates\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | Feed | — | farm |\n\n## Decisions\n\n| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n| `50%` | half | op | answered | no | plan |\n\n## Phases\n\n### Phase 1 — Feed\n- **Verification:** `test -s feed.log`\n",
    )
    .expect("write the plan");
    let output = root
        .cmd()
        .env_remove("DOCS_ROOT")
        .args([
            "validate",
            "farm,yard:2026/docs/plans/rates.md",
            "--format",
            "github",
        ])
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        out.starts_with(
            "::error file=farm%2Cyard%3A2026/docs/plans/rates.md,line=19,col=3,title=F25 decision-key-unknown::decision row `50%25` in the plan: decision-key-unknown — "
        ),
        "{out}"
    );
    assert_eq!(out.lines().count(), 1);
}

#[test]
fn lint_reference_verdicts() {
    let root = Root::fixture("lint-formats");
    let run = |slug: &str| {
        let output = root
            .cmd()
            .args(["phase-graph", slug, "--lint"])
            .output()
            .expect("run planfile");
        format!(
            "$ planfile phase-graph {slug} --lint  (exit {})\n--- stdout\n{}--- stderr\n{}",
            output.status.code().unwrap_or(-1),
            stdout(&output),
            stderr(&output)
        )
    };
    let all = ["alpha", "beta", "gamma"].map(run).join("\n");
    insta::assert_snapshot!(all);
}

#[test]
fn plans_print_in_argument_order() {
    let root = Root::fixture("lint-formats");
    let output = validate(&root, &["gamma", "alpha", "--format", "concise"]);
    let files: Vec<String> = stdout(&output)
        .lines()
        .map(|l| l.split(':').next().unwrap_or("").to_string())
        .collect();
    let first_alpha = files.iter().position(|f| f.contains("alpha"));
    let last_gamma = files.iter().rposition(|f| f.contains("gamma"));
    assert!(
        last_gamma < first_alpha,
        "gamma's findings come first: {files:?}"
    );
}

#[test]
fn unknown_format_is_a_usage_error() {
    let root = Root::fixture("lint-formats");
    let output = validate(&root, &["--format", "xml"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).is_empty());
}

/// The reference's advisories (SPEC §6.5): on `--lint` they come first, led
/// by their code, and never change the verdict or its count; every
/// `validate` format shows them as advisory, and they never fail it.
#[test]
fn reference_advisories_in_every_format() {
    let root = Root::new();
    let plan = |verification: &str| {
        format!(
            "---\nslug: yard\nstatus: active\nphases: 2\n---\n\n# Yard\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | Fence | — | yard |\n| 2 | Gate | 1 | yard |\n\n## Phases\n\n### Phase 1 — Fence\n- **Checkout:** release/2.0\n- **Verification:** `make fence`\n\n### Phase 2 — Gate\n- **Verification:** {verification}\n"
        )
    };
    root.plan("yard", &plan("the gate swings"));
    let output = root.run(["phase-graph", "yard", "--lint"]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    let heads: Vec<&str> = err
        .lines()
        .map(|l| l.split(" — ").next().unwrap_or(l))
        .collect();
    assert_eq!(
        heads,
        vec![
            "F35 phase 1: checkout-inert",
            "F18 phase 1: `make` is cwd-sensitive and the phase declares no **Verify in:**",
            "phase 2: verification-empty-open",
            "LINT FAIL: yard (1 issue[s])",
        ],
        "{err}"
    );

    root.plan("yard", &plan("`grep -q swings gate.log`"));
    let output = root.run(["phase-graph", "yard", "--lint"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "LINT OK: yard — 2 phases, well-formed and acyclic\n"
    );
    assert_eq!(stderr(&output).lines().count(), 2, "{}", stderr(&output));

    for (format, marker) in [
        ("human", "F35"),
        ("concise", "F35 checkout-inert: phase 1: checkout-inert"),
        ("json", "\"severity\": \"advisory\""),
        ("sarif", "\"level\": \"warning\""),
        ("github", "::warning file=docs/plans/yard.md,line=19"),
    ] {
        let output = validate(&root, &["yard", "--format", format]);
        assert_eq!(output.status.code(), Some(0), "{format}");
        let out = stdout(&output);
        assert!(out.contains(marker), "{format}: {out}");
        assert!(out.contains("verification-cwd-unpinned"), "{format}: {out}");
    }
}
