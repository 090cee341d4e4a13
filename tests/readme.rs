//! The README's examples run as written from the clone, its synopsis lines
//! name real commands, and what it says of the pre-commit hook, the CI step
//! and the lock file holds (SPEC §10.3).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn readme() -> String {
    std::fs::read_to_string(repo().join("README.md")).expect("README.md reads")
}

/// The lines of the README's fenced blocks of `lang` (the walkthrough,
/// which `tests/walkthrough.rs` runs in an empty folder, aside).
fn block_lines(text: &str, lang: &str) -> Vec<String> {
    let (before, rest) = text
        .split_once("<!-- walkthrough:start -->")
        .unwrap_or((text, ""));
    let after = rest
        .split_once("<!-- walkthrough:end -->")
        .map_or("", |(_, a)| a);
    let mut lines = Vec::new();
    for part in [before, after] {
        let mut inside = false;
        for line in part.lines() {
            if let Some(fence) = line.strip_prefix("```") {
                inside = !inside && fence == lang;
                continue;
            }
            if inside {
                lines.push(line.to_string());
            }
        }
    }
    lines
}

/// A command line without its `# …` comment (outside quotes).
fn without_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted && line[..i].ends_with(' ') => return line[..i].trim_end(),
            _ => {}
        }
    }
    line.trim_end()
}

/// Whether a `planfile` line is a synopsis (`<SLUG>`, `[…]`, `a|b`) rather
/// than an example.
fn is_synopsis(command: &str) -> bool {
    command.contains(['<', '[', '|', '…'])
}

/// The exit code a line's comment announces (`# exit 1: …`), else 0.
fn expected_exit(line: &str) -> i32 {
    line.split_once("# exit ")
        .and_then(|(_, rest)| {
            rest.split(|c: char| !c.is_ascii_digit())
                .next()
                .and_then(|d| d.parse().ok())
        })
        .unwrap_or(0)
}

/// A PATH with the built `planfile` first.
fn path_with_planfile() -> std::ffi::OsString {
    let bin = assert_cmd::cargo::cargo_bin("planfile");
    let dir = bin.parent().expect("the binary's folder").to_path_buf();
    std::env::join_paths(std::iter::once(dir).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .expect("a PATH")
}

/// Runs `line` with bash in `cwd`, `planfile` on PATH, the environment of
/// a fresh shell (no DOCS_ROOT).
fn run_line(line: &str, cwd: &Path) -> Output {
    Command::new("bash")
        .arg("-c")
        .arg(line)
        .current_dir(cwd)
        .env_clear()
        .env("PATH", path_with_planfile())
        .env("HOME", cwd)
        .env("PE_OWNER", "alex")
        .env("NO_COLOR", "1")
        .output()
        .expect("bash runs")
}

/// A scratch copy of the clone's `fixtures/`, where the examples run.
fn clone_copy() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a folder");
    common::copy_dir(&repo().join("fixtures"), &dir.path().join("fixtures"));
    let path = dir.path().to_path_buf();
    (dir, path)
}

#[test]
fn readme_examples_run_as_written_from_the_clone() {
    let (_dir, cwd) = clone_copy();
    let mut ran = 0;
    for line in block_lines(&readme(), "sh") {
        let line = line.strip_prefix("$ ").unwrap_or(&line).to_string();
        let command = without_comment(&line);
        if !command.starts_with("planfile ") || is_synopsis(command) {
            continue;
        }
        let out = run_line(command, &cwd);
        assert_eq!(
            out.status.code(),
            Some(expected_exit(&line)),
            "`{command}` exited {:?}\nstdout: {}\nstderr: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        ran += 1;
    }
    assert!(ran >= 15, "only {ran} examples found");
    assert!(
        !cwd.join("fixtures/example/docs/handoffs/demo/decisions.md.lock")
            .exists(),
        "the examples write nothing"
    );
}

#[test]
fn readme_synopsis_lines_name_real_commands() {
    let (_dir, cwd) = clone_copy();
    let mut checked = 0;
    for line in block_lines(&readme(), "sh") {
        let command = without_comment(&line);
        if !command.starts_with("planfile ") || !is_synopsis(command) {
            continue;
        }
        let words: Vec<&str> = command
            .split_whitespace()
            .take_while(|w| !w.contains(['<', '[', '|', '>']) && !w.starts_with('-'))
            .collect();
        let help = format!("{} --help", words.join(" "));
        let out = run_line(&help, &cwd);
        assert_eq!(out.status.code(), Some(0), "`{help}` (from `{command}`)");
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} synopsis lines found");
}

#[test]
fn the_pre_commit_hook_lints_plans_and_twins() {
    let text = std::fs::read_to_string(repo().join(".pre-commit-hooks.yaml"))
        .expect(".pre-commit-hooks.yaml at the repository root");
    let hooks: serde_json::Value = serde_saphyr::from_str(&text).expect("YAML");
    let hook = hooks
        .as_array()
        .and_then(|h| h.iter().find(|h| h["id"] == "planfile-validate"))
        .expect("a planfile-validate hook");
    assert_eq!(hook["entry"], "planfile validate");
    assert_eq!(hook["language"], "rust");
    assert_eq!(hook["pass_filenames"], false);
    let files = regex::Regex::new(hook["files"].as_str().expect("files")).expect("a regex");
    for path in [
        "docs/plans/demo.md",
        "site/docs/plans/harbour-lights.md",
        "docs/handoffs/demo/decisions.md",
    ] {
        assert!(files.is_match(path), "{path}");
    }
    for path in [
        "README.md",
        "docs/plans/notes.txt",
        "docs/handoffs/demo/phase-01-mount.md",
        "docs/handoffs/demo/decisions.md.lock",
        "mydocs/plans/demo.md",
    ] {
        assert!(!files.is_match(path), "{path}");
    }
    // What the hook runs, in a repository whose plans are at the top.
    let (_dir, cwd) = clone_copy();
    let example = cwd.join("fixtures/example");
    let out = run_line(hook["entry"].as_str().expect("entry"), &example);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(
        example.join("docs/plans/broken.md"),
        "---\nstatus: active\n---\n# Broken\n",
    )
    .expect("write");
    let out = run_line(hook["entry"].as_str().expect("entry"), &example);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a gating finding fails the commit"
    );
}

#[test]
fn the_readme_shows_the_hook_the_ci_step_and_the_lock_file() {
    let readme = readme();
    let yaml = block_lines(&readme, "yaml").join("\n");
    assert!(yaml.contains("- id: planfile-validate"), "{yaml}");
    assert!(yaml.contains("planfile validate --format github"), "{yaml}");
    let ignore = block_lines(&readme, "gitignore");
    assert_eq!(ignore, ["*.md.lock"]);
    let lock = planfile::manifest::write::LOCK_FILE;
    assert!(lock.ends_with(".md.lock"), "{lock}");
    assert!(readme.contains(lock), "the README names {lock}");
    let gitignore = std::fs::read_to_string(repo().join(".gitignore")).expect(".gitignore");
    assert!(gitignore.lines().any(|l| l == "*.md.lock"), "{gitignore}");
}
