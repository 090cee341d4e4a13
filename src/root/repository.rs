//! The repository a run is in (SPEC §10.1 "Paths in CI reports (fix)"):
//! the folder the CI formats (`github`, `sarif`, `gitlab`, `junit`) name
//! files relative to, wherever in the repository the command runs — a
//! docs root in a sub-folder (`working-directory: site`) still gets
//! `site/docs/plans/x.md`, the path GitHub annotations, code scanning and
//! GitLab Code Quality attach to.
//!
//! Found without spawning git: `$GITHUB_WORKSPACE`, else
//! `$CI_PROJECT_DIR`, else the nearest ancestor of the working directory
//! (itself included) holding a `.git` folder or file (a worktree or a
//! submodule has a `.git` file), else the working directory.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use super::{display_path, normalize_lexically};

/// What [`Repository::locate`] reads from the environment.
#[derive(Debug, Clone, Copy, Default)]
pub struct CiEnv<'a> {
    /// `$GITHUB_WORKSPACE` (GitHub Actions' checkout).
    pub github_workspace: Option<&'a OsStr>,
    /// `$CI_PROJECT_DIR` (GitLab CI's checkout).
    pub ci_project_dir: Option<&'a OsStr>,
}

/// The top of the repository a run is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repository {
    /// The folder, absolute and normalised lexically.
    pub top: PathBuf,
}

impl Repository {
    /// The repository of a run in `cwd` (absolute) with the variables of
    /// `env`: `$GITHUB_WORKSPACE`, else `$CI_PROJECT_DIR` (each when set
    /// and not empty; a relative one is taken from `cwd`), else the nearest
    /// ancestor of `cwd` with a `.git` entry, else `cwd`. Reads only the
    /// file system's metadata; never fails.
    pub fn locate(cwd: &Path, env: CiEnv) -> Repository {
        let named = [env.github_workspace, env.ci_project_dir]
            .into_iter()
            .flatten()
            .find(|dir| !dir.is_empty())
            .map(|dir| cwd.join(dir));
        let top = named.unwrap_or_else(|| {
            cwd.ancestors()
                .find(|dir| std::fs::symlink_metadata(dir.join(".git")).is_ok())
                .unwrap_or(cwd)
                .to_path_buf()
        });
        Repository {
            top: normalize_lexically(&top),
        }
    }

    /// [`Repository::locate`] with the process's environment.
    pub fn from_env(cwd: &Path) -> Repository {
        let github = std::env::var_os("GITHUB_WORKSPACE");
        let gitlab = std::env::var_os("CI_PROJECT_DIR");
        Repository::locate(
            cwd,
            CiEnv {
                github_workspace: github.as_deref(),
                ci_project_dir: gitlab.as_deref(),
            },
        )
    }

    /// How a CI report names the file at `path` (relative to `cwd` when
    /// relative): relative to the repository's top when the file lies
    /// below it (symlinks resolved when it does not as written), else
    /// absolute, as [`display_path`] shows a path.
    pub fn path_of(&self, path: &Path, cwd: &Path) -> String {
        display_path(&normalize_lexically(&cwd.join(path)), Some(&self.top))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ci_variables_come_first_then_the_git_checkout() {
        let dir = tempfile::tempdir().expect("a folder");
        let top = dir.path();
        let site = top.join("site");
        std::fs::create_dir_all(site.join("docs/plans")).expect("folders");
        // No .git anywhere up to the temporary folder: the working directory.
        let none = Repository::locate(&site, CiEnv::default());
        assert!(
            none.top == site || none.top.join(".git").exists(),
            "{none:?}"
        );
        std::fs::write(top.join(".git"), "gitdir: elsewhere\n").expect("a .git file");
        assert_eq!(Repository::locate(&site, CiEnv::default()).top, top);
        let gitlab = CiEnv {
            github_workspace: Some(OsStr::new("")),
            ci_project_dir: Some(OsStr::new("..")),
        };
        assert_eq!(Repository::locate(&site, gitlab).top, top);
        let github = CiEnv {
            github_workspace: Some(site.as_os_str()),
            ci_project_dir: Some(top.as_os_str()),
        };
        assert_eq!(Repository::locate(&site, github).top, site);
    }

    #[test]
    fn files_are_named_from_the_top() {
        let repo = Repository {
            top: PathBuf::from("/work/repo"),
        };
        let cwd = Path::new("/work/repo/site");
        assert_eq!(
            repo.path_of(Path::new("docs/plans/a.md"), cwd),
            "site/docs/plans/a.md"
        );
        assert_eq!(
            repo.path_of(Path::new("/work/repo/site/docs/plans/a.md"), cwd),
            "site/docs/plans/a.md"
        );
        assert_eq!(
            repo.path_of(Path::new("/elsewhere/a.md"), cwd),
            "/elsewhere/a.md"
        );
    }
}
