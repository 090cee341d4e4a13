//! The committed shell completion scripts (completions/) are what the binary
//! generates now, and `planfile man` prints a roff manual page.
//!
//! After changing the command line, regenerate the scripts with
//! `cargo test --test completions -- --ignored regenerate`.

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

#[test]
fn every_page_the_main_page_names_exists() {
    let page = String::from_utf8(generate(&["man"])).expect("UTF-8");
    let names: Vec<String> = page
        .lines()
        .filter_map(|l| l.strip_prefix("planfile\\-"))
        .filter_map(|l| l.strip_suffix("(1)"))
        .map(|l| l.replace("\\-", "-"))
        .collect();
    assert!(names.contains(&"phase-graph".to_string()), "{names:?}");
    for name in names {
        let sub = String::from_utf8(generate(&["man", &name])).expect("UTF-8");
        let title = format!(".TH planfile-{name} 1");
        assert!(sub.contains(&title), "{name}: {sub}");
        let heading = format!(".SH NAME\nplanfile\\-{}", name.replace('-', "\\-"));
        assert!(sub.contains(&heading), "{name}: {sub}");
    }
    Command::cargo_bin("planfile")
        .expect("the planfile binary")
        .args(["man", "nope"])
        .assert()
        .code(2);
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
