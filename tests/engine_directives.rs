//! The plan engine's directive readers (SPEC §11) on
//! `fixtures/engine/harbor-directives` (every directive at the plan's
//! level and the phases', words a reader skips, a bullet inside a code
//! fence) and on the other engine cases: each mode for the plan and for
//! every phase, as the reference's text and as JSON (insta snapshots), and
//! their refusals.

mod common;

use common::Root;

/// The modes whose phase is optional: run without one, then for each phase.
const OPTIONAL: [&str; 15] = [
    "--human-steps",
    "--mcp",
    "--mcp-policy",
    "--permission-mode",
    "--model-policy",
    "--credentials",
    "--credential-policy",
    "--floor",
    "--land",
    "--gitlink",
    "--isolation",
    "--issues",
    "--wait-budget",
    "--wait-count",
    "--verify-timeout",
];

/// The modes that need a phase.
const PER_PHASE: [&str; 6] = [
    "--landing",
    "--checkout",
    "--verify-in",
    "--setup",
    "--waits-on",
    "--person-check",
];

/// The plan-wide modes.
const PLAN_WIDE: [&str; 6] = [
    "--accounts",
    "--conflict-policy",
    "--messaging",
    "--base-branch",
    "--clash-zones",
    "--qa-exhausted",
];

/// Every call of the directive readers on a plan of `phases` phases.
fn calls(phases: u32) -> Vec<Vec<String>> {
    let mut calls: Vec<Vec<String>> = PLAN_WIDE
        .iter()
        .chain(OPTIONAL.iter())
        .map(|m| vec![m.to_string()])
        .collect();
    for mode in OPTIONAL.iter().chain(PER_PHASE.iter()) {
        for p in 1..=phases {
            calls.push(vec![mode.to_string(), p.to_string()]);
        }
    }
    calls
}

/// The text (each call and what it printed, line feeds shown) and the
/// JSON of every call on `case`.
fn run_all(case: &str, phases: u32) -> (String, Vec<serde_json::Value>) {
    let root = Root::fixture(&format!("engine/{case}"));
    let mut text = String::new();
    let mut json = Vec::new();
    for call in calls(phases) {
        let args: Vec<&str> = call.iter().map(String::as_str).collect();
        let (out, err, code) = root.phase_graph(case, &args);
        assert_eq!(err, "", "{case} {call:?}");
        assert_eq!(code, 0, "{case} {call:?}");
        text.push_str(&format!(
            "$ phase-graph {case} {}\n{}",
            call.join(" "),
            out.replace('\t', "<TAB>").replace('\n', "⏎\n")
        ));
        let with_json: Vec<&str> = ["--format", "json"].into_iter().chain(args).collect();
        let (out, _, json_code) = root.phase_graph(case, &with_json);
        assert_eq!(json_code, code, "{case} {call:?}");
        json.push(serde_json::from_str::<serde_json::Value>(&out).expect("JSON"));
    }
    (text, json)
}

#[test]
fn every_directive_reader_on_the_directives_case() {
    let (text, json) = run_all("harbor-directives", 6);
    insta::assert_snapshot!("directives_harbor-directives", text);
    insta::assert_json_snapshot!("directives_harbor-directives_json", json);
}

#[test]
fn a_plan_that_says_nothing_answers_the_defaults() {
    let (text, json) = run_all("tide-chain", 2);
    insta::assert_snapshot!("directives_tide-chain", text);
    insta::assert_json_snapshot!("directives_tide-chain_json", json);
}

#[test]
fn the_phase_bullet_wins_over_the_plan_line_and_a_skipped_word_falls_through() {
    let root = Root::fixture("engine/harbor-directives");
    let case = "harbor-directives";
    let answer = |args: &[&str]| root.phase_graph(case, args).0;
    assert_eq!(answer(&["--land", "1"]), "pr\tphase\n");
    assert_eq!(answer(&["--land", "2"]), "trunk\tplan\n", "prr is no word");
    assert_eq!(
        answer(&["--gitlink"]),
        "bump\tdefault\n",
        "sideways is no word"
    );
    assert_eq!(answer(&["--permission-mode", "2"]), "dontAsk\tplan\n");
    assert_eq!(answer(&["--permission-mode", "01"]), "plan\tphase\n");
    assert_eq!(answer(&["--mcp", "1"]), "github, linear, sentry, figma\n");
    assert_eq!(answer(&["--credential-policy", "1"]), "require\n");
    assert_eq!(answer(&["--wait-budget", "1"]), "90\tphase\n");
    assert_eq!(answer(&["--wait-budget", "2"]), "120\tplan\n");
    assert_eq!(answer(&["--floor"]), "1\t90\n3\t90\n");
    // Once a labelled bullet opened the fields, a deeper one is one too.
    assert_eq!(answer(&["--verify-in", "4"]), "too-deep\n");
    assert_eq!(answer(&["--verify-in", "3"]), "cab\n");
    assert_eq!(answer(&["--waits-on", "2"]), "vendor-quote\ncrane-cert\n");
    // A bullet inside a code fence is an example, not the phase's directive.
    assert_eq!(answer(&["--land", "5"]), "trunk\tplan\n");
    assert_eq!(answer(&["--checkout", "5"]), "\n");
    // A step the reader refuses (an unknown kind, the old free text) is
    // not asked for; the errands are phase 0.
    assert_eq!(
        answer(&["--human-steps", "2"]),
        "physical\tbolt the arm\t\tattest\thost\t\t\t\t\t\t45\t4,5\tguides/arm.md\n"
    );
    assert!(answer(&["--human-steps"]).starts_with("0\tthird-party-approval\t"));
    // The ledger's columns by name: an added column shifts nothing.
    assert_eq!(
        answer(&["--landing", "3"]),
        "3\tharbor\tlanded\ttrunk\tmain\t0123abc\t\tbo\t2026-02-03\t\n"
    );
}

#[test]
fn refusals_are_worded_as_the_reference_words_them() {
    let root = Root::fixture("engine/harbor-directives");
    let case = "harbor-directives";
    for mode in [
        "--permission-mode",
        "--land",
        "--wait-count",
        "--waits-on",
        "--human-steps",
        "--landing",
    ] {
        assert_eq!(
            root.phase_graph(case, &[mode, "9"]),
            (
                String::new(),
                "phase 9 is not in this plan\n".to_string(),
                2
            ),
            "{mode}"
        );
    }
    for mode in ["--conflict-policy", "--messaging", "--base-branch"] {
        assert_eq!(
            root.phase_graph(case, &[mode, "1"]),
            (
                String::new(),
                format!("usage: phase-graph.sh <slug> {mode}   (plan-wide; it takes no phase)\n"),
                2
            ),
            "{mode}"
        );
    }
    for (mode, usage) in [
        ("--setup", "usage: --setup <phase>\n"),
        ("--verify-in", "usage: --verify-in <phase>\n"),
        (
            "--person-check",
            "usage: phase-graph.sh <slug> --person-check N\n",
        ),
        ("--waits-on", "usage: phase-graph.sh <slug> --waits-on N\n"),
        ("--landing", "usage: phase-graph.sh <slug> --landing N\n"),
    ] {
        assert_eq!(
            root.phase_graph(case, &[mode]),
            (String::new(), usage.to_string(), 2),
            "{mode}"
        );
    }
    // A phase the graph lacks reads as one that says nothing where the
    // reference does not refuse it.
    assert_eq!(
        root.phase_graph(case, &["--mcp", "9"]).0,
        "github, linear, sentry\n"
    );
    assert_eq!(root.phase_graph(case, &["--floor", "9"]).0, "");
    assert_eq!(root.phase_graph(case, &["--checkout"]).0, "\n");
}
