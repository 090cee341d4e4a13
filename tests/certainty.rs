//! Validate agrees with the gate (SPEC §6): the certainty checks — the
//! findings that make the start gate refuse because a Decisions section
//! cannot be read with certainty — always gate in `validate` and `--lint`.
//! No inline suppression, no `planfile.toml` setting, no command-line
//! selection and no closed plan hides one; naming one by name in a comment
//! is `suppression-invalid`, and in the settings or on the command line an
//! error (exit 2).

mod common;

use common::{Root, stderr, stdout};

/// A one-phase plan whose Decisions table has no delimiter row (a
/// `decision-table-malformed`, a certainty finding) and a row with an
/// unknown key; `head` goes after the front matter, `status` is its status.
fn net_loft(head: &str, status: &str) -> String {
    format!(
        "---\nslug: net-loft\nstatus: {status}\nphases: 1\n---\n\n{head}\n\n# Net loft\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos | Exit criteria |\n|---|---|---|---|---|\n| 1 | Racks | — | loft | hung |\n\n## Phases\n\n### Phase 1 — Racks\n- **Verification:** `test -s racks.log`\n\n## Decisions\n\n| key | value | owner | state | blocking | source |\n| `permission.policy` | ask first | mender | answered | yes | plan |\n| `net-colour` | tan | mender | answered | no | plan |\n"
    )
}

fn concise(root: &Root) -> (i32, String) {
    let out = root.run(["validate", "net-loft", "--format", "concise"]);
    (out.status.code().unwrap_or(-1), stdout(&out))
}

#[test]
fn a_code_wide_suppression_leaves_the_certainty_check_on_and_hides_the_others() {
    let root = Root::new();
    root.plan(
        "net-loft",
        &net_loft("<!-- planfile-ignore-file: F25 -->", "active"),
    );
    let (code, out) = concise(&root);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("F25 decision-table-malformed"), "{out}");
    assert!(!out.contains("decision-key-unknown"), "{out}");
    assert!(!out.contains("suppression-unused"), "{out}");

    let lint = root.run(["phase-graph", "net-loft", "--lint"]);
    assert_eq!(lint.status.code(), Some(1));
    assert!(
        stderr(&lint).contains("LINT FAIL: net-loft"),
        "{}",
        stderr(&lint)
    );
    assert!(!stdout(&lint).contains("LINT OK"));
}

#[test]
fn naming_a_certainty_check_in_a_comment_is_suppression_invalid_and_hides_nothing() {
    let root = Root::new();
    root.plan(
        "net-loft",
        &net_loft(
            "<!-- planfile-ignore-file: decision-table-malformed, decision-key-unknown -->",
            "active",
        ),
    );
    let (code, out) = concise(&root);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("net-loft.md:7:28: F20 suppression-invalid"),
        "{out}"
    );
    assert!(out.contains("F25 decision-table-malformed"), "{out}");
    // The comment's other name still suppresses.
    assert!(!out.contains("decision-key-unknown"), "{out}");
    // A merge-conflict marker behind `F20` is not hidden either.
    root.plan(
        "net-loft",
        &net_loft(
            "<!-- planfile-ignore-file: F20 -->\n\n<<<<<<< ours\nx\n=======\ny\n>>>>>>> theirs",
            "active",
        ),
    );
    let (code, out) = concise(&root);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out.lines()
            .filter(|l| l.contains("F20 merge-conflict-marker"))
            .count(),
        3,
        "{out}"
    );
}

#[test]
fn settings_that_would_hide_a_certainty_check_are_an_error() {
    for (setting, why) in [
        ("ignore = [\"decision-table-malformed\"]", "ignore"),
        ("advisory = [\"merge-conflict-marker\"]", "make advisory"),
        (
            "[lint.per-file-ignores]\n\"docs/plans/*.md\" = [\"decision-row-duplicate\"]",
            "ignore for a file",
        ),
    ] {
        let root = Root::new();
        root.plan("net-loft", &net_loft("", "active"));
        root.config(&format!("[lint]\n{setting}\n"));
        let out = root.run(["validate", "net-loft"]);
        assert_eq!(out.status.code(), Some(2), "{setting}: {}", stderr(&out));
        assert!(stderr(&out).contains("planfile.toml"), "{}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!("which no setting can {why}")),
            "{}",
            stderr(&out)
        );
    }
    let root = Root::new();
    root.plan("net-loft", &net_loft("", "active"));
    let out = root.run([
        "validate",
        "net-loft",
        "--ignore",
        "decision-table-malformed",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--ignore names decision-table-malformed"));
}

#[test]
fn a_selection_or_a_code_wide_ignore_leaves_the_certainty_checks_on() {
    let root = Root::new();
    root.plan("net-loft", &net_loft("", "active"));
    root.config("[lint]\nignore = [\"F25\"]\n");
    let (code, out) = concise(&root);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("decision-table-malformed"), "{out}");
    assert!(!out.contains("decision-key-unknown"), "{out}");
    let out = root.run([
        "validate", "net-loft", "--format", "concise", "--select", "F14",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("decision-table-malformed"));
}

#[test]
fn a_closed_plan_never_hides_a_certainty_finding() {
    let root = Root::new();
    root.plan("net-loft", &net_loft("", "complete"));
    let (code, out) = concise(&root);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("decision-table-malformed"), "{out}");
    assert!(
        out.contains("decision-key-unknown") && out.contains("(closed plan, not gating)"),
        "{out}"
    );
    let lint = root.run(["phase-graph", "net-loft", "--lint"]);
    assert_eq!(lint.status.code(), Some(1));
    assert!(
        stderr(&lint).ends_with("LINT FAIL: net-loft (1 issue[s])\n"),
        "{}",
        stderr(&lint)
    );
}
