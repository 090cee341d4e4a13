//! The locks that serialise writers of one twin (SPEC §7 Safety), and the
//! file a write replaces: the twin as named, or the final target of a twin
//! that is a symlink.

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The name of the lock file beside a twin that is not a symlink (SPEC §7
/// Safety); see [`lock_path`].
pub const LOCK_FILE: &str = "decisions.md.lock";

/// The twin's path as named and the file a write replaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwinPath {
    /// `docs/handoffs/<slug>/decisions.md`, as named.
    pub named: PathBuf,
    /// The file written: the final target when the twin is a symlink (the
    /// link stays a link), else the named path.
    pub resolved: PathBuf,
}

impl TwinPath {
    /// Resolves the twin at `named`. [`Error::DanglingTwin`] (exit 2) for a
    /// symlink whose target does not exist; [`Error::Read`] when the link
    /// cannot be followed.
    pub fn resolve(named: &Path) -> Result<TwinPath> {
        let is_link = match std::fs::symlink_metadata(named) {
            Ok(meta) => meta.file_type().is_symlink(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
            Err(source) => {
                return Err(Error::Read {
                    path: named.to_path_buf(),
                    source,
                });
            }
        };
        if !is_link {
            return Ok(TwinPath {
                named: named.to_path_buf(),
                resolved: named.to_path_buf(),
            });
        }
        match std::fs::canonicalize(named) {
            Ok(resolved) => Ok(TwinPath {
                named: named.to_path_buf(),
                resolved,
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(Error::DanglingTwin {
                path: named.to_path_buf(),
                target: std::fs::read_link(named).unwrap_or_default(),
            }),
            Err(source) => Err(Error::Read {
                path: named.to_path_buf(),
                source,
            }),
        }
    }
}

/// How often [`commit`] locks anew when the twin's symlink is retargeted
/// between resolving it and locking its target.
pub(super) const RELOCK_ATTEMPTS: usize = 8;

/// The lock file that serialises writes to `file` (SPEC §7 Safety):
/// `<file>.lock` beside it — `decisions.md.lock` beside a twin that is not
/// a symlink. `file` is the file a write replaces (the final target of a
/// twin that is a symlink), so every path that reaches one file takes one
/// lock.
pub fn lock_path(file: &Path) -> PathBuf {
    let mut name = file
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_else(|| "decisions.md".into());
    name.push(".lock");
    file.with_file_name(name)
}

/// Opens (creating it when needed) the lock file at `path` and takes an
/// exclusive lock on it, waiting for any other holder; the lock is released
/// when the returned file is dropped. A lock file that another user created
/// and this one may not write is opened read-only: the lock needs no write
/// access, so whoever may write the twin may take it. [`Error::Write`] when
/// it cannot be opened or locked.
pub(super) fn lock_exclusive(path: &Path) -> Result<std::fs::File> {
    let lock_error = |source| Error::Write {
        path: path.to_path_buf(),
        source,
    };
    let lock = match OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
    {
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied && path.is_file() => {
            std::fs::File::open(path).map_err(|_| lock_error(e))?
        }
        opened => opened.map_err(lock_error)?,
    };
    lock.lock().map_err(lock_error)?;
    Ok(lock)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_sits_beside_the_file_written() {
        assert_eq!(
            lock_path(Path::new("docs/handoffs/p/decisions.md")),
            Path::new("docs/handoffs/p").join(LOCK_FILE)
        );
        assert_eq!(
            lock_path(Path::new("/srv/shared/p.md")),
            Path::new("/srv/shared/p.md.lock")
        );
    }
}
