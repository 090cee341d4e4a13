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

/// The hooks of `.pre-commit-hooks.yaml`, and its `planfile-validate`.
fn shipped_hook() -> serde_json::Value {
    let text = std::fs::read_to_string(repo().join(".pre-commit-hooks.yaml"))
        .expect(".pre-commit-hooks.yaml at the repository root");
    let hooks: serde_json::Value = serde_saphyr::from_str(&text).expect("YAML");
    hooks
        .as_array()
        .and_then(|h| h.iter().find(|h| h["id"] == "planfile-validate"))
        .cloned()
        .expect("a planfile-validate hook")
}

/// The README's YAML blocks, each as written.
fn yaml_blocks(text: &str) -> Vec<String> {
    fenced_blocks(text, "yaml")
}

/// The bodies of the fenced blocks of `lang` in `text`, each line ending in
/// a newline.
fn fenced_blocks(text: &str, lang: &str) -> Vec<String> {
    let opening = format!("```{lang}");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match (&mut current, line) {
            (None, line) if line == opening => current = Some(String::new()),
            (Some(block), "```") => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            (Some(block), line) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

/// The README's `.pre-commit-config.yaml` with the local hook, as written.
fn readme_pre_commit_config() -> String {
    yaml_blocks(&readme())
        .into_iter()
        .find(|b| b.contains("- repo: local"))
        .expect("a pre-commit config with a local hook in the README")
}

/// The keys a hook of a pre-commit manifest may have
/// (https://pre-commit.com/#new-hooks), and the languages it knows.
const HOOK_KEYS: [&str; 22] = [
    "id",
    "name",
    "entry",
    "language",
    "alias",
    "files",
    "exclude",
    "types",
    "types_or",
    "exclude_types",
    "additional_dependencies",
    "args",
    "always_run",
    "fail_fast",
    "pass_filenames",
    "description",
    "language_version",
    "log_file",
    "require_serial",
    "stages",
    "verbose",
    "minimum_pre_commit_version",
];
const LANGUAGES: [&str; 9] = [
    "rust",
    "system",
    "script",
    "python",
    "node",
    "golang",
    "docker",
    "docker_image",
    "fail",
];

#[test]
fn the_pre_commit_hook_is_a_valid_hook_for_pre_commit() {
    let hook = shipped_hook();
    let fields = hook.as_object().expect("a mapping");
    for key in fields.keys() {
        assert!(HOOK_KEYS.contains(&key.as_str()), "unknown hook key {key}");
    }
    for key in ["id", "name", "entry", "language"] {
        assert!(hook[key].is_string(), "{key} is required");
    }
    assert!(LANGUAGES.contains(&hook["language"].as_str().expect("language")));
    assert!(hook["pass_filenames"].is_boolean() && hook["require_serial"].is_boolean());
    // pre-commit itself, where it is installed.
    let manifest = repo().join(".pre-commit-hooks.yaml");
    if let Ok(out) = Command::new("pre-commit")
        .arg("validate-manifest")
        .arg(&manifest)
        .output()
    {
        assert!(
            out.status.success(),
            "pre-commit validate-manifest: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn the_pre_commit_hook_runs_on_every_file_validate_reads() {
    let hook = shipped_hook();
    assert_eq!(hook["entry"], "planfile validate --force-exclude");
    assert_eq!(hook["language"], "rust");
    assert_eq!(hook["pass_filenames"], true);
    let files = regex::Regex::new(hook["files"].as_str().expect("files")).expect("a regex");
    for path in [
        "docs/plans/demo.md",
        "site/docs/plans/harbour-lights.md",
        "docs/plans/legacy/old.md",
        "docs/handoffs/demo/decisions.md",
        "docs/handoffs/lighthouse/phase-01-order.md",
        "planfile.toml",
        "site/planfile.toml",
    ] {
        assert!(files.is_match(path), "{path}");
    }
    for path in [
        "README.md",
        "CHANGELOG.md",
        "docs/notes/2026-11-30.md",
        "docs/plans/notes.txt",
        "docs/handoffs/demo/decisions.md.lock",
        "mydocs/plans/demo.md",
        "myplanfile.toml",
    ] {
        assert!(!files.is_match(path), "{path}");
    }
}

/// A scratch repository with the README's pre-commit config, two clean
/// plans (`harbour`, `lighthouse`) and what a commit may stage.
fn hook_repo() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a folder");
    let top = dir.path().to_path_buf();
    let example = repo().join("fixtures/example/docs/plans/demo.md");
    let clean = std::fs::read_to_string(example).expect("the example plan");
    std::fs::create_dir_all(top.join("docs/plans")).expect("docs/plans");
    for slug in ["harbour", "lighthouse"] {
        std::fs::write(
            top.join(format!("docs/plans/{slug}.md")),
            clean.replace("slug: demo", &format!("slug: {slug}")),
        )
        .expect("a plan");
    }
    std::fs::write(
        top.join(".pre-commit-config.yaml"),
        readme_pre_commit_config(),
    )
    .expect("the config");
    (dir, top)
}

/// Runs the hook's entry on `files`, as pre-commit does (`entry file…`), in
/// `top`.
fn run_hook(top: &Path, files: &[&str]) -> Output {
    let hook = shipped_hook();
    let entry = hook["entry"].as_str().expect("entry");
    run_line(&format!("{entry} {}", files.join(" ")), top)
}

#[test]
fn the_pre_commit_hook_lints_the_staged_files_and_the_plans_they_belong_to() {
    let (_dir, top) = hook_repo();
    // An untracked broken plan does not stop a commit of two clean plans.
    std::fs::write(
        top.join("docs/plans/draft.md"),
        "---\nstatus: active\n---\n# Draft\n",
    )
    .expect("a broken plan");
    let out = run_hook(&top, &["docs/plans/harbour.md", "docs/plans/lighthouse.md"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A staged handoff with a bad status stops it: the handoff stands for
    // its plan.
    let handoffs = top.join("docs/handoffs/lighthouse");
    std::fs::create_dir_all(&handoffs).expect("the handoffs folder");
    std::fs::write(
        handoffs.join("phase-01-order.md"),
        "---\nstatus: bogus\n---\n# Phase 1\n",
    )
    .expect("a handoff");
    let out = run_hook(&top, &["docs/handoffs/lighthouse/phase-01-order.md"]);
    assert_eq!(out.status.code(), Some(1));
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.contains("handoff-status-invalid"), "{report}");
    // The plan and its handoff staged together: one plan, linted once.
    let out = run_hook(
        &top,
        &[
            "docs/plans/lighthouse.md",
            "docs/handoffs/lighthouse/phase-01-order.md",
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("1 plan checked"), "{err}");
    // planfile.toml: every plan that reads it, the untracked draft too.
    std::fs::write(top.join("planfile.toml"), "[lint]\n").expect("settings");
    let out = run_hook(&top, &["planfile.toml"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("3 plans checked"), "{err}");
    // An index file or an excluded plan staged is left out.
    std::fs::write(top.join("docs/plans/README.md"), "# Plans\n").expect("an index");
    std::fs::write(
        top.join("planfile.toml"),
        "[lint]\nexclude = [\"draft.md\"]\n",
    )
    .expect("settings");
    let out = run_hook(&top, &["docs/plans/README.md", "docs/plans/draft.md"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_readme_pre_commit_config_runs_as_written() {
    let config = readme_pre_commit_config();
    let parsed: serde_json::Value = serde_saphyr::from_str(&config).expect("YAML");
    let local = &parsed["repos"][0];
    assert_eq!(local["repo"], "local");
    let hook = &local["hooks"][0];
    let shipped = shipped_hook();
    assert_eq!(hook["id"], shipped["id"]);
    assert_eq!(hook["language"], "system");
    for key in ["entry", "files", "pass_filenames", "require_serial"] {
        assert_eq!(hook[key], shipped[key], "{key}: as the shipped hook");
    }
    let readme = readme();
    assert!(!readme.contains("<owner>"), "a placeholder owner");
    assert!(!readme.contains("rev: v0.1.0"), "a tag that does not exist");
    let words = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words
            .contains("set `repo:` to the URL you got planfile from and `rev:` to a tag or commit"),
        "the remote form says what repo: and rev: must be"
    );
    // pre-commit itself, where it is installed: the config as written, in a
    // git repository, passes clean plans and stops a broken staged one.
    let has = |tool: &str| {
        Command::new(tool)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !has("pre-commit") || !has("git") {
        eprintln!("pre-commit or git is not installed: the config is not run");
        return;
    }
    let (_dir, top) = hook_repo();
    let home = tempfile::tempdir().expect("a folder");
    let sh = |line: &str| {
        Command::new("bash")
            .arg("-c")
            .arg(line)
            .current_dir(&top)
            .env("PATH", path_with_planfile())
            .env("HOME", home.path())
            .env("PRE_COMMIT_HOME", home.path().join("cache"))
            .env("NO_COLOR", "1")
            .env_remove("DOCS_ROOT")
            .output()
            .expect("bash runs")
    };
    let out = sh("git init -q . && git add -A && pre-commit run");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(
        top.join("docs/plans/harbour.md"),
        "---\nstatus: active\n---\n# Harbour\n",
    )
    .expect("a broken plan");
    let out = sh("git add docs/plans/harbour.md && pre-commit run");
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn the_readme_shows_the_hook_the_ci_step_and_the_lock_file() {
    let readme = readme();
    let yaml = block_lines(&readme, "yaml").join("\n");
    assert!(yaml.contains("- id: planfile-validate"), "{yaml}");
    assert!(yaml.contains("planfile validate --format github"), "{yaml}");
    // CI installs planfile once per version, not on every run.
    let ci = yaml_blocks(&readme)
        .into_iter()
        .find(|b| b.contains("--format github"))
        .expect("the CI step");
    assert!(
        ci.contains("cache-hit != 'true'") && ci.contains("actions/cache"),
        "{ci}"
    );
    let ignore = block_lines(&readme, "gitignore");
    assert_eq!(ignore, ["*.md.lock"]);
    let lock = planfile::writer::LOCK_FILE;
    assert!(lock.ends_with(".md.lock"), "{lock}");
    assert!(readme.contains(lock), "the README names {lock}");
    let gitignore = std::fs::read_to_string(repo().join(".gitignore")).expect(".gitignore");
    assert!(gitignore.lines().any(|l| l == "*.md.lock"), "{gitignore}");
}

/// The body of the README's first fenced block of `lang` that holds `needle`.
fn block_holding(text: &str, lang: &str, needle: &str) -> String {
    fenced_blocks(text, lang)
        .into_iter()
        .find(|body| body.contains(needle))
        .unwrap_or_else(|| panic!("no ```{lang} block holding {needle}"))
}

#[test]
fn the_readme_policy_file_and_policy_table_are_what_resolve_reads() {
    let dir = tempfile::tempdir().expect("a folder");
    let cwd = dir.path();
    let new = run_line("planfile new tern", cwd);
    assert_eq!(
        new.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&new.stderr)
    );
    let text = readme();
    std::fs::write(
        cwd.join("policy.json"),
        block_holding(&text, "json", "{\"policy\":"),
    )
    .expect("policy.json");
    let resolved = |args: &str| {
        let out = run_line(&format!("planfile decisions tern resolve {args}"), cwd);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let from_json = resolved("--policy policy.json");
    assert!(
        from_json.contains("relay\tlast-resort\tconsole\n"),
        "{from_json}"
    );
    assert!(
        from_json.contains("stop\thalt and page the on-call\tconsole\n"),
        "{from_json}"
    );
    std::fs::write(
        cwd.join("planfile.toml"),
        block_holding(&text, "toml", "[policy]\nrelay"),
    )
    .expect("planfile.toml");
    let from_toml = resolved("");
    assert!(
        from_toml.contains("relay\tlast-resort\tconsole\n"),
        "{from_toml}"
    );
    assert!(
        from_toml.contains("stop\thalt and page the on-call\tconsole\n"),
        "{from_toml}"
    );
}
