//! The listings (SPEC §5.1, §5.2) over one fixture per reading and merging
//! rule (SPEC §3.3, §4), and the exit codes of SPEC §8 for listings.

mod common;

use common::{Root, stderr, stdout};
use planfile::plan::Plan;

/// Every view of a fixture case (plan-wide, then each phase of its graph),
/// as `phase-graph <case> --decisions [N]` prints it, one block per view.
fn all_views(root: &Root, case: &str) -> String {
    let plan_path = root.path().join("docs/plans").join(format!("{case}.md"));
    let plan = Plan::load_path(case, &plan_path).expect("the fixture plan reads");
    let mut views: Vec<Option<String>> = vec![None];
    views.extend(plan.graph_phases().into_iter().map(|p| Some(p.to_string())));
    let mut out = String::new();
    for view in views {
        let mut cmd = root.cmd();
        cmd.args(["phase-graph", case, "--decisions"]);
        if let Some(p) = &view {
            cmd.arg(p);
        }
        let output = cmd.output().expect("planfile runs");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{case} {view:?}: {}",
            stderr(&output)
        );
        out.push_str(&format!(
            "== {} ==\n{}",
            view.as_deref()
                .map(|p| format!("phase {p}"))
                .unwrap_or_else(|| "plan-wide".into()),
            stdout(&output).replace('\t', "→")
        ));
    }
    out
}

macro_rules! case_snapshot {
    ($name:ident, $case:literal) => {
        #[test]
        fn $name() {
            let root = Root::fixture(concat!("cases/", $case));
            insta::assert_snapshot!($case, all_views(&root, $case));
        }
    };
}

case_snapshot!(columns_reordered, "columns-reordered");
case_snapshot!(unknown_column, "unknown-column");
case_snapshot!(no_phase_column, "no-phase-column");
case_snapshot!(markup_stripping, "markup-stripping");
case_snapshot!(empty_key_skipped, "empty-key-skipped");
case_snapshot!(escaped_pipe, "escaped-pipe");
case_snapshot!(fenced_tables_ignored, "fenced-tables-ignored");
case_snapshot!(html_comment_ignored, "html-comment-ignored");
case_snapshot!(decisions_log_heading, "decisions-log-heading");
case_snapshot!(setext_heading, "setext-heading");
case_snapshot!(nbsp_not_trimmed, "nbsp-not-trimmed");
case_snapshot!(phase_cell_variants, "phase-cell-variants");
case_snapshot!(twin_over_plan, "twin-over-plan");
case_snapshot!(phase_rank, "phase-rank");
case_snapshot!(equal_rank_later_wins, "equal-rank-later-wins");
case_snapshot!(unknown_keys_order, "unknown-keys-order");
case_snapshot!(no_manifest, "no-manifest");
case_snapshot!(prose_only_section, "prose-only-section");
case_snapshot!(value_tab, "value-tab");
case_snapshot!(bom_frontmatter, "bom-frontmatter");

#[test]
fn crlf_plan_lists_like_lf() {
    let lf = Root::fixture("cases/crlf");
    let crlf = Root::fixture("cases/crlf");
    let path = crlf.path().join("docs/plans/crlf.md");
    let text = std::fs::read_to_string(&path).expect("the plan");
    std::fs::write(&path, text.replace('\n', "\r\n")).expect("CRLF plan");
    let got = all_views(&crlf, "crlf");
    assert_eq!(got, all_views(&lf, "crlf"));
    assert!(!got.contains('\r'));
    insta::assert_snapshot!("crlf", got);
}

#[test]
fn phase_argument_is_normalised() {
    let root = Root::fixture("cases/phase-cell-variants");
    let padded = root
        .cmd()
        .args(["phase-graph", "phase-cell-variants", "--decisions", "08"])
        .output()
        .expect("planfile runs");
    let plain = root
        .cmd()
        .args(["phase-graph", "phase-cell-variants", "--decisions", "8"])
        .output()
        .expect("planfile runs");
    assert_eq!(padded.status.code(), Some(0));
    assert_eq!(stdout(&padded), stdout(&plain));
    assert!(stdout(&padded).starts_with("waits\tanswered\ttrack-access\tyes\tplan\t"));
}

#[test]
fn unknown_phase_is_exit_2_naming_the_phases() {
    let root = Root::fixture("cases/phase-cell-variants");
    let out = root
        .cmd()
        .args(["decisions", "phase-cell-variants", "--phase", "3", "list"])
        .output()
        .expect("planfile runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        "planfile: phase 3 is not in this plan (phase-cell-variants has phases: 1 2 8)\n"
    );
}

#[test]
fn list_formats_json_and_table() {
    let root = Root::fixture("example");
    let json = root
        .cmd()
        .args([
            "decisions",
            "demo",
            "--phase",
            "2",
            "list",
            "--format",
            "json",
        ])
        .output()
        .expect("planfile runs");
    assert_eq!(json.status.code(), Some(0), "{}", stderr(&json));
    let text = stdout(&json).replace(&root.path().display().to_string(), "<root>");
    let value: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    insta::assert_json_snapshot!("example-phase-2-json", value);

    let table = root
        .cmd()
        .args(["decisions", "demo", "list", "--format", "table"])
        .output()
        .expect("planfile runs");
    assert_eq!(table.status.code(), Some(0), "{}", stderr(&table));
    assert!(
        !stdout(&table).contains('\u{1b}'),
        "no colour when not a terminal"
    );
    insta::assert_snapshot!("example-table", stdout(&table));
}

#[test]
fn list_tsv_equals_phase_graph_decisions() {
    let root = Root::fixture("example");
    for phase in ["1", "2", "3", "4"] {
        let list = root
            .cmd()
            .args(["decisions", "demo", "list", "--phase", phase])
            .output()
            .expect("planfile runs");
        let graph = root
            .cmd()
            .args(["phase-graph", "demo", "--decisions", phase])
            .output()
            .expect("planfile runs");
        assert_eq!(list.stdout, graph.stdout, "phase {phase}");
        assert!(!list.stdout.is_empty());
    }
}

#[test]
fn unknown_list_format_is_a_usage_error() {
    let root = Root::fixture("example");
    let out = root
        .cmd()
        .args(["decisions", "demo", "list", "--format", "yaml"])
        .output()
        .expect("planfile runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("[possible values: tsv, json, table]"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn missing_plan_and_missing_graph() {
    let root = Root::new();
    let out = root
        .cmd()
        .args(["phase-graph", "nowhere", "--decisions"])
        .output()
        .expect("planfile runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("nowhere"));

    let out = root
        .cmd()
        .args(["decisions", "nowhere", "list"])
        .output()
        .expect("planfile runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("docs/plans/nowhere.md"));

    root.plan("graphless", "---\nstatus: active\n---\n# Notes\n\n## Decisions\n\n| key | value |\n|---|---|\n| `stop` | halt |\n");
    let out = root
        .cmd()
        .args(["phase-graph", "graphless", "--decisions"])
        .output()
        .expect("planfile runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no phase graph"));
    assert_eq!(stdout(&out), "");
}

#[test]
fn invalid_slugs_are_refused_with_exit_2() {
    let root = Root::fixture("example");
    for slug in ["../demo", "a/b", "", "demo..x", "d\u{200B}emo"] {
        let out = root
            .cmd()
            .args(["decisions", slug, "list"])
            .output()
            .expect("planfile runs");
        assert_eq!(out.status.code(), Some(2), "slug {slug:?}");
        assert!(
            stderr(&out).contains("invalid plan slug"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn a_plan_path_is_accepted_and_sets_the_root() {
    let root = Root::fixture("example");
    let elsewhere = tempfile::tempdir().expect("a folder");
    let plan = root.path().join("docs/plans/demo.md");
    let by_path = root
        .cmd()
        .current_dir(elsewhere.path())
        .env_remove("DOCS_ROOT")
        .args(["phase-graph"])
        .arg(&plan)
        .arg("--decisions")
        .output()
        .expect("planfile runs");
    let by_slug = root
        .cmd()
        .args(["phase-graph", "demo", "--decisions"])
        .output()
        .expect("planfile runs");
    assert_eq!(by_path.status.code(), Some(0), "{}", stderr(&by_path));
    assert_eq!(by_path.stdout, by_slug.stdout);
}

#[test]
fn docs_root_is_found_from_a_subfolder_and_by_flag() {
    let root = Root::fixture("example");
    let sub = root.path().join("docs/handoffs/demo");
    let found = root
        .cmd()
        .current_dir(&sub)
        .env_remove("DOCS_ROOT")
        .args(["phase-graph", "demo", "--decisions"])
        .output()
        .expect("planfile runs");
    assert_eq!(found.status.code(), Some(0), "{}", stderr(&found));
    let elsewhere = tempfile::tempdir().expect("a folder");
    let flagged = root
        .cmd()
        .current_dir(elsewhere.path())
        .env("DOCS_ROOT", elsewhere.path())
        .arg("--root")
        .arg(root.path())
        .args(["phase-graph", "demo", "--decisions"])
        .output()
        .expect("planfile runs");
    assert_eq!(flagged.status.code(), Some(0), "{}", stderr(&flagged));
    assert_eq!(found.stdout, flagged.stdout);
    assert!(!found.stdout.is_empty());
}

#[test]
fn non_utf8_plan_and_twin_are_exit_2_naming_the_file() {
    let root = Root::fixture("example");
    let twin = root.twin_path("demo");
    let mut bytes = std::fs::read(&twin).expect("the twin");
    bytes.extend_from_slice(b"\n\xE9\n");
    std::fs::write(&twin, bytes).expect("write");
    let out = root
        .cmd()
        .args(["decisions", "demo", "list"])
        .output()
        .expect("planfile runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("decisions.md"), "{}", stderr(&out));
    assert!(stderr(&out).contains("not valid UTF-8"));
    assert!(!stderr(&out).contains("panicked"));
}

#[test]
fn closed_stdout_exits_quietly() {
    let root = Root::fixture("example");
    let bin = assert_cmd::cargo::cargo_bin("planfile");
    let script = format!(
        "'{}' --root '{}' phase-graph demo --decisions | true; echo ${{PIPESTATUS[0]}}",
        bin.display(),
        root.path().display()
    );
    let out = std::process::Command::new("bash")
        .args(["-c", &script])
        .output()
        .expect("bash runs");
    assert_eq!(stdout(&out).trim(), "0");
    assert_eq!(stderr(&out), "");
}
