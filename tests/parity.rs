//! The reference's other checks (SPEC §6.5, SPEC-PARITY.md): where F10 is
//! reported, the `--lint` order of the new families, the (fix) items of
//! section G, and findings that point into handoffs in every format.

mod common;

use common::{Root, stderr, stdout};
use serde_json::Value;

/// A plan with three phases whose Phase graph lists them in `rows` order,
/// `budget` as its `## Session budget` body, `errands` as its `## Operator
/// errands` body (after the phases), and `extra[i]` as bullets of phase
/// i+1.
fn plan(
    slug: &str,
    status: &str,
    rows: &[u32],
    budget: &str,
    errands: &str,
    extra: [&str; 3],
) -> String {
    let deps = |p: u32| {
        if p == 1 {
            "—".to_string()
        } else {
            (p - 1).to_string()
        }
    };
    let rows: String = rows
        .iter()
        .map(|p| format!("| {p} | Step {p} | {} | yard | done |\n", deps(*p)))
        .collect();
    let budget = if budget.is_empty() {
        String::new()
    } else {
        format!("## Session budget\n\n{budget}\n\n")
    };
    let errands = if errands.is_empty() {
        String::new()
    } else {
        format!("\n## Operator errands\n\n{errands}\n")
    };
    let phases: String = (1..=3)
        .map(|p| {
            let bullets = extra[p - 1];
            let bullets = if bullets.is_empty() {
                String::new()
            } else {
                format!("{bullets}\n")
            };
            format!(
                "### Phase {p} — Step {p}\n{bullets}- **Verification:** `test -s step{p}.log`\n\n"
            )
        })
        .collect();
    format!(
        "---\nslug: {slug}\nstatus: {status}\nphases: 3\n---\n\n# Boat yard\n\n{budget}## Phase graph\n\n| Phase | Title | Depends on | Repos | Exit criteria |\n|---|---|---|---|---|\n{rows}\n## Phases\n\n{phases}{errands}"
    )
}

/// A handoff of `phase` with `status` (none when empty) and `depends_on`.
fn handoff(phase: u32, status: &str, depends_on: &str) -> String {
    let status = if status.is_empty() {
        String::new()
    } else {
        format!("status: {status}\n")
    };
    format!(
        "---\nphase: {phase}\n{status}depends_on: {depends_on}\n---\n\n## What this phase did\n\nHauled the hull out.\n\n## ▶ Start next phase(s)\n\nStart the next phase.\n"
    )
}

/// A docs root holding the active three-phase plan `yard` (see [`plan`]).
fn yard_root(budget: &str, errands: &str, extra: [&str; 3]) -> Root {
    let root = Root::new();
    root.plan(
        "yard",
        &plan("yard", "active", &[1, 2, 3], budget, errands, extra),
    );
    root
}

/// `phase-graph SLUG --lint`: exit code, and the stderr lines cut at their
/// first ` — ` (the data heads).
fn lint_heads(root: &Root, slug: &str) -> (i32, Vec<String>) {
    let output = root.run(["phase-graph", slug, "--lint"]);
    let heads = stderr(&output)
        .lines()
        .map(|l| l.split(" — ").next().unwrap_or("").to_string())
        .collect();
    (output.status.code().unwrap_or(-1), heads)
}

fn names(findings: &[Value]) -> Vec<String> {
    findings
        .iter()
        .map(|f| f["name"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn handoff_checks_f10_are_reported_by_validate_and_never_by_lint() {
    let root = yard_root("", "", ["", "", ""]);
    root.handoff("yard", "phase-01-haul.md", &handoff(1, "done", "[]"));
    root.handoff(
        "yard",
        "phase-02-scrape.md",
        &handoff(2, "in-progress", "[]"),
    );
    let (code, findings) = root.findings("yard");
    assert_eq!(code, 1);
    assert_eq!(
        names(&findings),
        ["handoff-status-invalid", "handoff-depends-mismatch"]
    );
    assert_eq!(findings[0]["file"], "docs/handoffs/yard/phase-01-haul.md");
    assert_eq!(
        (findings[0]["line"].as_u64(), findings[0]["column"].as_u64()),
        (Some(3), Some(1))
    );
    let output = root.run(["phase-graph", "yard", "--lint"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stderr(&output), "");
    assert_eq!(
        stdout(&output),
        "LINT OK: yard — 3 phases, well-formed and acyclic\n"
    );
}

#[test]
fn a_closed_plan_has_its_handoff_statuses_checked_and_nothing_gates() {
    let root = Root::new();
    root.plan(
        "yard",
        &plan("yard", "abandoned", &[1, 2, 3], "", "", ["", "", ""]),
    );
    root.handoff(
        "yard",
        "phase-01-haul.md",
        "---\nphase: 1\nstatus: finished\ndepends_on: [3]\n---\n\nNo boot section here.\n",
    );
    let (code, findings) = root.findings("yard");
    assert_eq!(code, 0);
    assert_eq!(names(&findings), ["handoff-status-invalid"]);
    assert_eq!(findings[0]["gating"], false);
}

#[test]
fn handoff_fields_are_read_from_the_frontmatter() {
    let root = yard_root("", "", ["", "", ""]);
    // CRLF line ends and a comment around a good status; a zero-padded
    // dependency; a status line in the body is not the status.
    root.handoff(
        "yard",
        "phase-02-scrape.md",
        &handoff(2, "in-progress   # slow", "[01]").replace('\n', "\r\n"),
    );
    root.handoff(
        "yard",
        "phase-03-paint.md",
        &format!("{}\nstatus: complete\n", handoff(3, "", "[2]")),
    );
    let (code, findings) = root.findings("yard");
    assert_eq!(code, 1);
    assert_eq!(names(&findings), ["handoff-status-invalid"]);
    assert_eq!(findings[0]["file"], "docs/handoffs/yard/phase-03-paint.md");
    let message = findings[0]["message"].as_str().unwrap_or("");
    assert!(message.contains("status (none)"), "{message}");
}

#[test]
fn handoff_depends_on_uses_the_graph_grammar() {
    let root = Root::new();
    let text = plan("yard", "active", &[1, 2, 3], "", "", ["", "", ""]).replace(
        "| 3 | Step 3 | 2 |",
        "| 3 | Step 3 | 1–2 (after the survey) |",
    );
    root.plan("yard", &text);
    root.handoff(
        "yard",
        "phase-03-paint.md",
        &handoff(3, "pending", "[2, 1]"),
    );
    // The en dash is also a style advisory (`depends-range-dash`); only
    // the handoff's findings matter here.
    let gating = |findings: &[Value]| {
        names(findings)
            .into_iter()
            .filter(|name| name != "depends-range-dash")
            .collect::<Vec<_>>()
    };
    let (code, findings) = root.findings("yard");
    assert_eq!((code, gating(&findings)), (0, vec![]));
    root.handoff("yard", "phase-03-paint.md", &handoff(3, "pending", "[2]"));
    let (code, findings) = root.findings("yard");
    assert_eq!(
        (code, gating(&findings)),
        (1, vec!["handoff-depends-mismatch".to_string()])
    );
    let message = findings
        .iter()
        .find(|f| f["name"] == "handoff-depends-mismatch")
        .and_then(|f| f["message"].as_str())
        .unwrap_or("");
    assert!(
        message.contains("depends_on [2]") && message.contains("[1, 2]"),
        "{message}"
    );
}

#[test]
fn plan_wide_directives_are_reported_in_the_reference_order_not_line_order() {
    let budget = "**Isolation:** sandbox\n**Messaging:** loud\n**Landing:** sometimes\n**Permission mode:** yolo";
    let root = yard_root(
        budget,
        "",
        ["- **Issues:** LOUD\n- **Land:** merge", "", ""],
    );
    let (code, heads) = lint_heads(&root, "yard");
    assert_eq!(code, 1);
    assert_eq!(
        heads,
        [
            "land-word-unknown",
            "land-word-unknown",
            "land-word-unknown",
            "phase 1: land-word-unknown",
            "phase 1: land-word-unknown",
            "permission-mode-unknown",
            "LINT FAIL: yard (6 issue[s])",
        ]
    );
    let output = root.run(["phase-graph", "yard", "--lint"]);
    let err = stderr(&output);
    let order: Vec<&str> = err.lines().filter_map(|l| l.split("**").nth(1)).collect();
    assert_eq!(
        order,
        [
            "Landing:",
            "Messaging:",
            "Isolation:",
            "Land:",
            "Issues:",
            "Permission mode:"
        ]
    );
}

#[test]
fn human_step_findings_go_phase_by_phase_errands_first_in_graph_order() {
    let root = Root::new();
    let text = plan(
        "yard",
        "active",
        &[2, 1, 3],
        "",
        "- **Human step:** the owner pays the yard, proof: the receipt",
        [
            "- **Human step:** physical · lift the mast · where: moon\n- **Human step:** crane · lift the hull · proof: `cmd:\"true\"`",
            "- **Human step:** wizard · scrape · why: physical\n- **Human step:** someone scrapes the hull",
            "",
        ],
    )
    .replace("| 1 | Step 1 | — |", "| 1 | Step 1 | 2 |")
    .replace("| 2 | Step 2 | 1 |", "| 2 | Step 2 | — |")
    .replace("| 3 | Step 3 | 2 |", "| 3 | Step 3 | 1 |");
    root.plan("yard", &text);
    let (code, heads) = lint_heads(&root, "yard");
    assert_eq!(code, 1);
    assert_eq!(
        heads,
        [
            "phase 0: human-step-superseded",
            "phase 2: human-step-kind-unknown",
            "phase 2: human-step-superseded",
            "phase 1: human-step-field-invalid",
            "phase 1: human-step-kind-unknown",
            "LINT FAIL: yard (5 issue[s])",
        ]
    );
}

#[test]
fn human_step_advisories_give_each_phase_its_f38_lines_then_its_f40_lines() {
    let proof = "proof: `cmd:\"test -s x\"`";
    let root = yard_root(
        "",
        "",
        [
            &format!(
                "- **Human step:** physical · lift the mast · {proof}\n- **Human step:** physical · lift the hull · why: physical"
            ),
            "- **Human step:** decision · pick the paint · why: decision",
            "",
        ],
    );
    let (code, heads) = lint_heads(&root, "yard");
    assert_eq!(code, 0);
    assert_eq!(
        heads,
        [
            "F38 phase 1: human-step-no-proof",
            "F40 phase 1: human-step-no-why",
            "F38 phase 2: human-step-no-proof",
        ]
    );
    let (code, findings) = root.findings("yard");
    assert_eq!(code, 0);
    assert!(
        findings
            .iter()
            .all(|f| f["severity"] == "advisory" && f["gating"] == false)
    );
}

#[test]
fn quotes_are_cut_at_characters_never_inside_one() {
    let long = "é".repeat(79) + "ü and more words after the cut";
    let what = "ø".repeat(59) + "ß and more";
    let root = yard_root(
        "",
        "",
        [
            &format!("- **Human step:** {long}"),
            &format!("- **Human step:** physical · {what} · why: physical"),
            "",
        ],
    );
    let output = root.run(["phase-graph", "yard", "--lint"]);
    let err = stderr(&output);
    let quoted = format!("\"- **Human step:** {}ü\"", "é".repeat(79));
    assert!(err.contains(&quoted), "{err}");
    let quoted_what = format!("\"{}ß\"", "ø".repeat(59));
    assert!(err.contains(&quoted_what), "{err}");
}

/// Writes the three-phase plan `yard` and a phase-1 handoff whose `## Notes
/// for later phases` section holds `notes` (its first note on line 13).
fn notes_root(notes: &str) -> Root {
    let root = yard_root("", "", ["", "", ""]);
    let section = format!("## Notes for later phases\n\n{notes}\n\n## ▶ Start");
    root.handoff(
        "yard",
        "phase-01-haul.md",
        &handoff(1, "in-progress", "[]").replace("## ▶ Start", &section),
    );
    root
}

#[test]
fn note_targets_are_numbers() {
    let root = notes_root("- **Phase 03:** the keel is cracked\n- **Phase 07:** nobody reads this");
    let (code, heads) = lint_heads(&root, "yard");
    assert_eq!(code, 1);
    assert_eq!(
        heads,
        ["note-target-unknown", "LINT FAIL: yard (1 issue[s])",]
    );
    let output = root.run(["phase-graph", "yard", "--lint"]);
    assert!(stderr(&output).contains("phase-01-haul.md has a note for phase 07,"));
}

#[test]
fn findings_in_a_handoff_name_it_in_every_format() {
    let root = notes_root("- **Phase 9:** the spare rope");
    let path = "docs/handoffs/yard/phase-01-haul.md";
    let run = |format: &str| stdout(&root.run(["validate", "yard", "--format", format]));
    assert!(run("concise").starts_with(&format!("{path}:13:1: F26 note-target-unknown: ")));
    assert!(run("github").starts_with(&format!(
        "::error file={path},line=13,col=1,title=F26 note-target-unknown::"
    )));
    let human = run("human");
    assert!(
        human.contains(&format!("{path}:13:1")) && human.contains("- **Phase 9:** the spare rope"),
        "{human}"
    );
    let sarif: Value = serde_json::from_str(&run("sarif")).expect("SARIF is JSON");
    let location = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], path);
    assert_eq!(location["region"]["startLine"], 13);
    let (_, findings) = root.findings("yard");
    assert_eq!(
        (findings[0]["file"].as_str(), findings[0]["line"].as_u64()),
        (Some(path), Some(13))
    );
}

#[test]
fn dashes_are_hyphens_and_other_characters_separate_depends_tokens() {
    let root = Root::new();
    let with_deps = |deps: &str| {
        plan("yard", "active", &[1, 2, 3], "", "", ["", "", ""])
            .replace("| 3 | Step 3 | 2 |", &format!("| 3 | Step 3 | {deps} |"))
    };
    // `1–2 (+4)` is 1, 2 and 4: phase 4 does not exist.
    root.plan("yard", &with_deps("1–2 (+4)"));
    let (code, heads) = lint_heads(&root, "yard");
    assert_eq!(code, 1, "{heads:?}");
    assert_eq!(
        heads,
        [
            "phase 3 depends on undefined phase 4",
            "LINT FAIL: yard (1 issue[s])"
        ]
    );
    // With an em dash and a phase that exists, the same grammar lints clean.
    root.plan("yard", &with_deps("1—2 (+1)"));
    let output = root.run(["phase-graph", "yard", "--lint"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stdout(&output).starts_with("LINT OK: yard"),
        "{}",
        stdout(&output)
    );
}
