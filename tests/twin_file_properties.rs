//! Everything the user set on the twin survives a write (SPEC §7): owner and
//! group, the mode with its special bits, extended attributes, a symlink
//! staying a symlink; a twin with several hard links is refused, and an
//! owner the writer may not set is reported on stderr while the write goes
//! ahead.

#![cfg(unix)]

mod common;

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;

use common::{Root, stderr, stdout};

const PLAN: &str = "---
slug: tide-mill
status: active
phases: 1
---

# Tide mill

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Sluice | — | mill | sluice turns |

## Decisions

| key | value | owner | state | blocking | source |
|---|---|---|---|---|---|
| `stop` | | miller | outstanding | no | plan |
";

/// A docs root holding the plan and a twin written by `planfile` itself.
fn root_with_twin() -> Root {
    let root = Root::new();
    root.plan("tide-mill", PLAN);
    let out = root.decisions("tide-mill", &["answer", "stop", "--value", "halt"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    root
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// Answers `stop` anew, which rewrites the twin; the output.
fn rewrite(root: &Root, value: &str) -> std::process::Output {
    root.decisions("tide-mill", &["answer", "stop", "--value", value])
}

#[test]
fn a_write_keeps_owner_group_and_mode() {
    if !is_root() {
        eprintln!("skipped: giving a file to another user needs root");
        return;
    }
    let root = root_with_twin();
    let twin = root.twin_path("tide-mill");
    std::os::unix::fs::chown(&twin, Some(4242), Some(4343)).expect("chown");
    std::fs::set_permissions(&twin, std::fs::Permissions::from_mode(0o2640)).expect("chmod");
    let out = rewrite(&root, "halt and page the miller");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("halt and page the miller"),
        "{}",
        stdout(&out)
    );
    assert_eq!(stderr(&out), "", "nothing to report");
    let meta = std::fs::metadata(&twin).expect("the twin");
    assert_eq!((meta.uid(), meta.gid()), (4242, 4343));
    assert_eq!(meta.permissions().mode() & 0o7777, 0o2640);
    let text = std::fs::read_to_string(&twin).expect("the twin");
    assert!(text.contains("| halt and page the miller |"), "{text}");
}

#[test]
fn an_owner_the_writer_may_not_set_is_reported_and_the_write_goes_ahead() {
    let Some(root) = root_for_user_4545() else {
        return;
    };
    let twin = root.twin_path("tide-mill");
    // Everyone may write the twin; it belongs to user 4242, and the writer
    // runs as user 4545, who may not give a file to 4242.
    for file in [twin.clone(), twin.with_file_name("decisions.md.lock")] {
        std::os::unix::fs::chown(&file, Some(4242), Some(4343)).expect("chown");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o666)).expect("chmod");
    }
    let out = answer_as_user_4545(&root);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "could not keep its owner 4242 (it is now 4545) and group 4343 (it is now 4545)"
        ),
        "{err}"
    );
    let meta = std::fs::metadata(&twin).expect("the twin");
    assert_eq!((meta.uid(), meta.gid()), (4545, 4545));
    assert_eq!(meta.permissions().mode() & 0o777, 0o666);
    let text = std::fs::read_to_string(&twin).expect("the twin");
    assert!(text.contains("| sluice shut |"), "{text}");
}

#[test]
fn a_write_keeps_extended_attributes() {
    let root = root_with_twin();
    let twin = root.twin_path("tide-mill");
    if let Err(e) = xattr::set(&twin, "user.planfile.review", b"checked by the miller") {
        eprintln!("skipped: this file system takes no user extended attributes ({e})");
        return;
    }
    let out = rewrite(&root, "halt at high tide");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "", "nothing to report");
    let kept = xattr::get(&twin, "user.planfile.review").expect("read the attribute");
    assert_eq!(kept.as_deref(), Some(&b"checked by the miller"[..]));
    let text = std::fs::read_to_string(&twin).expect("the twin");
    assert!(text.contains("| halt at high tide |"), "{text}");
}

/// A POSIX access ACL in the kernel's extended-attribute form (version 2,
/// then tag, permissions and id per entry): the owner rw, user 4242 r, the
/// owning group r, mask r, others nothing.
fn access_acl() -> Vec<u8> {
    let mut acl = 2u32.to_le_bytes().to_vec();
    for (tag, perm, id) in [
        (0x01u16, 6u16, u32::MAX),
        (0x02, 4, 4242),
        (0x04, 4, u32::MAX),
        (0x10, 4, u32::MAX),
        (0x20, 0, u32::MAX),
    ] {
        acl.extend(tag.to_le_bytes());
        acl.extend(perm.to_le_bytes());
        acl.extend(id.to_le_bytes());
    }
    acl
}

#[test]
fn a_write_keeps_an_acl() {
    let root = root_with_twin();
    let twin = root.twin_path("tide-mill");
    if let Err(e) = xattr::set(&twin, "system.posix_acl_access", &access_acl()) {
        eprintln!("skipped: this file system takes no ACLs ({e})");
        return;
    }
    let mode = std::fs::metadata(&twin)
        .expect("the twin")
        .permissions()
        .mode();
    let out = rewrite(&root, "halt when the race runs dry");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "", "nothing to report");
    let kept = xattr::get(&twin, "system.posix_acl_access").expect("read the ACL");
    assert_eq!(kept, Some(access_acl()));
    let meta = std::fs::metadata(&twin).expect("the twin");
    assert_eq!(meta.permissions().mode(), mode);
}

/// The bytes and inode of `path`.
fn state(path: &Path) -> (Vec<u8>, u64) {
    (
        std::fs::read(path).expect("read"),
        std::fs::metadata(path).expect("metadata").ino(),
    )
}

#[test]
fn a_twin_with_two_hard_links_is_refused_and_left_alone() {
    let root = root_with_twin();
    let twin = root.twin_path("tide-mill");
    let other = root.path().join("decisions-copy.md");
    std::fs::hard_link(&twin, &other).expect("a hard link");
    let before = state(&twin);
    for args in [
        &["answer", "stop", "--value", "sluice shut"][..],
        &["answer", "stop", "--value", "sluice shut", "--dry-run"][..],
        &["waive", "relay", "--reason", "nobody to ask"][..],
    ] {
        let out = root.decisions("tide-mill", args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("has 2 hard links"), "{err}");
        assert!(err.contains("nothing written"), "{err}");
        assert_eq!(stdout(&out), "", "{args:?}");
    }
    assert_eq!(state(&twin), before);
    assert_eq!(state(&other), before);
    assert_eq!(std::fs::metadata(&twin).expect("the twin").nlink(), 2);
}

#[test]
fn a_symlinked_twin_stays_a_symlink_with_its_targets_properties() {
    let root = root_with_twin();
    let twin = root.twin_path("tide-mill");
    let target = root.path().join("shared-decisions.md");
    std::fs::rename(&twin, &target).expect("move the twin");
    std::os::unix::fs::symlink(&target, &twin).expect("a symlink");
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o604)).expect("chmod");
    let out = rewrite(&root, "halt when the wheel stops");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        std::fs::symlink_metadata(&twin)
            .expect("the link")
            .file_type()
            .is_symlink()
    );
    let meta = std::fs::metadata(&target).expect("the target");
    assert_eq!(meta.permissions().mode() & 0o777, 0o604);
    assert_eq!(meta.nlink(), 1);
}

/// A docs root on the file system of the build folder (where inode flags
/// work on ext4, unlike on a tmpfs `/tmp`), holding the plan and a twin
/// written by `planfile` itself.
fn root_with_twin_on_disk() -> Root {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("a temporary folder");
    std::fs::create_dir_all(dir.path().join("docs/plans")).expect("docs/plans");
    let root = Root { dir };
    root.plan("tide-mill", PLAN);
    let out = root.decisions("tide-mill", &["answer", "stop", "--value", "halt"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    root
}

/// `chattr ARGS PATH`: whether it succeeded (no `chattr`, or a file
/// system or user that may not set the flags, is `false`).
fn chattr(args: &str, path: &Path) -> bool {
    std::process::Command::new("chattr")
        .args(args.split(' '))
        .arg(path)
        .output()
        .is_ok_and(|out| out.status.success())
}

/// The flag letters `lsattr` shows for `path`.
fn lsattr(path: &Path) -> String {
    let out = std::process::Command::new("lsattr")
        .arg(path)
        .output()
        .expect("run lsattr");
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .replace('-', "")
}

/// Clears the flags that keep a file from being removed when dropped, so
/// that the scratch folder goes even when a test fails.
struct ClearFlags<'a>(&'a Path);

impl Drop for ClearFlags<'_> {
    fn drop(&mut self) {
        chattr("-i -a", self.0);
    }
}

/// Names in the handoff folder other than the twin and its lock.
fn others_in_handoff_folder(twin: &Path) -> Vec<String> {
    std::fs::read_dir(twin.parent().expect("the handoff folder"))
        .expect("list the handoff folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "decisions.md" && n != "decisions.md.lock")
        .collect()
}

#[test]
fn a_write_keeps_inode_flags() {
    let root = root_with_twin_on_disk();
    let twin = root.twin_path("tide-mill");
    if !chattr("+A +d", &twin) {
        eprintln!("skipped: this file system or user takes no inode flags");
        return;
    }
    let compressed = chattr("+c", &twin);
    let before = lsattr(&twin);
    let out = rewrite(&root, "halt when the sluice jams");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "", "nothing to report");
    assert_eq!(lsattr(&twin), before);
    for letter in ["A", "d"].into_iter().chain(compressed.then_some("c")) {
        assert!(before.contains(letter), "{before}");
    }
    let text = std::fs::read_to_string(&twin).expect("the twin");
    assert!(text.contains("| halt when the sluice jams |"), "{text}");
}

#[test]
fn an_immutable_or_append_only_twin_is_refused_and_left_alone() {
    let root = root_with_twin_on_disk();
    let twin = root.twin_path("tide-mill");
    let _clear = ClearFlags(&twin);
    for (letter, meaning) in [("i", "immutable"), ("a", "append-only")] {
        if !chattr(&format!("+{letter}"), &twin) {
            eprintln!(
                "skipped: setting `{letter}` needs a privileged user and a file system that has it"
            );
            continue;
        }
        let before = state(&twin);
        for dry_run in [false, true] {
            let mut args = vec!["answer", "stop", "--value", "sluice shut"];
            if dry_run {
                args.push("--dry-run");
            }
            let out = root.decisions("tide-mill", &args);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
            assert_eq!(stdout(&out), "", "{args:?}");
            let err = stderr(&out);
            for part in [
                format!("decisions.md: cannot write: the file is {meaning} (inode flag `{letter}`"),
                format!("clear the flag (`chattr -{letter} "),
                "nothing written".to_string(),
            ] {
                assert!(err.contains(&part), "{args:?}: {part:?} in {err}");
            }
        }
        assert_eq!(state(&twin), before);
        assert!(lsattr(&twin).contains(letter));
        assert_eq!(others_in_handoff_folder(&twin), Vec::<String>::new());
        assert!(chattr(&format!("-{letter}"), &twin));
    }
}

#[test]
fn a_read_only_twin_is_refused_even_for_root() {
    let root = root_with_twin();
    let twin = root.twin_path("tide-mill");
    std::fs::set_permissions(&twin, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let before = state(&twin);
    for args in [
        &["answer", "stop", "--value", "sluice shut"][..],
        &["answer", "stop", "--value", "sluice shut", "--dry-run"][..],
        &["waive", "relay", "--reason", "nobody to ask"][..],
    ] {
        let out = root.decisions("tide-mill", args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), "", "{args:?}");
        let err = stderr(&out);
        assert!(
            err.contains("decisions.md: cannot write: the file is read-only (mode 0444"),
            "{err}"
        );
        assert!(err.contains("(`chmod u+w "), "{err}");
        assert!(err.contains("nothing written"), "{err}");
    }
    assert_eq!(state(&twin), before);
    assert_eq!(
        std::fs::metadata(&twin)
            .expect("the twin")
            .permissions()
            .mode()
            & 0o777,
        0o444
    );
    // The answer it already holds needs no write, so it is not refused.
    let out = rewrite(&root, "halt");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "stop\tanswered\top\tno\trun\thalt\n");
    assert_eq!(state(&twin), before);
    // Made writable again, it is written.
    std::fs::set_permissions(&twin, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    let out = rewrite(&root, "sluice shut");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// A docs root with a twin ([`root_with_twin`]) whose folders everyone may
/// write, for [`answer_as_user_4545`]; `None` (the test skipped) when
/// running as another user is not possible.
fn root_for_user_4545() -> Option<Root> {
    if !is_root() {
        eprintln!("skipped: running the writer as another user needs root");
        return None;
    }
    if !binary_reachable_by_others() {
        eprintln!("skipped: another user cannot reach the planfile binary");
        return None;
    }
    let root = root_with_twin();
    for dir in [
        root.path().to_path_buf(),
        root.path().join("docs"),
        root.path().join("docs/plans"),
        root.path().join("docs/handoffs"),
        root.path().join("docs/handoffs/tide-mill"),
    ] {
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).expect("chmod");
    }
    Some(root)
}

/// `answer stop --value "sluice shut"` run as user and group 4545: the
/// output.
fn answer_as_user_4545(root: &Root) -> std::process::Output {
    use std::os::unix::process::CommandExt;
    root.command()
        .args([
            "decisions",
            "tide-mill",
            "answer",
            "stop",
            "--value",
            "sluice shut",
        ])
        .uid(4545)
        .gid(4545)
        .output()
        .expect("run planfile as another user")
}

/// Whether another user can run the `planfile` binary (every folder above
/// it searchable by others).
fn binary_reachable_by_others() -> bool {
    let binary = assert_cmd::cargo::cargo_bin("planfile");
    binary
        .ancestors()
        .skip(1)
        .all(|dir| std::fs::metadata(dir).is_ok_and(|m| m.permissions().mode() & 0o001 != 0))
}

#[test]
fn a_twin_the_user_may_not_write_is_refused() {
    let Some(root) = root_for_user_4545() else {
        return;
    };
    let twin = root.twin_path("tide-mill");
    let lock = twin.with_file_name("decisions.md.lock");
    std::fs::set_permissions(&lock, std::fs::Permissions::from_mode(0o666)).expect("chmod");
    // The writer, user 4545, may write the folder but not the twin: its
    // own read-only twin, or a twin of user 4242 it has no write permission
    // for.
    for (owner, mode, says) in [
        (4545, 0o444, "the file is read-only (mode 0444"),
        (
            4242,
            0o644,
            "may not write the file (mode 0644, owner user 4242",
        ),
    ] {
        std::os::unix::fs::chown(&twin, Some(owner), Some(owner)).expect("chown");
        std::fs::set_permissions(&twin, std::fs::Permissions::from_mode(mode)).expect("chmod");
        let before = state(&twin);
        let out = answer_as_user_4545(&root);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(says), "{err}");
        assert!(err.contains("nothing written"), "{err}");
        assert_eq!(state(&twin), before);
        assert_eq!(others_in_handoff_folder(&twin), Vec::<String>::new());
    }
}

/// A lock file another user created with the usual umask (mode 0644, not
/// writable for the writer) does not stop a user who may write the twin:
/// the lock is taken on a read-only descriptor, and the row is written.
#[test]
fn a_lock_file_of_another_user_does_not_stop_a_writer_who_may_write_the_twin() {
    let Some(root) = root_for_user_4545() else {
        return;
    };
    let twin = root.twin_path("tide-mill");
    let lock = twin.with_file_name("decisions.md.lock");
    std::fs::write(&lock, "").expect("lock file");
    std::os::unix::fs::chown(&lock, Some(4242), Some(4242)).expect("chown");
    std::fs::set_permissions(&lock, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    std::fs::set_permissions(&twin, std::fs::Permissions::from_mode(0o666)).expect("chmod");
    let out = answer_as_user_4545(&root);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&twin).expect("twin");
    assert!(text.contains("| `stop` | sluice shut |"), "{text}");
}
