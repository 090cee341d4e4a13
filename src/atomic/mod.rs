//! Replacing a file atomically (SPEC §7 Safety): the new bytes go to a
//! temporary file in the same folder as the target, which is given
//! everything the user set on the target (inode flags, owner and group,
//! permissions, extended attributes such as ACLs), synced, renamed over the
//! target, and the folder synced. A signal asking the process to end while
//! that happens is held until the temporary file is renamed or removed
//! ([`signals`]). [`Target::check_writable`] refuses a
//! target the user made read-only, immutable or append-only.
//!
//! The steps are explicit functions with a fail point between each (compiled
//! in only with the `failpoints` cargo feature), so tests can stop a write at
//! any step and check that the target is always either the old or the new
//! file and that no temporary file stays behind.
//!
//! What belongs here: putting bytes into a file safely, whatever the file
//! is (the twin writer and `validate --fix` both call it). It may use
//! [`crate::error`] only; it knows nothing of plans.

pub mod inode_flags;
pub mod signals;

use std::fs::{File, Permissions};
use std::io::Write;
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::error::{Error, Result, escape_invisible, escape_path};
use signals::Hold;

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
    /// The existing file's inode flags ([`inode_flags`]), or `None` for a
    /// new file or where the file system has none.
    pub flags: Option<u32>,
    /// How many names (hard links) the existing file has; 1 for a new
    /// file.
    pub links: u64,
}

impl Target {
    /// The target for writing `path`, whose final target (after any
    /// symlinks) is `resolved`; reads the existing file's permissions,
    /// owner and inode flags. Errors as [`Error::Read`] when the file
    /// exists but cannot be inspected.
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
        let flags = meta
            .as_ref()
            .filter(|m| m.is_file())
            .and_then(|_| File::open(&resolved).ok())
            .and_then(|file| inode_flags::read(&file));
        Ok(Target {
            path: resolved,
            dir,
            permissions: meta.as_ref().map(std::fs::Metadata::permissions),
            owner: meta.as_ref().and_then(owner_of),
            flags,
            links: meta.as_ref().map_or(1, link_count),
        })
    }

    /// Refuses to replace an existing file its user made unwritable:
    /// immutable or append-only (inode flags `i`, `a`, which forbid
    /// replacing it); read-only, with no write permission for anyone
    /// (mode `0444`) — a person's explicit "do not write", which binds
    /// root too, although root may write any file; or one the user running
    /// the writer may not write (SPEC §7: what the user set on the twin is
    /// honoured); or one with several hard links, which a rename would
    /// split (the other names would keep the old text). [`Error::Write`]
    /// (exit 2, SPEC §8) naming the file, what
    /// forbids the write and what to do; `Ok` for a file that does not
    /// exist yet.
    pub fn check_writable(&self) -> Result<()> {
        let refuse = |why: String| {
            Err(self.write_error(
                &self.path,
                std::io::Error::new(
                    std::io::ErrorKind::PermissionDenied,
                    format!("{why}; nothing written"),
                ),
            ))
        };
        let shown = escape_path(&self.path);
        if self.links > 1 {
            return refuse(format!(
                "the file has {} hard links (one file under {} names); a write replaces it with a new file, which would leave the other names holding the old text; keep one name (make the others symlinks to it) and run again",
                self.links, self.links
            ));
        }
        if let Some(flag) = self.flags.and_then(inode_flags::forbidding) {
            return refuse(format!(
                "the file is {} (inode flag `{}`, set with `chattr +{}`), so it cannot be replaced by a rewritten copy; if it should change, clear the flag (`chattr -{} {shown}`, as root) and run again",
                flag.meaning, flag.letter, flag.letter, flag.letter
            ));
        }
        #[cfg(unix)]
        if let Some(permissions) = &self.permissions {
            use std::os::unix::fs::PermissionsExt;
            let mode = permissions.mode() & 0o7777;
            if mode & 0o222 == 0 {
                return refuse(format!(
                    "the file is read-only (mode {mode:04o}: nobody may write it), which planfile honours even for root; if it should change, make it writable (`chmod u+w {shown}`) and run again"
                ));
            }
            let access = rustix::fs::accessat(
                rustix::fs::CWD,
                &self.path,
                rustix::fs::Access::WRITE_OK,
                rustix::fs::AtFlags::EACCESS,
            );
            if access == Err(rustix::io::Errno::ACCESS) {
                let (uid, gid) = self.owner.unwrap_or_default();
                return refuse(format!(
                    "{} may not write the file (mode {mode:04o}, owner user {uid}, group {gid}), so planfile does not replace it; if it should change, have its owner make it writable for you (`chmod`, `chown` or an ACL) and run again",
                    escape_invisible(&whoami::username())
                ));
            }
        }
        Ok(())
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
    /// old one's inode flags, owner and group, permissions and extended
    /// attributes; what the writer is not allowed to keep (another user's
    /// ownership, a flag or a namespace of attributes only a privileged
    /// process sets) does not stop the write, and is returned as notes for
    /// the person, one each. Errors are [`Error::Write`] naming the file or
    /// folder that failed.
    ///
    /// `SIGTERM`, `SIGINT` and `SIGHUP` are held from before the temporary
    /// file is created until it is renamed (and the folder synced) or
    /// removed: one that arrived meanwhile is then said on stderr and ends
    /// the process by that signal ([`Hold`]).
    pub fn replace(&self, bytes: &[u8]) -> Result<Vec<String>> {
        let hold = Hold::start();
        let result = self.replace_held(bytes);
        hold.finish(|signal| {
            let path = escape_path(&self.path);
            match &result {
                Ok(_) => format!(
                    "{signal} arrived while {path} was being written; the write was finished first (the file holds the new text), then planfile stopped"
                ),
                Err(e) => format!(
                    "{signal} arrived while {path} was being written; the write failed ({e}) and left the file as it was, then planfile stopped"
                ),
            }
        });
        result
    }

    /// The steps of [`Target::replace`], run while signals are held.
    fn replace_held(&self, bytes: &[u8]) -> Result<Vec<String>> {
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

    /// Step 2: the old file's inode flags given to the new, still empty
    /// file (a flag such as no-copy-on-write only takes on an empty file);
    /// the bytes written; the old file's owner and group, then its
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
            notes.extend(self.keep_flags(temp.as_file()));
            // The file itself, not the temporary-file wrapper, whose errors
            // carry its path: the path is named once, below.
            temp.as_file_mut().write_all(bytes)?;
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
            Err(why) => Err(self.write_error(
                &self.path,
                std::io::Error::new(
                    why.kind(),
                    format!(
                        "the new text could not be written to {} ({why}), so the file is as it was",
                        escape_path(&path)
                    ),
                ),
            )),
        }
    }

    /// Gives `file` the target's inode flags ([`inode_flags::keep`]); a
    /// note naming those it could not set, if any.
    fn keep_flags(&self, file: &File) -> Option<String> {
        let lost = inode_flags::keep(file, self.flags?);
        if lost.is_empty() {
            return None;
        }
        let named: Vec<String> = lost
            .iter()
            .map(|(flag, why)| format!("`{}` ({}: {why})", flag.letter, flag.meaning))
            .collect();
        Some(format!(
            "{}: the rewritten file could not keep its inode flag{} {}; the write went ahead (`chattr` sets a flag again, where it is allowed)",
            escape_path(&self.path),
            if lost.len() == 1 { "" } else { "s" },
            named.join(", ")
        ))
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
            escape_path(&self.path),
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
                escape_path(&self.path),
                if lost.len() == 1 { "" } else { "s" },
                escape_invisible(&lost.join(", "))
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

/// How many hard links the file `meta` describes has; 1 off Unix.
fn link_count(meta: &std::fs::Metadata) -> u64 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        meta.nlink()
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        1
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
/// step fail with an I/O error, `<name>=panic` panics,
/// `<name>=return(exit)` ends the process at once (exit 3), as a crash
/// would, with no clean-up, and `<name>=sleep(MS)` pauses the write for MS
/// milliseconds.
#[cfg_attr(not(feature = "failpoints"), allow(unused_variables))]
pub(crate) fn fail_point(name: &str) -> std::io::Result<()> {
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

    #[cfg(target_os = "linux")]
    #[test]
    fn inode_flags_are_kept_or_named_in_a_note() {
        use inode_flags::KEPT;
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("decisions.md");
        std::fs::write(&path, "old\n").expect("the old file");
        let no_atime = 0x80;
        let old = File::open(&path).expect("open");
        let Ok(flags) = rustix::fs::ioctl_getflags(&old) else {
            eprintln!("skipped: this file system has no inode flags");
            return;
        };
        let with = rustix::fs::IFlags::from_bits_retain(flags.bits() | no_atime);
        if rustix::fs::ioctl_setflags(&old, with).is_err() {
            eprintln!("skipped: this file system takes no `A` flag");
            return;
        }
        let mut target = Target::new(path.clone()).expect("a target");
        assert_eq!(target.flags.map(|f| f & no_atime), Some(no_atime));
        // As if the old file had every flag a person sets on a file (not
        // those only folders take), some of which this file system or user
        // may not set.
        let folder_only = ['D', 'T', 'P'];
        let pretend = KEPT
            .iter()
            .filter(|f| !folder_only.contains(&f.letter))
            .fold(0, |bits, f| bits | f.bit);
        target.flags = target.flags.map(|f| f | pretend);
        let notes = target.replace(b"new\n").expect("the write");
        let new = File::open(&path).expect("open");
        let got = rustix::fs::ioctl_getflags(&new).expect("flags").bits();
        assert_eq!(got & no_atime, no_atime, "`A` is kept");
        let note = notes.join("\n");
        for flag in KEPT.iter().filter(|f| pretend & f.bit != 0) {
            let named = note.contains(&format!("`{}` ({}: ", flag.letter, flag.meaning));
            assert_ne!(got & flag.bit != 0, named, "{flag:?}: {note}");
        }
        if !note.is_empty() {
            assert!(note.contains("could not keep its inode flag"), "{note}");
            assert_eq!(notes.len(), 1, "{notes:?}");
        }
        // Clear what keeps the scratch folder from being removed.
        let _ = rustix::fs::ioctl_setflags(&new, rustix::fs::IFlags::empty());
    }
}
