//! The decision manifest: a plan's `## Decisions` rows and its twin's,
//! merged into views (SPEC §4); what a resolved row owes ([`owed`]); the
//! rulings ledger ([`ledger`]); and the answer in force for each key
//! ([`in_force`], SPEC §5.5), with the console's policy as plain data
//! ([`policy`]).
//!
//! What belongs here: rules over rows that need no linter and no settings
//! file. Reading a Decisions section into rows is the plan model's
//! ([`crate::plan::decisions`]); writing the twin is [`crate::writer`]'s.
//! It may use [`crate::plan`] and the layers below it.

pub mod in_force;
pub mod ledger;
pub mod merge;
pub mod owed;
pub mod policy;

use std::path::{Path, PathBuf};

use crate::error::Result;
use crate::markdown::MarkdownFile;
use crate::plan::Plan;
use crate::plan::decisions::{Column, DecisionRow, DecisionSection, FileKind};
use crate::root::PlanLocation;

pub use merge::{View, resolve, resolve_rows};

/// The twin file, `docs/handoffs/<slug>/decisions.md`, read and parsed once.
#[derive(Debug, Clone)]
pub struct Twin {
    /// The file and its one parse.
    pub file: MarkdownFile,
    /// Its `## Decisions` section, if any.
    pub decisions: Option<DecisionSection>,
}

impl Twin {
    /// Builds the twin model of an already-read file.
    pub fn from_file(file: MarkdownFile) -> Twin {
        Twin {
            decisions: DecisionSection::read(&file, FileKind::Twin),
            file,
        }
    }

    /// Reads the twin at `path`: `Ok(None)` when there is none;
    /// [`crate::Error::DanglingTwin`] (exit 2) when `path` is a symlink
    /// whose target does not exist, and
    /// [`crate::Error::DanglingTwinFolder`] (exit 2) when a folder on the
    /// way to it is — the rows it stood for cannot be read, so no reader
    /// takes it for "no twin" (SPEC §5.4, §7); [`crate::Error::Read`] or
    /// [`crate::Error::NotUtf8`] when it cannot be read.
    pub fn load(path: &Path) -> Result<Option<Twin>> {
        match MarkdownFile::read(path)? {
            Some(file) => Ok(Some(Twin::from_file(file))),
            None => match dangling_link_above(path) {
                Some((link, target)) if link == path => Err(crate::Error::DanglingTwin {
                    path: path.to_path_buf(),
                    target,
                }),
                Some((link, target)) => Err(crate::Error::DanglingTwinFolder {
                    twin: path.to_path_buf(),
                    link,
                    target,
                }),
                None => Ok(None),
            },
        }
    }

    /// The rows of the twin's manifest table.
    pub fn rows(&self) -> &[DecisionRow] {
        self.decisions
            .as_ref()
            .map(DecisionSection::rows)
            .unwrap_or(&[])
    }
}

/// The first of `path` and the folders above it, from the top down, that
/// is a symlink whose target does not exist, with where it points; `None`
/// when there is none (the file is simply missing).
///
/// The folders that resolve are not looked at one by one: reaching the
/// deepest of them resolved every folder above it, so none of those is a
/// dangling link; and below an entry that does not exist at all, nothing
/// exists either.
fn dangling_link_above(path: &Path) -> Option<(PathBuf, PathBuf)> {
    let ancestors: Vec<&Path> = path
        .ancestors()
        .filter(|a| !a.as_os_str().is_empty())
        .collect();
    let resolved = ancestors
        .iter()
        .position(|a| std::fs::metadata(a).is_ok())
        .unwrap_or(ancestors.len());
    for &a in ancestors[..resolved].iter().rev() {
        let is_link = match std::fs::symlink_metadata(a) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            entry => entry.is_ok_and(|m| m.file_type().is_symlink()),
        };
        let missing =
            matches!(std::fs::metadata(a), Err(e) if e.kind() == std::io::ErrorKind::NotFound);
        if is_link && missing {
            return Some((a.to_path_buf(), std::fs::read_link(a).unwrap_or_default()));
        }
    }
    None
}

/// A plan together with its twin: everything a listing, a lint or a write
/// reads.
#[derive(Debug, Clone)]
pub struct Manifest {
    /// The plan.
    pub plan: Plan,
    /// The twin, when it exists.
    pub twin: Option<Twin>,
}

impl Manifest {
    /// Reads the plan at `location` and its twin. Errors as [`Plan::load`]
    /// and [`Twin::load`].
    pub fn load(location: &PlanLocation) -> Result<Manifest> {
        let plan = Plan::load(location)?;
        let twin = Twin::load(&location.twin())?;
        Ok(Manifest { plan, twin })
    }

    /// The rows of the plan's manifest table.
    pub fn plan_rows(&self) -> &[DecisionRow] {
        self.plan.decision_rows()
    }

    /// The rows of the twin's manifest table.
    pub fn twin_rows(&self) -> &[DecisionRow] {
        self.twin.as_ref().map(Twin::rows).unwrap_or(&[])
    }

    /// Parses a phase argument against the plan's graph (see
    /// [`View::from_arg`]).
    pub fn view(&self, phase: Option<&str>) -> Result<View> {
        View::from_arg(phase, &self.plan.slug, &self.plan.graph_phases())
    }

    /// The resolved rows of `view`, in output order (SPEC §4).
    pub fn resolve(&self, view: View) -> Vec<&DecisionRow> {
        resolve(self.plan_rows(), self.twin_rows(), view)
    }

    /// The text of `row`'s cell in `column` as written in its file,
    /// trimmed of blanks (decoration and case kept); `None` when the table
    /// has no such column or the row no such cell.
    pub fn cell_as_written(&self, row: &DecisionRow, column: Column) -> Option<&str> {
        let (file, section) = match row.origin.file {
            FileKind::Plan => (&self.plan.file, self.plan.decisions()?),
            FileKind::Twin => {
                let twin = self.twin.as_ref()?;
                (&twin.file, twin.decisions.as_ref()?)
            }
            FileKind::Handoff(_) => return None,
        };
        let table = section.table.as_ref()?;
        let index = table.column_index(column)?;
        let line = table.line(row.origin.line)?;
        let range = line.cells.get(index)?.clone();
        file.text.get(range).map(|c| c.trim_matches([' ', '\t']))
    }

    /// The file a row was read from (`None` for the twin when there is
    /// none, and for a handoff, which the manifest does not hold).
    pub fn file_of(&self, kind: FileKind) -> Option<&Path> {
        match kind {
            FileKind::Plan => Some(self.plan.file.path.as_path()),
            FileKind::Twin => self.twin.as_ref().map(|t| t.file.path.as_path()),
            FileKind::Handoff(_) => None,
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    /// [`dangling_link_above`] by its definition: every folder from the top
    /// down, then the file, each looked at.
    fn dangling_link_above_by_every_folder(path: &Path) -> Option<(PathBuf, PathBuf)> {
        let mut ancestors: Vec<&Path> = path
            .ancestors()
            .filter(|a| !a.as_os_str().is_empty())
            .collect();
        ancestors.reverse();
        ancestors.into_iter().find_map(|a| {
            let is_link = std::fs::symlink_metadata(a).is_ok_and(|m| m.file_type().is_symlink());
            let missing =
                matches!(std::fs::metadata(a), Err(e) if e.kind() == std::io::ErrorKind::NotFound);
            (is_link && missing)
                .then(|| (a.to_path_buf(), std::fs::read_link(a).unwrap_or_default()))
        })
    }

    #[test]
    fn dangling_links_are_found_as_a_look_at_every_folder_finds_them() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let root = dir.path();
        std::fs::create_dir_all(root.join("real/inner")).expect("folders");
        std::fs::write(root.join("real/file.md"), "x").expect("a file");
        symlink(root.join("nowhere"), root.join("gone")).expect("a dangling link");
        symlink(root.join("real"), root.join("alias")).expect("a link");
        symlink(root.join("real/none.md"), root.join("real/inner/gone.md")).expect("a link");
        symlink(root.join("gone"), root.join("real/chain")).expect("a link to a link");
        let paths = [
            "real/file.md",
            "real/missing.md",
            "real/inner/gone.md",
            "real/inner/x/y/decisions.md",
            "gone",
            "gone/decisions.md",
            "gone/a/b/decisions.md",
            "alias/inner/gone.md",
            "alias/missing/decisions.md",
            "real/chain/decisions.md",
            "real/file.md/decisions.md",
            "nothing/here/decisions.md",
            "real/../gone/decisions.md",
        ];
        for path in paths {
            let path = root.join(path);
            assert_eq!(
                dangling_link_above(&path),
                dangling_link_above_by_every_folder(&path),
                "{}",
                path.display()
            );
        }
        assert!(dangling_link_above(&root.join("gone/a/decisions.md")).is_some());
        assert!(dangling_link_above(&root.join("real/missing.md")).is_none());
    }
}
