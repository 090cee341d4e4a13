//! `decisions <SLUG> [--phase N] prompt` (SPEC §5.3): the decisions block of a
//! phase's boot prompt.

mod common;

use common::{Root, stderr, stdout};

/// Runs `planfile ARGS` in `root`; returns (exit code, stdout, stderr).
fn run(root: &Root, args: &[&str]) -> (i32, String, String) {
    let output = root.cmd().args(args).output().expect("run planfile");
    (
        output.status.code().unwrap_or(-1),
        stdout(&output),
        stderr(&output),
    )
}

/// Outstanding rows (one plan-wide without an owner, one scoped to phase 1)
/// among answered and waived ones, in non-canonical order.
const GARDEN: &str = "---
slug: walled-garden
status: active
phases: 2
---

# Walled garden irrigation

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Cistern pump | — | garden | pump primes |
| 2 | Bed valves | 1 | garden | beds watered |

## Decisions

| key | value | owner | state | blocking | source | evidence | phase |
|---|---|---|---|---|---|---|---|
| `issues` | draft | head-gardener | answered | no | plan | | |
| `relay` | | | outstanding | yes | plan | | |
| `credentials` | valve controller key | head-gardener | outstanding | no | plan | | 1 |
| `budgets` | | head-gardener | answered | no | plan | | |
| `qa.exhausted` | no QA | head-gardener | waived | no | plan | | |
| `waits` | rain\tforecast | head-gardener | answered | no | plan | | 2 |
";

/// The `  - [state] key` rows of a prompt, in order, as `state key`.
fn row_keys(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| l.strip_prefix("  - ["))
        .map(|l| {
            let (state, rest) = l.split_once("] ").expect("a row line");
            let key = rest.split([' ', ':']).next().expect("a key");
            format!("{state} {key}")
        })
        .collect()
}

/// The prompt line of every key with a shipped default, in canonical order.
fn shipped_default_lines() -> Vec<String> {
    planfile::vocab::KEYS
        .iter()
        .filter_map(|spec| {
            spec.default
                .map(|d| format!("  - {}: {d} (shipped default)", spec.key))
        })
        .collect()
}

#[test]
fn keys_without_a_row_show_the_answer_in_force() {
    let root = Root::new();
    root.plan("walled-garden", GARDEN);
    root.config("[policy]\nstop = \"halt and tell the head gardener\"\ngates = \"operator\"\nrelay = \"last-resort\"\n");
    let (code, out, err) = run(&root, &["decisions", "walled-garden", "prompt"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // After the rows, before the duty: the keys without a row, canonical
    // order; relay has a row (outstanding), so the console's word is not shown.
    let duty = lines.len() - 1;
    assert_eq!(
        lines[duty - 8..duty],
        [
            "  - credentials: continue (shipped default)",
            "  - mcp: continue (shipped default)",
            "  - gates: operator (console policy)",
            "  - verification.person-check: operator (shipped default)",
            "  - waits: window (shipped default)",
            "  - ambiguity: ruling (shipped default)",
            "  - resume.on-restart: continue (shipped default)",
            "  - stop: halt and tell the head gardener (console policy)",
        ],
        "{out}"
    );
    assert!(lines[duty].starts_with("A session that meets"), "{out}");
    assert!(!out.contains("relay: last-resort"), "{out}");
    // A [policy] table that names no key of the vocabulary is refused.
    root.config("[policy]\nrelays = \"off\"\n");
    let (code, _, err) = run(&root, &["decisions", "walled-garden", "prompt"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("planfile.toml:2: \"relays\" is not a decision key"),
        "{err}"
    );
}

#[test]
fn outstanding_rows_first_in_canonical_order() {
    let root = Root::new();
    root.plan("walled-garden", GARDEN);
    let (code, out, err) = run(
        &root,
        &["decisions", "walled-garden", "prompt", "--phase", "1"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        row_keys(&out),
        [
            "outstanding credentials",
            "outstanding relay",
            "answered issues",
            "waived qa.exhausted",
            "answered budgets",
        ]
    );
    for line in [
        "  - [outstanding] credentials — owner head-gardener, blocking no: valve controller key",
        "  - [outstanding] relay — owner nobody, blocking yes: (no value yet)",
        "  - [answered] budgets: (no value)",
    ] {
        assert!(out.lines().any(|l| l == line), "{line}\n{out}");
    }
    insta::assert_snapshot!("prompt_garden_phase1", out);
}

#[test]
fn heading_names_the_rereading_command_and_tabs_print_as_spaces() {
    let root = Root::new();
    root.plan("walled-garden", GARDEN);
    let (code, out, _) = run(
        &root,
        &["decisions", "walled-garden", "--phase", "02", "prompt"],
    );
    assert_eq!(code, 0);
    let heading = out.lines().next().expect("a heading line");
    assert!(
        heading.contains("planfile decisions walled-garden --phase 2 list"),
        "{heading}"
    );
    assert!(
        out.contains("  - [answered] waits: rain forecast — the console passes over it: the answer in force is window (the shipped default)\n"),
        "{out}"
    );
    assert!(!out.contains('\t'));
    insta::assert_snapshot!("prompt_garden_phase2", out);
}

#[test]
fn plan_wide_view_with_twin() {
    let root = Root::fixture("example");
    let (code, out, err) = run(&root, &["decisions", "demo", "prompt"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().filter(|l| l.starts_with("  - [")).count(), 19);
    insta::assert_snapshot!("prompt_demo_plan_wide", out);
}

#[test]
fn no_manifest_is_one_line_listing_every_key_then_the_shipped_defaults() {
    for (fixture, slug) in [
        ("cases/no-manifest", "no-manifest"),
        ("cases/prose-only-section", "prose-only-section"),
    ] {
        let root = Root::fixture(fixture);
        let (code, out, err) = run(&root, &["decisions", slug, "prompt"]);
        assert_eq!(code, 0, "{err}");
        let first = out.lines().next().expect("a line");
        let said = if slug == "no-manifest" {
            "Plan no-manifest has no `## Decisions` manifest, so none"
        } else {
            "The `## Decisions` section of plan prose-only-section holds no table, so none"
        };
        assert!(first.starts_with(said), "{out}");
        for spec in &planfile::vocab::KEYS {
            assert!(first.contains(spec.key), "{} missing: {out}", spec.key);
        }
        // Then what the shipped defaults decide in the session's name.
        assert_eq!(
            out.lines().skip(1).collect::<Vec<_>>(),
            shipped_default_lines()
        );
        if slug == "no-manifest" {
            insta::assert_snapshot!("prompt_no_manifest", out);
        }
    }
}

#[test]
fn empty_view_of_a_plan_with_rows_says_so() {
    let root = Root::new();
    root.plan(
        "walled-garden",
        &GARDEN
            .replace("| | |\n", "| | 2 |\n")
            .replace("| | 1 |\n", "| | 2 |\n"),
    );
    let (code, out, _) = run(&root, &["decisions", "walled-garden", "prompt"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().skip(1).collect::<Vec<_>>(),
        shipped_default_lines()
    );
    assert!(
        out.starts_with("The plan-wide view of plan walled-garden holds no decision row"),
        "{out}"
    );
}

#[test]
fn refuses_options_it_does_not_take() {
    let root = Root::fixture("example");
    for args in [
        &["decisions", "demo", "prompt", "--format", "json"][..],
        &["decisions", "demo", "prompt", "--ack", "mcp"],
        &["decisions", "demo", "prompt", "--value", "x"],
        &["decisions", "demo", "prompt", "relay"],
        &["decisions", "demo", "--phase", "7", "prompt"],
    ] {
        let (code, out, err) = run(&root, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(out, "");
    }
}

/// A Decisions section the reader cannot see with certainty (here an HTML
/// comment opened above the table and never closed, which swallows it) is
/// not "no manifest": the block warns first, names where the first problem
/// is and the command that lists them all, and says every decision counts
/// as unanswered — as the start gate refuses.
#[test]
fn a_manifest_that_cannot_be_read_is_announced_first() {
    let root = Root::new();
    let hidden = GARDEN.replace(
        "## Decisions\n",
        "## Decisions\n\n<!-- review with the head gardener\n",
    );
    root.plan("walled-garden", &hidden);
    let (code, out, err) = run(&root, &["decisions", "walled-garden", "prompt"]);
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap_or_default();
    assert!(
        first.starts_with(
            "Warning: the decisions of plan walled-garden cannot be read with certainty — "
        ),
        "{out}"
    );
    assert!(
        first.contains("`planfile decisions walled-garden check`"),
        "{out}"
    );
    assert!(
        first.contains("every decision counts as unanswered"),
        "{out}"
    );

    root.plan("walled-garden", GARDEN);
    let (_, out, _) = run(&root, &["decisions", "walled-garden", "prompt"]);
    assert!(!out.contains("Warning:"), "{out}");
}

/// A terminal sequence in a cell reaches no terminal through the prompt:
/// the prompt shows it escaped, while the TSV listing stays the bash
/// tooling's bytes.
#[test]
fn control_characters_in_a_cell_are_escaped_in_the_prompt_only() {
    let root = Root::new();
    root.plan(
        "walled-garden",
        &GARDEN.replace(
            "| `issues` | draft |",
            "| `issues` | draft \u{1b}[31mred\u{1b}[0m |",
        ),
    );
    let (code, out, _) = run(
        &root,
        &["decisions", "walled-garden", "--phase", "1", "prompt"],
    );
    assert_eq!(code, 0);
    assert!(!out.contains('\u{1b}'), "{out:?}");
    assert!(out.contains("draft \\u{1B}[31mred\\u{1B}[0m"), "{out}");
    let (_, tsv, _) = run(&root, &["phase-graph", "walled-garden", "--decisions", "1"]);
    assert!(tsv.contains("draft \u{1b}[31mred\u{1b}[0m"), "{tsv:?}");
}
