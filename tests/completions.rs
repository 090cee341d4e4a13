//! The committed shell completion scripts (completions/) are what the binary
//! generates now; the bash script, driven as bash drives it, offers what can
//! be typed next (SPEC §10.3); and `planfile man` prints a roff manual page.
//!
//! After changing the command line, regenerate the scripts with
//! `cargo test --test completions -- --ignored regenerate`.

mod common;

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// Each shell `planfile completions` takes, with its committed file.
const SCRIPTS: [(&str, &str); 5] = [
    ("bash", "planfile.bash"),
    ("zsh", "_planfile"),
    ("fish", "planfile.fish"),
    ("elvish", "planfile.elv"),
    ("powershell", "_planfile.ps1"),
];

fn completions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("completions")
}

/// What `planfile ARGS` prints on stdout (it must exit 0 with no stderr).
fn generate(args: &[&str]) -> Vec<u8> {
    let output = Command::cargo_bin("planfile")
        .expect("the planfile binary")
        .args(args)
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(0), "planfile {args:?}");
    assert!(output.stderr.is_empty(), "planfile {args:?}");
    output.stdout
}

#[test]
fn committed_scripts_match_the_binary() {
    let mut stale = Vec::new();
    for (shell, file) in SCRIPTS {
        let generated = generate(&["completions", shell]);
        assert!(!generated.is_empty(), "{shell}: empty script");
        let committed = std::fs::read(completions_dir().join(file)).unwrap_or_default();
        if committed != generated {
            stale.push(format!("completions/{file} ({shell})"));
        }
    }
    assert!(
        stale.is_empty(),
        "these completion scripts differ from what `planfile completions <shell>` prints now: {}\n\
         regenerate them with: cargo test --test completions -- --ignored regenerate\n\
         (or one by one: cargo run -- completions bash > completions/planfile.bash)",
        stale.join(", ")
    );
}

#[test]
fn scripts_complete_the_subcommands() {
    let bash = String::from_utf8(generate(&["completions", "bash"])).expect("UTF-8");
    for word in ["phase-graph", "decisions", "new", "completions", "man"] {
        assert!(bash.contains(word), "{word} missing from the bash script");
    }
}

#[test]
fn unknown_shell_is_a_usage_error() {
    Command::cargo_bin("planfile")
        .expect("the planfile binary")
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn man_prints_a_roff_page() {
    let page = String::from_utf8(generate(&["man"])).expect("UTF-8");
    let th = page
        .lines()
        .find(|l| l.starts_with(".TH "))
        .expect("a .TH title line");
    assert!(th.starts_with(".TH planfile 1"), "{th}");
    assert!(
        page.lines()
            .take_while(|l| !l.starts_with(".TH "))
            .all(|l| l.starts_with('.')),
        "only roff requests before the title:\n{page}"
    );
    assert!(page.contains(".SH NAME\nplanfile"), "{page}");
    assert!(page.contains(".SH SUBCOMMANDS"), "{page}");
}

/// The pages `page` refers to in its SUBCOMMANDS section, as the words
/// after `planfile man` (`prefix` holds the words of `page` itself).
fn referred_pages(page: &str, prefix: &[String]) -> Vec<Vec<String>> {
    let lead = std::iter::once("planfile".to_string())
        .chain(prefix.iter().cloned())
        .collect::<Vec<_>>()
        .join("-");
    page.lines()
        .map(|l| l.replace("\\-", "-"))
        .filter_map(|l| {
            let sub = l
                .strip_prefix(&format!("{lead}-"))?
                .strip_suffix("(1)")?
                .to_string();
            let mut words = prefix.to_vec();
            words.push(sub);
            Some(words)
        })
        .collect()
}

#[test]
fn every_page_the_main_page_names_exists() {
    let mut pending = vec![Vec::<String>::new()];
    let mut seen = Vec::new();
    while let Some(words) = pending.pop() {
        let args: Vec<&str> = std::iter::once("man")
            .chain(words.iter().map(String::as_str))
            .collect();
        let page = String::from_utf8(generate(&args)).expect("UTF-8");
        let name = std::iter::once("planfile")
            .chain(words.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("-");
        assert!(page.contains(&format!(".TH {name} 1")), "{name}: {page}");
        let heading = format!(".SH NAME\n{}", name.replace('-', "\\-"));
        assert!(page.contains(&heading), "{name}: {page}");
        pending.extend(referred_pages(&page, &words));
        seen.push(name);
    }
    for name in [
        "planfile-phase-graph",
        "planfile-decisions",
        "planfile-decisions-answer",
        "planfile-validate",
    ] {
        assert!(
            seen.contains(&name.to_string()),
            "{name} not reached: {seen:?}"
        );
    }
    for wrong in [&["nope"][..], &["decisions", "nope"]] {
        Command::cargo_bin("planfile")
            .expect("the planfile binary")
            .arg("man")
            .args(wrong)
            .assert()
            .code(2);
    }
}

#[test]
fn every_page_has_exit_status_environment_and_files() {
    for words in [
        &[][..],
        &["decisions"],
        &["decisions", "answer"],
        &["validate"],
    ] {
        let args: Vec<&str> = std::iter::once("man")
            .chain(words.iter().copied())
            .collect();
        let page = String::from_utf8(generate(&args)).expect("UTF-8");
        let sections: Vec<&str> = page
            .lines()
            .filter_map(|l| l.strip_prefix(".SH "))
            .collect();
        let at = |s: &str| sections.iter().position(|h| *h == s);
        let (exit, env, files) = (at("\"EXIT STATUS\""), at("ENVIRONMENT"), at("FILES"));
        assert!(
            exit.is_some() && env.is_some() && files.is_some(),
            "{words:?}: {sections:?}"
        );
        assert!(exit < env && env < files, "{words:?}: {sections:?}");
        for needle in [
            "\\fB2\\fR",
            "\\fBDOCS_ROOT\\fR",
            "\\fBNO_COLOR\\fR",
            "decisions.md.lock",
        ] {
            assert!(page.contains(needle), "{words:?}: {needle} missing");
        }
        assert_eq!(
            page.matches(".ie \\n(.g .ds Aq").count(),
            1,
            "{words:?}: one roff preamble"
        );
    }
}

/// The bash completion script, written into `dir`.
fn bash_script(dir: &Path) -> PathBuf {
    let path = dir.join("planfile.bash");
    std::fs::write(&path, generate(&["completions", "bash"])).expect("write the script");
    path
}

/// What the bash completion offers for the command line `words` (the last
/// one is the word being completed), run in `cwd` with only PATH, HOME and
/// `env` set: the candidates, sorted. The function is called as bash calls
/// it, with COMP_WORDS and COMP_CWORD set; `planfile` is not on PATH.
fn offers(cwd: &Path, env: &[(&str, &str)], words: &[&str]) -> Vec<String> {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let script = bash_script(scratch.path());
    let driver = r#"
        source "$1" || exit 3
        spec="$(complete -p planfile)" || exit 4
        fn="${spec##* -F }"; fn="${fn%% *}"
        shift
        COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))
        COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
        "$fn" planfile "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\n' "${COMPREPLY[@]}"
    "#;
    let output = std::process::Command::new("bash")
        .arg("-c")
        .arg(driver)
        .arg("driver")
        .arg(&script)
        .args(words)
        .current_dir(cwd)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", scratch.path())
        .envs(env.iter().copied())
        .output()
        .expect("bash runs");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{words:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut got: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    got.sort();
    got.dedup();
    got
}

/// `words`, sorted, as owned strings.
fn sorted(words: &[&str]) -> Vec<String> {
    let mut words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    words.sort();
    words
}

/// A docs root with the plans `demo` and `harbour-lights` (and a file that
/// is not a plan).
fn plans_root() -> common::Root {
    let root = common::Root::new();
    root.plan("demo", "# Demo\n");
    root.plan("harbour-lights", "# Harbour lights\n");
    std::fs::write(root.path().join("docs/plans/notes.txt"), "not a plan").expect("write");
    root
}

const KEYS: [&str; 19] = [
    "permission.policy",
    "permission.destructive",
    "issues",
    "credentials",
    "accounts",
    "mcp",
    "gates",
    "verification.person-check",
    "qa.exhausted",
    "waits",
    "human-acts",
    "ambiguity",
    "budgets",
    "resume.on-restart",
    "plan-health",
    "stop",
    "relay",
    "announce",
    "plan-approval",
];

#[test]
fn bash_offers_the_verbs_after_a_slug() {
    let root = plans_root();
    let verbs = sorted(&[
        "list", "check", "prompt", "resolve", "answer", "waive", "promote",
    ]);
    let cwd = root.path();
    assert_eq!(
        offers(cwd, &[], &["planfile", "decisions", "demo", ""]),
        verbs
    );
    assert_eq!(
        offers(
            cwd,
            &[],
            &[
                "planfile",
                "decisions",
                "demo",
                "--phase",
                "2",
                "--by",
                "op",
                ""
            ]
        ),
        verbs,
        "options before the verb are skipped with their values"
    );
    assert_eq!(
        offers(cwd, &[], &["planfile", "decisions", "demo", "pr"]),
        sorted(&["prompt", "promote"])
    );
    assert_eq!(
        offers(cwd, &[], &["planfile", "decisions", "list", ""]),
        verbs,
        "a plan named like a verb is still the plan"
    );
}

#[test]
fn bash_offers_the_keys_where_a_key_is_taken() {
    let root = plans_root();
    let cwd = root.path();
    let keys = sorted(&KEYS);
    for words in [
        &["planfile", "decisions", "demo", "answer", ""][..],
        &["planfile", "decisions", "demo", "--phase", "1", "waive", ""],
        &["planfile", "decisions", "demo", "promote", "--key", ""],
        &[
            "planfile",
            "decisions",
            "demo",
            "check",
            "--ack",
            "mcp",
            "--ack",
            "",
        ],
    ] {
        assert_eq!(offers(cwd, &[], words), keys, "{words:?}");
    }
    assert_eq!(
        offers(cwd, &[], &["planfile", "decisions", "demo", "answer", "re"]),
        sorted(&["relay", "resume.on-restart"])
    );
    let after_key = offers(
        cwd,
        &[],
        &["planfile", "decisions", "demo", "answer", "stop", ""],
    );
    assert!(after_key.contains(&"--value".to_string()), "{after_key:?}");
    assert!(!after_key.contains(&"stop".to_string()), "{after_key:?}");
}

#[test]
fn bash_offers_the_values_of_each_format_and_of_blocking() {
    let root = plans_root();
    let cwd = root.path();
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["planfile", "decisions", "demo", "list", "--format", ""],
            &["tsv", "json", "table"],
        ),
        (
            &["planfile", "decisions", "demo", "check", "--format", ""],
            &["text", "json"],
        ),
        (
            &["planfile", "decisions", "demo", "--format", ""],
            &["tsv", "json", "table", "text"],
        ),
        (
            &["planfile", "decisions", "demo", "list", "--format", "=", ""],
            &["tsv", "json", "table"],
        ),
        (
            &["planfile", "decisions", "demo", "list", "--format=t"],
            &["--format=tsv", "--format=table"],
        ),
        (
            &["planfile", "validate", "--format", ""],
            &[
                "human", "concise", "json", "sarif", "github", "junit", "gitlab",
            ],
        ),
        (
            &[
                "planfile",
                "decisions",
                "demo",
                "answer",
                "stop",
                "--blocking",
                "",
            ],
            &["yes", "no"],
        ),
        (
            &["planfile", "decisions", "demo", "waive", "--blocking", ""],
            &["yes", "no"],
        ),
        (&["planfile", "--color", ""], &["auto", "always", "never"]),
        (
            &["planfile", "decisions", "demo", "list", "--color", "n"],
            &["never"],
        ),
        (
            &["planfile", "completions", ""],
            &["bash", "elvish", "fish", "powershell", "zsh"],
        ),
    ];
    for (words, want) in cases {
        assert_eq!(offers(cwd, &[], words), sorted(want), "{words:?}");
    }
}

#[test]
fn bash_offers_each_verbs_own_options() {
    let root = plans_root();
    let cwd = root.path();
    let list = offers(cwd, &[], &["planfile", "decisions", "demo", "list", "--"]);
    assert!(list.contains(&"--format".to_string()), "{list:?}");
    assert!(list.contains(&"--phase".to_string()), "{list:?}");
    for other in ["--value", "--reason", "--ack", "--from-ruling", "--dry-run"] {
        assert!(
            !list.contains(&other.to_string()),
            "{other} offered for list: {list:?}"
        );
    }
    let promote = offers(
        cwd,
        &[],
        &["planfile", "decisions", "demo", "promote", "--"],
    );
    for option in ["--from-ruling", "--key", "--rulings", "--by", "--dry-run"] {
        assert!(
            promote.contains(&option.to_string()),
            "{option}: {promote:?}"
        );
    }
    assert!(!promote.contains(&"--value".to_string()), "{promote:?}");
}

#[test]
fn bash_offers_the_slugs_of_the_plans_under_the_docs_root() {
    let root = plans_root();
    let slugs = sorted(&["demo", "harbour-lights"]);
    let elsewhere = tempfile::tempdir().expect("a folder");
    let root_path = root.path().to_str().expect("a UTF-8 path");
    // The docs root found from a folder under it.
    let sub = root.path().join("docs/plans");
    assert_eq!(offers(&sub, &[], &["planfile", "decisions", ""]), slugs);
    assert_eq!(
        offers(root.path(), &[], &["planfile", "phase-graph", "h"]),
        sorted(&["harbour-lights"])
    );
    // --root on the line (either form), then $DOCS_ROOT.
    assert_eq!(
        offers(
            elsewhere.path(),
            &[],
            &["planfile", "--root", root_path, "decisions", ""]
        ),
        slugs
    );
    let root_eq = format!("--root={root_path}");
    assert_eq!(
        offers(
            elsewhere.path(),
            &[],
            &["planfile", "decisions", &root_eq, ""]
        ),
        slugs
    );
    assert_eq!(
        offers(
            elsewhere.path(),
            &[("DOCS_ROOT", root_path)],
            &["planfile", "decisions", ""]
        ),
        slugs
    );
    assert_eq!(
        offers(elsewhere.path(), &[], &["planfile", "decisions", ""]),
        Vec::<String>::new()
    );
    // validate takes slugs and paths; new takes a new slug: nothing to offer.
    let validate = offers(root.path(), &[], &["planfile", "validate", ""]);
    for want in ["demo", "harbour-lights", "docs"] {
        assert!(validate.contains(&want.to_string()), "{want}: {validate:?}");
    }
    assert_eq!(
        offers(root.path(), &[], &["planfile", "new", ""]),
        Vec::<String>::new()
    );
}

#[test]
fn bash_offers_file_names_only_where_a_path_is_taken() {
    let root = plans_root();
    let cwd = root.path();
    std::fs::write(cwd.join("rulings.ndjson"), "").expect("write");
    assert_eq!(
        offers(
            cwd,
            &[],
            &["planfile", "decisions", "demo", "promote", "--rulings", "r"]
        ),
        sorted(&["rulings.ndjson"])
    );
    assert_eq!(
        offers(cwd, &[], &["planfile", "--root", "d"]),
        sorted(&["docs"])
    );
    for words in [
        &[
            "planfile",
            "decisions",
            "demo",
            "answer",
            "stop",
            "--value",
            "",
        ][..],
        &["planfile", "decisions", "demo", "--phase", ""],
        &["planfile", "decisions", "demo", "list", "--format", ""],
        &["planfile", ""],
    ] {
        let got = offers(cwd, &[], words);
        assert!(!got.contains(&"docs".to_string()), "{words:?}: {got:?}");
        assert!(
            !got.contains(&"rulings.ndjson".to_string()),
            "{words:?}: {got:?}"
        );
    }
}

/// Whether `shell` runs here.
fn shell_available(shell: &str) -> bool {
    std::process::Command::new(shell)
        .args(["-c", "exit 0"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn zsh_completes_the_plans_slugs() {
    let zsh = String::from_utf8(generate(&["completions", "zsh"])).expect("UTF-8");
    assert!(zsh.contains("\n_planfile_slugs() {\n"), "{zsh}");
    let slug_lines: Vec<&str> = zsh
        .lines()
        .filter(|l| l.contains("slug -- The plan'\\''s slug"))
        .collect();
    assert_eq!(
        slug_lines.len(),
        2,
        "phase-graph and decisions: {slug_lines:?}"
    );
    assert!(
        slug_lines
            .iter()
            .all(|l| l.ends_with(":_planfile_slugs' \\")),
        "{slug_lines:?}"
    );
    assert!(
        zsh.contains(":_planfile_slugs_or_files' \\\n"),
        "validate's plans"
    );
    if shell_available("zsh") {
        let scratch = tempfile::tempdir().expect("a folder");
        let path = scratch.path().join("_planfile");
        std::fs::write(&path, &zsh).expect("write");
        let status = std::process::Command::new("zsh")
            .arg("-n")
            .arg(&path)
            .status()
            .expect("zsh");
        assert!(status.success(), "the zsh script parses");
    }
}

#[test]
fn fish_completes_the_plans_slugs_and_the_keys() {
    let fish = String::from_utf8(generate(&["completions", "fish"])).expect("UTF-8");
    assert!(fish.contains("\nfunction __planfile_slugs\n"), "{fish}");
    if !shell_available("fish") {
        return;
    }
    let root = plans_root();
    let scratch = tempfile::tempdir().expect("a folder");
    let path = scratch.path().join("planfile.fish");
    std::fs::write(&path, &fish).expect("write");
    let complete = |line: &str| -> Vec<String> {
        let out = std::process::Command::new("fish")
            .arg("--no-config")
            .arg("-c")
            .arg(format!("source {}; complete -C '{line}'", path.display()))
            .current_dir(root.path())
            .env("HOME", scratch.path())
            .env_remove("DOCS_ROOT")
            .output()
            .expect("fish runs");
        let mut got: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| l.split('\t').next().unwrap_or_default().to_string())
            .collect();
        got.sort();
        got
    };
    // The plan first, then its verbs; no file names in either place.
    let decisions = complete("planfile decisions ");
    assert_eq!(decisions, sorted(&["demo", "harbour-lights"]));
    let verbs = complete("planfile decisions demo ");
    assert_eq!(
        verbs,
        sorted(&[
            "list", "check", "prompt", "resolve", "answer", "waive", "promote"
        ])
    );
    let answer = complete("planfile decisions demo answer ");
    assert_eq!(answer, sorted(&KEYS));
    // The checks after explain and in the lists of --select and friends.
    let explain = complete("planfile explain ");
    assert_eq!(explain, check_words(false));
    assert_eq!(complete("planfile explain F2"), words_starting("F2"));
    for option in ["--select", "--ignore", "--extend-select"] {
        assert_eq!(
            complete(&format!("planfile validate {option} ")),
            check_words(true),
            "{option}"
        );
    }
    assert_eq!(
        complete("planfile validate --select F14,gate-d"),
        sorted(&["F14,gate-date-invalid", "F14,gate-directive-missing"])
    );
}

/// The codes and check names of the lint registry that start with
/// `prefix`, sorted (e.g. every code `F2…`).
fn words_starting(prefix: &str) -> Vec<String> {
    check_words(false)
        .into_iter()
        .filter(|w| w.starts_with(prefix))
        .collect()
}

/// Every code of the lint registry once and every check's name (with
/// `all`, `ALL` too), sorted.
fn check_words(all: bool) -> Vec<String> {
    let mut words: Vec<String> = planfile::lint::CHECKS
        .iter()
        .flat_map(|c| [c.code.to_string(), c.name.to_string()])
        .collect();
    if all {
        words.push("ALL".to_string());
    }
    words.sort();
    words.dedup();
    words
}

#[test]
fn bash_offers_the_checks_after_explain_and_the_selection_options() {
    let root = plans_root();
    let cwd = root.path();
    std::fs::write(cwd.join("F2-notes.md"), "").expect("a file that looks like a code");
    assert_eq!(
        offers(cwd, &[], &["planfile", "explain", ""]),
        check_words(false)
    );
    assert_eq!(
        offers(cwd, &[], &["planfile", "explain", "F2"]),
        words_starting("F2"),
        "codes, not file names"
    );
    for option in ["--select", "--ignore", "--extend-select"] {
        assert_eq!(
            offers(cwd, &[], &["planfile", "validate", option, ""]),
            check_words(true),
            "{option}"
        );
        assert_eq!(
            offers(
                cwd,
                &[],
                &["planfile", "validate", option, "=", "gate-phase-s"]
            ),
            sorted(&["gate-phase-self"]),
            "{option}="
        );
    }
    assert_eq!(
        offers(
            cwd,
            &[],
            &["planfile", "validate", "--select", "F14,gate-d"]
        ),
        sorted(&["F14,gate-date-invalid", "F14,gate-directive-missing"]),
        "the last entry of a list"
    );
    assert_eq!(
        offers(cwd, &[], &["planfile", "validate", "--ignore", "F25,"]).len(),
        check_words(true).len()
    );
}

/// Rewrites completions/ from the binary (run on purpose, after changing
/// the command line: `cargo test --test completions -- --ignored regenerate`).
#[test]
#[ignore = "writes completions/; run it to regenerate the scripts"]
fn regenerate() {
    std::fs::create_dir_all(completions_dir()).expect("completions/");
    for (shell, file) in SCRIPTS {
        std::fs::write(
            completions_dir().join(file),
            generate(&["completions", shell]),
        )
        .expect("write a completion script");
    }
}
