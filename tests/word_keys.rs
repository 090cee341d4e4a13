//! Word keys (SPEC §6 `decision-value-unknown`, §7): an answered row of a
//! word key must hold one of its answer words, or the console passes over
//! it. `answer` refuses such a word, the other writes note what the console
//! will use instead, and the lint reports such rows as advisories.

mod common;

use common::{Root, stderr, stdout};

const PLAN: &str = "---
slug: lock-keeper
status: active
phases: 1
---

# Canal lock keeper

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Paddle gear | — | lock | paddles turn |

## Decisions

| key | value | owner | state | blocking | source |
|---|---|---|---|---|---|
| `stop` | halt and tell the keeper | keeper | answered | no | plan |

## Phases

### Phase 1 — Paddle gear
- **Verification:** `test -s paddles.log`
";

fn root() -> Root {
    let root = Root::new();
    root.plan("lock-keeper", PLAN);
    root
}

/// `decisions lock-keeper ARGS…`: (exit code, stdout, stderr).
fn decisions(root: &Root, args: &[&str]) -> (i32, String, String) {
    let output = root.decisions("lock-keeper", args);
    (
        output.status.code().unwrap_or(-1),
        stdout(&output),
        stderr(&output),
    )
}

#[test]
fn answer_refuses_a_word_that_is_no_answer_word() {
    let root = root();
    for (key, value, says) in [
        (
            "relay",
            "sometimes",
            "\"sometimes\" is not one of: off last-resort",
        ),
        (
            "relay",
            "Off",
            "the words are case-sensitive: \"Off\" is not off",
        ),
        ("issues", "maybe", "write one of: off draft file"),
        (
            "qa.exhausted",
            "later?",
            "write one of: waive halt, or one owner name",
        ),
        ("plan-approval", "**", "the value is empty"),
    ] {
        for dry_run in [false, true] {
            let mut args = vec!["answer", key, "--value", value];
            if dry_run {
                args.push("--dry-run");
            }
            let (code, out, err) = decisions(&root, &args);
            assert_eq!(code, 2, "{key} {value}: {err}");
            assert!(out.is_empty(), "{out}");
            assert!(err.contains(says), "{key} {value}: {err}");
            assert!(
                err.contains("the console would pass over this answer"),
                "{err}"
            );
        }
    }
    assert!(
        !root.path().join("docs/handoffs").exists(),
        "nothing is created"
    );
}

#[test]
fn answers_the_console_reads_are_written_without_a_note() {
    let root = root();
    for (key, value) in [
        ("relay", "last-resort, for the night shift only"),
        ("qa.exhausted", "dev-lead"),
        ("gates", "`operator`"),
        ("waits", "paddle gear delivery · 3d · window"),
        ("budgets", "anything at all"),
    ] {
        let (code, out, err) = decisions(&root, &["answer", key, "--value", value]);
        assert_eq!(code, 0, "{key}: {err}");
        assert!(out.starts_with(&format!("{key}\tanswered\t")), "{out}");
        assert!(err.is_empty(), "{key}: {err}");
    }
}

/// A description key's value that names no word is the normal answer
/// (SPEC §7): written without a note, the output only the TSV line.
#[test]
fn descriptions_without_a_word_are_written_without_a_note() {
    let root = root();
    for (key, value) in [
        ("waits", "gh:acme/widgets#run/1 · 45m"),
        ("credentials", "paddle-controller token"),
        ("mcp", "the sluice telemetry server"),
    ] {
        let (code, out, err) = decisions(&root, &["answer", key, "--value", value]);
        assert_eq!(code, 0, "{key}: {err}");
        assert!(out.starts_with(&format!("{key}\tanswered\t")), "{out}");
        assert_eq!(err, "", "{key}");
    }
}

#[test]
fn values_the_console_passes_over_are_written_with_a_note() {
    let root = root();
    // A longer value of a word key: written, and said.
    let (code, out, err) = decisions(
        &root,
        &["answer", "gates", "--value", "ask the duty engineer"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("gates\tanswered\t"), "{out}");
    assert!(
        err.starts_with("planfile: note: the gates row's value answers nothing: "),
        "{err}"
    );
    assert!(err.contains("the shipped default \"delegated\""), "{err}");
    // A waiver's reason is not an answer.
    let (code, _, err) = decisions(&root, &["waive", "relay", "--reason", "sometimes"]);
    assert_eq!((code, err.as_str()), (0, ""));
}

#[test]
fn promote_writes_a_ruling_that_answers_nothing_and_notes_it() {
    let root = root();
    root.config(common::POLICY_OF_THE_MISSING);
    let ledger = root.path().join("rulings.ndjson");
    std::fs::write(
        &ledger,
        "{\"type\":\"ruling\",\"id\":\"r-1\",\"decisionKey\":\"relay\",\"what\":\"relay when the keeper is away\"}\n{\"type\":\"ruling\",\"id\":\"r-2\",\"decisionKey\":\"ambiguity\",\"what\":\"record a ruling and go on\"}\n",
    )
    .expect("write the ledger");
    let ledger = ledger.display().to_string();
    let (code, out, err) = decisions(
        &root,
        &["promote", "--from-ruling", "r-1", "--rulings", &ledger],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("relay\tanswered\t"), "{out}");
    assert!(
        err.contains("the relay row's value answers nothing: \"relay when the keeper is away\" holds none of: off last-resort"),
        "{err}"
    );
    let (code, _, err) = decisions(
        &root,
        &["promote", "--from-ruling", "r-2", "--rulings", &ledger],
    );
    assert_eq!((code, err.as_str()), (0, ""));

    // The lint sees the promoted row in the twin, as an advisory.
    let (code, findings) = root.findings("lock-keeper");
    assert_eq!(code, 0, "advisory findings never fail: {findings:?}");
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0]["name"], "decision-value-unknown");
    assert_eq!(findings[0]["severity"], "advisory");
    assert!(
        findings[0]["file"]
            .as_str()
            .unwrap_or("")
            .ends_with("decisions.md")
    );

    // resolve says the same: the default answers.
    let (code, out, _) = decisions(&root, &["resolve", "relay"]);
    assert_eq!((code, out.as_str()), (0, "relay\toff\tdefault\n"));
}

#[test]
fn the_lint_is_advisory_by_default_and_says_so() {
    let root = Root::new();
    root.plan(
        "lock-keeper",
        &PLAN.replace(
            "| `stop` | halt and tell the keeper |",
            "| `relay` | sometimes | keeper | answered | yes | plan |\n| `stop` | halt and tell the keeper |",
        ),
    );
    let output = root.run(["validate", "lock-keeper"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(out.contains("decision-value-unknown"), "{out}");
    assert!(
        out.contains("note: advisory: this check's findings do not gate"),
        "{out}"
    );
    let lint = root.run(["phase-graph", "lock-keeper", "--lint"]);
    assert_eq!(lint.status.code(), Some(0));
    assert!(
        stderr(&lint).starts_with(
            "F25 decision row `relay` in the plan: decision-value-unknown — \"sometimes\" is not one of: off last-resort"
        ),
        "{}",
        stderr(&lint)
    );
    assert_eq!(
        stdout(&lint),
        "LINT OK: lock-keeper — 1 phases, well-formed and acyclic\n"
    );
}

/// `[lint] gating` in `planfile.toml` makes the advisory check gating
/// (issue: "advisory unless planfile.toml makes it gating"): `validate`
/// and `phase-graph --lint` then fail on the row the console passes over.
#[test]
fn planfile_toml_can_make_the_lint_gating() {
    let root = Root::new();
    root.plan(
        "lock-keeper",
        &PLAN.replace(
            "| `stop` | halt and tell the keeper |",
            "| `relay` | sometimes | keeper | answered | yes | plan |\n| `stop` | halt and tell the keeper |",
        ),
    );
    std::fs::write(
        root.path().join("planfile.toml"),
        "[lint]\ngating = [\"decision-value-unknown\"]\n",
    )
    .expect("settings");
    let output = root.run(["validate", "lock-keeper", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stdout(&output).contains("decision-value-unknown"));
    let lint = root.run(["phase-graph", "lock-keeper", "--lint"]);
    assert_eq!(lint.status.code(), Some(1), "{}", stderr(&lint));
    assert!(
        stderr(&lint).contains("LINT FAIL: lock-keeper (1 issue[s])"),
        "{}",
        stderr(&lint)
    );

    std::fs::write(
        root.path().join("planfile.toml"),
        "[lint]\nadvisory = [\"F25\"]\ngating = [\"decision-value-unknown\"]\n",
    )
    .expect("settings");
    let output = root.run(["validate", "lock-keeper"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(
            "planfile.toml:3: [lint] advisory and [lint] gating both name decision-value-unknown"
        ),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_word_in_other_letters_is_left_to_decision_word_style() {
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    root.plan(
        "lock-keeper",
        &PLAN.replace(
            "| `stop` | halt and tell the keeper |",
            "| `relay` | **Off** | keeper | answered | yes | plan |\n| `stop` | halt and tell the keeper |",
        ),
    );
    let (code, findings) = root.findings("lock-keeper");
    assert_eq!(code, 0);
    let names: Vec<&str> = findings.iter().filter_map(|f| f["name"].as_str()).collect();
    assert_eq!(names, ["decision-word-style"], "{findings:?}");
}
