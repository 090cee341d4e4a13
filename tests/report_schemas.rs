//! The machine-readable reports of `validate` checked against their
//! published formats (SPEC §6, §10.1): SARIF against the official SARIF
//! 2.1.0 schema, GitLab Code Quality against the fields GitLab reads, and
//! JUnit XML against the structure CI servers read. Each report is made
//! from `fixtures/lint-formats` (findings that gate, advisory findings on a
//! closed plan, a twin finding) plus a plan that cannot be read.

mod common;

use common::{Root, stderr};
use serde_json::Value;

/// The fixture docs root with a second, unreadable plan (Latin-1 bytes).
fn root_with_unreadable_plan() -> Root {
    let root = Root::fixture("lint-formats");
    std::fs::write(
        root.path().join("docs/plans/legacy.md"),
        b"---\nslug: legacy\n---\n\n# Caf\xe9 refit\n",
    )
    .expect("write the Latin-1 plan");
    root
}

fn report(root: &Root, format: &str) -> (i32, Vec<u8>) {
    let output = root
        .cmd()
        .args(["validate", "--format", format])
        .output()
        .expect("run planfile");
    assert!(!stderr(&output).contains("panicked"), "{}", stderr(&output));
    (output.status.code().unwrap_or(-1), output.stdout)
}

fn schema(name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/schemas")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(&path).expect("read the schema"))
        .expect("the schema is JSON")
}

/// Every error of `instance` against `schema`, one per line.
fn violations(schema: &Value, instance: &Value) -> Vec<String> {
    let validator = jsonschema::validator_for(schema).expect("a valid schema");
    validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn sarif_is_valid_against_the_sarif_2_1_0_schema() {
    let sarif = schema("sarif-schema-2.1.0.json");
    for root in [Root::fixture("lint-formats"), root_with_unreadable_plan()] {
        let (code, out) = report(&root, "sarif");
        let log: Value = serde_json::from_slice(&out).expect("SARIF is JSON");
        assert_eq!(violations(&sarif, &log), Vec::<String>::new());
        let invocation = &log["runs"][0]["invocations"][0];
        let unreadable = code == 2;
        assert_eq!(invocation["executionSuccessful"], !unreadable);
        let notes = invocation["toolExecutionNotifications"]
            .as_array()
            .expect("notifications");
        assert_eq!(notes.len(), usize::from(unreadable));
        if unreadable {
            assert_eq!(notes[0]["level"], "error");
            let location = &notes[0]["locations"][0]["physicalLocation"];
            assert_eq!(location["artifactLocation"]["uri"], "docs/plans/legacy.md");
            assert_eq!(location["region"]["startLine"], 5);
        }
    }
    // The validator does reject what the schema forbids.
    let (_, out) = report(&Root::fixture("lint-formats"), "sarif");
    let mut log: Value = serde_json::from_slice(&out).expect("SARIF is JSON");
    log["runs"][0]["results"][0]["level"] = Value::from("fatal");
    assert_eq!(violations(&sarif, &log).len(), 1);
}

#[test]
fn gitlab_report_has_the_fields_gitlab_reads() {
    let root = root_with_unreadable_plan();
    let (code, out) = report(&root, "gitlab");
    assert_eq!(code, 2);
    let issues: Value = serde_json::from_slice(&out).expect("JSON");
    assert_eq!(
        violations(&schema("gitlab-codequality.schema.json"), &issues),
        Vec::<String>::new()
    );
    let issues = issues.as_array().expect("an array");
    assert_eq!(issues.len(), 7, "six findings and the unreadable plan");
    let severity = |path: &str, line: u64| {
        issues
            .iter()
            .find(|i| i["location"]["path"] == path && i["location"]["lines"]["begin"] == line)
            .map(|i| i["severity"].clone())
    };
    assert_eq!(severity("docs/plans/alpha.md", 35), Some("major".into()));
    assert_eq!(severity("docs/plans/gamma.md", 28), Some("info".into()));
    assert_eq!(severity("docs/plans/legacy.md", 5), Some("critical".into()));
    assert_eq!(
        severity("docs/handoffs/alpha/decisions.md", 8),
        Some("major".into())
    );
    assert_eq!(issues[1]["check_name"], "F24/gate-date-invalid");
    let mut fingerprints: Vec<&str> = issues
        .iter()
        .map(|i| i["fingerprint"].as_str().expect("a string"))
        .collect();
    fingerprints.sort_unstable();
    fingerprints.dedup();
    assert_eq!(fingerprints.len(), issues.len(), "fingerprints are unique");

    // A line added above a finding moves it, and keeps its fingerprint.
    let plan = root.path().join("docs/plans/alpha.md");
    let text = std::fs::read_to_string(&plan).expect("read alpha");
    let moved = text.replacen("\n## Phases", "\nA new line of prose.\n\n## Phases", 1);
    assert_ne!(moved, text);
    std::fs::write(&plan, moved).expect("write alpha");
    let (_, again) = report(&root, "gitlab");
    let again: Value = serde_json::from_slice(&again).expect("JSON");
    assert_eq!(again[1]["location"]["lines"]["begin"], 37);
    assert_eq!(again[1]["fingerprint"], issues[1]["fingerprint"]);
}

#[test]
fn gitlab_fingerprints_tell_repeated_findings_apart() {
    let root = Root::new();
    let row = "| `budgets` | x | op | spent | no | plan |\n";
    root.plan(
        "twice",
        &format!(
            "---\nslug: twice\nstatus: active\nphases: 1\n---\n\n# Twice\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | Step | — | r |\n\n## Phases\n\n### Phase 1 — Step\n- **Verification:** `true`\n\n## Decisions\n\n| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n{row}{row}"
        ),
    );
    let (_, out) = report(&root, "gitlab");
    let issues: Value = serde_json::from_slice(&out).expect("JSON");
    let same: Vec<&Value> = issues
        .as_array()
        .expect("an array")
        .iter()
        .filter(|i| i["check_name"] == "F25/decision-state-unknown")
        .collect();
    assert_eq!(same.len(), 2, "{issues:#}");
    assert_eq!(same[0]["description"], same[1]["description"]);
    assert_ne!(same[0]["fingerprint"], same[1]["fingerprint"]);
}

/// The integer attribute `name` of `node`.
fn count(node: roxmltree::Node, name: &str) -> usize {
    node.attribute(name)
        .unwrap_or_else(|| panic!("<{}> has no {name}", node.tag_name().name()))
        .parse()
        .expect("a count")
}

#[test]
fn junit_report_has_the_structure_ci_servers_read() {
    let root = root_with_unreadable_plan();
    let (code, out) = report(&root, "junit");
    assert_eq!(code, 2);
    let xml = String::from_utf8(out).expect("UTF-8");
    assert!(
        xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"),
        "{xml}"
    );
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let suites_node = doc.root_element();
    assert_eq!(suites_node.tag_name().name(), "testsuites");
    let suites: Vec<roxmltree::Node> = suites_node.children().filter(|n| n.is_element()).collect();
    let names: Vec<&str> = suites
        .iter()
        .map(|s| s.attribute("name").expect("a suite name"))
        .collect();
    assert_eq!(
        names,
        [
            "docs/plans/alpha.md",
            "docs/plans/beta.md",
            "docs/plans/gamma.md",
            "docs/plans/legacy.md"
        ]
    );
    let mut totals = [0; 4];
    for suite in &suites {
        assert_eq!(suite.tag_name().name(), "testsuite");
        let cases: Vec<roxmltree::Node> = suite.children().filter(|n| n.is_element()).collect();
        let with = |child: &str| {
            cases
                .iter()
                .filter(|c| c.children().any(|n| n.has_tag_name(child)))
                .count()
        };
        let counted = [cases.len(), with("failure"), with("error"), with("skipped")];
        assert_eq!(
            counted,
            [
                count(*suite, "tests"),
                count(*suite, "failures"),
                count(*suite, "errors"),
                count(*suite, "skipped")
            ],
            "{}",
            names.join(" ")
        );
        for case in &cases {
            assert_eq!(case.tag_name().name(), "testcase");
            assert!(case.attribute("name").is_some_and(|n| !n.is_empty()));
            assert!(case.attribute("classname").is_some_and(|n| !n.is_empty()));
            for outcome in case.children().filter(|n| n.is_element()) {
                assert!(outcome.attribute("message").is_some(), "{outcome:?}");
            }
        }
        for (total, n) in totals.iter_mut().zip(counted) {
            *total += n;
        }
    }
    assert_eq!(
        totals,
        [
            count(suites_node, "tests"),
            count(suites_node, "failures"),
            count(suites_node, "errors"),
            count(suites_node, "skipped")
        ]
    );
    // alpha: four gating findings; beta: one passing case; gamma: two
    // findings of a closed plan, skipped; legacy: one error.
    assert_eq!(totals, [8, 4, 1, 2]);
    let alpha = suites[0];
    let first = alpha.children().find(|n| n.is_element()).expect("a case");
    assert_eq!(
        first.attribute("name"),
        Some("F25 decision-outstanding-unowned at 23:14")
    );
    let failure = first
        .children()
        .find(|n| n.has_tag_name("failure"))
        .expect("a failure");
    assert!(
        failure
            .text()
            .is_some_and(|t| t.starts_with("docs/plans/alpha.md:23:14: F25 ")),
        "{failure:?}"
    );
    let twin = alpha
        .children()
        .filter(|n| n.is_element())
        .find(|c| c.attribute("file") == Some("docs/handoffs/alpha/decisions.md"));
    assert!(twin.is_some(), "the twin's finding names the twin");
}
