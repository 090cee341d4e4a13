//! Locating files (SPEC §1): the docs root, slug validation, the paths of a
//! plan, its twin, its handoffs and its rulings ledger, how a path is shown
//! in messages, the globs of paths settings name ([`glob`]), and the
//! repository CI reports name files from ([`repository`]).
//!
//! What belongs here: paths, and what a path says about the file it names.
//! Nothing here reads a file's contents. It may use [`crate::error`] and
//! [`crate::vocab`] only.

pub mod glob;
pub mod repository;

use std::path::{Component, Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::error::{Error, Result, path_text};

pub use glob::{PathGlob, relative_to};
pub use repository::Repository;

/// The file name of a plan's twin in its handoffs folder (SPEC §1).
pub const TWIN_FILE: &str = "decisions.md";

/// The folder that holds `docs/plans/` (SPEC §1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocsRoot(pub PathBuf);

impl DocsRoot {
    /// Finds the docs root: `flag` (`--root DIR`), else `$DOCS_ROOT` (as
    /// `env_root`), else the nearest ancestor of `cwd` (itself included)
    /// that has a `docs/plans/` folder, else `cwd`.
    pub fn locate(flag: Option<&Path>, env_root: Option<&Path>, cwd: &Path) -> DocsRoot {
        if let Some(dir) = flag.or(env_root).filter(|p| !p.as_os_str().is_empty()) {
            return DocsRoot(cwd.join(dir));
        }
        cwd.ancestors()
            .find(|dir| dir.join("docs").join("plans").is_dir())
            .map(|dir| DocsRoot(dir.to_path_buf()))
            .unwrap_or_else(|| DocsRoot(cwd.to_path_buf()))
    }

    /// Finds the docs root from the process environment and working
    /// directory (see [`DocsRoot::locate`]). Errors when the working
    /// directory cannot be read.
    pub fn from_env(flag: Option<&Path>) -> Result<DocsRoot> {
        let cwd = std::env::current_dir().map_err(|source| Error::Read {
            path: PathBuf::from("."),
            source,
        })?;
        let env_root = std::env::var_os("DOCS_ROOT").map(PathBuf::from);
        Ok(DocsRoot::locate(flag, env_root.as_deref(), &cwd))
    }

    /// `docs/plans/` under this root.
    pub fn plans_dir(&self) -> PathBuf {
        self.0.join("docs").join("plans")
    }
}

/// Whether `slug` is a valid plan slug (SPEC §1, fix): it matches
/// `^[A-Za-z0-9][A-Za-z0-9._-]*$` and holds no `..`.
pub fn is_valid_slug(slug: &str) -> bool {
    let mut chars = slug.chars();
    match chars.next() {
        Some(first) if first.is_ascii_alphanumeric() => {}
        _ => return false,
    }
    !slug.contains("..") && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

/// Checks a slug (SPEC §1); [`Error::InvalidSlug`] (exit 2) otherwise.
pub fn check_slug(slug: &str) -> Result<()> {
    if is_valid_slug(slug) {
        Ok(())
    } else {
        Err(Error::InvalidSlug(slug.to_string()))
    }
}

/// A plan named on the command line, with every path derived from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanLocation {
    /// The docs root the plan belongs to.
    pub root: DocsRoot,
    /// The plan's slug (the file stem).
    pub slug: String,
    /// The plan file.
    pub plan: PathBuf,
}

impl PlanLocation {
    /// Resolves a `<SLUG>` argument (SPEC §1). A path to an existing `.md`
    /// file is accepted: its slug is the file stem, and when it sits in
    /// `<R>/docs/plans/`, `<R>` becomes the docs root. Anything else must
    /// be a valid slug ([`Error::InvalidSlug`] otherwise); it names
    /// `docs/plans/<slug>.md` under `root`, or, when that does not exist,
    /// the one `<slug>.md` in a sub-folder of `docs/plans/`
    /// ([`Error::SlugInTwoFolders`] when there are several). The plan need
    /// not exist yet.
    pub fn resolve(root: &DocsRoot, arg: &str) -> Result<PlanLocation> {
        let as_path = Path::new(arg);
        if arg.ends_with(".md") && as_path.is_file() {
            return PlanLocation::for_path(root, as_path);
        }
        check_slug(arg)?;
        let at = PlanLocation {
            root: root.clone(),
            slug: arg.to_string(),
            plan: root.plans_dir().join(format!("{arg}.md")),
        };
        if at.plan.exists() {
            return Ok(at);
        }
        // A plan in a sub-folder of docs/plans/ is named by its slug too,
        // as discovery finds it, so the commands a report prints for it
        // run as printed.
        let mut found = plans_of_slug(&root.plans_dir(), arg);
        match found.len() {
            0 => Ok(at),
            1 => Ok(PlanLocation {
                plan: absolute(&found.swap_remove(0)),
                ..at
            }),
            _ => Err(Error::SlugInTwoFolders {
                twin: at.twin(),
                plan: found.remove(0),
                others: found,
                slug: at.slug,
            }),
        }
    }

    /// The location of the plan file at `path` (which need not exist, as
    /// for `--stdin-filename`): its slug is the file stem, and when it sits
    /// in `<R>/docs/plans/`, at any depth below it (`docs/plans/sub/x.md`,
    /// whose twin is `<R>/docs/handoffs/x/decisions.md`), `<R>` is its docs
    /// root (SPEC §5.4: the twin's place never depends on the working
    /// directory; §10.1: a staged twin finds the same plan), else `root`.
    /// The path is made absolute against the working directory and
    /// normalised lexically. [`Error::InvalidSlug`] when the stem is not a
    /// valid slug.
    pub fn for_path(root: &DocsRoot, path: &Path) -> Result<PlanLocation> {
        let slug = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        check_slug(&slug)?;
        let abs = absolute(path);
        let plans_root = abs
            .ancestors()
            .skip(1)
            .find(|dir| dir.ends_with("docs/plans"))
            .and_then(|dir| dir.parent())
            .and_then(|dir| dir.parent())
            .map(|dir| DocsRoot(dir.to_path_buf()));
        Ok(PlanLocation {
            root: plans_root.unwrap_or_else(|| root.clone()),
            slug,
            plan: abs,
        })
    }

    /// Whether the plan sits in its docs root's `docs/plans/` folder (at
    /// any depth): a plan named by its slug, or by a path below some
    /// `docs/plans/`. A plan elsewhere has no docs root of its own, so its
    /// twin's place is only known from `--root` or `$DOCS_ROOT`.
    pub fn in_plans_folder(&self) -> bool {
        absolute(&self.plan).starts_with(absolute(&self.root.plans_dir()))
    }

    /// Refuses a plan outside any `docs/plans/` folder unless the docs
    /// root was given (`root_given`: `--root` or `$DOCS_ROOT`): its twin
    /// would otherwise go under whatever docs root the working directory
    /// has, so the same plan could pass from one folder and be refused
    /// from another (SPEC §5.4). [`Error::Usage`] (exit 2).
    pub fn check_root_known(&self, root_given: bool) -> Result<()> {
        if root_given || self.in_plans_folder() {
            return Ok(());
        }
        Err(Error::Usage(format!(
            "{} is not in a docs/plans/ folder, so where its twin goes depends on the folder you run in; pass --root DIR (or set DOCS_ROOT) to the folder whose docs/handoffs/{}/ holds its twin",
            crate::error::escape_path(&self.plan),
            self.slug
        )))
    }

    /// Refuses a plan whose twin another plan also reads (SPEC §1): one
    /// named by a path other than `docs/plans/<slug>.md` of its docs root
    /// while that file exists and is not the same file, or, when it does
    /// not exist, while another `<slug>.md` sits elsewhere under
    /// `docs/plans/` (`a/p.md` and `b/p.md` would read and write one twin).
    /// [`Error::SharedTwin`] or [`Error::SlugInTwoFolders`] (exit 2); `Ok`
    /// for the plan at its own place, or when no other plan holds the
    /// slug.
    pub fn check_own_twin(&self) -> Result<()> {
        let canonical = self.root.plans_dir().join(format!("{}.md", self.slug));
        let same = |other: &Path| match (
            std::fs::canonicalize(other),
            std::fs::canonicalize(&self.plan),
        ) {
            (Ok(a), Ok(b)) => a == b,
            _ => absolute(other) == absolute(&self.plan),
        };
        if canonical.is_file() {
            if same(&canonical) {
                return Ok(());
            }
            return Err(Error::SharedTwin {
                plan: self.plan.clone(),
                canonical,
                twin: self.twin(),
                slug: self.slug.clone(),
            });
        }
        if !self.in_plans_folder() {
            return Ok(());
        }
        let others: Vec<PathBuf> = plans_of_slug(&self.root.plans_dir(), &self.slug)
            .into_iter()
            .filter(|plan| !same(plan))
            .collect();
        if others.is_empty() {
            return Ok(());
        }
        Err(Error::SlugInTwoFolders {
            plan: self.plan.clone(),
            others,
            twin: self.twin(),
            slug: self.slug.clone(),
        })
    }

    /// `docs/handoffs/<slug>/`: the folder of the twin and the handoffs.
    pub fn handoffs_dir(&self) -> PathBuf {
        self.root.0.join("docs").join("handoffs").join(&self.slug)
    }

    /// `docs/handoffs/<slug>/decisions.md`: the twin (SPEC §1).
    pub fn twin(&self) -> PathBuf {
        self.handoffs_dir().join(TWIN_FILE)
    }

    /// The rulings ledger for `promote` (SPEC §1): `flag` (`--rulings`),
    /// else `$PE_RULINGS_FILE`, else
    /// `${XDG_STATE_HOME:-$HOME/.local/state}/phase-console/runs/<instance>/<slug>/rulings.ndjson`.
    pub fn ledger(&self, flag: Option<&Path>) -> PathBuf {
        let given = flag.map(Path::to_path_buf).or_else(|| {
            std::env::var_os("PE_RULINGS_FILE")
                .filter(|p| !p.is_empty())
                .map(PathBuf::from)
        });
        self.run_ledger(given.as_deref(), "rulings.ndjson")
    }

    /// A ledger the console keeps for the plan's run, `file` (e.g.
    /// `messages.ndjson`): `given` (a flag's or an environment variable's
    /// path), else
    /// `${XDG_STATE_HOME:-$HOME/.local/state}/phase-console/runs/<instance>/<slug>/<file>`.
    pub fn run_ledger(&self, given: Option<&Path>, file: &str) -> PathBuf {
        if let Some(path) = given {
            return path.to_path_buf();
        }
        let state = std::env::var_os("XDG_STATE_HOME")
            .filter(|p| !p.is_empty())
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                let home = std::env::var_os("HOME")
                    .map(PathBuf::from)
                    .unwrap_or_default();
                home.join(".local").join("state")
            });
        state
            .join("phase-console")
            .join("runs")
            .join(instance_name(&self.root.0))
            .join(&self.slug)
            .join(file)
    }
}

/// The console's instance name for a docs root (SPEC §1): the first 8 hex
/// digits of the SHA-256 of the absolute root path (lexically normalised,
/// symlinks not resolved), a `-`, and the root's base name.
pub fn instance_name(root: &Path) -> String {
    let abs = absolute(root);
    let digest = Sha256::digest(abs.as_os_str().as_encoded_bytes());
    let hex: String = digest.iter().take(4).map(|b| format!("{b:02x}")).collect();
    let base = abs
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    format!("{hex}-{base}")
}

/// `path` made absolute against the working directory (as it is when that
/// cannot be read) and normalised lexically ([`normalize_lexically`]).
pub fn absolute(path: &Path) -> PathBuf {
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()
            .map(|cwd| cwd.join(path))
            .unwrap_or_else(|_| path.to_path_buf())
    };
    normalize_lexically(&joined)
}

/// `path` with `.` components dropped and `..` applied to the component
/// before it, without touching the file system (symlinks are not resolved).
pub fn normalize_lexically(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// How every output prints the path of a plan, a twin or a settings file
/// (SPEC §6, §10.1, as ruff does): relative to `base` (the working
/// directory) when the file lies below it, else absolute; normalised
/// lexically first (`root/../root/docs` is `root/docs`), and, when the
/// path is not below `base` as written, compared with symlinks resolved;
/// a byte that is not UTF-8 is written `\xNN` ([`path_text`]). Used by
/// every findings format and by `decisions list --format json`.
pub fn display_path(path: &std::path::Path, base: Option<&std::path::Path>) -> String {
    if let Some(base) = base {
        let normal = normalize_lexically(path);
        if let Ok(rel) = normal.strip_prefix(base)
            && !rel.as_os_str().is_empty()
        {
            return path_text(rel);
        }
        if let (Ok(p), Ok(b)) = (path.canonicalize(), base.canonicalize())
            && let Ok(rel) = p.strip_prefix(&b)
            && !rel.as_os_str().is_empty()
        {
            return path_text(rel);
        }
        return path_text(&normal);
    }
    path_text(path)
}

/// [`display_path`] against the process's working directory.
pub fn shown_path(path: &std::path::Path) -> String {
    display_path(path, std::env::current_dir().ok().as_deref())
}

/// The `<slug>.md` files under `plans_dir` (recursively, hidden folders
/// left out), by path.
pub fn plans_of_slug(plans_dir: &Path, slug: &str) -> Vec<PathBuf> {
    let name = format!("{slug}.md");
    walkdir::WalkDir::new(plans_dir)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'))
        .filter_map(std::result::Result::ok)
        .filter(|e| e.file_name() == name.as_str())
        .filter(|e| std::fs::metadata(e.path()).is_ok_and(|m| m.is_file()))
        .map(|e| e.into_path())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        for good in ["demo", "a", "A-1.b_c", "2026.plan"] {
            assert!(is_valid_slug(good), "{good}");
        }
        for bad in ["", "../x", "a/b", "-a", ".a", "a..b", "a b", "é"] {
            assert!(!is_valid_slug(bad), "{bad}");
        }
    }

    #[test]
    fn lexical_normalisation() {
        assert_eq!(
            normalize_lexically(Path::new("/a/./b/../c")),
            PathBuf::from("/a/c")
        );
    }

    #[test]
    fn instance_name_shape() {
        let name = instance_name(Path::new("/srv/docs-root"));
        assert_eq!(name.len(), 8 + 1 + "docs-root".len());
        assert!(name.ends_with("-docs-root"));
    }
}
