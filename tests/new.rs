//! `new <SLUG> [--title TEXT]`: writes docs/plans/<slug>.md from the plan
//! template, with all nineteen decision keys (SPEC §2).

mod common;

use common::{Root, stderr, stdout, tree};
use planfile::vocab;

#[test]
fn writes_the_plan_and_prints_its_path() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = Root { dir };
    // An empty docs root, no docs/plans/ yet: `new` creates it.
    let output = root
        .cmd()
        .args(["new", "beacon-hill"])
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let path = root.path().join("docs/plans/beacon-hill.md");
    assert_eq!(stdout(&output), format!("{}\n", path.display()));
    let text = std::fs::read_to_string(&path).expect("the new plan");
    assert!(
        text.starts_with("---\nslug: beacon-hill\nstatus: active\n"),
        "{text}"
    );
    assert!(text.contains("\n# Beacon hill\n"), "{text}");
    assert!(text.contains("docs/handoffs/beacon-hill/decisions.md"));
    assert!(!text.contains("{{"), "{text}");
    insta::assert_snapshot!("new_beacon_hill", text);
}

#[test]
fn written_plan_lists_all_nineteen_keys_as_the_template_says() {
    let root = Root::new();
    root.cmd()
        .args(["new", "kiln-logger", "--title", "Kiln temperature logger"])
        .assert()
        .success();
    let output = root
        .cmd()
        .args(["phase-graph", "kiln-logger", "--decisions"])
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // SPEC §5.7: the operator's four answered by policy, every other key
    // outstanding and owned by the operator, blocking as the template marks it.
    let expected: String = vocab::KEYS
        .iter()
        .map(|spec| {
            let blocking = if spec.template_blocking { "yes" } else { "no" };
            match spec.default {
                Some(default) if vocab::OPERATOR_DEFAULTS.contains(&spec.key) => format!(
                    "{}\t{}\tpolicy\tno\t{}\t{default}\n",
                    spec.key,
                    vocab::STATE_ANSWERED,
                    vocab::SOURCE_DEFAULT
                ),
                _ => format!(
                    "{}\t{}\toperator\t{blocking}\t{}\t\n",
                    spec.key,
                    vocab::STATE_OUTSTANDING,
                    vocab::SOURCE_PLAN
                ),
            }
        })
        .collect();
    assert_eq!(
        expected
            .lines()
            .filter(|l| l.contains("\tanswered\t"))
            .count(),
        4
    );
    assert_eq!(stdout(&output), expected);
    assert_eq!(stdout(&output).lines().count(), 19);
    // Every phase's view is the same: the template's rows are plan-wide.
    let phase1 = root
        .cmd()
        .args(["phase-graph", "kiln-logger", "--decisions", "1"])
        .output()
        .expect("run planfile");
    assert_eq!(stdout(&phase1), expected);
    let text =
        std::fs::read_to_string(root.path().join("docs/plans/kiln-logger.md")).expect("the plan");
    assert!(text.contains("\n# Kiln temperature logger\n"));
    for key in vocab::OPERATOR_DEFAULTS {
        let default = vocab::key_spec(key).and_then(|s| s.default).unwrap_or("");
        let row = format!(
            "\n| `{key}` | {default} | policy | answered | no | default | the shipped default | — |\n"
        );
        assert!(text.contains(&row), "{row}");
    }
    // The phase has a backticked Verification command.
    assert!(
        text.lines()
            .any(|l| l.starts_with("- **Verification:** `") && l.ends_with('`')),
        "{text}"
    );
}

#[test]
fn a_fresh_plan_is_refused_by_the_start_gate_on_its_blocking_rows() {
    let root = Root::new();
    root.cmd().args(["new", "dome"]).assert().success();
    let output = root
        .cmd()
        .args(["decisions", "dome", "check"])
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(1));
    let refused: Vec<&str> = vocab::KEYS
        .iter()
        .filter(|s| s.template_blocking)
        .map(|s| s.key)
        .collect();
    assert_eq!(refused.len(), 6, "SPEC §5.7: six blocking decisions");
    let out = stdout(&output);
    for key in &refused {
        assert!(
            out.contains(&format!(
                "  - {key}: outstanding and blocking, owed by operator"
            )),
            "{key}: {out}"
        );
    }
    assert_eq!(out.lines().count(), 1 + refused.len(), "{out}");
}

#[test]
fn refuses_an_existing_plan_and_leaves_it_alone() {
    let root = Root::new();
    let path = root.plan("dome", "# my own plan\n");
    let before = tree(root.path());
    let output = root
        .cmd()
        .args(["new", "dome", "--title", "Dome"])
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    assert!(
        stderr(&output).contains(&path.display().to_string()),
        "{}",
        stderr(&output)
    );
    assert_eq!(tree(root.path()), before);
    // The plan's path names it as well as its slug.
    let output = root
        .cmd()
        .args(["new", "docs/plans/dome.md"])
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("already exists"),
        "{}",
        stderr(&output)
    );
    assert_eq!(tree(root.path()), before);
}

#[cfg(unix)]
#[test]
fn refuses_a_dangling_link_in_the_plans_folder() {
    let root = Root::new();
    let link = root.path().join("docs/plans/dome.md");
    std::os::unix::fs::symlink(root.path().join("elsewhere.md"), &link).expect("a symlink");
    root.cmd().args(["new", "dome"]).assert().code(2);
    assert!(!root.path().join("elsewhere.md").exists());
}

#[test]
fn refuses_bad_slugs_and_titles_touching_nothing() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = Root { dir };
    for args in [
        &["new", "../escape"][..],
        &["new", "a/b"],
        &["new", ""],
        &["new", "-dash"],
        &["new", "a..b"],
        &["new", "dome.md"],
        &["new", "dome", "--title", ""],
        &["new", "dome", "--title", "two\nlines"],
        &["new", "dome", "--title"],
        &["new"],
    ] {
        let output = root.cmd().args(args).output().expect("run planfile");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&output), "", "{args:?}");
        assert!(tree(root.path()).is_empty(), "{args:?} touched the tree");
    }
    assert!(
        !root
            .path()
            .parent()
            .expect("a parent")
            .join("escape.md")
            .exists()
    );
}

#[test]
fn numeric_and_boolean_slugs_stay_strings() {
    let root = Root::new();
    for slug in ["2026", "true", "1e3"] {
        root.cmd().args(["new", slug]).assert().success();
        let text = std::fs::read_to_string(root.path().join(format!("docs/plans/{slug}.md")))
            .expect("the plan");
        assert!(
            text.starts_with(&format!("---\nslug: \"{slug}\"\n")),
            "{text}"
        );
        root.cmd()
            .args(["phase-graph", slug, "--decisions"])
            .assert()
            .success();
    }
}

/// A file name or a path where the slug goes names the slug to pass and
/// where the plan would be written, never a doubled `.md`.
#[test]
fn a_file_name_for_the_slug_names_the_slug_to_pass() {
    let root = Root::new();
    for arg in ["x.md", "docs/plans/x.md"] {
        let out = root.run(["new", arg]);
        assert_eq!(out.status.code(), Some(2), "{arg}");
        assert_eq!(
            stderr(&out),
            "planfile: new takes a slug, not a file name: pass \"x\", and the plan is written to docs/plans/x.md\n",
            "{arg}"
        );
    }
    assert!(!root.path().join("docs/plans/x.md").exists());
}
