//! `planfile validate` on the command line as ruff and markdownlint-cli2
//! users meet it (SPEC §6, §10.1): its arguments (folders, globs, stdin),
//! its options, every key of `planfile.toml`, the path every format prints,
//! the plans that could not be read, and its help.

mod common;

use common::{Root, stderr, stdout};
use serde_json::Value;

/// A one-phase plan `slug` whose phase is verified by `verification` and
/// that has one answered decision row.
fn plan_text(slug: &str, verification: &str) -> String {
    common::one_phase_plan(slug, verification)
}

/// A docs root with `clean-one` (no finding) and `broken-one` (one F14
/// finding, `verification-empty-open`).
fn two_plans() -> Root {
    let root = Root::new();
    root.plan("clean-one", &plan_text("clean-one", "`test -s a.log`"));
    root.plan("broken-one", &plan_text("broken-one", "look at it"));
    root
}

fn run(root: &Root, args: &[&str]) -> std::process::Output {
    root.run(std::iter::once("validate").chain(args.iter().copied()))
}

/// `validate ARGS --format concise`: the exit code and stdout.
fn concise(root: &Root, args: &[&str]) -> (i32, String) {
    let output = run(root, &[args, &["--format", "concise"]].concat());
    assert!(!stderr(&output).contains("panicked"), "{}", stderr(&output));
    (output.status.code().unwrap_or(-1), stdout(&output))
}

/// The names of the checks found, one per concise line.
fn names(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| l.split(": ").nth(1))
        .filter_map(|head| head.split(' ').nth(1).map(str::to_string))
        .collect()
}

/// Asserts that the command's stderr holds `needle`.
fn stderr_has(output: &std::process::Output, needle: &str) {
    let err = stderr(output);
    assert!(err.contains(needle), "stderr lacks {needle:?}: {err}");
}

/// Asserts that the command's stdout holds `needle`.
fn stdout_has(output: &std::process::Output, needle: &str) {
    let out = stdout(output);
    assert!(out.contains(needle), "stdout lacks {needle:?}: {out}");
}

/// `validate`'s arguments for a plan on stdin taken as docs/plans/piped.md.
const PIPED: [&str; 5] = [
    "-",
    "--stdin-filename",
    "docs/plans/piped.md",
    "--format",
    "concise",
];

/// Runs `validate ARGS` with `input` on stdin.
fn with_stdin(root: &Root, args: &[&str], input: &[u8]) -> std::process::Output {
    // A refused command line ends before it reads stdin.
    root.run_with_stdin(&[&["validate"], args].concat(), input)
}

// ---- arguments ----

#[test]
fn readme_and_index_are_not_plans_when_plans_are_discovered() {
    let root = two_plans();
    root.config(common::POLICY_OF_THE_MISSING);
    std::fs::write(
        root.path().join("docs/plans/README.md"),
        "# Plans\n\n- clean-one\n",
    )
    .expect("README");
    std::fs::write(root.path().join("docs/plans/INDEX.md"), "# Index\n").expect("INDEX");
    for args in [&[][..], &["docs/plans"][..], &["docs/plans/*.md"][..]] {
        let (code, out) = concise(&root, args);
        assert_eq!(code, 1, "{args:?}");
        assert_eq!(names(&out), ["verification-empty-open"], "{args:?}: {out}");
    }
    // Named on its own, a README is linted like any file.
    let (code, out) = concise(&root, &["docs/plans/README.md"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("docs/plans/README.md:"), "{out}");
}

#[test]
fn a_folder_names_every_plan_under_it_but_not_twins() {
    let root = two_plans();
    root.config(common::POLICY_OF_THE_MISSING);
    std::fs::create_dir_all(root.path().join("docs/plans/archive")).expect("a sub-folder");
    std::fs::write(
        root.path().join("docs/plans/archive/old-one.md"),
        plan_text("old-one", "by eye"),
    )
    .expect("a nested plan");
    // A clean twin: linted as a plan, it would fail (it has no phase graph).
    root.twin(
        "broken-one",
        "## Decisions\n\n| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n| `stop` | halt | op | answered | no | run |\n",
    );
    std::fs::create_dir_all(root.path().join("docs/.drafts")).expect("a hidden folder");
    std::fs::write(root.path().join("docs/.drafts/x.md"), "# x\n").expect("a hidden plan");
    for args in [&["docs/plans/"][..], &["docs"][..], &[][..]] {
        let (code, out) = concise(&root, args);
        assert_eq!(code, 1, "{args:?}");
        let files: Vec<&str> = out.lines().filter_map(|l| l.split(':').next()).collect();
        assert_eq!(
            files,
            ["docs/plans/archive/old-one.md", "docs/plans/broken-one.md"],
            "{args:?}"
        );
    }
}

#[test]
fn a_glob_the_shell_did_not_expand_is_expanded() {
    let root = two_plans();
    root.config(common::POLICY_OF_THE_MISSING);
    let (code, out) = concise(&root, &["docs/plans/b*.md"]);
    assert_eq!(code, 1);
    assert!(
        out.lines()
            .all(|l| l.starts_with("docs/plans/broken-one.md:")),
        "{out}"
    );
    let (code, out) = concise(&root, &["docs/plans/c*.md"]);
    assert_eq!((code, out.as_str()), (0, ""));
    let (code, _) = concise(&root, &["./docs/**/*-one.md"]);
    assert_eq!(code, 1);
    let output = run(&root, &["docs/plans/z*.md"]);
    assert_eq!(output.status.code(), Some(2));
    stderr_has(&output, "the glob \"docs/plans/z*.md\" matches no plan");
}

#[test]
fn stdin_is_a_plan_named_by_stdin_filename() {
    let root = two_plans();
    root.config(common::POLICY_OF_THE_MISSING);
    let broken = plan_text("piped", "look at it");
    // Named: messages carry the name, and the twin beside it is read.
    root.twin(
        "piped",
        "## Decisions\n\n| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n| `stopp` | halt | op | answered | no | run |\n",
    );
    let output = with_stdin(&root, &PIPED, broken.as_bytes());
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        out.contains("docs/plans/piped.md:18:1: F14 verification-empty-open"),
        "{out}"
    );
    assert!(
        out.contains("docs/handoffs/piped/decisions.md:5:3: F25 decision-key-unknown"),
        "{out}"
    );
    // --stdin-filename alone means stdin.
    let output = with_stdin(
        &root,
        &[
            "--stdin-filename",
            "docs/plans/piped.md",
            "--format",
            "concise",
        ],
        broken.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1));
    // Unnamed: the path is "-", and there is no twin.
    let output = with_stdin(&root, &["-", "--format", "concise"], broken.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        names(&stdout(&output)),
        ["verification-empty-open"],
        "{}",
        stdout(&output)
    );
    assert!(
        stdout(&output).starts_with("-:18:1: "),
        "{}",
        stdout(&output)
    );
    // Beside named plans.
    let output = with_stdin(
        &root,
        &["clean-one", "-", "--format", "concise"],
        broken.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1));
    // Bytes that are not UTF-8 are named in the report.
    let output = with_stdin(&root, &PIPED, b"# Caf\xe9\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stdout(&output).starts_with("docs/plans/piped.md:1:1: error: the file is not valid UTF-8"),
        "{}",
        stdout(&output)
    );
    for args in [
        &["-", "-"][..],
        &["clean-one", "--stdin-filename", "docs/plans/piped.md"][..],
        &["-", "--stdin-filename", "docs/plans/not a slug.md"][..],
    ] {
        let output = with_stdin(&root, args, broken.as_bytes());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
}

#[test]
fn an_argument_that_names_no_plan_says_what_is_expected() {
    let root = two_plans();
    std::fs::write(root.path().join("notes.txt"), "hello").expect("a text file");
    let cases = [
        ("nope/", "\"nope/\": no such file or folder"),
        ("a b", "\"a b\": not a plan slug"),
        ("notes.txt", "\"notes.txt\" is not a Markdown file"),
        ("docs/plans/[", "\"docs/plans/[\" is not a valid glob"),
    ];
    for (arg, message) in cases {
        let output = run(&root, &[arg]);
        assert_eq!(output.status.code(), Some(2), "{arg}");
        let err = stderr(&output);
        assert!(err.contains(message), "{arg}: {err}");
        assert!(err.contains("validate takes plan slugs"), "{arg}: {err}");
        assert!(stdout(&output).is_empty());
    }
}

#[test]
fn a_pipe_given_as_a_plan_is_refused_without_reading_it() {
    let root = two_plans();
    let fifo = root.path().join("docs/plans/pipe.md");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !made {
        return;
    }
    let within = |args: &[&str]| {
        root.cmd()
            .arg("validate")
            .args(args)
            .timeout(std::time::Duration::from_secs(10))
            .output()
            .expect("run planfile")
    };
    // Named, by path or by slug, it is refused and reported.
    for arg in ["docs/plans/pipe.md", "pipe"] {
        let output = within(&[arg, "--format", "concise"]);
        assert_eq!(output.status.code(), Some(2), "{arg}");
        stderr_has(
            &output,
            "docs/plans/pipe.md: is a FIFO (named pipe), not a regular file",
        );
        stdout_has(&output, "docs/plans/pipe.md:1:1: error: ");
    }
    // Found in docs/plans/, it is named as a plan that cannot be read, in
    // every format, and the exit code is 2.
    let output = within(&["--format", "concise"]);
    assert_eq!(output.status.code(), Some(2));
    stdout_has(
        &output,
        "docs/plans/pipe.md:1:1: error: is a FIFO (named pipe)",
    );
    let output = within(&["docs", "--format", "json"]);
    assert_eq!(output.status.code(), Some(2));
    let doc: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(doc["unreadable"][0]["file"], "docs/plans/pipe.md");
    let output = within(&["--format", "github"]);
    stdout_has(&output, "::error file=docs/plans/pipe.md");
}

// ---- options ----

#[test]
fn quiet_prints_the_findings_only() {
    let root = two_plans();
    root.config("[lint]\nadvisory = [\"F25\"]\n");
    let loud = run(&root, &[]);
    stderr_has(&loud, "2 plans checked");
    stderr_has(&loud, "note: ");
    let quiet = run(&root, &["--quiet"]);
    assert_eq!(quiet.status.code(), Some(1));
    assert_eq!(stderr(&quiet), "");
    assert_eq!(stdout(&quiet), stdout(&loud));
    assert_eq!(stderr(&run(&root, &["-q"])), "");
}

#[test]
fn output_file_takes_the_report() {
    let root = two_plans();
    let file = root.path().join("reports/lint/plans.json");
    let output = run(
        &root,
        &[
            "--format",
            "json",
            "--output-file",
            file.to_str().expect("UTF-8"),
        ],
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), "");
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("the report")).expect("JSON");
    assert_eq!(doc["summary"]["gating"], 1);
    // A human report in a file has no colour, and the summary stays on stderr.
    let output = run(&root, &["-o", "human.txt", "--color", "auto"]);
    let text = std::fs::read_to_string(root.path().join("human.txt")).expect("the report");
    assert!(text.contains("verification-empty-open") && !text.contains('\u{1b}'));
    assert!(stderr(&output).contains("2 plans checked"));
    let output = run(&root, &["-o", "docs/plans/clean-one.md/x"]);
    assert_eq!(output.status.code(), Some(2));
    stderr_has(&output, "cannot write");
}

#[test]
fn exit_zero_passes_gating_findings_but_not_errors() {
    let root = two_plans();
    let (code, out) = concise(&root, &["--exit-zero"]);
    assert_eq!(code, 0);
    assert!(out.contains("verification-empty-open"));
    let (code, _) = concise(&root, &["--exit-zero", "clean-one", "nope"]);
    assert_eq!(code, 2);
}

#[test]
fn select_ignore_and_extend_select_on_the_command_line() {
    let root = two_plans();
    let clean = |args: &[&str]| concise(&root, args);
    assert_eq!(clean(&["--select", "F25"]).0, 0);
    assert_eq!(clean(&["--select", "F25,F14"]).0, 1);
    assert_eq!(
        clean(&["--select", "F25", "--select", "verification-empty-open"]).0,
        1
    );
    assert_eq!(clean(&["--select", "ALL"]).0, 1);
    assert_eq!(clean(&["--ignore", "verification-empty-open"]).0, 0);
    assert_eq!(clean(&["--ignore", "f14"]).0, 0);
    assert_eq!(clean(&["--select", "F25", "--extend-select", "F14"]).0, 1);
    // A name is more specific than a code: it survives the code's ignore.
    assert_eq!(
        clean(&[
            "--ignore",
            "F14",
            "--extend-select",
            "verification-empty-open"
        ])
        .0,
        1
    );
    // The command line wins over planfile.toml.
    root.config("[lint]\nignore = [\"F14\"]\n");
    assert_eq!(clean(&[]).0, 0);
    assert_eq!(clean(&["--extend-select", "F14"]).0, 1);
    assert_eq!(clean(&["--select", "F14"]).0, 1);
    for option in ["--select", "--ignore", "--extend-select"] {
        let output = run(&root, &[option, "F14,no-such-check"]);
        assert_eq!(output.status.code(), Some(2), "{option}");
        assert!(
            stderr(&output).contains(&format!(
                "{option} names \"no-such-check\", which is no check"
            )),
            "{}",
            stderr(&output)
        );
    }
}

#[test]
fn statistics_count_the_findings_of_each_check() {
    let root = two_plans();
    root.config(common::POLICY_OF_THE_MISSING);
    root.plan("broken-two", &plan_text("broken-two", "by eye"));
    root.plan(
        "broken-three",
        &plan_text("broken-three", "by eye").replace("| answered |", "| answerd |"),
    );
    let output = run(&root, &["--statistics"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "3\tF14\tverification-empty-open\n1\tF25\tdecision-state-unknown\n"
    );
    let output = run(&root, &["--statistics", "--format", "json"]);
    let counts: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(counts[0]["name"], "verification-empty-open");
    assert_eq!(counts[0]["count"], 3);
    assert_eq!(counts[0]["gating"], 3);
    assert_eq!(counts.as_array().map(Vec::len), Some(2));
    root.config("[lint]\nadvisory = [\"decision-state-unknown\"]\n");
    let output = run(&root, &["--statistics", "--quiet"]);
    assert!(
        stdout(&output).ends_with("1\tF25\tdecision-state-unknown (not gating)\n"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn config_and_no_config_choose_the_settings_file() {
    let root = two_plans();
    root.config("[lint]\nignore = [\"F14\"]\n");
    assert_eq!(concise(&root, &[]).0, 0);
    assert_eq!(concise(&root, &["--no-config"]).0, 1);
    std::fs::write(root.path().join("ci.toml"), "[lint]\nselect = [\"F14\"]\n").expect("ci.toml");
    assert_eq!(concise(&root, &["--config", "ci.toml"]).0, 1);
    std::fs::write(root.path().join("bad.toml"), "[lint]\nselect = 3\n").expect("bad.toml");
    let output = run(&root, &["--config", "bad.toml"]);
    assert_eq!(output.status.code(), Some(2));
    stderr_has(&output, "bad.toml:2: ");
    let output = run(&root, &["--config", "missing.toml"]);
    assert_eq!(output.status.code(), Some(2));
    stderr_has(&output, "missing.toml: cannot read");
    let output = run(&root, &["--config", "ci.toml", "--no-config"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn color_follows_the_option_then_no_color_then_force_color() {
    let root = two_plans();
    let colored = |args: &[&str], env: &[(&str, &str)]| {
        let mut cmd = root.cmd();
        cmd.arg("validate").args(args).env_remove("NO_COLOR");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let output = cmd.output().expect("run planfile");
        assert_eq!(output.status.code(), Some(1));
        stdout(&output).contains('\u{1b}')
    };
    assert!(colored(&["--color", "always"], &[("NO_COLOR", "1")]));
    assert!(!colored(&["--color", "never"], &[("FORCE_COLOR", "1")]));
    assert!(!colored(&[], &[("FORCE_COLOR", "1"), ("NO_COLOR", "1")]));
    assert!(colored(&["--color", "auto"], &[("FORCE_COLOR", "1")]));
    assert!(!colored(&[], &[("FORCE_COLOR", "")]));
    assert!(!colored(&[], &[]), "not a terminal");
    // The formats for programs never carry it.
    let output = root
        .cmd()
        .args(["validate", "--format", "json", "--color", "always"])
        .output()
        .expect("run planfile");
    assert!(!stdout(&output).contains('\u{1b}'));
}

// ---- planfile.toml ----

#[test]
fn config_select_extend_select_and_ignore() {
    let root = two_plans();
    let check = |config: &str| {
        root.config(config);
        concise(&root, &[]).0
    };
    assert_eq!(check("[lint]\nselect = [\"F24\", \"F25\"]\n"), 0);
    assert_eq!(
        check("[lint]\nselect = [\"F24\"]\nextend-select = [\"F14\"]\n"),
        1
    );
    assert_eq!(check("[lint]\nignore = [\"verification-empty-open\"]\n"), 0);
    assert_eq!(check("[lint]\nselect = []\n"), 0);
    assert_eq!(check("[lint]\nselect = [\"ALL\"]\n"), 1);
}

#[test]
fn config_exclude_skips_discovered_files_only() {
    let root = two_plans();
    root.config_with_policy("[lint]\nexclude = [\"docs/plans/broken-*.md\"]\n");
    assert_eq!(concise(&root, &[]), (0, String::new()));
    assert_eq!(concise(&root, &["docs/plans"]).0, 0);
    assert_eq!(concise(&root, &["docs/plans/*.md"]).0, 0);
    // A file named on the command line is linted, as ruff does.
    assert_eq!(concise(&root, &["broken-one"]).0, 1);
    assert_eq!(concise(&root, &["docs/plans/broken-one.md"]).0, 1);
    root.config_with_policy("[lint]\nexclude = [\"broken-one.md\"]\n");
    assert_eq!(concise(&root, &[]).0, 0);
    root.config_with_policy("[lint]\nexclude = [\"plans\"]\n");
    assert_eq!(concise(&root, &[]).0, 0);
}

#[test]
fn config_per_file_ignores_apply_to_the_file_a_finding_is_in() {
    let root = two_plans();
    root.twin(
        "clean-one",
        "## Decisions\n\n| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n| `stopp` | halt | op | answered | no | run |\n",
    );
    root.config(common::POLICY_OF_THE_MISSING);
    assert_eq!(
        names(&concise(&root, &[]).1),
        ["verification-empty-open", "decision-key-unknown"]
    );
    root.config_with_policy(
        "[lint.per-file-ignores]\n\"docs/plans/broken-*.md\" = [\"F14\"]\n\"docs/handoffs/**\" = [\"decision-key-unknown\"]\n",
    );
    assert_eq!(concise(&root, &[]), (0, String::new()));
    root.config_with_policy(
        "[lint.per-file-ignores]\n\"docs/plans/clean-*.md\" = [\"F14\", \"F25\"]\n",
    );
    assert_eq!(
        names(&concise(&root, &[]).1),
        ["verification-empty-open", "decision-key-unknown"],
        "the twin's path is its own"
    );
}

#[test]
fn config_is_found_at_the_root_else_in_an_ancestor_of_the_working_directory() {
    let top = tempfile::tempdir().expect("a temporary folder");
    let site = top.path().join("site");
    let plans = site.join("docs/plans");
    std::fs::create_dir_all(&plans).expect("docs/plans");
    std::fs::write(
        plans.join("broken-one.md"),
        plan_text("broken-one", "by eye"),
    )
    .expect("plan");
    std::fs::write(
        top.path().join("planfile.toml"),
        "[lint]\nignore = [\"F14\"]\n",
    )
    .expect("planfile.toml");
    let root = Root::new();
    let from = |dir: &std::path::Path| {
        root.cmd()
            .current_dir(dir)
            .env_remove("DOCS_ROOT")
            .args(["validate", "--format", "concise"])
            .output()
            .expect("run planfile")
            .status
            .code()
    };
    // From a sub-folder: the docs root is site/, which has no
    // planfile.toml, and the nearest ancestor of the working directory has.
    assert_eq!(from(&plans), Some(0));
    assert_eq!(from(&site), Some(0));
    // The docs root's own file wins.
    std::fs::write(site.join("planfile.toml"), "[lint]\n").expect("planfile.toml");
    assert_eq!(from(&plans), Some(1));
}

#[test]
fn config_accepts_a_policy_table_and_refuses_unknown_keys_with_their_line() {
    let root = two_plans();
    root.config(
        "[lint]\nignore = [\"F14\"]\n\n[policy]\nrelay = \"off\"\nbudgets = \"10 EUR a run\"\n",
    );
    assert_eq!(concise(&root, &[]).0, 0);
    for (text, place, key) in [
        (
            "[lint]\nignore = []\nfix = true\n",
            "planfile.toml:3: ",
            "fix",
        ),
        (
            "[lint]\n[lint.per-file-ignore]\n",
            "planfile.toml:2: ",
            "per-file-ignore",
        ),
        ("[lints]\n", "planfile.toml:1: ", "lints"),
    ] {
        root.config(text);
        let output = run(&root, &[]);
        assert_eq!(output.status.code(), Some(2), "{text}");
        let err = stderr(&output);
        // The file is named relative to the working directory, as reports
        // name plans.
        assert!(
            err.starts_with(&format!("planfile: {place}")) && err.contains(key),
            "{text}: {err}"
        );
        assert!(err.contains("per-file-ignores) and [policy]"), "{err}");
    }
    // The [policy] table is the console's: its reader checks it too.
    root.config("[policy]\nrelayy = \"off\"\n");
    let output = run(&root, &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with("planfile: planfile.toml:2: "),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_shared_code_says_which_checks_it_stands_for() {
    let root = two_plans();
    root.config("[lint]\nadvisory = [\"F20\"]\n");
    let output = run(&root, &["--select", "F25,F14"]);
    let err = stderr(&output);
    let notes: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("planfile: note: "))
        .collect();
    assert_eq!(notes.len(), 2, "{err}");
    let f20 = planfile::lint::lookup("F20").len();
    let f25 = planfile::lint::lookup("F25").len();
    assert_eq!(
        notes[0],
        format!(
            "planfile: note: planfile.toml:2: [lint] advisory: \"F20\" stands for {f20} checks; `planfile explain F20` lists them"
        ),
        "{err}"
    );
    assert_eq!(
        notes[1],
        format!(
            "planfile: note: --select: \"F25\" stands for {f25} checks; `planfile explain F25` lists them"
        ),
        "{err}"
    );
    let output = root.run(["explain", "F20"]);
    let text = stdout(&output);
    assert!(text.starts_with("F20 is the code of "), "{text}");
    assert!(
        text.lines()
            .next()
            .is_some_and(|l| l.contains("graph-table-missing"))
    );
    let text = stdout(&root.run(["explain", "F14"]));
    assert!(
        text.starts_with("# verification-empty-open (F14)"),
        "{text}"
    );
}

// ---- paths and unreadable plans ----

#[test]
fn every_format_prints_a_path_the_same_way() {
    let root = Root::fixture("lint-formats");
    let docs = root.path().join("docs");
    let in_docs = |args: &[&str]| {
        let output = root
            .cmd()
            .current_dir(&docs)
            .env("DOCS_ROOT", "..")
            .args(args)
            .output()
            .expect("run planfile");
        stdout(&output)
    };
    let twin = "handoffs/alpha/decisions.md";
    for format in [
        "human", "concise", "json", "sarif", "github", "junit", "gitlab",
    ] {
        let out = in_docs(&["validate", "--format", format]);
        assert!(out.contains("plans/alpha.md"), "{format}: {out}");
        assert!(out.contains(twin), "{format}: {out}");
        assert!(!out.contains("docs/plans/alpha.md"), "{format}: {out}");
        assert!(
            !out.contains(root.path().to_str().expect("UTF-8")),
            "{format}: {out}"
        );
    }
    let list = in_docs(&["decisions", "alpha", "list", "--format", "json"]);
    assert!(list.contains("\"file\": \"plans/alpha.md\""), "{list}");
    assert!(list.contains(&format!("\"file\": \"{twin}\"")), "{list}");
    // A plan outside the working directory is shown absolute.
    let elsewhere = tempfile::tempdir().expect("a temporary folder");
    let output = root
        .cmd()
        .current_dir(elsewhere.path())
        .args(["validate", "--format", "concise"])
        .output()
        .expect("run planfile");
    let absolute = root.path().join("docs/plans/alpha.md");
    assert!(
        stdout(&output).starts_with(absolute.to_str().expect("UTF-8")),
        "{}",
        stdout(&output)
    );
}

#[test]
fn an_unreadable_plan_is_named_in_the_human_and_json_reports() {
    let root = two_plans();
    std::fs::write(root.path().join("docs/plans/legacy.md"), b"# Caf\xe9\n").expect("write");
    let output = run(&root, &[]);
    assert_eq!(output.status.code(), Some(2));
    let out = stdout(&output);
    assert!(out.contains("error: the file is not valid UTF-8"), "{out}");
    assert!(out.contains("docs/plans/legacy.md:1"), "{out}");
    // The human report names it; stderr does not say it again.
    let err = stderr(&output);
    assert!(!err.contains("not valid UTF-8"), "{err}");
    assert!(err.contains("1 could not be read"), "{err}");
    let output = run(&root, &["--format", "concise"]);
    stderr_has(
        &output,
        "planfile: docs/plans/legacy.md:1: the file is not valid UTF-8",
    );
    let output = run(&root, &["--format", "json"]);
    let doc: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(doc["unreadable"][0]["file"], "docs/plans/legacy.md");
    assert_eq!(doc["unreadable"][0]["line"], 1);
    assert_eq!(doc["summary"]["unreadable"], 1);
    let output = run(&root, &["--format", "github"]);
    stdout_has(
        &output,
        "::error file=docs/plans/legacy.md,line=1,title=unreadable plan::the file is not valid UTF-8",
    );
}

// ---- help ----

#[test]
fn help_and_manual_name_the_exit_codes_and_the_settings_file() {
    let root = Root::new();
    for args in [
        &["validate", "--help"][..],
        &["validate", "-h"][..],
        &["man", "validate"][..],
    ] {
        let text = stdout(&root.run(args)).replace("\\-", "-");
        for needle in [
            "Exit status",
            "a finding gates",
            "planfile.toml",
            "per-file-ignores",
            "--exit-zero",
        ] {
            assert!(text.contains(needle), "{args:?} lacks {needle}");
        }
    }
}

/// A twin whose plan does not exist is reported as twin-orphan (advisory),
/// when validate discovers the docs root's plans and when the twin is
/// named; a twin with its plan is not.
#[test]
fn a_twin_without_its_plan_is_reported_as_an_orphan() {
    let root = Root::new();
    root.plan(
        "harbour",
        &common::one_phase_plan_owing_nothing("harbour", "`test -s blink.log`"),
    );
    let twin = "# Decisions — gone\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `stop` | halt | op | answered | no | run | r-2 | — |\n";
    root.twin("gone", twin);
    root.twin("harbour", twin);
    for args in [&[][..], &["docs/handoffs/gone/decisions.md"][..]] {
        let out = root.run([&["validate", "--format", "concise"][..], args].concat());
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        let lines: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with("docs/handoffs/gone/decisions.md:1:1: F20 twin-orphan: "),
            "{lines:?}"
        );
        assert!(lines[0].contains("(docs/plans/gone.md)"), "{lines:?}");
    }
    let out = root.run([
        "validate",
        "docs/handoffs/harbour/decisions.md",
        "--format",
        "concise",
    ]);
    assert_eq!(stdout(&out), "");
}
