//! Shell completions as a user gets them (SPEC §10.3): each shell's
//! registration script, as `planfile completions <shell>` prints it, is
//! loaded into that shell (bash always; zsh, fish and elvish where they
//! are installed) and asked for the candidates of a command line, which
//! it gets from the binary; the committed scripts (completions/) are what
//! the binary prints; and `planfile man` prints roff manual pages.
//!
//! After changing what the scripts hold, regenerate them with
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

/// The built binary.
fn binary() -> PathBuf {
    assert_cmd::cargo::cargo_bin("planfile")
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

/// What the binary prints for `ARGS` when run as `planfile` found on
/// `PATH` (its `argv[0]` is `planfile`), with `env` set.
#[cfg(unix)]
fn run_as_planfile(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    use std::os::unix::process::CommandExt as _;
    std::process::Command::new(binary())
        .arg0("planfile")
        .args(args)
        .env_remove("PLANFILE_COMPLETE")
        .envs(env.iter().copied())
        .output()
        .expect("run planfile")
}

/// The script the binary prints for `planfile completions <shell>` when
/// run as `planfile`: the one committed.
#[cfg(unix)]
fn committed_form(shell: &str) -> Vec<u8> {
    let output = run_as_planfile(&["completions", shell], &[]);
    assert_eq!(output.status.code(), Some(0), "completions {shell}");
    output.stdout
}

#[cfg(unix)]
#[test]
fn committed_scripts_match_the_binary() {
    let mut stale = Vec::new();
    for (shell, file) in SCRIPTS {
        let generated = committed_form(shell);
        assert!(!generated.is_empty(), "{shell}: empty script");
        let committed = std::fs::read(completions_dir().join(file)).unwrap_or_default();
        if committed != generated {
            stale.push(format!("completions/{file} ({shell})"));
        }
    }
    assert!(
        stale.is_empty(),
        "these completion scripts differ from what `planfile completions <shell>` prints now: {}\n\
         regenerate them with: cargo test --test completions -- --ignored regenerate",
        stale.join(", ")
    );
}

#[cfg(unix)]
#[test]
fn the_script_is_the_one_complete_env_prints_and_runs_this_binary() {
    let path = binary();
    let path = path.to_str().expect("a UTF-8 path");
    for (shell, _) in SCRIPTS {
        // Run as `planfile` (on PATH), the script runs `planfile`.
        let script = String::from_utf8(committed_form(shell)).expect("UTF-8");
        let registered = run_as_planfile(&[], &[("PLANFILE_COMPLETE", shell)]);
        assert_eq!(
            registered.status.code(),
            Some(0),
            "PLANFILE_COMPLETE={shell}"
        );
        assert_eq!(script.as_bytes(), registered.stdout, "{shell}");
        assert!(!script.contains(path), "{shell}: {script}");
        // Run by its path, the script runs that path.
        let by_path = String::from_utf8(generate(&["completions", shell])).expect("UTF-8");
        assert!(by_path.contains(path), "{shell}: {by_path}");
    }
}

#[cfg(unix)]
#[test]
fn an_empty_or_zero_complete_is_a_plain_run() {
    for value in ["", "0"] {
        let out = run_as_planfile(&["--version"], &[("PLANFILE_COMPLETE", value)]);
        assert_eq!(out.status.code(), Some(0), "PLANFILE_COMPLETE={value:?}");
        assert!(
            String::from_utf8_lossy(&out.stdout).starts_with("planfile "),
            "PLANFILE_COMPLETE={value:?}"
        );
    }
    let out = run_as_planfile(&["--version"], &[("PLANFILE_COMPLETE", "tcsh")]);
    assert_ne!(out.status.code(), Some(0), "PLANFILE_COMPLETE=tcsh");
    assert!(out.stdout.is_empty(), "PLANFILE_COMPLETE=tcsh");
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

/// A shell that completes `planfile` through its registration script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shell {
    Bash,
    Zsh,
    Fish,
    Elvish,
}

/// The shells driven; bash must be installed, the others are skipped
/// where they are not.
const SHELLS: [Shell; 4] = [Shell::Bash, Shell::Zsh, Shell::Fish, Shell::Elvish];

/// Calls the function the bash script registers (`complete -p planfile`)
/// as bash calls it: COMP_WORDS split as readline splits them at `=`
/// (COMP_WORDBREAKS), the word being completed as `$2`.
const BASH_DRIVER: &str = r#"
source "$1" || exit 3
spec="$(complete -p planfile)" || exit 4
fn="${spec##* -F }"; fn="${fn%% *}"
shift
COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))
COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
cur="${COMP_WORDS[COMP_CWORD]}"; [ "$cur" = "=" ] && cur=""
"$fn" planfile "$cur" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}"
"#;

/// Calls the function the zsh script registers with `words` and
/// `CURRENT` set, `_describe` printing the values it is given.
const ZSH_DRIVER: &str = r#"
compdef() { : }
_describe() {
  local name=$3 entry value
  for entry in "${(@P)name}"; do
    value=${entry//\\:/$'\1'}
    value=${value%%:*}
    print -r -- "${value//$'\1'/:}"
  done
}
source "$1" || exit 3
shift
words=("$@"); CURRENT=$#
# Its status is that of its last test, which says nothing.
_clap_dynamic_completer_planfile || true
"#;

/// Evaluates the elvish script with an `edit:` namespace of its own (the
/// shell's is there only when it is interactive) and calls the
/// arg-completer it sets.
const ELVISH_DRIVER: &str = r#"
var script words = $args[0] $args[1..]
var edit: = (ns [&completion:=(ns [&arg-completer=[&]])])
var after = (ns [&])
eval &ns=(ns [&edit:=$edit:]) &on-end={|n| set after = $n } (slurp < $script)
$after[edit:][completion:][arg-completer][planfile] $@words | each {|c| echo $c }
"#;

impl Shell {
    fn name(self) -> &'static str {
        match self {
            Shell::Bash => "bash",
            Shell::Zsh => "zsh",
            Shell::Fish => "fish",
            Shell::Elvish => "elvish",
        }
    }

    /// Whether the shell runs here (bash must).
    fn available(self) -> bool {
        let runs = std::process::Command::new(self.name())
            .args(["-c", "exit 0"])
            .output()
            .is_ok_and(|o| o.status.success());
        assert!(runs || self != Shell::Bash, "bash is needed");
        if !runs {
            eprintln!(
                "{} is not installed: its completions are not driven",
                self.name()
            );
        }
        runs
    }

    /// The process that asks the shell, with the script at `script`, for
    /// the candidates of `words` (the last one is being completed).
    fn ask(self, script: &Path, words: &[&str]) -> std::process::Command {
        let mut cmd = std::process::Command::new(self.name());
        match self {
            Shell::Bash => {
                cmd.arg("-c").arg(BASH_DRIVER).arg("driver").arg(script);
                cmd.args(words.iter().flat_map(|w| split_at_equals(w)));
            }
            Shell::Zsh => {
                cmd.arg("-f")
                    .arg("-c")
                    .arg(ZSH_DRIVER)
                    .arg("driver")
                    .arg(script)
                    .args(words);
            }
            Shell::Fish => {
                cmd.args(["--no-config", "-c", "source $argv[1]; complete -C $argv[2]"]);
                cmd.arg(script).arg(words.join(" "));
            }
            Shell::Elvish => {
                let driver = script.with_extension("driver.elv");
                std::fs::write(&driver, ELVISH_DRIVER).expect("write the driver");
                cmd.arg("-norc").arg(driver).arg(script).args(words);
            }
        }
        cmd
    }
}

/// `word` as readline splits it at `=` (`--format=t` → `--format`, `=`,
/// `t`).
fn split_at_equals(word: &str) -> Vec<String> {
    let mut parts = Vec::new();
    for (i, piece) in word.split('=').enumerate() {
        if i > 0 {
            parts.push("=".to_string());
        }
        if !piece.is_empty() || i == 0 {
            parts.push(piece.to_string());
        }
    }
    parts
}

/// What `shell` offers for the command line `words` (the last one is the
/// word being completed), run in `cwd` with only PATH (without
/// `planfile`), HOME and `env` set: the candidates, in the shell's order,
/// a folder without its trailing `/`. The script is the one `planfile
/// completions <shell>` prints when run by its path.
fn offers(shell: Shell, cwd: &Path, env: &[(&str, &str)], words: &[&str]) -> Vec<String> {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let script = scratch.path().join(format!("planfile.{}", shell.name()));
    std::fs::write(&script, generate(&["completions", shell.name()])).expect("write the script");
    let output = shell
        .ask(&script, words)
        .current_dir(cwd)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", scratch.path())
        .envs(env.iter().copied())
        .output()
        .expect("the shell runs");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{shell:?} {words:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| l.split('\t').next().unwrap_or_default())
        .filter(|l| !l.is_empty())
        .map(|l| l.strip_suffix('/').unwrap_or(l).to_string())
        .collect()
}

/// The candidates that are values (not options), sorted.
fn values(candidates: &[String]) -> Vec<String> {
    let mut values: Vec<String> = candidates
        .iter()
        .filter(|c| !c.starts_with('-'))
        .cloned()
        .collect();
    values.sort();
    values
}

/// The candidates that are options.
fn options(candidates: &[String]) -> Vec<String> {
    candidates
        .iter()
        .filter(|c| c.starts_with('-'))
        .cloned()
        .collect()
}

/// `words`, sorted, as owned strings.
fn sorted(words: &[&str]) -> Vec<String> {
    let mut words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    words.sort();
    words
}

/// Asserts, in each shell installed, that the values offered for `words`
/// (options aside: they may follow anywhere) are exactly `want`.
fn assert_values(cwd: &Path, env: &[(&str, &str)], words: &[&str], want: &[&str]) {
    for shell in SHELLS.into_iter().filter(|s| s.available()) {
        let got = offers(shell, cwd, env, words);
        assert_eq!(values(&got), sorted(want), "{shell:?} {words:?}: {got:?}");
    }
}

/// A docs root with the plans `demo` and `harbour-lights`, and files in
/// `docs/plans/` that no slug names: a README, a note, a plan in a
/// folder below.
fn plans_root() -> common::Root {
    let root = common::Root::new();
    root.plan("demo", "# Demo\n");
    root.plan("harbour-lights", "# Harbour lights\n");
    let plans = root.path().join("docs/plans");
    std::fs::write(plans.join("notes.txt"), "not a plan").expect("write");
    std::fs::write(plans.join("README.md"), "# Plans\n").expect("write");
    std::fs::create_dir_all(plans.join("archive")).expect("a folder");
    std::fs::write(plans.join("archive/old.md"), "# Old\n").expect("write");
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

const VERBS: [&str; 7] = [
    "list", "check", "prompt", "resolve", "answer", "waive", "promote",
];

#[test]
fn the_commands_are_offered() {
    let root = plans_root();
    assert_values(
        root.path(),
        &[],
        &["planfile", ""],
        &[
            "phase-graph",
            "decisions",
            "new",
            "completions",
            "man",
            "validate",
            "explain",
            "server",
            "needs",
            "help",
        ],
    );
}

#[test]
fn the_verbs_are_offered_after_the_plan_and_only_there() {
    let root = plans_root();
    let cwd = root.path();
    assert_values(cwd, &[], &["planfile", "decisions", "demo", ""], &VERBS);
    assert_values(
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
            "",
        ],
        &VERBS,
    );
    assert_values(
        cwd,
        &[],
        &[
            "planfile",
            "decisions",
            "--phase",
            "-1",
            "demo",
            "--dry-run",
            "",
        ],
        &VERBS,
    );
    assert_values(
        cwd,
        &[],
        &["planfile", "decisions", "demo", "pr"],
        &["prompt", "promote"],
    );
    // A plan named like a verb is the plan.
    assert_values(cwd, &[], &["planfile", "decisions", "list", ""], &VERBS);
    assert_values(
        cwd,
        &[],
        &["planfile", "decisions", "list", "list", "--format", ""],
        &["tsv", "json", "table"],
    );
    // Where the plan goes, the plans, never the verbs.
    assert_values(
        cwd,
        &[],
        &["planfile", "decisions", ""],
        &["demo", "harbour-lights"],
    );
    assert_values(cwd, &[], &["planfile", "decisions", "pr"], &[]);
    // After the verb, neither.
    assert_values(
        cwd,
        &[],
        &["planfile", "decisions", "demo", "prompt", ""],
        &[],
    );
}

#[test]
fn the_keys_are_offered_where_a_key_is_taken() {
    let root = plans_root();
    let cwd = root.path();
    for words in [
        &["planfile", "decisions", "demo", "answer", ""][..],
        &["planfile", "decisions", "demo", "--phase", "1", "waive", ""],
        &["planfile", "decisions", "demo", "resolve", ""],
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
        &["planfile", "decisions", "demo", "--ack", ""],
    ] {
        assert_values(cwd, &[], words, &KEYS);
    }
    assert_values(
        cwd,
        &[],
        &["planfile", "decisions", "demo", "answer", "re"],
        &["relay", "resume.on-restart"],
    );
    for shell in SHELLS.into_iter().filter(|s| s.available()) {
        let after_key = offers(
            shell,
            cwd,
            &[],
            &["planfile", "decisions", "demo", "answer", "stop", ""],
        );
        assert_eq!(values(&after_key), Vec::<String>::new(), "{shell:?}");
        assert!(
            after_key.contains(&"--value".to_string()),
            "{shell:?}: {after_key:?}"
        );
    }
}

#[test]
fn the_values_of_each_format_blocking_and_color_are_offered() {
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
            &["planfile", "decisions", "demo", "resolve", "--format", ""],
            &["tsv", "json", "table"],
        ),
        (
            &["planfile", "decisions", "demo", "--format", ""],
            &["tsv", "json", "table", "text"],
        ),
        (
            &["planfile", "validate", "--format", ""],
            &[
                "human", "concise", "json", "sarif", "github", "junit", "gitlab",
            ],
        ),
        (&["planfile", "needs", "--format", ""], &["tsv", "json"]),
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
        (
            &["planfile", "decisions", "demo", "--blocking", ""],
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
        assert_values(cwd, &[], words, want);
    }
}

#[test]
fn a_value_after_equals_is_completed_in_each_shell() {
    let root = plans_root();
    let cwd = root.path();
    for shell in SHELLS.into_iter().filter(|s| s.available()) {
        // bash completes the word after `=`; the others the whole word.
        let lead = |option: &str| match shell {
            Shell::Bash => String::new(),
            _ => format!("{option}="),
        };
        let want = |option: &str, words: &[&str]| -> Vec<String> {
            let mut want: Vec<String> = words
                .iter()
                .map(|w| format!("{}{w}", lead(option)))
                .collect();
            want.sort();
            want
        };
        let got = offers(
            shell,
            cwd,
            &[],
            &["planfile", "decisions", "demo", "list", "--format=t"],
        );
        assert_eq!(
            sorted_all(&got),
            want("--format", &["tsv", "table"]),
            "{shell:?}"
        );
        let got = offers(
            shell,
            cwd,
            &[],
            &["planfile", "decisions", "demo", "list", "--format="],
        );
        assert_eq!(
            sorted_all(&got),
            want("--format", &["tsv", "json", "table"]),
            "{shell:?}"
        );
        let got = offers(
            shell,
            cwd,
            &[],
            &["planfile", "validate", "--ignore=gate-phase-s"],
        );
        assert_eq!(
            sorted_all(&got),
            want("--ignore", &["gate-phase-self"]),
            "{shell:?}"
        );
        let root_eq = format!("--root={}", cwd.display());
        let elsewhere = tempfile::tempdir().expect("a folder");
        let got = offers(
            shell,
            elsewhere.path(),
            &[],
            &["planfile", &root_eq, "decisions", ""],
        );
        assert_eq!(
            values(&got),
            sorted(&["demo", "harbour-lights"]),
            "{shell:?}"
        );
    }
}

/// All the candidates, sorted.
fn sorted_all(candidates: &[String]) -> Vec<String> {
    let mut all = candidates.to_vec();
    all.sort();
    all
}

#[test]
fn each_verbs_own_options_are_offered() {
    let root = plans_root();
    let cwd = root.path();
    for shell in SHELLS.into_iter().filter(|s| s.available()) {
        let list = offers(
            shell,
            cwd,
            &[],
            &["planfile", "decisions", "demo", "list", "--"],
        );
        for option in ["--format", "--phase", "--root", "--color", "--help"] {
            assert!(
                list.contains(&option.to_string()),
                "{shell:?} {option}: {list:?}"
            );
        }
        for other in ["--value", "--reason", "--ack", "--from-ruling", "--dry-run"] {
            assert!(
                !list.contains(&other.to_string()),
                "{shell:?} {other} for list: {list:?}"
            );
        }
        let promote = offers(
            shell,
            cwd,
            &[],
            &["planfile", "decisions", "demo", "promote", "--"],
        );
        for option in ["--from-ruling", "--key", "--rulings", "--by", "--dry-run"] {
            assert!(
                promote.contains(&option.to_string()),
                "{shell:?} {option}: {promote:?}"
            );
        }
        assert!(
            !promote.contains(&"--value".to_string()),
            "{shell:?}: {promote:?}"
        );
        // Before the verb, the options of decisions itself (the verbs'
        // are taken there, not offered).
        let before = offers(shell, cwd, &[], &["planfile", "decisions", "demo", "--"]);
        assert_eq!(
            sorted_all(&options(&before)),
            sorted(&["--phase", "--help", "--root", "--color"]),
            "{shell:?}"
        );
    }
}

#[test]
fn the_slugs_of_the_plans_under_the_docs_root_are_offered() {
    let root = plans_root();
    let slugs: &[&str] = &["demo", "harbour-lights"];
    let elsewhere = tempfile::tempdir().expect("a folder");
    let root_path = root.path().to_str().expect("a UTF-8 path");
    // The docs root found from a folder under it.
    assert_values(
        &root.path().join("docs/plans"),
        &[],
        &["planfile", "decisions", ""],
        slugs,
    );
    assert_values(
        root.path(),
        &[],
        &["planfile", "phase-graph", "h"],
        &["harbour-lights"],
    );
    // --root on the line (either form, anywhere before), then $DOCS_ROOT.
    assert_values(
        elsewhere.path(),
        &[],
        &["planfile", "--root", root_path, "decisions", ""],
        slugs,
    );
    let root_eq = format!("--root={root_path}");
    assert_values(
        elsewhere.path(),
        &[],
        &["planfile", "decisions", &root_eq, ""],
        slugs,
    );
    assert_values(
        elsewhere.path(),
        &[("DOCS_ROOT", root_path)],
        &["planfile", "decisions", ""],
        slugs,
    );
    assert_values(elsewhere.path(), &[], &["planfile", "decisions", ""], &[]);
    // validate takes slugs and paths (`.` aside: fish hides it); new takes
    // a new slug: nothing.
    for shell in SHELLS.into_iter().filter(|s| s.available()) {
        let mut got = values(&offers(
            shell,
            root.path(),
            &[],
            &["planfile", "validate", ""],
        ));
        got.retain(|v| v != ".");
        assert_eq!(
            got,
            sorted(&["demo", "harbour-lights", "docs"]),
            "{shell:?}"
        );
    }
    assert_values(root.path(), &[], &["planfile", "new", ""], &[]);
}

#[test]
fn file_names_are_offered_only_where_a_path_is_taken() {
    let root = plans_root();
    let cwd = root.path();
    std::fs::write(cwd.join("rulings.ndjson"), "").expect("write");
    assert_values(
        cwd,
        &[],
        &["planfile", "decisions", "demo", "promote", "--rulings", "r"],
        &["rulings.ndjson"],
    );
    assert_values(cwd, &[], &["planfile", "--root", "d"], &["docs"]);
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
        &["planfile", "decisions", "demo", "--by", ""],
        &["planfile", "new", "x", "--title", ""],
    ] {
        assert_values(cwd, &[], words, &[]);
    }
}

/// The codes (each once) and names of the lint registry that start with
/// `prefix`, and with `all` also `ALL`.
fn check_words(prefix: &str, all: bool) -> Vec<String> {
    let mut words: Vec<String> = planfile::lint::CHECKS
        .iter()
        .flat_map(|c| [c.code.to_string(), c.name.to_string()])
        .collect();
    if all {
        words.push("ALL".to_string());
    }
    words.retain(|w| w.starts_with(prefix));
    words.sort();
    words.dedup();
    words
}

#[test]
fn the_checks_are_offered_after_explain_and_the_selection_options() {
    let root = plans_root();
    let cwd = root.path();
    std::fs::write(cwd.join("F2-notes.md"), "").expect("a file that looks like a code");
    for shell in SHELLS.into_iter().filter(|s| s.available()) {
        let ask = |words: &[&str]| values(&offers(shell, cwd, &[], words));
        assert_eq!(
            ask(&["planfile", "explain", ""]),
            check_words("", false),
            "{shell:?}"
        );
        assert_eq!(
            ask(&["planfile", "explain", "F2"]),
            check_words("F2", false),
            "{shell:?}: codes, not files"
        );
        for option in ["--select", "--ignore", "--extend-select"] {
            assert_eq!(
                ask(&["planfile", "validate", option, ""]),
                check_words("", true),
                "{shell:?} {option}"
            );
        }
        assert_eq!(
            ask(&["planfile", "validate", "--select", "F14,gate-d"]),
            sorted(&["F14,gate-date-invalid", "F14,gate-directive-missing"]),
            "{shell:?}: the last entry of a list"
        );
        let after_comma: Vec<String> = check_words("", true)
            .iter()
            .map(|w| format!("F25,{w}"))
            .collect();
        assert_eq!(
            ask(&["planfile", "validate", "--ignore", "F25,"]),
            after_comma,
            "{shell:?}"
        );
    }
}

/// Rewrites completions/ from the binary, run as `planfile` (on purpose,
/// after changing what the scripts hold: `cargo test --test completions
/// -- --ignored regenerate`).
#[cfg(unix)]
#[test]
#[ignore = "writes completions/; run it to regenerate the scripts"]
fn regenerate() {
    std::fs::create_dir_all(completions_dir()).expect("completions/");
    for (shell, file) in SCRIPTS {
        std::fs::write(completions_dir().join(file), committed_form(shell))
            .expect("write a completion script");
    }
}

#[test]
fn the_engine_modes_are_offered_after_the_plan() {
    let root = plans_root();
    for shell in SHELLS.into_iter().filter(|s| s.available()) {
        for (typed, want) in [
            ("--rea", &["--ready", "--ready-after"][..]),
            ("--dep", &["--dependents", "--deps"]),
        ] {
            let words = ["planfile", "phase-graph", "demo", typed];
            let got = offers(shell, root.path(), &[], &words);
            for mode in want {
                assert!(
                    got.iter().any(|g| g == mode),
                    "{shell:?} {words:?}: {got:?}"
                );
            }
        }
    }
}
