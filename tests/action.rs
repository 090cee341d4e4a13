//! The GitHub Action (`action.yml` at the repository's root, SPEC §10.1,
//! §10.3): a composite action whose steps are run here as the runner runs
//! them — each `run` script by `bash --noprofile --norc -eo pipefail`, in
//! its `working-directory`, with its `env` and the `${{ … }}` expressions it
//! uses filled in — on a repository whose docs root is a sub-folder, with
//! `GITHUB_WORKSPACE` set, as GitHub sets it.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::one_phase_plan_owing_nothing;
use serde_json::Value;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `action.yml`, as JSON.
fn action() -> Value {
    let text = std::fs::read_to_string(repo().join("action.yml")).expect("action.yml at the root");
    serde_saphyr::from_str(&text).expect("action.yml is YAML")
}

/// The step of the action whose `id` is `id`.
fn step(action: &Value, id: &str) -> Value {
    action["runs"]["steps"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|s| s["id"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("no step {id}"))
}

/// `text` with each `${{ NAME }}` replaced by `values[NAME]` (a step's
/// output that was not written by nothing); an expression the test does not
/// know fails it, so that every one is accounted for.
fn expand(text: &str, values: &BTreeMap<String, String>) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("${{") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("}}").expect("a closed expression") + start;
        let name = rest[start + 3..end].trim();
        // An output a step did not write is empty, as on GitHub.
        let unset = name.starts_with("steps.") && name.contains(".outputs.");
        match values.get(name) {
            Some(value) => out.push_str(value),
            None if unset => {}
            None => panic!("an expression this test does not fill: {name}"),
        }
        rest = &rest[end + 2..];
    }
    out.push_str(rest);
    out
}

/// A run of the action's steps: the expressions' values and the
/// environment every step gets.
struct Runner {
    values: BTreeMap<String, String>,
    /// The repository (`$GITHUB_WORKSPACE`).
    workspace: PathBuf,
    /// Folders put first on `PATH`.
    path: Vec<PathBuf>,
    /// A scratch folder for `$GITHUB_OUTPUT` and `$GITHUB_PATH`.
    scratch: tempfile::TempDir,
}

impl Runner {
    /// A runner for `workspace` with `inputs` given (the others at their
    /// defaults).
    fn new(workspace: &Path, inputs: &[(&str, &str)]) -> Runner {
        let action = action();
        let mut values = BTreeMap::new();
        for (name, input) in action["inputs"].as_object().expect("inputs") {
            let default = input["default"].as_str().unwrap_or("").to_string();
            values.insert(format!("inputs.{name}"), default);
        }
        for (name, value) in inputs {
            let key = format!("inputs.{name}");
            assert!(values.contains_key(&key), "the action has no input {name}");
            values.insert(key, value.to_string());
        }
        values.insert("github.action_path".into(), repo().display().to_string());
        values.insert("github.action_repository".into(), String::new());
        values.insert("github.server_url".into(), "https://github.example".into());
        Runner {
            values,
            workspace: workspace.to_path_buf(),
            path: Vec::new(),
            scratch: tempfile::tempdir().expect("a folder"),
        }
    }

    /// Runs the step `id` as the runner would, and takes in the outputs it
    /// writes to `$GITHUB_OUTPUT` (as `steps.<id>.outputs.<name>`).
    fn run(&mut self, id: &str) -> Output {
        let step = step(&action(), id);
        assert_eq!(step["shell"], "bash", "{id}");
        let script = expand(step["run"].as_str().expect("a run script"), &self.values);
        let script_file = self.scratch.path().join(format!("{id}.sh"));
        std::fs::write(&script_file, script).expect("the script");
        let output_file = self.scratch.path().join(format!("{id}.output"));
        std::fs::write(&output_file, "").expect("GITHUB_OUTPUT");
        let cwd = match step["working-directory"].as_str() {
            Some(dir) => self.workspace.join(expand(dir, &self.values)),
            None => self.workspace.clone(),
        };
        let path = std::env::join_paths(self.path.iter().cloned().chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )))
        .expect("a PATH");
        let mut cmd = Command::new("bash");
        cmd.args(["--noprofile", "--norc", "-eo", "pipefail"])
            .arg(&script_file)
            .current_dir(cwd)
            .env_clear()
            .env("PATH", path)
            .env("HOME", self.scratch.path())
            .env("NO_COLOR", "1")
            .env("GITHUB_WORKSPACE", &self.workspace)
            .env("GITHUB_OUTPUT", &output_file)
            .env("GITHUB_PATH", self.scratch.path().join("path"))
            .env("RUNNER_OS", "Linux")
            .env("RUNNER_ARCH", "X64");
        for (name, value) in step["env"].as_object().into_iter().flatten() {
            cmd.env(name, expand(value.as_str().unwrap_or(""), &self.values));
        }
        let output = cmd.output().expect("bash runs");
        let written = std::fs::read_to_string(&output_file).unwrap_or_default();
        for line in written.lines() {
            if let Some((name, value)) = line.split_once('=') {
                self.values
                    .insert(format!("steps.{id}.outputs.{name}"), value.to_string());
            }
        }
        output
    }
}

/// A repository (a git checkout) whose docs root is `site/`, with one plan
/// whose phase has no runnable Verification (F14 at line 18).
fn monorepo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a folder");
    let made = Command::new("git")
        .args(["init", "-q"])
        .arg(dir.path())
        .output()
        .is_ok_and(|o| o.status.success());
    if !made {
        std::fs::create_dir(dir.path().join(".git")).expect(".git");
    }
    let plans = dir.path().join("site/docs/plans");
    std::fs::create_dir_all(&plans).expect("site/docs/plans");
    std::fs::write(
        plans.join("hull.md"),
        one_phase_plan_owing_nothing("hull", "the surveyor looks"),
    )
    .expect("plan");
    dir
}

/// The folder of the `planfile` built for the tests.
fn built() -> PathBuf {
    assert_cmd::cargo::cargo_bin("planfile")
        .parent()
        .expect("the binary's folder")
        .to_path_buf()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_action_is_a_composite_action_with_the_inputs_the_readme_names() {
    let action = action();
    assert_eq!(action["runs"]["using"], "composite");
    for (input, default) in [
        ("version", ""),
        ("repository", ""),
        ("paths", "."),
        ("args", ""),
        ("working-directory", "."),
    ] {
        assert_eq!(action["inputs"][input]["default"], default, "{input}");
        assert!(
            action["inputs"][input]["description"].is_string(),
            "{input}"
        );
    }
    let readme = std::fs::read_to_string(repo().join("README.md")).expect("README.md");
    let section = readme
        .split_once("### pre-commit and CI")
        .map(|(_, s)| s)
        .expect("the CI section");
    assert!(section.contains("uses: "), "the README shows the action");
    assert!(section.contains("working-directory: site"), "{section}");
    assert!(
        section.contains("codequality"),
        "the README shows the GitLab job"
    );
}

#[test]
fn the_action_lints_a_docs_root_in_a_sub_folder_with_paths_from_the_repository() {
    let dir = monorepo();
    let mut runner = Runner::new(dir.path(), &[("working-directory", "site")]);
    runner.path.push(built());
    let output = runner.run("validate");
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    assert!(
        out.lines().any(|l| l.starts_with(
            "::error file=site/docs/plans/hull.md,line=18,col=1,title=F14 verification-empty-open::"
        )),
        "{out}"
    );
    assert!(!out.contains("file=docs/"), "{out}");

    // Paths and args, split on spaces, reach validate; a glob is planfile's.
    let mut runner = Runner::new(
        dir.path(),
        &[
            ("working-directory", "site"),
            ("paths", "docs/plans/*.md  hull"),
            ("args", "--exit-zero --select F14"),
        ],
    );
    runner.path.push(built());
    let output = runner.run("validate");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    assert_eq!(out.lines().count(), 1, "one plan, linted once: {out}");
    assert!(
        out.starts_with("::error file=site/docs/plans/hull.md,"),
        "{out}"
    );
}

/// A `cargo` that records its arguments in `$CARGO_CALLS`.
fn fake_cargo(dir: &Path) -> PathBuf {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    let cargo = bin.join("cargo");
    std::fs::write(&cargo, "#!/bin/sh\necho \"$*\" >> \"$HOME/cargo-calls\"\n").expect("cargo");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    bin
}

fn cargo_calls(runner: &Runner) -> String {
    std::fs::read_to_string(runner.scratch.path().join("cargo-calls")).unwrap_or_default()
}

#[test]
fn the_action_builds_its_own_ref_or_the_version_asked_for() {
    let dir = monorepo();
    let tools = tempfile::tempdir().expect("a folder");
    let bin = fake_cargo(tools.path());

    // No version: the action's own source, keyed by its content.
    let mut runner = Runner::new(dir.path(), &[]);
    runner.path.push(bin.clone());
    let found = runner.run("version");
    assert_eq!(found.status.code(), Some(0), "{}", text(&found.stderr));
    let key = runner.values["steps.version.outputs.key"].clone();
    assert!(key.starts_with("planfile-Linux-X64-source-"), "{key}");
    let installed = runner.run("install");
    assert_eq!(
        installed.status.code(),
        Some(0),
        "{}",
        text(&installed.stderr)
    );
    assert_eq!(
        cargo_calls(&runner),
        format!("install --locked --path {}\n", repo().display())
    );
    let mut again = Runner::new(dir.path(), &[]);
    again.run("version");
    assert_eq!(
        again.values["steps.version.outputs.key"], key,
        "the same source, the same key"
    );

    // A version: that ref of the repository given.
    let mut runner = Runner::new(
        dir.path(),
        &[
            ("version", "v0.2.0"),
            ("repository", "https://example.org/you/planfile.git"),
        ],
    );
    runner.path.push(bin.clone());
    runner.run("version");
    let tagged = runner.values["steps.version.outputs.key"].clone();
    assert!(
        tagged.starts_with("planfile-Linux-X64-git-") && tagged != key,
        "{tagged}"
    );
    runner.run("install");
    assert_eq!(
        cargo_calls(&runner),
        "install --locked --git https://example.org/you/planfile.git --rev v0.2.0 planfile\n"
    );

    // A version with no repository given: the action's, when the runner
    // names it; else the step says what to set.
    let mut runner = Runner::new(dir.path(), &[("version", "v0.2.0")]);
    runner
        .values
        .insert("github.action_repository".into(), "you/planfile".into());
    runner.path.push(bin.clone());
    runner.run("version");
    runner.run("install");
    assert_eq!(
        cargo_calls(&runner),
        "install --locked --git https://github.example/you/planfile --rev v0.2.0 planfile\n"
    );
    let mut runner = Runner::new(dir.path(), &[("version", "v0.2.0")]);
    let refused = runner.run("version");
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stdout)
            .contains("::error title=planfile action::version is \"v0.2.0\" but no repository"),
        "{}",
        text(&refused.stdout)
    );
}
