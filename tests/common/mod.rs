//! Shared helpers for the CLI tests: a scratch docs root, fixture copies, and
//! a `planfile` command bound to that root with a fixed environment.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use assert_cmd::Command;

/// The project's `fixtures/` folder.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// A scratch docs root that is removed when dropped.
pub struct Root {
    /// The temporary folder (the docs root).
    pub dir: tempfile::TempDir,
}

impl Root {
    /// An empty docs root with `docs/plans/`.
    pub fn new() -> Root {
        let dir = tempfile::tempdir().expect("a temporary folder");
        std::fs::create_dir_all(dir.path().join("docs/plans")).expect("docs/plans");
        Root { dir }
    }

    /// A docs root holding a copy of `fixtures/<name>` (a folder with `docs/`).
    pub fn fixture(name: &str) -> Root {
        let root = Root::new();
        copy_dir(&fixtures().join(name), root.path());
        root
    }

    /// The docs root's path.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Writes `docs/plans/<slug>.md`.
    pub fn plan(&self, slug: &str, text: &str) -> PathBuf {
        let path = self.path().join("docs/plans").join(format!("{slug}.md"));
        std::fs::write(&path, text).expect("write the plan");
        path
    }

    /// Writes `docs/handoffs/<slug>/<file>`.
    pub fn handoff(&self, slug: &str, file: &str, text: &str) -> PathBuf {
        let dir = self.path().join("docs/handoffs").join(slug);
        std::fs::create_dir_all(&dir).expect("the handoffs folder");
        let path = dir.join(file);
        std::fs::write(&path, text).expect("write the handoff");
        path
    }

    /// Writes the twin `docs/handoffs/<slug>/decisions.md`.
    pub fn twin(&self, slug: &str, text: &str) -> PathBuf {
        self.handoff(slug, "decisions.md", text)
    }

    /// Writes `planfile.toml` at the docs root.
    pub fn config(&self, text: &str) {
        std::fs::write(self.path().join("planfile.toml"), text).expect("write planfile.toml");
    }

    /// Writes `planfile.toml` holding `text` and then
    /// [`POLICY_OF_THE_MISSING`]'s `[policy]` table.
    pub fn config_with_policy(&self, text: &str) {
        self.config(&format!("{text}\n{POLICY_OF_THE_MISSING}"));
    }

    /// Runs `validate <slug> --format json`; the exit code and the findings
    /// of the one plan (panics, naming stderr, when stdout is not JSON).
    pub fn findings(&self, slug: &str) -> (i32, Vec<serde_json::Value>) {
        let output = self
            .cmd()
            .args(["validate", slug, "--format", "json"])
            .output()
            .expect("run planfile");
        let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
            panic!(
                "validate {slug}: stdout is not JSON ({e}); stderr: {}",
                stderr(&output)
            )
        });
        let findings = doc["plans"][0]["findings"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        (output.status.code().unwrap_or(-1), findings)
    }

    /// The twin's path.
    pub fn twin_path(&self, slug: &str) -> PathBuf {
        self.path()
            .join("docs/handoffs")
            .join(slug)
            .join("decisions.md")
    }

    /// A docs root holding `fixtures/engine/<case>`, its handoffs' times
    /// set where the case is about which one is newest (`mast-handoffs`).
    pub fn engine_case(case: &str) -> Root {
        let root = Root::fixture(&format!("engine/{case}"));
        if case == "mast-handoffs" {
            let dir = root.path().join("docs/handoffs/mast-handoffs");
            let base = SystemTime::UNIX_EPOCH + Duration::from_secs(1_790_000_000);
            for (file, offset) in [
                ("phase-01-first-try.md", 0),
                ("phase-01-redo.md", 60),
                ("phase-02-wires.md", 0),
                ("phase-8-paint.md", 0),
            ] {
                let f = std::fs::File::options()
                    .append(true)
                    .open(dir.join(file))
                    .expect("a handoff");
                f.set_modified(base + Duration::from_secs(offset))
                    .expect("set the time");
            }
        }
        root
    }

    /// `phase-graph --scripts-dir ENGINE_SCRIPTS <slug> ARGS…` run in this
    /// docs root with `envs` set: stdout and stderr (this root's path shown
    /// as `<ROOT>`) and the exit code.
    pub fn engine(
        &self,
        slug: &str,
        args: &[&str],
        envs: &[(&str, &str)],
    ) -> (String, String, i32) {
        let out = self
            .cmd()
            .envs(envs.iter().copied())
            .args(["phase-graph", "--scripts-dir", ENGINE_SCRIPTS, slug])
            .args(args)
            .output()
            .expect("planfile runs");
        let shown = |s: String| s.replace(&self.path().display().to_string(), "<ROOT>");
        (
            shown(stdout(&out)),
            shown(stderr(&out)),
            out.status.code().unwrap_or(-1),
        )
    }

    /// The phases of `slug`'s graph, from the board's JSON.
    pub fn graph_phases(&self, slug: &str) -> Vec<u64> {
        let (out, _, code) = self.engine(slug, &["--format", "json"], &[]);
        assert_eq!(code, 0, "{slug}: {out}");
        let board: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        board["phases"]
            .as_array()
            .expect("phases")
            .iter()
            .filter_map(|p| p["phase"].as_u64())
            .collect()
    }

    /// `phase-graph <slug> ARGS…` run in this docs root: stdout, stderr and
    /// the exit code.
    pub fn phase_graph(&self, slug: &str, args: &[&str]) -> (String, String, i32) {
        let out = self.run(["phase-graph", slug].iter().chain(args));
        (stdout(&out), stderr(&out), out.status.code().unwrap_or(-1))
    }

    /// A `planfile` command run in this docs root, with the conformance
    /// suite's environment (PE_TODAY=2026-09-14, PE_OWNER=op, NO_COLOR=1).
    /// `PATH` is unset, so that what this machine has installed never
    /// shows in a test: the check of §Verification leads (F17) looks
    /// nothing up then.
    pub fn cmd(&self) -> Command {
        Command::from_std(self.command())
    }

    /// [`Root::cmd`] run to the end with `args`: its output.
    pub fn run<I, S>(&self, args: I) -> std::process::Output
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        self.cmd().args(args).output().expect("run planfile")
    }

    /// [`Root::cmd`] run to the end with `args` and `input` on stdin: its
    /// output. A command that ends before reading stdin is not an error.
    pub fn run_with_stdin(&self, args: &[&str], input: &[u8]) -> std::process::Output {
        use std::io::Write as _;
        let mut child = self
            .command()
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("spawn planfile");
        let _ = child.stdin.take().expect("stdin").write_all(input);
        child.wait_with_output().expect("wait for planfile")
    }

    /// `planfile decisions SLUG ARGS…` run to the end: its output.
    pub fn decisions(&self, slug: &str, args: &[&str]) -> std::process::Output {
        self.run(["decisions", slug].iter().chain(args))
    }

    /// Runs one `planfile` per argument list of `calls`, all at the same
    /// time (each as [`Root::command`]), and waits for every one: their
    /// outputs, in the order of `calls`.
    pub fn run_at_once<C, I, S>(&self, calls: C) -> Vec<std::process::Output>
    where
        C: IntoIterator<Item = I>,
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        let children: Vec<_> = calls
            .into_iter()
            .map(|args| {
                self.command()
                    .args(args)
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .expect("spawn planfile")
            })
            .collect();
        children
            .into_iter()
            .map(|child| child.wait_with_output().expect("wait for planfile"))
            .collect()
    }

    /// The same command as [`Root::cmd`], as a `std::process::Command`.
    pub fn command(&self) -> std::process::Command {
        let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("planfile"));
        cmd.current_dir(self.path())
            .env_clear()
            .env("HOME", self.path())
            .env("DOCS_ROOT", self.path())
            .env("PE_TODAY", "2026-09-14")
            .env("PE_OWNER", "op")
            .env("NO_COLOR", "1")
            .env("XDG_STATE_HOME", self.path().join(".state"));
        cmd
    }
}

/// A one-phase plan `slug` whose phase is verified by `verification`, with
/// one answered decision row (`stop`): clean when `verification` is a
/// command in backticks, one F14 finding (`verification-empty-open`)
/// otherwise.
pub fn one_phase_plan(slug: &str, verification: &str) -> String {
    format!(
        "---\nslug: {slug}\nstatus: active\nphases: 1\n---\n\n# Plan {slug}\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | Only step | — | site |\n\n## Phases\n\n### Phase 1 — Only step\n- **Verification:** {verification}\n\n## Decisions\n\n| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n| `stop` | halt | crew | answered | no | plan |\n"
    )
}

/// Copies the folder `from` into `to`, recursively.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create the target folder");
    for entry in std::fs::read_dir(from).expect("read the fixture folder") {
        let entry = entry.expect("a fixture entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy a fixture file");
        }
    }
}

/// The stdout of a finished command, as UTF-8.
pub fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The stderr of a finished command, as UTF-8.
pub fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Every entry under `dir` (to compare a tree before and after a command): its relative path, and for a file its bytes and
/// mode, for a symlink its target.
pub fn tree(dir: &Path) -> BTreeMap<PathBuf, (Vec<u8>, u32, Option<PathBuf>)> {
    fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, (Vec<u8>, u32, Option<PathBuf>)>) {
        use std::os::unix::fs::PermissionsExt;
        for entry in std::fs::read_dir(dir).expect("list a folder") {
            let entry = entry.expect("an entry");
            let path = entry.path();
            let rel = path
                .strip_prefix(base)
                .expect("under the base")
                .to_path_buf();
            let meta = std::fs::symlink_metadata(&path).expect("metadata");
            if meta.file_type().is_symlink() {
                out.insert(rel, (Vec::new(), 0, std::fs::read_link(&path).ok()));
            } else if meta.is_dir() {
                out.insert(rel, (Vec::new(), meta.permissions().mode(), None));
                walk(base, &path, out);
            } else {
                let bytes = std::fs::read(&path).expect("read a file");
                out.insert(rel, (bytes, meta.permissions().mode(), None));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// A `planfile.toml` whose console policy answers the four keys the
/// template marks blocking with no shipped default, for the cases that
/// have no row for them (SPEC §5.4 "A missing key is owed").
pub const POLICY_OF_THE_MISSING: &str = "[policy]\n\"permission.policy\" = \"ask before network calls\"\n\"permission.destructive\" = \"deny pushes\"\naccounts = \"the team account\"\n\"human-acts\" = \"none\"\n";

/// [`one_phase_plan`] with rows for the four keys the start gate owes when
/// no row decides them (`permission.policy`, `permission.destructive`,
/// `accounts`, `human-acts`), so that its findings are only those of its
/// Verification.
pub fn one_phase_plan_owing_nothing(slug: &str, verification: &str) -> String {
    one_phase_plan(slug, verification)
        + "| `permission.policy` | ask before any network call | crew | answered | yes | plan |\n\
           | `permission.destructive` | no pushes outside the site repo | crew | answered | yes | plan |\n\
           | `accounts` | the team account only | crew | answered | yes | plan |\n\
           | `human-acts` | the crew raises the mast by hand | crew | answered | yes | plan |\n"
}

/// The docs roots of `fixtures/engine/`, one per edge case of the plan
/// engine (see its README); each holds the plan of its own name.
pub const ENGINE_CASES: [&str; 13] = [
    "buoy-stalled",
    "depot-scopes",
    "ferry-ranges",
    "foundry-sizes",
    "kiln-headerless",
    "lock-done",
    "mast-handoffs",
    "mill-qa",
    "pier-closed",
    "quay-structure",
    "signal-gates",
    "tide-chain",
    "weir-progress",
];

/// The scripts folder the engine's printed commands name in the tests.
pub const ENGINE_SCRIPTS: &str = "/opt/phase-console/scripts";
