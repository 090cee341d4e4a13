//! `planfile validate` run the way a ruff or markdownlint-cli2 user runs it
//! in a repository (SPEC §6, §10.1): on `.` and `docs/`, with settings
//! files in several folders, excluded folders and globs, a mistyped plan
//! path, plans on stdin with `--fix` and `--diff`, special files found in a
//! folder, colour into files and pipes, and statistics in every format.

mod common;

use common::{Root, one_phase_plan, stderr, stdout};

/// A repository (its top folder is the docs root) with a clean plan
/// `lighthouse`, a broken plan `harbour` (F14), a changelog, a README and
/// a dated note under `docs/notes/`.
fn repository() -> Root {
    let root = Root::new();
    root.plan(
        "lighthouse",
        &one_phase_plan("lighthouse", "`test -s lamp.log`"),
    );
    root.plan("harbour", &one_phase_plan("harbour", "look at it"));
    let top = root.path();
    std::fs::write(top.join("CHANGELOG.md"), "# Changelog\n\n- first\n").expect("write");
    std::fs::write(top.join("README.md"), "# The repository\n").expect("write");
    std::fs::create_dir_all(top.join("docs/notes")).expect("docs/notes");
    std::fs::write(top.join("docs/notes/2026-11-30.md"), "# Notes\n").expect("write");
    root
}

fn run(root: &Root, args: &[&str]) -> std::process::Output {
    root.run(std::iter::once("validate").chain(args.iter().copied()))
}

/// The files named on the concise lines of `out`, each once, in order.
fn files(out: &str) -> Vec<String> {
    let mut files: Vec<String> = Vec::new();
    for line in out.lines() {
        let file = line.split(':').next().unwrap_or_default().to_string();
        if !files.contains(&file) {
            files.push(file);
        }
    }
    files
}

/// Runs `validate ARGS` with `input` on stdin.
fn with_stdin(root: &Root, args: &[&str], input: &[u8]) -> std::process::Output {
    root.run_with_stdin(&[&["validate"], args].concat(), input)
}

// ---- what a folder names ----

#[test]
fn a_repository_or_its_docs_folder_names_its_plans_and_nothing_else() {
    let root = repository();
    root.config(common::POLICY_OF_THE_MISSING);
    for folder in [".", "docs", "./docs/"] {
        let output = run(&root, &[folder, "--format", "concise"]);
        assert_eq!(output.status.code(), Some(1), "{folder}");
        assert_eq!(
            files(&stdout(&output)),
            ["docs/plans/harbour.md"],
            "{folder}: {}",
            stdout(&output)
        );
        assert!(!stderr(&output).contains("graph-table-missing"), "{folder}");
    }
    let output = run(&root, &["."]);
    assert!(
        stderr(&output).contains("2 plans checked"),
        "{}",
        stderr(&output)
    );
    // A folder in docs/plans/, and a folder of plans without docs/plans/.
    std::fs::create_dir_all(root.path().join("docs/plans/legacy")).expect("a folder");
    std::fs::write(
        root.path().join("docs/plans/legacy/old.md"),
        one_phase_plan("old", "by eye"),
    )
    .expect("write");
    let output = run(&root, &["docs/plans/legacy", "--format", "concise"]);
    assert_eq!(files(&stdout(&output)), ["docs/plans/legacy/old.md"]);
    let output = run(&root, &["docs/plans", "--format", "concise"]);
    assert_eq!(
        files(&stdout(&output)),
        ["docs/plans/harbour.md", "docs/plans/legacy/old.md"]
    );
    std::fs::create_dir_all(root.path().join("drafts")).expect("a folder of plans");
    std::fs::write(
        root.path().join("drafts/kiln.md"),
        one_phase_plan("kiln", "watch it"),
    )
    .expect("write");
    let output = run(&root, &["drafts", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(files(&stdout(&output)), ["drafts/kiln.md"]);
}

#[test]
fn a_special_file_found_in_a_folder_is_named_and_exits_2() {
    let root = repository();
    let fifo = root.path().join("docs/plans/pipe.md");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        return;
    }
    for format in [
        "human", "concise", "json", "sarif", "github", "junit", "gitlab",
    ] {
        let output = root
            .cmd()
            .args(["validate", "docs", "--format", format])
            .timeout(std::time::Duration::from_secs(10))
            .output()
            .expect("run planfile");
        assert_eq!(output.status.code(), Some(2), "{format}");
        assert!(
            stdout(&output).contains("pipe.md"),
            "{format}: {}",
            stdout(&output)
        );
    }
}

// ---- which settings ----

#[test]
fn a_deeper_settings_file_is_not_read_and_validate_says_so() {
    let root = repository();
    root.config("[lint]\nadvisory = [\"verification-empty-open\"]\n");
    let legacy = root.path().join("docs/plans/legacy");
    std::fs::create_dir_all(&legacy).expect("a folder");
    std::fs::write(legacy.join("old.md"), one_phase_plan("old", "by eye")).expect("write");
    std::fs::write(legacy.join("planfile.toml"), "[lint]\nignore = [\"F14\"]\n").expect("write");
    let in_use = root.path().join("planfile.toml");
    let cases = [
        (
            root.path().to_path_buf(),
            "docs/plans/legacy/planfile.toml is not read: planfile.toml is in use for ".to_string(),
        ),
        (
            legacy.clone(),
            format!(
                "planfile.toml is not read: {} is in use for ",
                in_use.display()
            ),
        ),
    ];
    for (cwd, note) in cases {
        let output = root
            .cmd()
            .current_dir(&cwd)
            .arg("validate")
            .output()
            .expect("run planfile");
        let err = stderr(&output);
        let notes: Vec<&str> = err.lines().filter(|l| l.contains("is not read")).collect();
        assert_eq!(notes.len(), 1, "{}: {err}", cwd.display());
        assert!(
            notes[0].starts_with(&format!("planfile: note: {note}")),
            "{err}"
        );
        // The file in use decides: F14 is advisory, not ignored.
        assert_eq!(output.status.code(), Some(0), "{err}");
        assert!(stdout(&output).contains("verification-empty-open"));
    }
    // --quiet, --config and --no-config say nothing of it.
    for args in [
        &["--quiet"][..],
        &["--no-config"],
        &["--config", "planfile.toml"],
    ] {
        let err = stderr(&run(&root, args));
        assert!(!err.contains("is not read"), "{args:?}: {err}");
    }
}

#[test]
fn show_settings_prints_the_file_and_checks_of_each_plan() {
    let root = repository();
    root.config(
        "[lint]\nadvisory = [\"verification-empty-open\"]\nignore = [\"gate-date-invalid\"]\nexclude = [\"docs/plans/archive\"]\n[lint.per-file-ignores]\n\"docs/plans/harbour.md\" = [\"decision-key-unknown\"]\n",
    );
    let output = run(&root, &["--show-settings"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = stdout(&output);
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(
        blocks.len(),
        2,
        "harbour has its own per-file ignore: {out}"
    );
    assert!(
        blocks[0].starts_with("Settings for docs/plans/harbour.md\n"),
        "{out}"
    );
    assert!(
        blocks[1].starts_with("Settings for docs/plans/lighthouse.md\n"),
        "{out}"
    );
    for block in &blocks {
        assert!(
            block.contains("settings file:    planfile.toml (at the docs root)"),
            "{block}"
        );
        assert!(
            block.contains("every check but F24 gate-date-invalid"),
            "{block}"
        );
        assert!(
            block.contains("made advisory:    F14 verification-empty-open"),
            "{block}"
        );
        assert!(
            block.contains("exclude:          docs/plans/archive"),
            "{block}"
        );
    }
    assert!(blocks[0].contains("per-file-ignores: F25 decision-key-unknown"));
    assert!(blocks[1].contains("per-file-ignores: none"));
    assert!(
        !out.contains("verification-empty-open —"),
        "nothing is linted"
    );
    let output = run(&root, &["harbour", "--show-settings", "--no-config"]);
    let out = stdout(&output);
    assert!(
        out.contains("settings file:    none (--no-config)"),
        "{out}"
    );
    assert!(out.contains("checks that run:  all "), "{out}");
}

#[test]
fn a_shared_code_is_noted_in_one_line_that_points_at_explain() {
    let root = repository();
    root.config("[lint]\nignore = [\"F25\"]\n");
    let output = run(&root, &["lighthouse"]);
    let err = stderr(&output);
    let notes: Vec<&str> = err.lines().filter(|l| l.contains("note:")).collect();
    assert_eq!(notes.len(), 1, "{err}");
    assert!(
        notes[0].ends_with("`planfile explain F25` lists them"),
        "{err}"
    );
    assert!(!notes[0].contains("decision-key-unknown"), "{err}");
    assert!(err.contains("1 plan checked"), "the summary stays: {err}");
}

// ---- exclude ----

#[test]
fn an_excluded_folder_and_an_excluded_glob_exit_alike() {
    let root = repository();
    root.config("[lint]\nexclude = [\"docs/plans/legacy\"]\n");
    let legacy = root.path().join("docs/plans/legacy");
    std::fs::create_dir_all(&legacy).expect("a folder");
    std::fs::write(legacy.join("old.md"), one_phase_plan("old", "by eye")).expect("write");
    for arg in ["docs/plans/legacy", "docs/plans/legacy/*.md"] {
        let output = run(&root, &[arg]);
        assert_eq!(output.status.code(), Some(0), "{arg}: {}", stderr(&output));
        assert!(stderr(&output).contains("0 plans checked"), "{arg}");
    }
    let output = run(&root, &["docs/plans/legacy/z*.md"]);
    assert_eq!(output.status.code(), Some(2), "a glob that matches nothing");
    // Named by path, an excluded plan is linted, unless --force-exclude.
    let named = "docs/plans/legacy/old.md";
    assert_eq!(run(&root, &[named]).status.code(), Some(1));
    let output = run(&root, &[named, "--force-exclude"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stderr(&output).contains("0 plans checked"));
}

// ---- arguments that name no plan ----

#[test]
fn a_plan_named_with_md_suggests_its_slug() {
    let root = repository();
    let output = run(&root, &["lighthouse.md"]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(
        err.contains("\"lighthouse.md\": no such file; did you mean the plan lighthouse (docs/plans/lighthouse.md)?"),
        "{err}"
    );
    assert!(!err.contains("lighthouse.md.md"), "{err}");
    assert_eq!(err.matches("no such file").count(), 1, "{err}");
    let output = run(&root, &["nowhere.md"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(!stderr(&output).contains("did you mean"));
}

#[test]
fn the_human_report_names_a_missing_plan_once() {
    let root = repository();
    let output = run(&root, &["lighthous"]);
    assert_eq!(output.status.code(), Some(2));
    let said = format!("{}{}", stdout(&output), stderr(&output));
    assert_eq!(said.matches("no such plan").count(), 1, "{said}");
    // --output-file takes the report: stderr still names it.
    let output = run(&root, &["lighthous", "--output-file", "report.txt"]);
    assert!(stderr(&output).contains("no such plan"));
}

// ---- fixes ----

#[test]
fn exit_zero_covers_diff() {
    let root = Root::fixture("lint/decision-word-style");
    let output = run(&root, &["fail", "--diff"]);
    assert_eq!(output.status.code(), Some(1));
    let output = run(&root, &["fail", "--diff", "--exit-zero"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("+| `relay` | off |"));
}

#[test]
fn fix_and_diff_take_a_plan_on_stdin() {
    let root = Root::fixture("lint/decision-word-style");
    let plan = root.path().join("docs/plans/fail.md");
    let before = std::fs::read(&plan).expect("the plan");
    let named = ["-", "--stdin-filename", "docs/plans/fail.md"];
    let output = with_stdin(&root, &[&named[..], &["--fix"]].concat(), &before);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let fixed = stdout(&output);
    assert!(
        fixed.contains("| `relay` | off | potter | answered | yes | plan |"),
        "{fixed}"
    );
    assert!(fixed.starts_with("---\n"), "the whole plan: {fixed}");
    assert!(
        stderr(&output).contains("fixed, 0 remaining"),
        "{}",
        stderr(&output)
    );
    assert_eq!(
        std::fs::read(&plan).expect("the plan"),
        before,
        "nothing written"
    );
    // The report goes to stderr in any format.
    let output = with_stdin(
        &root,
        &[&named[..], &["--fix", "--format", "concise"]].concat(),
        &before,
    );
    assert_eq!(stdout(&output), fixed);
    // Unnamed, and with --diff.
    let output = with_stdin(&root, &["-", "--fix"], &before);
    assert!(stdout(&output).contains("| `relay` | off |"));
    let output = with_stdin(&root, &[&named[..], &["--diff"]].concat(), &before);
    assert_eq!(output.status.code(), Some(1));
    let diff = stdout(&output);
    assert!(
        diff.starts_with("--- a/docs/plans/fail.md\n+++ b/docs/plans/fail.md\n"),
        "{diff}"
    );
    assert!(diff.contains("-| `relay` | Off |"), "{diff}");
    // Text that cannot be linted comes back as it was read.
    let output = with_stdin(&root, &["-", "--fix"], b"# Caf\xe9\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(output.stdout, b"# Caf\xe9\n");
}

// ---- colour ----

#[test]
fn colour_goes_into_a_file_only_when_asked_and_colours_every_text_report() {
    let root = repository();
    let colored = |args: &[&str], env: &[(&str, &str)]| {
        let mut cmd = root.cmd();
        cmd.arg("validate").args(args).env_remove("NO_COLOR");
        cmd.envs(env.iter().copied());
        let output = cmd.output().expect("run planfile");
        stdout(&output).contains('\u{1b}')
    };
    let file = root.path().join("out.txt");
    let in_file = |args: &[&str], env: &[(&str, &str)]| {
        let _ = std::fs::remove_file(&file);
        colored(&[&["-o", "out.txt"], args].concat(), env);
        std::fs::read_to_string(&file)
            .expect("the report")
            .contains('\u{1b}')
    };
    assert!(!in_file(&[], &[("FORCE_COLOR", "1")]));
    assert!(in_file(&["--color", "always"], &[]));
    for args in [
        &["--format", "concise"][..],
        &["--statistics"],
        &["--statistics", "--format", "concise"],
    ] {
        assert!(
            colored(&[args, &["--color", "always"]].concat(), &[]),
            "{args:?}"
        );
        assert!(!colored(args, &[]), "{args:?}: not a terminal");
    }
    let fixes = Root::fixture("lint/decision-word-style");
    let diff = |args: &[&str]| {
        let mut cmd = fixes.cmd();
        cmd.args(["validate", "fail", "--diff"]).args(args);
        stdout(&cmd.output().expect("run planfile")).contains('\u{1b}')
    };
    assert!(diff(&["--color", "always"]));
    assert!(!diff(&[]));
}

// ---- statistics ----

#[test]
fn statistics_refuse_the_formats_for_programs_and_sort_by_count() {
    let root = repository();
    root.config(common::POLICY_OF_THE_MISSING);
    for format in ["sarif", "junit", "gitlab", "github"] {
        let output = run(&root, &["--statistics", "--format", format]);
        assert_eq!(output.status.code(), Some(2), "{format}");
        let err = stderr(&output);
        assert!(
            err.contains("--statistics prints in --format human, concise (text) or json"),
            "{format}: {err}"
        );
        assert!(stdout(&output).is_empty(), "{format}");
    }
    // Two F14 findings in one plan, one decision-key-unknown in another.
    let two_phases = one_phase_plan("harbour", "look at it")
        .replace(
            "| 1 | Only step | — | site |\n",
            "| 1 | Only step | — | site |\n| 2 | Second | 1 | site |\n",
        )
        .replace(
            "- **Verification:** look at it\n",
            "- **Verification:** look at it\n\n### Phase 2 — Second\n- **Verification:** by eye\n",
        )
        .replace("phases: 1", "phases: 2");
    root.plan("harbour", &two_phases);
    root.plan(
        "lighthouse",
        &one_phase_plan("lighthouse", "`test -s a`").replace("`stop`", "`stopp`"),
    );
    let output = run(
        &root,
        &["--statistics", "--format", "concise", "--select", "F14,F25"],
    );
    let out = stdout(&output);
    let names: Vec<&str> = out.lines().filter_map(|l| l.split('\t').nth(2)).collect();
    assert_eq!(
        names,
        ["verification-empty-open", "decision-key-unknown"],
        "{out}"
    );
}
