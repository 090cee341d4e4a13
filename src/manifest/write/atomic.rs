//! Replacing a file atomically (SPEC §7 Safety): the new bytes go to a
//! temporary file in the same folder as the target, which is given
//! everything the user set on the target (owner and group, permissions,
//! extended attributes such as ACLs), synced, renamed over the target, and
//! the folder synced.
//!
//! The steps are explicit functions with a fail point between each (compiled
//! in only with the `failpoints` cargo feature), so tests can stop a write at
//! any step and check that the target is always either the old or the new
//! file and that no temporary file stays behind.

use std::fs::{File, Permissions};
use std::io::Write;
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::error::{Error, Result};

/// The fail points of a write, in the order they are passed.
pub const FAIL_POINTS: [&str; 4] = [
    "twin-write-temp-created",
    "twin-write-temp-synced",
    "twin-write-renamed",
    "twin-write-dir-synced",
];

/// The suffix of every temporary file the writer creates.
const TEMP_SUFFIX: &str = ".planfile-tmp";

/// A file to be replaced: its final path (symlinks already followed), its
/// folder, and what the new file takes over from the existing one.
#[derive(Debug, Clone)]
pub struct Target {
    /// The file that is renamed over (the final target of any symlink).
    pub path: PathBuf,
    /// The folder holding it, where the temporary file is made.
    pub dir: PathBuf,
    /// The existing file's permissions, or `None` for a new file (which
    /// gets `0666` less the umask, like any new file).
    pub permissions: Option<Permissions>,
    /// The existing file's owner and group (user and group ids), or `None`
    /// for a new file (which belongs to whoever writes it).
    pub owner: Option<(u32, u32)>,
}

impl Target {
    /// The target for writing `path`, whose final target (after any
    /// symlinks) is `resolved`; reads the existing file's permissions.
    /// Errors as [`Error::Read`] when the file exists but cannot be
    /// inspected.
    pub fn new(resolved: PathBuf) -> Result<Target> {
        let meta = match std::fs::metadata(&resolved) {
            Ok(meta) => Some(meta),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(source) => {
                return Err(Error::Read {
                    path: resolved,
                    source,
                });
            }
        };
        let dir = resolved
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."));
        Ok(Target {
            path: resolved,
            dir,
            permissions: meta.as_ref().map(std::fs::Metadata::permissions),
            owner: meta.as_ref().and_then(owner_of),
        })
    }

    /// The prefix of the temporary files for this target.
    fn temp_prefix(&self) -> String {
        let name = self
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        format!(".{name}.")
    }

    /// Removes temporary files of this target that a writer killed in the
    /// middle of a write left behind. Call it only while holding the
    /// target's write lock: every live writer holds it while its temporary
    /// file exists. Errors are ignored (a leftover file is harmless).
    pub fn remove_stale_temps(&self) {
        let prefix = self.temp_prefix();
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with(&prefix) && name.ends_with(TEMP_SUFFIX) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }

    /// Replaces the target's content with `bytes`, atomically: the target
    /// is either the old or the new file at every moment, and no temporary
    /// file remains afterwards, on success or error. The new file keeps the
    /// old one's owner and group, permissions and extended attributes;
    /// what the writer is not allowed to keep (another user's ownership, a
    /// namespace of attributes only a privileged process sets) does not
    /// stop the write, and is returned as notes for the person, one each.
    /// Errors are [`Error::Write`] naming the file or folder that failed.
    pub fn replace(&self, bytes: &[u8]) -> Result<Vec<String>> {
        let temp = self.create_temp()?;
        fail_point(FAIL_POINTS[0]).map_err(|e| self.write_error(temp.path(), e))?;
        let (temp, notes) = self.write_and_sync(temp, bytes)?;
        fail_point(FAIL_POINTS[1]).map_err(|e| self.write_error(&self.path, e))?;
        self.rename(temp)?;
        fail_point(FAIL_POINTS[2]).map_err(|e| self.write_error(&self.path, e))?;
        self.sync_dir()?;
        fail_point(FAIL_POINTS[3]).map_err(|e| self.write_error(&self.dir, e))?;
        Ok(notes)
    }

    /// Step 1: a new, empty temporary file beside the target.
    fn create_temp(&self) -> Result<NamedTempFile> {
        let prefix = self.temp_prefix();
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(TEMP_SUFFIX);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(Permissions::from_mode(0o666));
        }
        builder
            .tempfile_in(&self.dir)
            .map_err(|e| self.write_error(&self.dir, e))
    }

    /// Step 2: the bytes written; the old file's owner and group, then its
    /// permissions (a change of owner clears the set-id bits), then its
    /// extended attributes (an ACL after the mode it refines) given to the
    /// new file; the file synced. Returns what could not be kept, as notes.
    fn write_and_sync(
        &self,
        mut temp: NamedTempFile,
        bytes: &[u8],
    ) -> Result<(NamedTempFile, Vec<String>)> {
        let path = temp.path().to_path_buf();
        let mut notes = Vec::new();
        let result = (|| {
            temp.write_all(bytes)?;
            temp.flush()?;
            if let Some(note) = self.keep_owner(temp.as_file())? {
                notes.push(note);
            }
            if let Some(permissions) = &self.permissions {
                temp.as_file().set_permissions(permissions.clone())?;
            }
            notes.extend(self.keep_xattrs(temp.as_file()));
            temp.as_file().sync_all()
        })();
        match result {
            Ok(()) => Ok((temp, notes)),
            Err(e) => Err(self.write_error(&path, e)),
        }
    }

    /// Gives `file` the target's owner and group where they differ from
    /// its own. When the writer may not (only a privileged process gives a
    /// file to another user), keeps what it may — the group, when the
    /// writer belongs to it — and returns a note saying what changed.
    /// Other errors are returned.
    #[cfg(unix)]
    fn keep_owner(&self, file: &File) -> std::io::Result<Option<String>> {
        use std::os::unix::fs::{MetadataExt, fchown};
        let Some((uid, gid)) = self.owner else {
            return Ok(None);
        };
        let meta = file.metadata()?;
        if (meta.uid(), meta.gid()) == (uid, gid) {
            return Ok(None);
        }
        let denied = |e: &std::io::Error| e.kind() == std::io::ErrorKind::PermissionDenied;
        match fchown(file, Some(uid), Some(gid)) {
            Ok(()) => return Ok(None),
            Err(e) if !denied(&e) => return Err(e),
            Err(_) => {}
        }
        let group_kept = meta.gid() == gid
            || match fchown(file, None, Some(gid)) {
                Ok(()) => true,
                Err(e) if denied(&e) => false,
                Err(e) => return Err(e),
            };
        let (now_uid, now_gid) = (meta.uid(), if group_kept { gid } else { meta.gid() });
        let mut lost = Vec::new();
        if now_uid != uid {
            lost.push(format!("owner {uid} (it is now {now_uid})"));
        }
        if now_gid != gid {
            lost.push(format!("group {gid} (it is now {now_gid})"));
        }
        Ok(Some(format!(
            "{}: the rewritten twin could not keep its {}: only a privileged user may give a file to another user or group; the write went ahead",
            crate::error::escape_path(&self.path),
            lost.join(" and ")
        )))
    }

    /// Owner and group are kept only on Unix.
    #[cfg(not(unix))]
    fn keep_owner(&self, _file: &File) -> std::io::Result<Option<String>> {
        Ok(None)
    }

    /// Copies the target's extended attributes (ACLs among them) to
    /// `file`, where the platform has them. An attribute that cannot be
    /// read or set (a namespace only a privileged process writes) is left
    /// out and named in a note; a target whose file system has no extended
    /// attributes has none to copy.
    fn keep_xattrs(&self, file: &File) -> Vec<String> {
        #[cfg(unix)]
        {
            use xattr::FileExt;
            if self.permissions.is_none() || !xattr::SUPPORTED_PLATFORM {
                return Vec::new();
            }
            let Ok(names) = xattr::list(&self.path) else {
                return Vec::new();
            };
            let mut lost = Vec::new();
            for name in names {
                let copied = match xattr::get(&self.path, &name) {
                    Ok(Some(value)) => file.set_xattr(&name, &value),
                    Ok(None) => Ok(()),
                    Err(e) => Err(e),
                };
                if let Err(e) = copied {
                    lost.push(format!("{} ({e})", name.to_string_lossy()));
                }
            }
            if lost.is_empty() {
                return Vec::new();
            }
            vec![format!(
                "{}: the rewritten twin could not keep the extended attribute{} {}; the write went ahead",
                crate::error::escape_path(&self.path),
                if lost.len() == 1 { "" } else { "s" },
                crate::error::escape_invisible(&lost.join(", "))
            )]
        }
        #[cfg(not(unix))]
        {
            let _ = file;
            Vec::new()
        }
    }

    /// Step 3: the temporary file renamed over the target.
    fn rename(&self, temp: NamedTempFile) -> Result<()> {
        temp.persist(&self.path)
            .map(drop)
            .map_err(|e| self.write_error(&self.path, e.error))
    }

    /// Step 4: the folder synced, so the rename is durable.
    fn sync_dir(&self) -> Result<()> {
        #[cfg(unix)]
        {
            File::open(&self.dir)
                .and_then(|dir| dir.sync_all())
                .map_err(|e| self.write_error(&self.dir, e))
        }
        #[cfg(not(unix))]
        {
            Ok(())
        }
    }

    /// Wraps an I/O error as [`Error::Write`] naming `path`.
    fn write_error(&self, path: &Path, source: std::io::Error) -> Error {
        Error::Write {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// The owner and group (user and group ids) of the file `meta` describes;
/// `None` off Unix.
fn owner_of(meta: &std::fs::Metadata) -> Option<(u32, u32)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.uid(), meta.gid()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        None
    }
}

/// A fail point between two steps of a write. Without the `failpoints`
/// feature it does nothing. With it, `FAILPOINTS=<name>=return` makes the
/// step fail with an I/O error, `<name>=panic` panics, and
/// `<name>=return(exit)` ends the process at once (exit 3), as a crash
/// would, with no clean-up.
#[cfg_attr(not(feature = "failpoints"), allow(unused_variables))]
fn fail_point(name: &str) -> std::io::Result<()> {
    #[cfg(feature = "failpoints")]
    fail::fail_point!(name, |arg: Option<String>| {
        if arg.as_deref() == Some("exit") {
            std::process::exit(3);
        }
        Err(std::io::Error::other(format!("fail point {name}")))
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_and_keeps_permissions() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("decisions.md");
        std::fs::write(&path, "old\n").expect("the old file");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, Permissions::from_mode(0o640)).expect("chmod");
        }
        let target = Target::new(path.clone()).expect("a target");
        target.replace(b"new\n").expect("the write");
        assert_eq!(std::fs::read(&path).expect("read"), b"new\n");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o640);
        }
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("decisions.md")]);
    }

    #[test]
    fn stale_temps_are_removed() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("decisions.md");
        let stale = dir
            .path()
            .join(format!(".decisions.md.abc123{TEMP_SUFFIX}"));
        let other = dir.path().join(".other.md.abc123.planfile-tmp");
        std::fs::write(&stale, "x").expect("stale");
        std::fs::write(&other, "x").expect("other");
        Target::new(path).expect("a target").remove_stale_temps();
        assert!(!stale.exists());
        assert!(other.exists());
    }
}
