//! The start gate refuses what it cannot read with certainty (SPEC §3.3,
//! §5.4, §6): each test starts from `planfile new lh` (six blocking
//! decisions owed) — most after answering five of them in the plan, so that
//! only `relay` is owed — makes the edit a person could make by accident,
//! and checks that `check` refuses (naming the file, the line and what to
//! fix, whatever `--ack` says) and that `validate` reports it as a gating
//! finding.

mod common;

use common::{Root, stderr, stdout};
use serde_json::Value;

/// The five blocking keys besides `relay` that a new plan leaves owed.
const FIVE: [&str; 5] = [
    "permission.policy",
    "permission.destructive",
    "credentials",
    "accounts",
    "human-acts",
];

/// The row of `relay` in a new plan.
const RELAY: &str = "| `relay` | | operator | outstanding | yes | plan | | — |";

/// A docs root holding `planfile new lh`, edited by `edit`.
fn new_plan(edit: impl FnOnce(String) -> String) -> Root {
    let root = Root::new();
    let out = root.run(["new", "lh"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let path = root.path().join("docs/plans/lh.md");
    let text = std::fs::read_to_string(&path).expect("the plan");
    std::fs::write(&path, edit(text)).expect("edit the plan");
    root
}

/// The plan text with the five blocking keys besides `relay` answered.
fn ans5(mut text: String) -> String {
    for key in FIVE {
        text = text.replace(
            &format!("| `{key}` | | operator | outstanding | yes |"),
            &format!("| `{key}` | x | operator | answered | yes |"),
        );
    }
    text
}

/// `text` with `from` replaced by `to` once; panics when `from` is absent.
fn swap(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from:?} not in the plan");
    text.replacen(from, to, 1)
}

/// Runs `decisions lh [ARGS] check`; exit code and stdout.
fn check(root: &Root, args: &[&str]) -> (i32, String) {
    let out = root.decisions("lh", &[args, &["check"][..]].concat());
    (out.status.code().unwrap_or(-1), stdout(&out))
}

/// The names of the gating findings `validate lh` reports, which must make
/// it exit 1.
fn gating_findings(root: &Root) -> Vec<String> {
    let (code, findings) = root.findings("lh");
    let names: Vec<String> = findings
        .iter()
        .filter(|f| f["gating"] == true)
        .filter_map(|f| f["name"].as_str().map(str::to_string))
        .collect();
    assert_eq!(code, 1, "validate must fail: {findings:?}");
    names
}

/// Asserts the gate refuses `root`'s plan-wide view because of a finding
/// of `check_name` in `file` at `line`, whatever `--ack` says, and that
/// `validate` reports that finding as gating.
fn refused_for(root: &Root, check_name: &str, file: &str, line: usize) {
    for args in [&[][..], &["--ack", "relay"]] {
        let (code, out) = check(root, args);
        assert_eq!(code, 1, "{args:?}: {out}");
        assert!(!out.contains("may start"), "{out}");
        assert!(
            out.contains(&format!("{file}:{line}: ")) && out.contains(check_name),
            "{check_name} at {file}:{line} missing: {out}"
        );
        assert!(out.contains("--ack does not pass these problems"), "{out}");
    }
    let names = gating_findings(root);
    assert!(names.iter().any(|n| n == check_name), "{names:?}");
}

// 1. A Decisions table without the columns the gate reads.

#[test]
fn a_header_without_a_blocking_column_stops_the_start() {
    let variants = [
        "blocking?",
        "blo<!-- -->cking",
        "blo&#99;king",
        "blo\u{AD}cking",
        "blocks",
        "bl\u{43E}cking",
        "bl\u{200B}ocking",
        "blocking\u{A0}",
    ];
    for cell in variants {
        let root = new_plan(|t| {
            ans5(swap(
                &t,
                "| state | blocking |",
                &format!("| state | {cell} |"),
            ))
        });
        refused_for(&root, "decision-table-malformed", "docs/plans/lh.md", 27);
        let (_, out) = check(&root, &[]);
        assert!(out.contains("no `blocking` column"), "{cell:?}: {out}");
        // The cell is quoted so that a look-alike shows.
        assert!(
            !out.contains('\u{43E}') && !out.contains('\u{200B}') && !out.contains('\u{A0}'),
            "{out}"
        );
        // The listing prints what the reference prints.
        let listed = stdout(&root.run(["phase-graph", "lh", "--decisions"]));
        assert!(
            listed.contains("relay\toutstanding\toperator\tno\tplan\t\n"),
            "{listed}"
        );
    }
    // A header without a state column, too.
    let root = new_plan(|t| swap(&t, "| state | blocking |", "| status | blocking |"));
    refused_for(&root, "decision-table-malformed", "docs/plans/lh.md", 27);
    assert!(check(&root, &[]).1.contains("no `state` column"));
}

// 2. Decision rows not under the Decisions heading, or not the manifest.

/// An edit of the plan's text.
type Edit = Box<dyn Fn(String) -> String>;

#[test]
fn a_table_cut_off_from_the_decisions_heading_stops_the_start() {
    let cases: Vec<(&str, Edit, usize)> = vec![
        (
            "a --- under the prose makes it a heading",
            Box::new(|t| {
                swap(
                    &t,
                    "by `planfile decisions`.\n",
                    "by `planfile decisions`.\n---\n",
                )
            }),
            28,
        ),
        (
            "an emoji in the heading",
            Box::new(|t| swap(&t, "## Decisions\n", "## 📋 Decisions\n")),
            27,
        ),
        (
            "## Decision",
            Box::new(|t| swap(&t, "## Decisions\n", "## Decision\n")),
            27,
        ),
        (
            "## Decision\\s",
            Box::new(|t| swap(&t, "## Decisions\n", "## Decision\\s\n")),
            27,
        ),
        (
            "a Cyrillic e",
            Box::new(|t| swap(&t, "## Decisions\n", "## D\u{435}cisions\n")),
            27,
        ),
        (
            "an HTML heading",
            Box::new(|t| swap(&t, "## Decisions\n", "<h2>Decisions</h2>\n")),
            27,
        ),
        (
            "two Decisions headings",
            Box::new(|t| {
                swap(
                    &t,
                    "## Decisions\n\n",
                    "## Decisions\n\nSee the table below.\n\n## Decisions\n\n",
                )
            }),
            31,
        ),
        (
            "a second table after the first",
            Box::new(|t| {
                let t = swap(&ans5(t), &format!("{RELAY}\n"), "");
                swap(
                    &t,
                    "\n## Phases",
                    &format!(
                        "\nAdded after review:\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n{RELAY}\n\n## Phases"
                    ),
                )
            }),
            50,
        ),
        (
            "a heading between two rows",
            Box::new(|t| swap(&ans5(t), RELAY, &format!("# Relay\n{RELAY}"))),
            46,
        ),
        (
            "a <div> right above the header",
            Box::new(|t| swap(&t, "| key | value |", "<div>\n| key | value |")),
            28,
        ),
    ];
    for (what, edit, line) in cases {
        let root = new_plan(edit);
        let (code, out) = check(&root, &[]);
        assert_eq!(code, 1, "{what}: {out}");
        assert!(!out.contains("no decision manifest"), "{what}: {out}");
        refused_for(&root, "decision-table-unread", "docs/plans/lh.md", line);
    }
}

#[test]
fn a_quoted_heading_does_not_end_the_decisions_section() {
    let root = new_plan(|t| {
        swap(
            &t,
            "## Decisions\n\n",
            "## Decisions\n\n> ## Note\n> The defaults are the operator's.\n\n",
        )
    });
    let out = root.decisions("lh", &["check", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let verdict: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(verdict["refusals"].as_array().map(Vec::len), Some(6));
    assert_eq!(verdict["unreadable"].as_array().map(Vec::len), Some(0));
    let listed = stdout(&root.run(["phase-graph", "lh", "--decisions"]));
    assert_eq!(listed.lines().count(), 19, "{listed}");
}

// 3. A block never closed swallows (part of) the Decisions section.

#[test]
fn an_unclosed_comment_or_fence_in_the_section_stops_the_start() {
    let cases: [(&str, &str, &str); 3] = [
        (
            "a comment",
            "<!-- TODO: review with ops\n",
            "HTML comment opened at line 20",
        ),
        ("a fence", "```\n", "code block opened at line 20"),
        (
            "a fence closed by a fence and a tab",
            "```\nexample\n```\t\n",
            "line 22, \"```\\u{9}\", does not close it",
        ),
    ];
    for (what, block, says) in cases {
        let root = new_plan(|t| {
            swap(
                &t,
                "## Decisions\n\n",
                &format!("## Decisions\n\n{block}\n"),
            )
        });
        let (code, out) = check(&root, &["--ack", "relay"]);
        assert_eq!(code, 1, "{what}: {out}");
        assert!(out.contains("decision-table-unread"), "{what}: {out}");
        assert!(out.contains(says), "{what}: {out}");
        let names = gating_findings(&root);
        assert!(names.contains(&"block-unclosed".to_string()), "{names:?}");
    }
}

#[test]
fn a_stray_fence_that_pairs_with_a_later_one_stops_the_start() {
    let fenced = |t: String| {
        let t = swap(&t, "## Decisions\n\n", "## Decisions\n\n```\n\n");
        let bullet = t
            .lines()
            .find(|l| l.starts_with("- **Verification:**"))
            .expect("the template's Verification bullet")
            .to_string();
        swap(
            &t,
            &bullet,
            "- **Verification:**\n  ```sh\n  test -s lamp.log\n  ```",
        )
    };
    // The stray fence closes at the Verification block's closing fence:
    // the table and the phases read as code, and the ```sh line inside
    // opens nothing.
    let root = new_plan(fenced);
    let (code, out) = check(&root, &["--ack", "relay"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("decision-table-unread"), "{out}");
    assert!(
        out.contains("(\"```sh\") inside it opens no block of its own"),
        "{out}"
    );
    // With a plain opening fence, it pairs with that one, and the
    // Verification block's closing fence is left open.
    let root = new_plan(|t| fenced(t).replace("  ```sh\n", "  ```\n"));
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("block-unclosed"), "{out}");
    assert!(out.contains("decision-table-unread"), "{out}");
    assert!(gating_findings(&root).contains(&"block-unclosed".to_string()));
}

// 4. An empty or missing blocking cell, a short row, a lone CR.

#[test]
fn an_empty_blocking_cell_on_a_template_blocking_key_still_blocks() {
    let empty = "| `relay` | | operator | outstanding | | plan | | — |";
    let root = new_plan(|t| swap(&ans5(t), RELAY, empty));
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("  - relay: outstanding and blocking (its blocking cell says nothing, and the template marks relay blocking, so it counts as blocking), owed by operator"),
        "{out}"
    );
    // The listing and the lint keep the reference's reading.
    let listed = stdout(&root.run(["phase-graph", "lh", "--decisions"]));
    assert!(
        listed.contains("relay\toutstanding\toperator\tno\tplan\t\n"),
        "{listed}"
    );
    // A key the template does not mark blocking, with an empty cell, does
    // not block.
    let root = new_plan(|t| {
        let t = swap(
            &ans5(t),
            RELAY,
            &RELAY.replace("| | operator | outstanding", "| off | operator | answered"),
        );
        swap(
            &t,
            "| `budgets` | | operator | outstanding | no |",
            "| `budgets` | | operator | outstanding | |",
        )
    });
    assert_eq!(check(&root, &[]).0, 0);

    // A twin row with an empty cell over the plan's yes.
    let root = new_plan(ans5);
    root.twin(
        "lh",
        "# Decisions — lh\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `relay` | | op | outstanding | | run | | — |\n",
    );
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("  - relay: outstanding and blocking"), "{out}");
}

#[test]
fn a_row_with_fewer_cells_than_the_header_stops_the_start() {
    let root = new_plan(|t| swap(&ans5(t), RELAY, "| `relay` | | operator | outstanding |"));
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("  - relay: outstanding and blocking"), "{out}");
    refused_for(&root, "decision-table-malformed", "docs/plans/lh.md", 45);
    assert!(
        check(&root, &[])
            .1
            .contains("a row with 4 cells under a header of 8"),
    );

    // A lone CR inside the row cuts it in two short rows.
    let root = new_plan(|t| {
        swap(
            &ans5(t),
            "| `relay` | | operator | outstanding | yes |",
            "| `relay` | | operator | outstanding\r| yes |",
        )
    });
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("  - relay: outstanding and blocking"), "{out}");
    refused_for(&root, "decision-table-malformed", "docs/plans/lh.md", 45);
}

// 5. Two rows for one key in one file.

#[test]
fn duplicate_rows_in_the_view_stop_the_start() {
    let answered = "| `relay` | off | operator | answered | yes | plan | | — |";
    let root = new_plan(|t| swap(&ans5(t), RELAY, &format!("{RELAY}\n{answered}")));
    refused_for(&root, "decision-row-duplicate", "docs/plans/lh.md", 46);

    let root = new_plan(|t| swap(&ans5(t), RELAY, answered));
    root.twin(
        "lh",
        "# Decisions — lh\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `relay` | | op | outstanding | yes | run | | — |\n| `relay` | off | op | answered | yes | run | | — |\n",
    );
    refused_for(
        &root,
        "decision-row-duplicate",
        "docs/handoffs/lh/decisions.md",
        8,
    );

    // Duplicates scoped to phase 1 stop phase 1's view, not the plan-wide
    // one; `check` without `--phase` judges phase 1's view too.
    let phase_row = |state: &str| format!("| `stop` | | operator | {state} | yes | plan | | 1 |");
    let root = new_plan(|t| {
        swap(
            &ans5(t),
            RELAY,
            &format!(
                "{}\n{}\n{}",
                RELAY.replace("| | operator | outstanding", "| off | operator | answered"),
                phase_row("outstanding"),
                phase_row("answered")
            ),
        )
    });
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("  - phase 1: stop: "), "{out}");
    let (code, out) = check(&root, &["--phase", "1"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("lh.md:47: ") && out.contains("decision-row-duplicate"),
        "{out}"
    );
}

// 6. A row scoped to a phase the plan does not have.

#[test]
fn a_row_of_a_phase_that_does_not_exist_stops_every_view() {
    for phase in ["9", "0"] {
        let root = new_plan(|t| {
            swap(
                &ans5(t),
                RELAY,
                &RELAY.replace("| — |", &format!("| {phase} |")),
            )
        });
        refused_for(&root, "decision-phase-unknown", "docs/plans/lh.md", 45);
        let (code, out) = check(&root, &["--phase", "1"]);
        assert_eq!(code, 1, "{out}");
        assert!(out.contains("decision-phase-unknown"), "{out}");
    }
}

// 7. A twin that is a dangling symlink.

#[test]
fn a_dangling_twin_symlink_is_unreadable_for_every_reader() {
    let root = new_plan(ans5);
    let dir = root.path().join("docs/handoffs/lh");
    std::fs::create_dir_all(&dir).expect("the handoff folder");
    std::os::unix::fs::symlink("../../moved/decisions.md", dir.join("decisions.md"))
        .expect("a link");
    for args in [
        &["decisions", "lh", "check"][..],
        &["decisions", "lh", "--ack", "relay", "check"],
        &["decisions", "lh", "list"],
        &["decisions", "lh", "prompt"],
        &["decisions", "lh", "resolve"],
        &["phase-graph", "lh", "--decisions"],
        &["validate", "lh"],
    ] {
        let out = root.run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        // validate's human report names it on stdout (and not again on
        // stderr); the other commands on stderr.
        let said = if args[0] == "validate" {
            stdout(&out)
        } else {
            stderr(&out)
        };
        assert!(
            said.contains(
                "the twin is a symlink to ../../moved/decisions.md, which does not exist"
            ) && said.contains("docs/handoffs/lh/decisions.md"),
            "{args:?}: {said}"
        );
    }
}

// 8. A first line `---` that swallows the Decisions section as front
// matter.

#[test]
fn a_leading_rule_that_hides_the_section_as_front_matter_stops_the_start() {
    let root = new_plan(|t| {
        let body = t.splitn(3, "---\n").nth(2).unwrap_or_default().to_string();
        format!("---\n{}", swap(&body, "\n## Phases", "\n---\n\n## Phases"))
    });
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("inside the front matter that the \"---\" of line 1 opens"),
        "{out}"
    );
    refused_for(&root, "decision-table-unread", "docs/plans/lh.md", 14);
}

// 13. The writer refuses while the plan's manifest is hidden.

#[test]
fn answer_refuses_while_the_plans_decisions_are_hidden() {
    let root = new_plan(|t| {
        swap(
            &t,
            "## Decisions\n\n",
            "## Decisions\n\n<!-- TODO: review with ops\n\n",
        )
    });
    for extra in [&[][..], &["--dry-run"], &["--blocking", "yes"]] {
        let args = [&["answer", "relay", "--value", "off"][..], extra].concat();
        let out = root.decisions("lh", &args);
        assert_eq!(out.status.code(), Some(1), "{extra:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), "");
        assert!(
            stderr(&out).contains(
                "docs/plans/lh.md:20: the plan's Decisions section cannot be read with certainty"
            ),
            "{}",
            stderr(&out)
        );
        assert!(stderr(&out).trim_end().ends_with("nothing written"));
        assert!(!root.path().join("docs/handoffs").exists());
    }
}

// 16. The help of check names every field of its JSON.

#[test]
fn check_help_names_every_json_field() {
    let out = Root::new().run(["decisions", "lh", "check", "--help"]);
    assert!(
        stdout(&out).contains(
            "{verdict, slug, view, every_view, refusals, missing, acknowledged, unreadable}"
        ),
        "{}",
        stdout(&out)
    );
    let root = new_plan(|t| t);
    let json = root.decisions("lh", &["check", "--format", "json"]);
    let verdict: Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let mut keys: Vec<&str> = verdict
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "acknowledged",
            "every_view",
            "missing",
            "refusals",
            "slug",
            "unreadable",
            "verdict",
            "view"
        ]
    );
}

// 17. Advice names the docs root the plan was found in.

#[test]
fn advice_names_the_docs_root_of_a_plan_given_by_path() {
    let root = Root::new();
    for dir in ["a", "b"] {
        std::fs::create_dir_all(root.path().join(dir).join("docs/plans")).expect("a root");
    }
    let out = root
        .cmd()
        .env_remove("DOCS_ROOT")
        .current_dir(root.path().join("a"))
        .args(["new", "p"])
        .output()
        .expect("run planfile");
    assert!(out.status.success(), "{}", stderr(&out));
    for verb in ["check", "prompt"] {
        let out = root
            .cmd()
            .env_remove("DOCS_ROOT")
            .args(["--root", "b", "decisions", "a/docs/plans/p.md", verb])
            .output()
            .expect("run planfile");
        let text = stdout(&out);
        assert!(
            text.contains("planfile --root a decisions p "),
            "{verb}: {text}"
        );
        assert!(!text.contains("--root b"), "{verb}: {text}");
    }
    // The advice runs as printed.
    let out = root
        .cmd()
        .env_remove("DOCS_ROOT")
        .args([
            "--root",
            "a",
            "decisions",
            "p",
            "answer",
            "relay",
            "--value",
            "off",
        ])
        .output()
        .expect("run planfile");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

// 18. Quoted as written; a phase argument that is not a number.

#[test]
fn an_unreadable_state_is_quoted_as_written_and_a_phase_must_be_a_number() {
    let root = new_plan(|t| {
        swap(
            &t,
            "| `relay` | | operator | outstanding |",
            "| `relay` | | operator | Outstanding. |",
        )
    });
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 1);
    assert!(
        out.contains("  - relay: state \"Outstanding.\" is not one of"),
        "{out}"
    );
    for verb in ["check", "list"] {
        let out = root.decisions("lh", &["--phase", "x", verb]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            stderr(&out),
            "planfile: \"x\" is not a phase number (lh has phases: 1)\n"
        );
    }
    let out = root.decisions("lh", &["--phase", "3", "check"]);
    assert_eq!(
        stderr(&out),
        "planfile: phase 3 is not in this plan (lh has phases: 1)\n"
    );
}

// 19. A row whose key cell is empty, while its other cells are not.

#[test]
fn a_row_without_a_key_that_holds_a_decision_stops_the_start() {
    for key_cell in ["", "` `", "**", "``"] {
        let root = new_plan(|t| {
            swap(
                &ans5(t),
                RELAY,
                &format!("| {key_cell} | | operator | outstanding | yes | plan | | — |"),
            )
        });
        refused_for(&root, "decision-table-malformed", "docs/plans/lh.md", 45);
        let (_, out) = check(&root, &[]);
        assert!(
            out.contains("a row whose key cell is empty while its other cells are not"),
            "{key_cell:?}: {out}"
        );
        // The listing skips it, as the reference does.
        let listed = stdout(&root.run(["phase-graph", "lh", "--decisions"]));
        assert!(!listed.contains("relay"), "{listed}");
    }
    // A row of nothing but empty cells and dashes is no decision.
    let root = new_plan(|t| {
        swap(
            &ans5(t),
            RELAY,
            &format!(
                "{}\n| | | | | | - | | — |",
                RELAY.replace("| | operator | outstanding", "| off | operator | answered")
            ),
        )
    });
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 0, "{out}");
}

// 20. A header that names a column twice.

#[test]
fn a_header_naming_a_column_twice_stops_the_start() {
    for (column, extra) in [
        ("blocking", "yes"),
        ("state", "outstanding"),
        ("key", "`budgets`"),
    ] {
        let root = new_plan(|t| {
            let t = ans5(swap(
                &t,
                RELAY,
                &RELAY.replace("| | operator | outstanding", "| off | operator | answered"),
            ));
            t.lines()
                .map(|l| {
                    if l.starts_with("| key |") {
                        format!("{l} {column} |")
                    } else if l.starts_with("|---|") {
                        format!("{l}---|")
                    } else if l.starts_with("| `") {
                        format!("{l} {extra} |")
                    } else {
                        l.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join("\n")
                + "\n"
        });
        refused_for(&root, "decision-table-malformed", "docs/plans/lh.md", 27);
        let (_, out) = check(&root, &[]);
        assert!(
            out.contains(&format!("names the `{column}` column more than once")),
            "{column}: {out}"
        );
    }
}

// 21. A dangling symlink on the twin's folder.

#[test]
fn a_dangling_symlink_on_the_twins_folder_is_unreadable_for_every_reader() {
    for (link, target) in [
        ("docs/handoffs/lh", "../moved/lh"),
        ("docs/handoffs", "../gone/handoffs"),
    ] {
        let root = new_plan(ans5);
        let at = root.path().join(link);
        std::fs::create_dir_all(at.parent().expect("a parent")).expect("its parent");
        std::os::unix::fs::symlink(target, &at).expect("a link");
        for args in [
            &["decisions", "lh", "check"][..],
            &["decisions", "lh", "--ack", "relay", "check"],
            &["decisions", "lh", "list"],
            &["decisions", "lh", "prompt"],
            &["decisions", "lh", "resolve"],
            &["phase-graph", "lh", "--decisions"],
            &[
                "decisions",
                "lh",
                "waive",
                "relay",
                "--reason",
                "r",
                "--by",
                "al",
            ],
            &["decisions", "lh", "answer", "relay", "--value", "off"],
            &["validate", "lh"],
        ] {
            let out = root.run(args);
            assert_eq!(
                out.status.code(),
                Some(2),
                "{link} {args:?}: {}",
                stdout(&out)
            );
            let said = if args[0] == "validate" {
                stdout(&out)
            } else {
                stderr(&out)
            };
            assert!(
                said.contains(&format!(
                    "the twin's folder {} is a symlink to {target}, which does not exist",
                    at.display()
                )),
                "{link} {args:?}: {said}"
            );
        }
        assert!(!at.exists(), "nothing was created through the link");
    }
}

// 22. A phase cell the reader cannot read: its row is read as plan-wide.

#[test]
fn a_duplicate_hidden_by_an_invalid_phase_cell_stops_the_start() {
    let answered = "| `relay` | off | operator | answered | yes | plan | |";
    for cell in [
        "–",
        "all",
        "any",
        "1.0",
        "1-1",
        "n/a",
        "phase 1",
        "<!-- -->",
        "—\u{200B}",
    ] {
        let root = new_plan(|t| swap(&ans5(t), RELAY, &format!("{RELAY}\n{answered} {cell} |")));
        refused_for(&root, "decision-row-duplicate", "docs/plans/lh.md", 46);
        refused_for(&root, "decision-phase-invalid", "docs/plans/lh.md", 46);
        let (_, out) = check(&root, &[]);
        assert!(
            out.contains(
                "line 46 repeats the row of line 45 (same key, plan-wide, as its phase cell"
            ),
            "{cell:?}: {out}"
        );
        // Phase 1's view reads the row too.
        let (code, out) = check(&root, &["--phase", "1"]);
        assert_eq!(code, 1, "{cell:?}: {out}");
    }
    // Alone, a row whose scope is a guess stops every view.
    let root = new_plan(|t| swap(&ans5(t), RELAY, &format!("{answered} – |")));
    refused_for(&root, "decision-phase-invalid", "docs/plans/lh.md", 45);
    assert_eq!(check(&root, &["--phase", "1"]).0, 1);
}

// 23. An answered blocking row whose value gives no answer.

#[test]
fn an_answered_blocking_row_without_an_answer_is_owed() {
    let answered = |key: &str, value: &str| {
        format!("| `{key}` | {value} | operator | answered | yes | plan | | — |")
    };
    let cases = [
        ("permission.policy", "", "the value is empty"),
        ("permission.policy", "—", "the value \"—\" says nothing"),
        ("permission.policy", "** **", "the value is empty"),
        ("relay", "—", "the value \"—\" says nothing"),
        ("relay", "TBD", "only a placeholder (\"TBD\")"),
        ("relay", "?", "only a placeholder (\"?\")"),
        (
            "relay",
            "sometimes",
            "\"sometimes\" is not one of: off last-resort",
        ),
        ("relay", "`-`", "the value \"-\" says nothing"),
    ];
    for (key, value, why) in cases {
        let root = new_plan(|t| {
            let t = swap(&ans5(t), RELAY, &answered("relay", "off"));
            let row = format!(
                "| `{key}` | {} | operator | answered | yes |",
                if key == "relay" { "off" } else { "x" }
            );
            swap(
                &t,
                &row,
                answered(key, value).replace(" plan | | — |", "").trim_end(),
            )
        });
        for args in [&[][..], &["--ack", key]] {
            let (code, out) = check(&root, args);
            assert_eq!(code, 1, "{key} {value:?}: {out}");
            assert!(
                out.contains(&format!("  - {key}: answered and blocking, but {why}, so it counts as outstanding, owed by operator — answer it: planfile decisions lh answer {key} --value …")),
                "{key} {value:?}: {out}"
            );
        }
        let json = root.decisions("lh", &["check", "--format", "json"]);
        let verdict: Value = serde_json::from_slice(&json.stdout).expect("JSON");
        assert_eq!(
            verdict["refusals"][0]["reason"], "answer-missing",
            "{verdict}"
        );
        let prompt = stdout(&root.decisions("lh", &["prompt"]));
        assert!(
            prompt.contains(&format!(
                "  - [outstanding] {key} — owner operator, blocking yes"
            )),
            "{prompt}"
        );
    }
    // On a key the template marks blocking, an empty blocking cell blocks.
    let root = new_plan(|t| {
        swap(
            &ans5(t),
            RELAY,
            "| `relay` | | operator | answered | | plan | | — |",
        )
    });
    assert_eq!(check(&root, &[]).0, 1);
    // Controls: a value the console takes, and a row that does not block.
    for (key, row) in [
        (
            "relay",
            "| `relay` | off | operator | answered | yes | plan | | — |",
        ),
        (
            "relay",
            "| `relay` | `off` for now | operator | answered | yes | plan | | — |",
        ),
        (
            "budgets",
            "| `budgets` | | operator | answered | no | plan | | — |",
        ),
    ] {
        let root = new_plan(|t| answered_but(t, key, row));
        let (code, out) = check(&root, &[]);
        assert_eq!(code, 0, "{row}: {out}");
    }
}

// 24. An empty blocking cell says nothing: it does not undo another row's
// yes.

#[test]
fn an_empty_blocking_cell_does_not_undo_a_yes_of_the_view() {
    let plan_yes = |t: String| {
        swap(
            &swap(
                &ans5(t),
                RELAY,
                "| `relay` | off | operator | answered | yes | plan | | — |",
            ),
            "| `budgets` | | operator | outstanding | no |",
            "| `budgets` | | operator | outstanding | yes |",
        )
    };
    let twin = |phase: &str, blocking: &str| {
        format!(
            "# Decisions — lh\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `budgets` | | alex | outstanding | {blocking} | run | note | {phase} |\n"
        )
    };
    let root = new_plan(plan_yes);
    assert_eq!(check(&root, &[]).0, 1);
    for (phase, args) in [("—", &[][..]), ("1", &["--phase", "1"])] {
        root.twin("lh", &twin(phase, ""));
        refused_and_prompted(
            &root,
            args,
            "  - budgets: outstanding and blocking (its blocking cell says nothing, and the row at line 41 of the plan says it blocks, so it counts as blocking), owed by alex",
            "  - [outstanding] budgets — owner alex, blocking yes",
        );
        // The listing keeps the reference's reading.
        let listed = stdout(&root.decisions("lh", &[args, &["list"][..]].concat()));
        assert!(
            listed.contains("budgets\toutstanding\talex\tno\trun\t"),
            "{listed}"
        );
    }
    // A cell that says no on an answer does undo it (an outstanding twin
    // row does not: see below).
    root.twin(
        "lh",
        &twin("—", "no").replace("| | alex | outstanding |", "| 20 € | alex | answered |"),
    );
    assert_eq!(check(&root, &[]).0, 0, "{}", check(&root, &[]).1);
}

/// Asserts that `decisions lh [ARGS] check` refuses saying `says`, and that
/// the prompt of the same view says `prompt_says`.
fn refused_and_prompted(root: &Root, args: &[&str], says: &str, prompt_says: &str) {
    let (code, out) = check(root, args);
    assert_eq!(code, 1, "{args:?}: {out}");
    assert!(out.contains(says), "{args:?}: {out}");
    let prompt = stdout(&root.decisions("lh", &[args, &["prompt"][..]].concat()));
    assert!(prompt.contains(prompt_says), "{prompt}");
}

// 25. A Decisions section whose decisions are not a pipe table.

/// `text` with the plan's pipe table replaced by `section`.
fn without_table(text: &str, section: &str) -> String {
    let start = text.find("| key |").expect("the table");
    let end = text.find("## Phases").expect("the phases");
    format!("{}{section}\n\n{}", &text[..start], &text[end..])
}

#[test]
fn decisions_that_are_not_a_pipe_table_stop_the_start() {
    let variants = [
        "<table>\n<tr><th>key</th><th>state</th><th>blocking</th></tr>\n<tr><td><code>relay</code></td><td>outstanding</td><td>yes</td></tr>\n</table>",
        "- `relay`: outstanding, blocking, owed by operator",
        "1. **relay** — outstanding (blocking)",
        "* relay = outstanding",
        "```\n| key | state | blocking |\n|---|---|---|\n| `relay` | outstanding | yes |\n```",
        "~~~markdown\nrelay: outstanding, blocking\n~~~",
        "    relay: outstanding, blocking",
        "key\tstate\tblocking\nrelay\toutstanding\tyes",
        "> relay: outstanding, blocking",
        "Relay: outstanding, blocking.",
    ];
    for section in variants {
        let root = new_plan(|t| without_table(&t, section));
        let offset = section
            .lines()
            .position(|l| l.to_ascii_lowercase().contains("relay"))
            .unwrap_or_default();
        refused_for(
            &root,
            "decision-table-unread",
            "docs/plans/lh.md",
            27 + offset,
        );
        let (_, out) = check(&root, &[]);
        assert!(
            out.contains("the Decisions section holds no manifest table, but this line names the decision key `relay`"),
            "{section:?}: {out}"
        );
        let prompt = stdout(&root.decisions("lh", &["prompt"]));
        assert!(
            prompt.starts_with("Warning: the decisions of plan lh cannot be read with certainty")
                && !prompt.contains("no `## Decisions` manifest")
                && !prompt.contains("holds no table"),
            "{section:?}: {prompt}"
        );
    }
    // The same in the twin hides a waiver.
    let root = new_plan(|t| {
        swap(
            &ans5(t),
            RELAY,
            &RELAY.replace("| | operator | outstanding", "| off | operator | answered"),
        )
    });
    assert_eq!(check(&root, &[]).0, 0);
    root.twin(
        "lh",
        "# Decisions — lh\n\n## Decisions\n\n<table>\n<tr><td>relay</td><td>not this run</td><td>alex</td><td>waived</td></tr>\n</table>\n",
    );
    refused_for(
        &root,
        "decision-table-unread",
        "docs/handoffs/lh/decisions.md",
        6,
    );
    // Beside the manifest, an HTML table is no row either.
    let root = new_plan(|t| {
        swap(
            &ans5(t),
            RELAY,
            &RELAY.replace("| | operator | outstanding", "| off | operator | answered"),
        )
        .replace(
            "\n## Phases",
            "\n<table>\n<tr><td>budgets</td><td>outstanding</td><td>yes</td></tr>\n</table>\n\n## Phases",
        )
    });
    refused_for(&root, "decision-table-unread", "docs/plans/lh.md", 50);

    // A heading with nothing under it, or prose that mentions keys, is no
    // manifest: the plan passes, and the prompt says the section holds no
    // table.
    for section in [
        "",
        "Nothing decided yet; the run asks about `relay` and `budgets`.",
    ] {
        let root = new_plan(|t| without_table(&t, section));
        let (code, out) = check(&root, &[]);
        assert_eq!(code, 0, "{section:?}: {out}");
        assert!(
            out.contains("the plan's `## Decisions` section holds no table"),
            "{out}"
        );
        let prompt = stdout(&root.decisions("lh", &["prompt"]));
        assert!(
            prompt.starts_with("The `## Decisions` section of plan lh holds no table, so none of these decisions is answered"),
            "{prompt}"
        );
    }
}

// 26. A quoted or listed row below the table, as anywhere in the section.

#[test]
fn a_quoted_or_listed_row_anywhere_in_the_section_stops_the_start() {
    let last = "| `plan-approval` | | operator | outstanding | no | plan | | — |";
    let stop = "| `stop` | | operator | outstanding | yes | plan | | — |";
    let answered = |t: String| {
        swap(
            &ans5(t),
            RELAY,
            &RELAY.replace("| | operator | outstanding", "| off | operator | answered"),
        )
    };
    for marks in ["> ", "- ", "* ", "1. ", "> - ", ">"] {
        for (after, line) in [(format!("{last}\n"), 48), (format!("{last}\n\n"), 49)] {
            let root = new_plan(|t| {
                let t = answered(t);
                swap(&t, &after, &format!("{after}{marks}{stop}\n"))
            });
            let (code, out) = check(&root, &[]);
            assert_eq!(code, 1, "{marks:?} at {line}: {out}");
            assert!(
                out.contains(&format!("lh.md:{line}: ")) && out.contains("decision-table-unread"),
                "{marks:?} at {line}: {out}"
            );
            assert!(gating_findings(&root).contains(&"decision-table-unread".to_string()));
        }
    }
    // Notes beside the manifest are no rows: the plan still passes.
    let notes = "\n- `relay`: decided at the kickoff, see the minutes\n\n> Budgets are in the finance sheet.\n\n```\n| `stop` | | operator | outstanding | yes | plan | | — |\n```\n\n<details><summary>relay</summary>Why it is off.</details>\n\n## Phases";
    let root = new_plan(|t| answered(t).replace("\n## Phases", notes));
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 0, "{out}");
}

// 27. An answer that shows nothing once rendered (invisible characters,
// HTML that renders nothing, the template's `…`) is no answer.

/// Values of a cell that show nothing once the cell is rendered.
const SHOWS_NOTHING: [&str; 27] = [
    "\u{A0}",
    "\u{200B}",
    "\u{200C}",
    "\u{200D}",
    "\u{2009}",
    "\u{202F}",
    "\u{3000}",
    "\u{2060}",
    "\u{AD}",
    "\u{34F}",
    "\u{2800}",
    "\u{3164}",
    "\u{115F}",
    "\u{1160}",
    "\u{FFA0}",
    "\u{FEFF}",
    "&nbsp;",
    "&#32;",
    "&#8203;",
    "<br>",
    "<p></p>",
    "<span></span>",
    "<!-- -->",
    "<img src=\"\">",
    "[]()",
    "…",
    "` `",
];

#[test]
fn an_answer_that_shows_nothing_once_rendered_is_owed() {
    // `human-acts` is free text, `credentials` a closed key that is no
    // word key, `x.custom` a key the vocabulary does not know.
    for (key, old) in [
        (
            "human-acts",
            "| `human-acts` | x | operator | answered | yes |",
        ),
        (
            "credentials",
            "| `credentials` | x | operator | answered | yes |",
        ),
        ("x.custom", "| `relay` | off | operator | answered | yes |"),
    ] {
        for value in SHOWS_NOTHING {
            let root = new_plan(|t| {
                let t = swap(&ans5(t), RELAY, &answered_row("relay", "off"));
                let row = answered_row(key, value);
                let row = row.strip_suffix(" plan | | — |").unwrap_or(&row);
                if key == "x.custom" {
                    swap(&t, old, &format!("{row}\n{old}"))
                } else {
                    swap(&t, old, row.trim_end())
                }
            });
            let (code, out) = check(&root, &[]);
            assert_eq!(code, 1, "{key} {value:?}: {out}");
            assert!(
                out.contains(&format!("  - {key}: answered and blocking, but the value"))
                    && out.contains("so it counts as outstanding"),
                "{key} {value:?}: {out}"
            );
        }
    }
    // The console's reading of a word key stands: `<!-- off -->` is `off`
    // (SPEC §5.5), and a value that shows something answers.
    for (key, value) in [
        ("relay", "<!-- last-resort -->"),
        ("human-acts", "`<!-- -->`"),
        ("human-acts", "&amp;"),
        ("human-acts", "[ops](https://example.com)"),
    ] {
        let root = new_plan(|t| answered_but(t, key, &answered_row(key, value)));
        let (code, out) = check(&root, &[]);
        assert_eq!(code, 0, "{key} {value:?}: {out}");
    }
}

/// The plan text with the six blocking keys answered (`relay` as `off`),
/// and the row of `key` replaced by `row`.
fn answered_but(text: String, key: &str, row: &str) -> String {
    let text = swap(&ans5(text), RELAY, &answered_row("relay", "off"));
    let old = text
        .lines()
        .find(|l| l.starts_with(&format!("| `{key}` |")))
        .unwrap_or_default()
        .to_string();
    swap(&text, &old, row)
}

/// An answered, blocking plan row of `key` holding `value`.
fn answered_row(key: &str, value: &str) -> String {
    format!("| `{key}` | {value} | operator | answered | yes | plan | | — |")
}

#[test]
fn answer_refuses_a_value_that_shows_nothing_and_resolve_passes_it_over() {
    let root = new_plan(|t| t);
    let twin = root.twin_path("lh");
    let mut values: Vec<&str> = SHOWS_NOTHING.to_vec();
    values.extend(["-", "—", "**", "``", "<!---->"]);
    for key in ["human-acts", "stop", "relay"] {
        for value in &values {
            let out = root.decisions("lh", &["answer", key, "--value", value]);
            assert_eq!(out.status.code(), Some(2), "{key} {value:?}");
            // (A value holding `<!--` is refused for what it hides.)
            let named = if value.contains("<!--") { "<!--" } else { key };
            assert!(stderr(&out).contains(named), "{}", stderr(&out));
            assert!(!twin.exists(), "{key} {value:?}: nothing is written");
        }
    }
    let out = root.decisions("lh", &["answer", "human-acts", "--value", "\u{200B}"]);
    assert!(
        stderr(&out).contains("the value \"\\u{200B}\" shows nothing once rendered, so the start gate would count the decision as still owed"),
        "{}",
        stderr(&out)
    );
    // A free-text row that shows nothing answers nothing: resolve falls
    // through, as for an empty value.
    for value in ["&nbsp;", "\u{200B}", "—", "…"] {
        let root = new_plan(|t| {
            swap(
                &t,
                "| `stop` | | operator | outstanding | no |",
                &format!("| `stop` | {value} | operator | answered | no |"),
            )
        });
        let out = stdout(&root.decisions("lh", &["resolve", "stop"]));
        assert_eq!(out, "stop\t\tnone\n", "{value:?}");
    }
}

// 28. A twin row that settles nothing (outstanding, or a state the reader
// cannot read) does not lower the plan's blocking.

#[test]
fn an_unsettled_twin_row_does_not_lower_the_plans_blocking() {
    let twin = |state: &str, blocking: &str, phase: &str| {
        format!(
            "# Decisions — lh\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `relay` | | operator | {state} | {blocking} | plan | | {phase} |\n"
        )
    };
    let root = new_plan(ans5);
    for (state, blocking) in [("outstanding", "no"), ("outstandng", "no"), ("", "no")] {
        for (phase, args) in [("—", &[][..]), ("1", &["--phase", "1"][..])] {
            root.twin("lh", &twin(state, blocking, phase));
            refused_and_prompted(
                &root,
                args,
                "(its blocking cell says no, but a twin row that is neither answered nor waived cannot lower the row at line 45 of the plan, which says it blocks, so it counts as blocking)",
                "owner operator, blocking yes",
            );
        }
    }
    // A plan row the template makes blocking (empty cell) or that says
    // something other than yes or no (`✓`) is not lowered either.
    for cell in ["", "✓"] {
        let root = new_plan(|t| {
            swap(
                &ans5(t),
                RELAY,
                &RELAY.replace("outstanding | yes |", &format!("outstanding | {cell} |")),
            )
        });
        root.twin("lh", &twin("outstanding", "no", "—"));
        assert_eq!(check(&root, &[]).0, 1, "{cell:?}");
    }
    // An answer or a waiver settles it; and the plan's own phase row `no`
    // over its plan-wide `yes` stands.
    root.twin(
        "lh",
        &twin("answered", "no", "—").replace("| | operator", "| off | operator"),
    );
    assert_eq!(check(&root, &[]).0, 0, "{}", check(&root, &[]).1);
    root.twin("lh", &twin("waived", "no", "—"));
    assert_eq!(check(&root, &["--ack", "relay"]).0, 0);
    let root = new_plan(|t| {
        swap(
            &ans5(t),
            RELAY,
            &format!("{RELAY}\n| `relay` | | operator | outstanding | no | plan | | 1 |"),
        )
    });
    assert_eq!(check(&root, &[]).0, 1);
    let (code, out) = check(&root, &["--phase", "1"]);
    assert_eq!(code, 0, "{out}");
}

// 29. The writer's default blocking is what the gate counts for the row it
// answers: an answer never lowers a decision's blocking unless asked to.

#[test]
fn answer_keeps_the_blocking_the_gate_counts() {
    let human = "| `human-acts` | | operator | outstanding | yes |";
    for cell in ["", "✓", "yes (ask ops)", "yes"] {
        let root = new_plan(|t| swap(&t, human, &human.replace("| yes |", &format!("| {cell} |"))));
        let out = root.decisions("lh", &["answer", "human-acts", "--value", "ops does it"]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            stdout(&out).starts_with("human-acts\tanswered\t")
                && stdout(&out).contains("\tyes\trun\t"),
            "{cell:?}: {}",
            stdout(&out)
        );
        let twin = std::fs::read_to_string(root.twin_path("lh")).expect("the twin");
        assert!(twin.contains("| ops does it | "), "{twin}");
        assert!(
            twin.lines().any(
                |l| l.starts_with("| `human-acts` |") && l.contains("| answered | yes | run |")
            ),
            "{cell:?}: {twin}"
        );
    }
    // Over a hand-edited twin row that says no but settles nothing, the
    // plan's yes is kept too; a key nothing marks blocking stays no, and
    // --blocking no is written as asked.
    let root = new_plan(ans5);
    root.twin(
        "lh",
        "# Decisions — lh\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `relay` | | operator | outstanding | no | plan | | — |\n",
    );
    for (args, expected) in [
        (
            &["answer", "relay", "--value", "off"][..],
            "relay\tanswered\t",
        ),
        (
            &["answer", "budgets", "--value", "none"][..],
            "budgets\tanswered\t",
        ),
    ] {
        let out = root.decisions("lh", args);
        assert!(stdout(&out).starts_with(expected), "{}", stderr(&out));
        let blocking = if args[1] == "relay" {
            "\tyes\t"
        } else {
            "\tno\t"
        };
        assert!(stdout(&out).contains(blocking), "{}", stdout(&out));
    }
    let out = root.decisions(
        "lh",
        &["answer", "relay", "--value", "off", "--blocking", "no"],
    );
    assert!(stdout(&out).contains("\tno\trun\toff"), "{}", stdout(&out));
}

// 30. A header cell that looks like the `phase` column but does not name
// it would read every row as plan-wide.

#[test]
fn a_phase_header_that_looks_like_phase_stops_the_start_and_the_writer() {
    let twin = |header: &str| {
        format!(
            "# Decisions — lh\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | {header} |\n|---|---|---|---|---|---|---|---|\n| `relay` | last-resort | ops | answered | yes | run | e | 1 |\n"
        )
    };
    let root = new_plan(ans5);
    for (header, shown) in [
        ("phase\u{A0}", "phase\\u{A0}"),
        ("phase\u{200B}", "phase\\u{200B}"),
        ("ph\u{430}se", "ph\\u{430}se"),
        ("phases", "phases"),
    ] {
        root.twin("lh", &twin(header));
        for args in [&[][..], &["--phase", "1"], &["--ack", "relay"]] {
            let (code, out) = check(&root, args);
            assert_eq!(code, 1, "{header:?} {args:?}: {out}");
            assert!(
                out.contains(&format!("decisions.md:5: decision table in decisions.md (line 5): decision-table-malformed — the header cell \"{shown}\" looks like the `phase` column but does not name it")),
                "{header:?}: {out}"
            );
        }
        assert!(gating_findings(&root).contains(&"decision-table-malformed".to_string()));
        let before = std::fs::read(root.twin_path("lh")).expect("the twin");
        let out = root.decisions("lh", &["answer", "relay", "--value", "off"]);
        assert_eq!(out.status.code(), Some(1), "{header:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("looks like the `phase` column"),
            "{}",
            stderr(&out)
        );
        assert_eq!(
            std::fs::read(root.twin_path("lh")).expect("the twin"),
            before
        );
    }
    // The header spelled right scopes the answer to phase 1; an unrelated
    // column is ignored as before.
    root.twin("lh", &twin("phase"));
    assert_eq!(check(&root, &[]).0, 1);
    assert_eq!(check(&root, &["--phase", "1"]).0, 0);
    root.twin(
        "lh",
        &twin("phase")
            .replace("| phase |", "| phase | notes |")
            .replace("---|\n", "---|---|\n")
            .replace("| 1 |\n", "| 1 | x |\n"),
    );
    assert_eq!(
        check(&root, &["--phase", "1"]).0,
        0,
        "{}",
        check(&root, &["--phase", "1"]).1
    );
}

/// A template-blocking key whose twin row leaves the blocking cell empty
/// blocks on its own, so the refusal names the template, not the plan row
/// that also says it blocks.
#[test]
fn an_empty_blocking_cell_on_a_template_key_names_the_template() {
    let root = new_plan(ans5);
    root.twin(
        "lh",
        "## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `relay` | | alex | outstanding | | run | note | — |\n",
    );
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("  - relay: outstanding and blocking (its blocking cell says nothing, and the template marks relay blocking, so it counts as blocking), owed by alex"),
        "{out}"
    );
}

/// Two plans with one slug (`docs/plans/lh.md` and `docs/plans/archive/lh.md`)
/// would share one twin, so the decisions commands refuse the one that is
/// not at `docs/plans/<slug>.md` (exit 2) and write nothing: an answer given
/// for the archived plan cannot open the active plan's gate. The plan at
/// its own place, named by slug or by path, is read as before.
#[test]
fn a_plan_sharing_its_slug_with_the_plan_at_its_place_is_refused() {
    let root = new_plan(ans5);
    let plan = root.path().join("docs/plans/lh.md");
    let archived = root.path().join("docs/plans/archive/lh.md");
    std::fs::create_dir_all(archived.parent().expect("folder")).expect("mkdir");
    std::fs::copy(&plan, &archived).expect("copy");
    let archived_arg = archived.to_str().expect("utf-8 path");
    for verb in [
        &["answer", "relay", "--value", "off"][..],
        &["check"],
        &["list"],
    ] {
        let out = root.decisions(archived_arg, verb);
        assert_eq!(out.status.code(), Some(2), "{verb:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("are two plans with the slug lh"),
            "{}",
            stderr(&out)
        );
    }
    assert!(!root.twin_path("lh").exists());
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 1, "{out}");
    let out = root.decisions(plan.to_str().expect("utf-8 path"), &["check"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

#[test]
fn a_dangling_twin_folder_is_reported_once_at_the_twin() {
    let root = new_plan(ans5);
    let at = root.path().join("docs/handoffs/lh");
    std::fs::create_dir_all(at.parent().expect("a parent")).expect("its parent");
    std::os::unix::fs::symlink("../moved/lh", &at).expect("a link");
    let out = root.run(["validate", "lh", "--format", "concise"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stdout(&out),
        format!(
            "docs/handoffs/lh/decisions.md:1:1: error: the twin's folder {} is a symlink to ../moved/lh, which does not exist; create the target or remove the link\n",
            at.display()
        )
    );
}

/// A value that shows only a placeholder once rendered, or a placeholder
/// with punctuation around it, holds no answer: `check` refuses, `validate`
/// gates on `decision-value-empty`, and `answer` refuses to write it.
#[test]
fn a_placeholder_dressed_in_punctuation_entities_or_other_dashes_is_no_answer() {
    let real = "| `human-acts` | the crew raises the mast by hand | crew | answered | yes | plan |";
    for value in [
        "TBD.",
        "(TBD)",
        "[TBD]",
        "TBD?",
        "TODO:",
        "FIXME.",
        "XXXX",
        "&#63;",
        "&lt;fill in&gt;",
        "\\?",
        "<!-- x -->TBD",
        "\u{2010}",
        "\u{2212}",
        "\u{2015}",
        "\u{2012}",
        "\u{FF0D}",
        "\u{FE63}",
        "\u{2E3A}",
    ] {
        let root = Root::new();
        let plan = common::one_phase_plan_owing_nothing("mast", "`true`");
        let row = format!("| `human-acts` | {value} | crew | answered | yes | plan |");
        root.plan("mast", &plan.replace(real, &row));
        let (code, out) = check_slug(&root, "mast");
        assert_eq!(code, 1, "{value:?}: {out}");
        assert!(
            out.contains("human-acts: answered and blocking, but"),
            "{value:?}: {out}"
        );
        let (code, findings) = root.findings("mast");
        assert_eq!(code, 1, "{value:?}: {findings:#?}");
        assert!(
            findings.iter().any(|f| f["name"] == "decision-value-empty"),
            "{value:?}: {findings:#?}"
        );
        // The writer refuses it too.
        let root = Root::new();
        root.plan("mast", &plan);
        let written = root.decisions("mast", &["answer", "human-acts", "--value", value]);
        assert_eq!(written.status.code(), Some(2), "{value:?}");
    }
    // Controls: words around the placeholder make an answer.
    for value in ["TBD: the crew raises it by hand", "✓ by hand", "x"] {
        let root = Root::new();
        let plan = common::one_phase_plan_owing_nothing("mast", "`true`");
        let row = format!("| `human-acts` | {value} | crew | answered | yes | plan |");
        root.plan("mast", &plan.replace(real, &row));
        assert_eq!(check_slug(&root, "mast").0, 0, "{value:?}");
    }
}

/// A `[policy]` answer that says nothing, or is only a placeholder, does
/// not settle a key no row decides: the gate still owes it.
#[test]
fn a_policy_answer_that_says_nothing_settles_no_missing_key() {
    let real =
        "| `human-acts` | the crew raises the mast by hand | crew | answered | yes | plan |\n";
    for value in [
        "TBD", "—", "-", "…", "<!-- -->", "&nbsp;", "\u{200B}", "?", "TODO", "(TBD)",
    ] {
        let root = Root::new();
        let plan = common::one_phase_plan_owing_nothing("mast", "`true`").replace(real, "");
        root.plan("mast", &plan);
        root.config(&format!(
            "[policy]\n\"human-acts\" = \"{}\"\n",
            value
                .chars()
                .map(|c| format!("\\u{:04X}", u32::from(c)))
                .collect::<String>()
        ));
        let (code, out) = check_slug(&root, "mast");
        assert_eq!(code, 1, "{value:?}: {out}");
        assert!(
            out.contains("human-acts: no row decides it"),
            "{value:?}: {out}"
        );
    }
    let root = Root::new();
    let plan = common::one_phase_plan_owing_nothing("mast", "`true`").replace(real, "");
    root.plan("mast", &plan);
    root.config("[policy]\n\"human-acts\" = \"none: the run needs no hands\"\n");
    assert_eq!(check_slug(&root, "mast").0, 0);
}

/// `decisions <slug> check` in `root`: the exit code and stdout.
fn check_slug(root: &Root, slug: &str) -> (i32, String) {
    let output = root.decisions(slug, &["check"]);
    (output.status.code().unwrap_or(-1), stdout(&output))
}

/// A twin row answered with a placeholder and `blocking no` cannot lower
/// the blocking the plan gives its key, on a key the template does not
/// mark blocking (where only the plan's row says it blocks).
#[test]
fn a_twin_answer_that_says_nothing_cannot_lower_the_plans_blocking() {
    let root = Root::new();
    let plan = common::one_phase_plan_owing_nothing("mast", "`true`")
        + "| `budgets` | | crew | outstanding | yes | plan |\n";
    root.plan("mast", &plan);
    let twin = "## Decisions\n\n| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n";
    root.twin(
        "mast",
        &format!("{twin}| `budgets` | TBD | crew | answered | no | run |\n"),
    );
    let (code, out) = check_slug(&root, "mast");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("an answer that says nothing cannot lower the row at line 29 of the plan"),
        "{out}"
    );
    // A real answer in the twin does lower it.
    root.twin(
        "mast",
        &format!("{twin}| `budgets` | two hours a phase | crew | answered | no | run |\n"),
    );
    let (code, out) = check_slug(&root, "mast");
    assert_eq!(code, 0, "{out}");
}
