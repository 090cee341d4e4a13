//! Paths in CI reports (SPEC §10.1, fix): `github`, `sarif`, `gitlab` and
//! `junit` name each file relative to the repository — `$GITHUB_WORKSPACE`,
//! else `$CI_PROJECT_DIR`, else the top of the git checkout, else the
//! working directory — wherever in it the command runs; the formats for
//! people keep paths relative to the working directory. GitLab
//! fingerprints never change when lines move, and each is its own.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::{Root, copy_dir, fixtures, one_phase_plan_owing_nothing, stderr, stdout};
use serde_json::Value;

/// A repository (a `.git` folder at its top) whose docs root is its
/// `site/` folder, with one plan, `hull`, whose phase has no runnable
/// Verification (one F14 finding).
fn monorepo() -> (Root, PathBuf) {
    let root = Root::new();
    std::fs::create_dir_all(root.path().join(".git")).expect(".git");
    let site = root.path().join("site");
    std::fs::create_dir_all(site.join("docs/plans")).expect("site/docs/plans");
    std::fs::write(
        site.join("docs/plans/hull.md"),
        one_phase_plan_owing_nothing("hull", "the surveyor reads the plates"),
    )
    .expect("the plan");
    (root, site)
}

/// `planfile validate --format FORMAT` run in `cwd` with `env` (the CI
/// variables unset unless given there).
fn validate_in(root: &Root, cwd: &Path, format: &str, env: &[(&str, &Path)]) -> String {
    let mut cmd = root.cmd();
    cmd.current_dir(cwd)
        .env_remove("DOCS_ROOT")
        .args(["validate", "--format", format]);
    for (name, value) in env {
        cmd.env(name, value);
    }
    let output = cmd.output().expect("run planfile");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    stdout(&output)
}

/// The files a report names, in each format's own place for them.
fn files_named(format: &str, report: &str) -> Vec<String> {
    let mut files: Vec<String> = match format {
        "github" => report
            .lines()
            .filter_map(|l| l.split_once(" file=")?.1.split(',').next())
            .map(str::to_string)
            .collect(),
        "gitlab" => serde_json::from_str::<Value>(report)
            .expect("JSON")
            .as_array()
            .into_iter()
            .flatten()
            .map(|i| i["location"]["path"].as_str().unwrap_or("").to_string())
            .collect(),
        "sarif" => {
            let doc: Value = serde_json::from_str(report).expect("JSON");
            doc["runs"][0]["results"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|r| {
                    r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                        .as_str()
                        .unwrap_or("")
                        .to_string()
                })
                .collect()
        }
        "junit" => {
            let doc = roxmltree::Document::parse(report).expect("XML");
            doc.descendants()
                .filter(|n| n.has_tag_name("testsuite") || n.has_tag_name("testcase"))
                .flat_map(|n| {
                    ["name", "file", "classname"]
                        .into_iter()
                        .filter_map(move |a| n.attribute(a))
                        .filter(|v| v.ends_with(".md"))
                        .map(str::to_string)
                })
                .collect()
        }
        "concise" => report
            .lines()
            .filter_map(|l| l.split_once(':'))
            .map(|(f, _)| f.to_string())
            .collect(),
        "json" => {
            let doc: Value = serde_json::from_str(report).expect("JSON");
            doc["plans"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|p| p["findings"].as_array().cloned().unwrap_or_default())
                .map(|f| f["file"].as_str().unwrap_or("").to_string())
                .collect()
        }
        other => panic!("no reader for {other}"),
    };
    files.sort();
    files.dedup();
    files
}

#[test]
fn ci_formats_name_files_from_the_top_of_the_git_checkout() {
    let (root, site) = monorepo();
    for format in ["github", "sarif", "gitlab", "junit"] {
        let report = validate_in(&root, &site, format, &[]);
        assert_eq!(
            files_named(format, &report),
            ["site/docs/plans/hull.md"],
            "{format}: {report}"
        );
    }
    // The formats for people keep the working directory's paths.
    for format in ["concise", "json"] {
        let report = validate_in(&root, &site, format, &[]);
        assert_eq!(
            files_named(format, &report),
            ["docs/plans/hull.md"],
            "{format}: {report}"
        );
    }
    let github = validate_in(&root, &site, "github", &[]);
    insta::assert_snapshot!("github_from_a_sub_folder", github);
}

#[test]
fn github_workspace_then_ci_project_dir_name_the_repository() {
    let (root, site) = monorepo();
    std::fs::remove_dir(root.path().join(".git")).expect("no .git");
    // No checkout found: the working directory, as before.
    let alone = validate_in(&root, &site, "github", &[]);
    assert_eq!(files_named("github", &alone), ["docs/plans/hull.md"]);
    let top = root.path().to_path_buf();
    let github = validate_in(&root, &site, "github", &[("GITHUB_WORKSPACE", &top)]);
    assert_eq!(files_named("github", &github), ["site/docs/plans/hull.md"]);
    let gitlab = validate_in(&root, &site, "gitlab", &[("CI_PROJECT_DIR", &top)]);
    assert_eq!(files_named("gitlab", &gitlab), ["site/docs/plans/hull.md"]);
    // $GITHUB_WORKSPACE wins over $CI_PROJECT_DIR.
    let both = validate_in(
        &root,
        &site,
        "junit",
        &[("GITHUB_WORKSPACE", &site), ("CI_PROJECT_DIR", &top)],
    );
    assert_eq!(files_named("junit", &both), ["docs/plans/hull.md"]);
    // A file outside the repository is named by its absolute path.
    let elsewhere = tempfile::tempdir().expect("a folder");
    let outside = validate_in(
        &root,
        &site,
        "sarif",
        &[("GITHUB_WORKSPACE", elsewhere.path())],
    );
    let uris = files_named("sarif", &outside);
    assert!(
        uris.len() == 1
            && uris[0].starts_with("file:///")
            && uris[0].ends_with("/site/docs/plans/hull.md"),
        "{uris:?}"
    );
}

/// A plan whose findings include messages that quote line numbers
/// (`decision-table-malformed`, `block-unclosed`) and two findings alike
/// in all but their line (two rows of one typo).
const MOVES: &str = "---
slug: moves
status: active
phases: 1
---

# Moving lines

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Winch | — | yard | winch turns |

## Phases

### Phase 1 — Winch
- **Verification:** the rigger turns the winch

## Decisions

| key | value | owner | state | blocking | source |
| `stop` | halt | rigger | answered | no | plan |

Notes follow.

<!-- an unclosed comment
";

/// The (check, fingerprint) pairs of a GitLab report, and its lines.
fn fingerprints(report: &str) -> (Vec<(String, String)>, Vec<u64>) {
    let doc: Value = serde_json::from_str(report).expect("JSON");
    let issues = doc.as_array().cloned().unwrap_or_default();
    let mut prints: Vec<(String, String)> = issues
        .iter()
        .map(|i| {
            (
                i["check_name"].as_str().unwrap_or("").to_string(),
                i["fingerprint"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    prints.sort();
    let lines = issues
        .iter()
        .filter_map(|i| i["location"]["lines"]["begin"].as_u64())
        .collect();
    (prints, lines)
}

#[test]
fn gitlab_fingerprints_stay_when_lines_move_and_are_each_their_own() {
    let root = Root::new();
    let path = root.plan("moves", MOVES);
    let run = |root: &Root| {
        let output = root.run(["validate", "moves", "--format", "gitlab"]);
        stdout(&output)
    };
    let before = run(&root);
    assert!(
        before.contains("(line 22): decision-table-malformed") && before.contains("block-unclosed"),
        "{before}"
    );
    std::fs::write(
        &path,
        MOVES.replace(
            "# Moving lines\n",
            "# Moving lines\n\nThe yard moves the winch\nevery spring.\n",
        ),
    )
    .expect("write the plan");
    let after = run(&root);
    let (prints_before, lines_before) = fingerprints(&before);
    let (prints_after, lines_after) = fingerprints(&after);
    assert_ne!(lines_before, lines_after, "the findings moved down");
    assert_eq!(prints_before, prints_after);
    let mut unique: Vec<&String> = prints_after.iter().map(|(_, f)| f).collect();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), prints_after.len(), "{prints_after:?}");
}

#[test]
fn two_findings_alike_but_for_their_line_get_their_own_fingerprints() {
    let root = Root::new();
    // Two rows of one key with one misspelled state: two findings whose
    // messages are the same.
    let text = MOVES.replace(
        "| `stop` | halt | rigger | answered | no | plan |\n",
        "|---|---|---|---|---|---|\n| `stop` | halt | rigger | answerd | no | plan |\n| `stop` | halt | rigger | answerd | no | plan |\n",
    );
    let path = root.plan("moves", &text);
    let run = || stdout(&root.run(["validate", "moves", "--format", "gitlab"]));
    let (prints, _) = fingerprints(&run());
    let states: Vec<&String> = prints
        .iter()
        .filter(|(c, _)| c == "F25/decision-state-unknown")
        .map(|(_, f)| f)
        .collect();
    assert_eq!(states.len(), 2, "{prints:?}");
    assert_ne!(states[0], states[1]);
    std::fs::write(
        &path,
        text.replace("# Moving lines\n", "# Moving lines\n\nMore.\n"),
    )
    .expect("write the plan");
    assert_eq!(fingerprints(&run()).0, prints);
}

/// The plan files under `dir`, recursively.
fn plans_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            plans_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "md")
            && path.parent().is_some_and(|p| p.ends_with("docs/plans"))
        {
            out.push(path);
        }
    }
}

/// Every plan of `fixtures/` with its (check, fingerprint) pairs.
fn fingerprints_by_plan(root: &Root, dir: &Path) -> BTreeMap<String, Vec<(String, String)>> {
    let output = root
        .cmd()
        .args(["validate", "--format", "gitlab"])
        .arg(dir)
        .output()
        .expect("run planfile");
    let doc: Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", stderr(&output)));
    let mut by_plan: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for issue in doc.as_array().into_iter().flatten() {
        by_plan
            .entry(issue["location"]["path"].as_str().unwrap_or("").to_string())
            .or_default()
            .push((
                issue["check_name"].as_str().unwrap_or("").to_string(),
                issue["fingerprint"].as_str().unwrap_or("").to_string(),
            ));
    }
    for prints in by_plan.values_mut() {
        prints.sort();
    }
    by_plan
}

/// Over every plan of the fixtures: two lines of prose under the title
/// move every finding of the plan down, and no fingerprint changes, so no
/// message that goes into one quotes a line number.
#[test]
fn no_fixture_finding_has_a_fingerprint_that_moves_with_its_line() {
    let root = Root::new();
    let copy = root.path().join("fixtures");
    copy_dir(&fixtures(), &copy);
    let before = fingerprints_by_plan(&root, &copy);
    let mut plans = Vec::new();
    plans_under(&copy, &mut plans);
    for plan in &plans {
        let Ok(text) = std::fs::read_to_string(plan) else {
            continue;
        };
        let Some(title) = text.find("\n# ") else {
            continue;
        };
        let end = text[title + 1..]
            .find('\n')
            .map_or(text.len(), |e| title + 1 + e + 1);
        let moved = format!(
            "{}\nProse that moves\nevery line below.\n{}",
            &text[..end],
            &text[end..]
        );
        std::fs::write(plan, moved).expect("write the plan");
    }
    let after = fingerprints_by_plan(&root, &copy);
    let mut compared = 0;
    for (plan, prints) in &before {
        let Some(moved) = after.get(plan) else {
            continue;
        };
        let checks = |p: &[(String, String)]| p.iter().map(|(c, _)| c.clone()).collect::<Vec<_>>();
        if checks(prints) != checks(moved) {
            continue;
        }
        assert_eq!(prints, moved, "{plan}: fingerprints moved with the lines");
        compared += prints.len();
    }
    assert!(compared > 100, "only {compared} findings compared");
}
