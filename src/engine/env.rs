//! The engine's environment (SPEC §11), read in one place: the docs root
//! and how it is shown in the commands the modes print, the scripts folder
//! those commands name, the clock (`PE_NOW`, `PE_TODAY`) and the console's
//! measurements and switches (`PE_BOOT_FLOOR`, `PHASE_EXEC_GATES`, …).
//!
//! The docs root follows the reference's fallbacks: `--root DIR`, else
//! `$DOCS_ROOT` (set and not empty), else the main working tree of the
//! outermost repository holding the working directory — from a linked
//! worktree (a lane) or a submodule checkout that is the repository that
//! owns it, as the reference's `pe_docs_root` walks git — else (outside
//! any git work tree) planfile's own rule: the nearest folder up from the
//! working directory that has `docs/plans/`, else the working directory.
//! The walk reads the `.git` files and folders themselves; no `git`
//! process is started.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::root::DocsRoot;

/// What the engine reads from the process environment, once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineEnv {
    /// The docs root the plan is read from.
    pub root: DocsRoot,
    /// The docs root as the printed commands and messages show it: the
    /// `--root` or `$DOCS_ROOT` text as given, else the folder found.
    pub root_shown: String,
    /// The folder the printed commands name the workflow's scripts in (the
    /// reference's `SCRIPT_DIR`): `--scripts-dir`, else `$PE_SCRIPTS`, else
    /// the folder of the `planfile` binary.
    pub scripts_dir: String,
    /// The folder above the scripts folder (the reference's skill root,
    /// `cd "$SCRIPT_DIR/.." && pwd`), where the QA brief finds the
    /// workflow's `references/` and `assets/`: the scripts folder made
    /// absolute from the working directory, then its parent, both taken
    /// lexically (as the shell's `cd` takes `..`).
    pub skill_root: String,
    /// `$PE_NOW`: the time the modes that compare times take as now
    /// (`YYYY-MM-DDTHH:MM:SSZ`); unset or empty, the clock.
    pub now: Option<String>,
    /// `$PE_TODAY`: the date the modes that compare dates take as today
    /// (`YYYY-MM-DD`); unset or empty, the local date.
    pub today: Option<String>,
    /// `$PE_BOOT_FLOOR`: the first call's context this repository measured,
    /// tokens, when it is a whole number (else the shipped value answers):
    /// decimal whatever its leading zeros, a number too large for a count
    /// of tokens read as the largest one.
    pub boot_floor: Option<u64>,
    /// `$PE_BOOT_FLOOR_SAMPLES`: how many sessions the floor was measured
    /// over, as given.
    pub boot_floor_samples: Option<String>,
    /// `$PHASE_EXEC_GATES` is `1`: `cmd` gates may be run.
    pub exec_gates: bool,
    /// `$NOTES_MAX`, as given: how many notes a phase is handed.
    pub notes_max: Option<String>,
    /// `$PE_RULINGS_FILE`: the run's rulings ledger, when given.
    pub rulings_file: Option<PathBuf>,
    /// `$PE_MESSAGES_FILE`: the run's messages ledger, when given.
    pub messages_file: Option<PathBuf>,
    /// `$PE_HANDOFF_WRITING`, as given: `<phase>:<file>` of the handoff a
    /// session is writing.
    pub handoff_writing: Option<String>,
    /// `$PE_GATE_DELEGATE`, as given.
    pub gate_delegate: Option<String>,
    /// `$PE_LOCK_MIRROR`, as given: `console` when the console mirrors a
    /// session's lock to git (its boot prompt's lock calls are file-only).
    pub lock_mirror: Option<String>,
    /// `$PHASE_GATE_TIMEOUT`, as given: how many seconds a `cmd` gate may
    /// run.
    pub gate_timeout: Option<String>,
}

/// The variable, when it is set and not empty.
fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

impl EngineEnv {
    /// Reads the environment of this process: the docs root from
    /// `root_flag` (`--root`), `$DOCS_ROOT` or the working directory (see
    /// the module documentation), the scripts folder from `scripts_flag`
    /// (`--scripts-dir`), `$PE_SCRIPTS` or the binary's folder, and the
    /// variables of [`EngineEnv`]. [`Error::Read`] when the working
    /// directory cannot be read.
    pub fn from_process(
        root_flag: Option<&Path>,
        scripts_flag: Option<&Path>,
    ) -> Result<EngineEnv> {
        let cwd = std::env::current_dir().map_err(|source| Error::Read {
            path: PathBuf::from("."),
            source,
        })?;
        let given = root_flag
            .map(|p| p.to_string_lossy().into_owned())
            .filter(|p| !p.is_empty())
            .or_else(|| var("DOCS_ROOT"));
        let (root, root_shown) = match given {
            Some(text) => (DocsRoot(cwd.join(&text)), text),
            None => match repository_root(&cwd) {
                Some(top) => (DocsRoot(top.clone()), top.to_string_lossy().into_owned()),
                None => {
                    let found = DocsRoot::locate(None, None, &logical_cwd(&cwd));
                    let shown = found.0.to_string_lossy().into_owned();
                    (found, shown)
                }
            },
        };
        let scripts_dir = scripts_flag
            .map(|p| p.to_string_lossy().into_owned())
            .filter(|p| !p.is_empty())
            .or_else(|| var("PE_SCRIPTS"))
            .unwrap_or_else(binary_folder);
        let skill_root = parent_folder(&scripts_dir, &logical_cwd(&cwd));
        Ok(EngineEnv {
            root,
            root_shown,
            scripts_dir,
            skill_root,
            now: var("PE_NOW"),
            today: var("PE_TODAY"),
            boot_floor: var("PE_BOOT_FLOOR")
                .filter(|v| v.bytes().all(|b| b.is_ascii_digit()))
                .map(|v| v.parse().unwrap_or(u64::MAX)),
            boot_floor_samples: var("PE_BOOT_FLOOR_SAMPLES"),
            exec_gates: std::env::var("PHASE_EXEC_GATES").is_ok_and(|v| v == "1"),
            notes_max: var("NOTES_MAX"),
            rulings_file: var("PE_RULINGS_FILE").map(PathBuf::from),
            messages_file: var("PE_MESSAGES_FILE").map(PathBuf::from),
            handoff_writing: var("PE_HANDOFF_WRITING"),
            gate_delegate: var("PE_GATE_DELEGATE"),
            gate_timeout: var("PHASE_GATE_TIMEOUT"),
            lock_mirror: var("PE_LOCK_MIRROR"),
        })
    }

    /// An environment for tests and benchmarks: the docs root `root`
    /// (shown as it is), the scripts folder `scripts`, and nothing else
    /// set.
    pub fn fixed(root: &Path, scripts: &str) -> EngineEnv {
        EngineEnv {
            root: DocsRoot(root.to_path_buf()),
            root_shown: root.to_string_lossy().into_owned(),
            scripts_dir: scripts.to_string(),
            skill_root: parent_folder(scripts, Path::new("/")),
            now: None,
            today: None,
            boot_floor: None,
            boot_floor_samples: None,
            exec_gates: false,
            notes_max: None,
            rulings_file: None,
            messages_file: None,
            handoff_writing: None,
            gate_delegate: None,
            gate_timeout: None,
            lock_mirror: None,
        }
    }

    /// The prefix of every command the modes print (the reference's
    /// `CMD`): `DOCS_ROOT=<root> bash <scripts>`; a script's name follows
    /// after a `/`.
    pub fn command_prefix(&self) -> String {
        format!("DOCS_ROOT={} bash {}", self.root_shown, self.scripts_dir)
    }

    /// The prefix of the commands a boot prompt prints (the reference's
    /// `BOOT_CMD`): the scripts named through `$PE_SCRIPTS`, this scripts
    /// folder when it is unset.
    pub fn boot_command_prefix(&self) -> String {
        format!(
            "DOCS_ROOT={} bash \"${{PE_SCRIPTS:-{}}}\"",
            self.root_shown, self.scripts_dir
        )
    }

    /// Today, `YYYY-MM-DD`: `$PE_TODAY`, else the local date.
    pub fn today(&self) -> String {
        self.today
            .clone()
            .unwrap_or_else(|| jiff::Zoned::now().date().to_string())
    }

    /// Now, `YYYY-MM-DDTHH:MM:SSZ`: `$PE_NOW`, else the clock, in UTC.
    pub fn now(&self) -> String {
        self.now.clone().unwrap_or_else(|| {
            jiff::Timestamp::now()
                .strftime("%Y-%m-%dT%H:%M:%SZ")
                .to_string()
        })
    }
}

/// The parent of the folder `dir` (relative to `cwd` unless absolute),
/// its `.` and `..` taken lexically: `/a/b/scripts` is `/a/b`, `/` is `/`.
fn parent_folder(dir: &str, cwd: &Path) -> String {
    use std::path::Component;
    let path = cwd.join(dir);
    let mut parts: Vec<&std::ffi::OsStr> = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => parts.push(part),
            Component::ParentDir => {
                parts.pop();
            }
            Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
        }
    }
    parts.pop();
    let mut out = String::new();
    for part in parts {
        out.push('/');
        out.push_str(&part.to_string_lossy());
    }
    if out.is_empty() {
        out.push('/');
    }
    out
}

/// The folder of the running binary (empty when it cannot be known).
fn binary_folder() -> String {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf))
        .map(|dir| dir.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The working directory as the shell names it (`$PWD`, when it is the
/// same folder as `cwd`), else `cwd`.
fn logical_cwd(cwd: &Path) -> PathBuf {
    std::env::var_os("PWD")
        .map(PathBuf::from)
        .filter(|pwd| pwd.is_absolute())
        .filter(|pwd| std::fs::canonicalize(pwd).ok() == std::fs::canonicalize(cwd).ok())
        .unwrap_or_else(|| cwd.to_path_buf())
}

/// Whether `dir` is inside a git work tree (a `.git` folder or file in it
/// or a folder above it).
pub fn in_git_work_tree(dir: &Path) -> bool {
    git_dir_of(dir).is_some()
}

/// The main working tree of the outermost repository that holds `dir`
/// (see the module documentation); `None` outside any git work tree.
pub fn repository_root(dir: &Path) -> Option<PathBuf> {
    let mut root = main_root(dir)?;
    // Each step lands on a main tree, which answers itself; a bound keeps
    // a loop of links from running for ever.
    for _ in 0..64 {
        match main_root(&root) {
            Some(up) if up != root => root = up,
            _ => break,
        }
    }
    Some(root)
}

/// The git folder of the work tree holding `dir`: the `.git` folder of the
/// nearest folder up that has one, or the folder a `.git` file points to
/// (`gitdir: <path>`, relative to the file's folder).
fn git_dir_of(dir: &Path) -> Option<PathBuf> {
    for folder in dir.ancestors() {
        let dot_git = folder.join(".git");
        let Ok(meta) = std::fs::metadata(&dot_git) else {
            continue;
        };
        if meta.is_dir() {
            return Some(dot_git);
        }
        let text = std::fs::read_to_string(&dot_git).ok()?;
        let target = text.lines().next()?.strip_prefix("gitdir:")?.trim();
        return Some(folder.join(target));
    }
    None
}

/// The repository that owns the work tree holding `dir`, from its common
/// git folder (`commondir` of a linked worktree, followed): the folder
/// above `<x>/.git` for `<x>/.git`, and for a submodule's git folder
/// (`<hub>/.git/modules/…`, or `<hub>/.git/worktrees/<id>/modules/…` for
/// one initialised in a linked worktree) the hub's main tree. `None`
/// outside a work tree, or for a git folder of any other shape.
fn main_root(dir: &Path) -> Option<PathBuf> {
    let git_dir = git_dir_of(dir)?;
    let common = match std::fs::read_to_string(git_dir.join("commondir")) {
        Ok(text) => git_dir.join(text.trim_end_matches(['\n', '\r'])),
        Err(_) => git_dir,
    };
    let common = std::fs::canonicalize(&common).ok()?;
    let text = common.to_string_lossy();
    if let Some(at) = text.find("/.git/worktrees/")
        && text[at + "/.git/worktrees/".len()..].contains("/modules/")
    {
        return Some(PathBuf::from(&text[..at]));
    }
    if let Some(at) = text.find("/.git/modules/") {
        return Some(PathBuf::from(&text[..at]));
    }
    text.strip_suffix("/.git").map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_main_tree_of_a_repository_a_lane_and_a_submodule() {
        let top = tempfile::tempdir().expect("a folder");
        let hub = std::fs::canonicalize(top.path())
            .expect("a path")
            .join("hub");
        std::fs::create_dir_all(hub.join(".git/worktrees/lane")).expect("folders");
        std::fs::create_dir_all(hub.join(".git/modules/sub/worktrees/l2")).expect("folders");
        std::fs::create_dir_all(hub.join("deep/er")).expect("folders");
        assert_eq!(repository_root(&hub.join("deep/er")), Some(hub.clone()));
        // A linked worktree of the hub.
        let lane = top.path().join("lane");
        std::fs::create_dir_all(&lane).expect("a folder");
        std::fs::write(
            lane.join(".git"),
            format!("gitdir: {}\n", hub.join(".git/worktrees/lane").display()),
        )
        .expect("a .git file");
        std::fs::write(hub.join(".git/worktrees/lane/commondir"), "../..\n").expect("commondir");
        assert_eq!(repository_root(&lane), Some(hub.clone()));
        // A submodule checkout and a lane of it.
        let sub = hub.join("sub");
        std::fs::create_dir_all(&sub).expect("a folder");
        std::fs::write(sub.join(".git"), "gitdir: ../.git/modules/sub\n").expect("a .git file");
        assert_eq!(repository_root(&sub), Some(hub.clone()));
        let l2 = top.path().join("l2");
        std::fs::create_dir_all(&l2).expect("a folder");
        std::fs::write(
            l2.join(".git"),
            format!(
                "gitdir: {}\n",
                hub.join(".git/modules/sub/worktrees/l2").display()
            ),
        )
        .expect("a .git file");
        std::fs::write(
            hub.join(".git/modules/sub/worktrees/l2/commondir"),
            "../..\n",
        )
        .expect("commondir");
        assert_eq!(repository_root(&l2), Some(hub.clone()));
        assert_eq!(parent_folder("/a/b/scripts/", Path::new("/x")), "/a/b");
        assert_eq!(parent_folder("s", Path::new("/x/y")), "/x/y");
        assert_eq!(parent_folder("../s/./t/..", Path::new("/x/y")), "/x");
        assert_eq!(parent_folder("/", Path::new("/x")), "/");
        let outside = tempfile::tempdir().expect("a folder");
        assert!(!in_git_work_tree(outside.path()) || repository_root(outside.path()).is_some());
    }
}
