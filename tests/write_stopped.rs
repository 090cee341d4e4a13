//! A write that the system stops (SPEC §7): under a file-size limit too
//! small for the new file, the twin writer and `validate --fix` end with a
//! message naming the file and exit 2, the old file as it was and no
//! temporary file left beside it. Without the limit the same commands
//! write, so it is the limit that stops them.

#![cfg(unix)]

mod common;

use std::os::unix::process::CommandExt;
use std::path::Path;

use common::Root;

/// 80 bytes of prose per line, `n` lines.
fn log_lines(n: usize) -> String {
    (1..=n)
        .map(|i| {
            format!("Log {i:03}: the sea wall was walked at low water and no cracks were found.\n")
        })
        .collect()
}

/// A one-phase plan of more than 30 KiB with a zero-padded phase cell
/// (which `--fix` rewrites) and a one-row twin of more than 30 KiB.
fn sea_wall() -> Root {
    let root = Root::new();
    root.plan(
        "sea-wall",
        &format!(
            "---\nslug: sea-wall\nstatus: active\nphases: 1\n---\n\n# Sea wall\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos | Exit criteria |\n|---|---|---|---|---|\n| 01 | Survey | — | wall | walked |\n\n## Phases\n\n### Phase 1 — Survey\n- **Verification:** `test -s walk.log`\n\n{}",
            log_lines(400)
        ),
    );
    root.twin(
        "sea-wall",
        &format!(
            "# Decisions — sea-wall\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `announce` | tell the harbour master | warden | answered | no | run | r-1 | — |\n\n{}",
            log_lines(400)
        ),
    );
    root
}

/// `planfile ARGS…` in `root` with the file-size limit at `bytes`.
fn limited(root: &Root, bytes: u64, args: &[&str]) -> std::process::Output {
    let mut command = root.command();
    command.args(args);
    // SAFETY: the closure only calls setrlimit, which is async-signal-safe.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    command.output().expect("run planfile")
}

/// The names of the entries of `dir`, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

#[test]
fn the_twin_writer_stopped_by_a_file_size_limit_exits_2_and_leaves_the_twin_alone() {
    let root = sea_wall();
    let twin = root.twin_path("sea-wall");
    let before = std::fs::read(&twin).expect("the twin");
    let out = limited(
        &root,
        16 * 1024,
        &["decisions", "sea-wall", "answer", "relay", "--value", "off"],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("decisions.md: cannot write"), "{stderr}");
    assert!(stderr.contains("so the file is as it was"), "{stderr}");
    assert_eq!(std::fs::read(&twin).expect("the twin"), before);
    let dir = twin.parent().expect("the handoff folder");
    assert_eq!(entries(dir), ["decisions.md", "decisions.md.lock"]);

    let out = root.run(["decisions", "sea-wall", "answer", "relay", "--value", "off"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn validate_fix_stopped_by_a_file_size_limit_exits_2_and_says_the_plan_was_not_written() {
    let root = sea_wall();
    let plan = root.path().join("docs/plans/sea-wall.md");
    let before = std::fs::read(&plan).expect("the plan");
    let out = limited(&root, 16 * 1024, &["validate", "sea-wall", "--fix"]);
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("sea-wall.md"), "{said}");
    assert!(said.contains("1 could not be written"), "{said}");
    assert!(!said.contains("could not be read"), "{said}");
    assert_eq!(std::fs::read(&plan).expect("the plan"), before);
    assert_eq!(entries(&root.path().join("docs/plans")), ["sea-wall.md"]);

    let out = root.run(["validate", "sea-wall", "--fix"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_ne!(std::fs::read(&plan).expect("the plan"), before);
}
