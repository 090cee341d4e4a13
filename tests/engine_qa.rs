//! `phase-graph <SLUG> --qa-mode [N]`, `--qa-result N`, `--qa-history N`
//! and `--qa-prompt N` (SPEC §11) on `fixtures/engine/beacon-rounds` and
//! the engine's other cases: whether a phase is sent to a QA reviewer and
//! why (the phase's `QA:` bullet over the plan's `QA gate:` line), its
//! current verdict, every round on file, and the brief of a fresh-context
//! reviewer — as the reference's text and as JSON (insta snapshots) — and
//! the edge cases: no `test-status.md`, waivers, several rounds, a report
//! written and never recorded, the refusals.

mod common;

use common::{ENGINE_CASES, Root};

/// `phase-graph` in `root` ([`Root::engine`]).
fn pg(root: &Root, slug: &str, args: &[&str]) -> (String, String, i32) {
    root.engine(slug, args, &[])
}

/// The phases of `slug`'s graph, as arguments.
fn phases(root: &Root, slug: &str) -> Vec<String> {
    root.graph_phases(slug).iter().map(u64::to_string).collect()
}

/// Runs `calls` on `slug` in `root`, each as text and as JSON: the text
/// transcript and the JSON answers. Every call must succeed.
fn transcript(root: &Root, slug: &str, calls: &[Vec<String>]) -> (String, Vec<serde_json::Value>) {
    let mut text = String::new();
    let mut json = Vec::new();
    for call in calls {
        let args: Vec<&str> = call.iter().map(String::as_str).collect();
        let (out, err, code) = pg(root, slug, &args);
        assert_eq!((err.as_str(), code), ("", 0), "{slug} {call:?}");
        text.push_str(&format!("$ phase-graph {slug} {}\n{out}", call.join(" ")));
        let with_json: Vec<&str> = ["--format", "json"].into_iter().chain(args).collect();
        let (out, _, code) = pg(root, slug, &with_json);
        assert_eq!(code, 0, "{slug} {call:?}");
        json.push(serde_json::from_str::<serde_json::Value>(&out).expect("JSON"));
    }
    (text, json)
}

/// The QA mode, result and history of every phase of `slug` (and the
/// plan's mode).
fn qa_calls(root: &Root, slug: &str) -> Vec<Vec<String>> {
    let mut calls = vec![vec!["--qa-mode".to_string()]];
    for p in phases(root, slug) {
        for mode in ["--qa-mode", "--qa-result", "--qa-history"] {
            calls.push(vec![mode.to_string(), p.clone()]);
        }
    }
    calls
}

#[test]
fn the_qa_mode_result_and_history_of_every_phase_of_every_case() {
    let mut text = String::new();
    let mut json = Vec::new();
    for case in ENGINE_CASES.iter().copied().chain(["beacon-rounds"]) {
        let root = Root::engine_case(case);
        let (t, j) = transcript(&root, case, &qa_calls(&root, case));
        text.push_str(&t);
        json.extend(j);
    }
    insta::assert_snapshot!("qa_modes", text);
    insta::assert_json_snapshot!("qa_modes_json", json);
}

#[test]
fn the_qa_brief_of_every_phase() {
    for case in ["beacon-rounds", "mill-qa"] {
        let root = Root::engine_case(case);
        let calls: Vec<Vec<String>> = phases(&root, case)
            .into_iter()
            .map(|p| vec!["--qa-prompt".to_string(), p])
            .collect();
        let (text, json) = transcript(&root, case, &calls);
        insta::assert_snapshot!(format!("qa_prompt_{case}"), text);
        insta::assert_json_snapshot!(format!("qa_prompt_{case}_json"), json);
    }
}

/// A one-phase plan `slug` whose §Session budget holds `budget` and whose
/// phase holds `bullets`.
fn plan(root: &Root, slug: &str, budget: &str, bullets: &str) {
    root.plan(
        slug,
        &format!(
            "---\nslug: {slug}\nstatus: active\n---\n\n# Plan\n\n## Session budget\n\n{budget}\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | Only | — | r |\n| 2 | Next | 1 | r |\n\n## Phases\n\n### Phase 1 — Only\n{bullets}\n- **Verification:** `true`\n\n### Phase 2 — Next\n- **Verification:** `true`\n"
        ),
    );
}

#[test]
fn without_test_status_qa_is_off_and_nothing_is_recorded() {
    let root = Root::new();
    plan(&root, "plain", "- **Target model:** haiku", "");
    assert_eq!(pg(&root, "plain", &["--qa-mode"]).0, "off\n");
    assert_eq!(pg(&root, "plain", &["--qa-mode", "1"]).0, "off\n");
    assert_eq!(pg(&root, "plain", &["--qa-result", "1"]).0, "none\n");
    assert_eq!(
        pg(&root, "plain", &["--qa-history", "1"]),
        (String::new(), String::new(), 0)
    );
    let (brief, _, code) = pg(&root, "plain", &["--qa-prompt", "1"]);
    assert_eq!(code, 0);
    assert!(!brief.contains("QA ROUND"), "{brief}");
    assert!(
        brief.contains(
            "     DOCS_ROOT=<ROOT> bash /opt/phase-console/scripts/qa-record.sh plain 1 <pass|fail|waived> --report reports/phase-01-qa.md --round 1\n"
        ),
        "{brief}"
    );
    assert!(
        brief.contains("Read the handoff docs/handoffs/plain/phase-01-*.md (its claims"),
        "{brief}"
    );
    assert!(
        brief.contains("per /opt/phase-console/references/qa-method.md —"),
        "{brief}"
    );
    let (json, _, _) = pg(&root, "plain", &["--format", "json", "--qa-result", "1"]);
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(value["status_file"], false);
    // The file alone turns QA on.
    root.handoff("plain", "test-status.md", "# QA\n");
    assert_eq!(
        pg(&root, "plain", &["--qa-mode"]).0,
        "on (test-status.md exists)\n"
    );
}

#[test]
fn the_plan_gate_line_and_its_waiver() {
    let root = Root::new();
    plan(&root, "gate-off", "- **QA gate:** off", "");
    plan(&root, "gate-on", "**QA gate:** ON for every phase", "");
    plan(
        &root,
        "waiver",
        "**QA gate: WAIVED for all phases** (the crew decided)",
        "",
    );
    assert_eq!(
        pg(&root, "gate-off", &["--qa-mode"]).0,
        "waived (plan directive: QA gate: off)\n"
    );
    assert_eq!(
        pg(&root, "gate-on", &["--qa-mode", "2"]).0,
        "on (plan directive: QA gate: on)\n"
    );
    assert_eq!(
        pg(&root, "waiver", &["--qa-mode"]).0,
        "waived (plan waiver directive)\n"
    );
    let (json, _, _) = pg(&root, "waiver", &["--format", "json", "--qa-mode"]);
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(
        (value["qa"].as_str(), value["source"].as_str()),
        (Some("waived"), Some("plan-waiver"))
    );
}

#[test]
fn a_phase_bullet_answers_over_the_plans_word() {
    let root = Root::new();
    plan(&root, "carve-in", "- **QA gate:** off", "- **QA:** on");
    assert_eq!(
        pg(&root, "carve-in", &["--qa-mode", "1"]).0,
        "on (phase directive: QA: on)\n"
    );
    // A phase without a bullet inherits the plan's word.
    assert_eq!(
        pg(&root, "carve-in", &["--qa-mode", "2"]).0,
        "waived (plan directive: QA gate: off)\n"
    );
    let root = Root::engine_case("beacon-rounds");
    let mode = |p: &str| pg(&root, "beacon-rounds", &["--qa-mode", p]).0;
    assert_eq!(mode("2"), "off (phase directive: QA: off)\n");
    assert_eq!(mode("4"), "on (phase directive: QA: on)\n");
    // `QA: maybe` is no word: the phase inherits.
    assert_eq!(mode("5"), "on (plan directive: QA gate: on)\n");
    assert_eq!(mode("05"), mode("5"));
}

#[test]
fn waivers_are_verdicts_but_a_backfill_is_no_round() {
    let root = Root::engine_case("beacon-rounds");
    assert_eq!(
        pg(&root, "beacon-rounds", &["--qa-result", "2"]).0,
        "waived\n"
    );
    assert_eq!(
        pg(&root, "beacon-rounds", &["--qa-result", "5"]).0,
        "waived\n"
    );
    for p in ["2", "5"] {
        assert_eq!(
            pg(&root, "beacon-rounds", &["--qa-history", p]).0,
            "",
            "phase {p}"
        );
    }
    // A waiver that names a report is a round.
    root.handoff(
        "beacon-rounds",
        "test-status.md",
        "## QA status\n\n| Phase | Result | Report |\n|---|---|---|\n| 2 | waived | reports/phase-02-qa.md |\n",
    );
    assert_eq!(
        pg(&root, "beacon-rounds", &["--qa-history", "2"]).0,
        "1\twaived\treports/phase-02-qa.md\t-\n"
    );
}

#[test]
fn several_rounds_oldest_first_and_the_next_one_past_every_report() {
    let root = Root::engine_case("beacon-rounds");
    assert_eq!(
        pg(&root, "beacon-rounds", &["--qa-history", "1"]).0,
        "1\tfail\treports/phase-01-qa.md\t2026-02-01\n2\tpass\treports/phase-01-qa-round2.md\t2026-02-03\n"
    );
    // The legacy row's round is in its report's name (a link's target).
    assert_eq!(
        pg(&root, "beacon-rounds", &["--qa-history", "3"]).0,
        "3\tfail\treports/phase-03-qa-round3.md\t-\n"
    );
    let (brief, _, _) = pg(&root, "beacon-rounds", &["--qa-prompt", "1"]);
    assert!(
        brief.contains("This is QA ROUND 3 for this phase.")
            && brief.contains(
                "  round 1: fail — docs/handoffs/beacon-rounds/reports/phase-01-qa.md\n  round 2: pass — docs/handoffs/beacon-rounds/reports/phase-01-qa-round2.md\n\n"
            ),
        "{brief}"
    );
    // Round 4's report is on disk, recorded nowhere: the next is round 5.
    let (brief, _, _) = pg(&root, "beacon-rounds", &["--qa-prompt", "3"]);
    assert!(
        brief.contains("--report reports/phase-03-qa-round5.md --round 5\n"),
        "{brief}"
    );
    // (fix) However many reports were written and never recorded.
    let reports = root.path().join("docs/handoffs/beacon-rounds/reports");
    for r in 5..40 {
        std::fs::write(reports.join(format!("phase-03-qa-round{r}.md")), "# r\n").expect("write");
    }
    let (brief, _, _) = pg(&root, "beacon-rounds", &["--qa-prompt", "3"]);
    assert!(
        brief.contains("--report reports/phase-03-qa-round40.md --round 40\n"),
        "{brief}"
    );
}

#[test]
fn the_brief_carries_the_plans_skills_servers_and_contract() {
    let root = Root::engine_case("beacon-rounds");
    let (brief, _, _) = pg(&root, "beacon-rounds", &["--qa-prompt", "3"]);
    assert!(
        brief.contains(
            "First invoke these skills (the plan uses them for every session): lamp-care, logbook\n\n"
        ),
        "{brief}"
    );
    assert!(
        brief.contains("The phase ran with these MCP servers: tide-tables, paint-shop — "),
        "{brief}"
    );
    assert!(
        brief.contains(
            "do not record that verdict even though step 4 lists it:\n\nEvery review runs the beam test from the gallery, not from the quay.\n`waived` is not an accepted verdict on this plan: record `pass` or `fail`.\n\n1. `git pull`."
        ),
        "{brief}"
    );
    assert!(
        brief.contains("Read the handoff docs/handoffs/beacon-rounds/phase-03-work.md (its"),
        "{brief}"
    );
}

#[test]
fn numbers_are_numbers_and_a_heading_ends_the_table() {
    let root = Root::new();
    plan(&root, "padded", "**QA gate:** on", "");
    root.handoff(
        "padded",
        "test-status.md",
        "## QA status\n\nNo table yet.\n\n## QA rounds\n\n| Phase | Round | Result | Report | Recorded |\n|---|---|---|---|---|\n| 1 | 2 | fail | reports/phase-01-qa-round2.md | 2026-03-01 |\n| 01 | 03 | pass | reports/phase-01-qa-round3.md | 2026-03-02 |\n",
    );
    // (fix) The rounds ledger is no verdict table (the reference reads
    // `2` as phase 1's verdict here).
    assert_eq!(pg(&root, "padded", &["--qa-result", "1"]).0, "none\n");
    // (fix) `01` is phase 1; a round is printed as written.
    assert_eq!(
        pg(&root, "padded", &["--qa-history", "1"]).0,
        "2\tfail\treports/phase-01-qa-round2.md\t2026-03-01\n03\tpass\treports/phase-01-qa-round3.md\t2026-03-02\n"
    );
    let (brief, _, _) = pg(&root, "padded", &["--qa-prompt", "01"]);
    assert!(brief.contains("Verify Phase 1 of \"padded\""), "{brief}");
    assert!(brief.contains("--round 4\n"), "{brief}");
}

#[test]
fn refusals_and_phases_the_plan_lacks() {
    let root = Root::engine_case("beacon-rounds");
    let refused = |args: &[&str], message: &str| {
        assert_eq!(
            pg(&root, "beacon-rounds", args),
            (String::new(), message.to_string(), 2),
            "{args:?}"
        );
    };
    refused(&["--qa-result"], "usage: --qa-result <phase>\n");
    refused(&["--qa-history"], "usage: --qa-history <phase>\n");
    refused(&["--qa-history", "x"], "usage: --qa-history <phase>\n");
    refused(&["--qa-mode", "-1"], "usage: --qa-mode [<phase>]\n");
    refused(&["--qa-prompt"], "usage: --qa-prompt <phase>\n");
    let (out, err, code) = pg(&root, "beacon-rounds", &["--qa-prompt", "x"]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.contains("\"x\" is not a phase number"), "{err}");
    // A phase the plan lacks: nothing recorded, the plan's regime, a brief.
    assert_eq!(
        pg(&root, "beacon-rounds", &["--qa-result", "99"]),
        ("none\n".to_string(), String::new(), 0)
    );
    assert_eq!(
        pg(&root, "beacon-rounds", &["--qa-history", "99"]),
        (String::new(), String::new(), 0)
    );
    assert_eq!(
        pg(&root, "beacon-rounds", &["--qa-mode", "99"]).0,
        "on (plan directive: QA gate: on)\n"
    );
    let (brief, _, code) = pg(&root, "beacon-rounds", &["--qa-prompt", "99"]);
    assert_eq!(code, 0);
    assert!(
        brief.contains("--report reports/phase-99-qa.md --round 1\n"),
        "{brief}"
    );
    // A plan that does not exist.
    let (out, err, code) = pg(&root, "nowhere", &["--qa-mode"]);
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(err.starts_with("ERROR: plan not found: "), "{err}");
}
