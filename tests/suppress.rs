//! Inline suppressions (SPEC §10.1): `planfile-ignore` comments on their own
//! line, at the end of a line (after a table row's last pipe) and file-wide;
//! `suppression-unused`; suppressed findings never gate, are counted in
//! every `validate` format and are not printed by `phase-graph --lint`; the
//! table readers and the twin writer look past a trailing comment.

mod common;

use common::{Root, stderr, stdout};
use serde_json::Value;

/// A two-phase plan: phase 1's Verification is prose (F14), and `$GRAPH`,
/// `$PHASE1` and `$ROWS` are replaced by each test.
const PLAN: &str = "---
slug: lantern
status: active
phases: 2
---

# Lantern

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Wick | — | lamp | lit |
$GRAPH

## Phases

### Phase 1 — Wick
$PHASE1
- **Verification:** a person looks at the flame

### Phase 2 — Glass
- **Verification:** `test -s glass.log`

## Decisions

| key | value | owner | state | blocking | source |
|---|---|---|---|---|---|
$ROWS
";

fn plan(graph: &str, phase1: &str, rows: &str) -> String {
    PLAN.replace("$GRAPH", graph)
        .replace("$PHASE1", phase1)
        .replace("$ROWS", rows)
}

const GRAPH_ROW: &str = "| 2 | Glass | 1 | lamp | clean |";
const ROW: &str = "| `stop` | halt | crew | answered | no | plan |";

fn json(root: &Root, slug: &str) -> (i32, Value) {
    let output = root.run(["validate", slug, "--format", "json"]);
    let doc = serde_json::from_slice(&output.stdout).expect("JSON on stdout");
    (output.status.code().unwrap_or(-1), doc)
}

fn names(doc: &Value) -> Vec<String> {
    doc["plans"][0]["findings"]
        .as_array()
        .map(|fs| {
            fs.iter()
                .map(|f| f["name"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn an_own_line_comment_silences_the_next_line_and_never_gates() {
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    root.plan("lantern", &plan(GRAPH_ROW, "", ROW));
    let (code, doc) = json(&root, "lantern");
    assert_eq!(
        (code, names(&doc)),
        (1, vec!["verification-empty-open".to_string()])
    );

    let comment = "<!-- planfile-ignore: verification-empty-open -->\n";
    root.plan("lantern", &plan(GRAPH_ROW, comment, ROW));
    let (code, doc) = json(&root, "lantern");
    assert_eq!(code, 0, "{doc}");
    assert!(names(&doc).is_empty(), "{doc}");
    assert_eq!(doc["plans"][0]["suppressed"], 1);
    assert_eq!(doc["summary"]["suppressed"], 1);
    assert_eq!(doc["summary"]["gating"], 0);

    let output = root.run(["validate", "lantern"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output),
        "1 plan checked: no findings, 1 suppressed\n"
    );
    let output = root.run(["validate", "lantern", "--format", "concise"]);
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output),
        "1 plan checked: no findings, 1 suppressed\n"
    );
}

#[test]
fn a_comment_on_the_line_itself_and_a_file_wide_one_silence_too() {
    let root = Root::new();
    let inline = "- **Verification:** a person looks at the flame <!-- planfile-ignore: F14 -->";
    let text =
        plan(GRAPH_ROW, "", ROW).replace("- **Verification:** a person looks at the flame", inline);
    root.plan("lantern", &text);
    let (code, doc) = json(&root, "lantern");
    assert_eq!(
        (code, doc["summary"]["suppressed"].clone()),
        (0, 1.into()),
        "{doc}"
    );

    let file_wide = format!(
        "{}\n<!-- planfile-ignore-file: F14 -->\n",
        plan(GRAPH_ROW, "", ROW)
    );
    root.plan("lantern", &file_wide);
    let (code, doc) = json(&root, "lantern");
    assert_eq!(
        (code, doc["summary"]["suppressed"].clone()),
        (0, 1.into()),
        "{doc}"
    );
}

#[test]
fn a_comment_after_a_table_rows_last_pipe_is_no_cell() {
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    let graph =
        "| 2 | Glass | 1, 3 | lamp | clean | <!-- planfile-ignore: depends-phase-undefined -->";
    let rows = format!(
        "{ROW}\n| `relay` | off | crew | Answered | no | plan | <!-- planfile-ignore: decision-word-style -->"
    );
    let comment = "<!-- planfile-ignore: verification-empty-open -->\n";
    root.plan("lantern", &plan(graph, comment, &rows));
    let (code, doc) = json(&root, "lantern");
    assert_eq!(code, 0, "{doc}");
    assert!(
        names(&doc).is_empty(),
        "no graph-row-cell-count nor decision-table-malformed: {doc}"
    );
    assert_eq!(doc["summary"]["suppressed"], 3);

    let listing = root.run(["phase-graph", "lantern", "--decisions"]);
    assert_eq!(
        stdout(&listing),
        "stop\tanswered\tcrew\tno\tplan\thalt\nrelay\tanswered\tcrew\tno\tplan\toff\n"
    );
}

#[test]
fn a_code_names_every_check_with_it_and_comments_in_code_are_not_suppressions() {
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    let graph = "| 2 | Glass *(GATED)* | 1 | lamp | clean |";
    let text = format!(
        "{}\n```markdown\n<!-- planfile-ignore-file: F14 -->\n```\n\nSee `<!-- planfile-ignore-file: F14 -->`.\n\n<!-- planfile-ignore-file: f24 -->\n",
        plan(graph, "", ROW)
    );
    root.plan("lantern", &text);
    let (code, doc) = json(&root, "lantern");
    assert_eq!(code, 1, "{doc}");
    assert_eq!(names(&doc), vec!["verification-empty-open"], "{doc}");
    assert_eq!(
        doc["summary"]["suppressed"], 1,
        "gate-directive-missing (F24): {doc}"
    );
}

#[test]
fn a_suppression_that_suppresses_nothing_is_reported() {
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    let phase1 =
        "<!-- planfile-ignore: verification-empty-open, gate-type-unknown, no-such-check -->\n";
    root.plan("lantern", &plan(GRAPH_ROW, phase1, ROW));
    let output = root.run(["validate", "lantern", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("docs/plans/lantern.md:19:")
            && lines[0].contains(": F20 suppression-unused: suppression in the plan (line 19): suppression-unused — there is no gate-type-unknown finding on line 21 to suppress;")
            && lines[0].ends_with("(advisory, not gating)"),
        "{out}"
    );
    assert!(
        lines[1].contains("\"no-such-check\" names no check"),
        "{out}"
    );

    // Naming suppression-unused silences it.
    let text = format!(
        "{}\n<!-- planfile-ignore-file: suppression-unused -->\n",
        plan(GRAPH_ROW, phase1, ROW)
    );
    root.plan("lantern", &text);
    let (code, doc) = json(&root, "lantern");
    assert_eq!((code, names(&doc).len()), (0, 0), "{doc}");
    assert_eq!(doc["summary"]["suppressed"], 3);
}

#[test]
fn phase_graph_lint_leaves_out_suppressed_findings() {
    let root = Root::new();
    let graph = "| 2 | Glass | 1 | lamp | clean |\n| 03 | Frame | 2 | lamp | framed | <!-- planfile-ignore: phase-cell-zero-padded -->";
    let text = plan(graph, "<!-- planfile-ignore: F14 -->\n", ROW)
        .replace("phases: 2", "phases: 3")
        + "\n### Phase 3 — Frame\n- **Verification:** `test -s frame.log`\n\n<!-- planfile-ignore: F3 -->\n";
    root.plan("lantern", &text);
    let output = root.run(["phase-graph", "lantern", "--lint"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "LINT OK: lantern — 3 phases, well-formed and acyclic\n"
    );
    let err = stderr(&output);
    assert!(!err.contains("verification-empty-open —"), "{err}");
    assert!(!err.contains("zero-padded"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("F20 suppression in the plan (line 36): suppression-unused — "),
        "an advisory by default, led by its code: {err}"
    );
}

#[test]
fn phase_graph_lint_judges_suppressions_of_the_checks_it_does_not_print_as_validate_does() {
    // `phase-number-zero-padded` (F21) and `decision-word-style` (F25) are
    // never printed by --lint, yet whether a comment naming them suppresses
    // something is the same question as for validate.
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    let text = plan(
        "| 2 | Glass | 1 | lamp | clean |",
        "",
        "| `stop` | halt | crew | answered | no | plan | <!-- planfile-ignore: decision-word-style -->\n| `relay` | off | crew | Answered | no | plan | <!-- planfile-ignore: F25 -->",
    )
    .replace("- **Verification:** a person looks at the flame", "- **Verification:** `test -s wick.log`")
    .replace("### Phase 2 — Glass", "<!-- planfile-ignore: F21 -->\n### Phase 02 — Glass");
    root.plan("lantern", &text);
    let unused = "F20 suppression in the plan (line 30): suppression-unused — there is no decision-word-style finding on line 30 to suppress; remove \"decision-word-style\" from the comment\n";
    let output = root.run(["phase-graph", "lantern", "--lint"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stderr(&output), unused);
    assert_eq!(
        stdout(&output),
        "LINT OK: lantern — 2 phases, well-formed and acyclic\n"
    );
    let (code, doc) = json(&root, "lantern");
    assert_eq!(
        (code, names(&doc), &doc["summary"]["suppressed"]),
        (0, vec!["suppression-unused".to_string()], &Value::from(2)),
        "{doc}"
    );
}

#[test]
fn sarif_and_github_count_suppressed_findings() {
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    root.plan(
        "lantern",
        &plan(GRAPH_ROW, "<!-- planfile-ignore: F14 -->\n", ROW),
    );
    let output = root.run(["validate", "lantern", "--format", "sarif"]);
    assert_eq!(output.status.code(), Some(0));
    let doc: Value = serde_json::from_slice(&output.stdout).expect("SARIF");
    let results = doc["runs"][0]["results"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(results.len(), 1, "{doc}");
    assert_eq!(results[0]["ruleId"], "F14/verification-empty-open");
    assert_eq!(results[0]["suppressions"][0]["kind"], "inSource");
    let output = root.run(["validate", "lantern", "--format", "github"]);
    assert_eq!(
        (output.status.code(), stdout(&output)),
        (Some(0), String::new())
    );
    assert_eq!(
        stderr(&output),
        "1 plan checked: no findings, 1 suppressed\n"
    );
}

#[test]
fn twin_rows_take_suppressions_and_the_writer_keeps_them() {
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    root.plan(
        "lantern",
        &plan(GRAPH_ROW, "<!-- planfile-ignore: F14 -->\n", ROW),
    );
    let twin = root.twin(
        "lantern",
        "# Decisions — lantern\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `relay` | off | op | Answered | no | run | decisions.sh 2026-09-01 | — | <!-- planfile-ignore: decision-word-style -->\n",
    );
    let (code, doc) = json(&root, "lantern");
    assert_eq!(code, 0, "{doc}");
    assert!(names(&doc).is_empty(), "{doc}");
    assert_eq!(doc["summary"]["suppressed"], 2);

    let output = root.decisions("lantern", &["answer", "relay", "--value", "last-resort"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = std::fs::read_to_string(&twin).expect("the twin");
    assert!(
        text.ends_with("| `relay` | last-resort | op | answered | no | run | decisions.sh 2026-09-14 | — | <!-- planfile-ignore: decision-word-style -->\n"),
        "{text}"
    );
}
