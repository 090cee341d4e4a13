//! Crash safety of the twin writer (SPEC §7 Safety): a write stopped at any
//! step — an I/O error, a panic, or the process ending at once — leaves the
//! twin byte for byte the old file or the new one, readable, and the next
//! write succeeds with no temporary file left behind.
//!
//! Run with `cargo test --features failpoints --test crash_safety`.

#![cfg(feature = "failpoints")]

mod common;

use std::path::Path;

use common::{Root, stderr, stdout};

const PLAN: &str = "---
slug: lock-gates
status: active
phases: 1
---

# Canal lock gates

Motorise the canal lock gates.

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Gate motors | — | canal | gates open on command |
";

const TWIN: &str = "# Decisions — lock-gates

## Decisions

| key | value | owner | state | blocking | source | evidence | phase |
|---|---|---|---|---|---|---|---|
| `issues` | off | op | answered | no | run | decisions.sh 2026-09-01 | — |
";

/// The fail points of a write, in step order (src/manifest/write/atomic.rs).
const STEPS: [&str; 4] = [
    "twin-write-temp-created",
    "twin-write-temp-synced",
    "twin-write-renamed",
    "twin-write-dir-synced",
];

/// How a step is made to fail: an I/O error, a panic, the process ending.
const ACTIONS: [&str; 3] = ["return", "panic", "return(exit)"];

const ANSWER: [&str; 6] = [
    "decisions",
    "lock-gates",
    "answer",
    "stop",
    "--value",
    "close the paddles",
];

fn setup(with_twin: bool) -> Root {
    let root = Root::new();
    root.plan("lock-gates", PLAN);
    if with_twin {
        root.twin("lock-gates", TWIN);
    }
    root
}

/// The twin's bytes after an undisturbed write of [`ANSWER`].
fn new_bytes(with_twin: bool) -> Vec<u8> {
    let root = setup(with_twin);
    root.cmd().args(ANSWER).assert().code(0);
    std::fs::read(root.twin_path("lock-gates")).expect("the written twin")
}

/// Names in the handoff folder other than the twin and its lock.
fn temp_files(root: &Root) -> Vec<String> {
    let dir = root.path().join("docs/handoffs/lock-gates");
    match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n != "decisions.md" && n != "decisions.md.lock")
            .collect(),
        Err(_) => Vec::new(),
    }
}

fn read(path: &Path) -> Option<Vec<u8>> {
    std::fs::read(path).ok()
}

#[test]
fn a_write_stopped_at_any_step_leaves_the_old_or_the_new_file() {
    for with_twin in [true, false] {
        let old = with_twin.then(|| TWIN.as_bytes().to_vec());
        let new = new_bytes(with_twin);
        for step in STEPS {
            for action in ACTIONS {
                let what = format!("{step}={action} (twin before: {with_twin})");
                let root = setup(with_twin);
                let out = root
                    .cmd()
                    .env("FAILPOINTS", format!("{step}={action}"))
                    .args(ANSWER)
                    .output()
                    .expect("run");
                assert_ne!(out.status.code(), Some(0), "{what}: the write should fail");
                assert!(stdout(&out).is_empty(), "{what}");

                let after = read(&root.twin_path("lock-gates"));
                assert!(
                    after == old || after.as_ref() == Some(&new),
                    "{what}: the twin is neither the old nor the new file: {:?}",
                    after.map(|b| String::from_utf8_lossy(&b).into_owned())
                );
                if after.is_some() {
                    let listed = root
                        .cmd()
                        .args(["decisions", "lock-gates", "list"])
                        .output()
                        .expect("list");
                    assert_eq!(listed.status.code(), Some(0), "{what}: {}", stderr(&listed));
                    if with_twin {
                        assert!(
                            stdout(&listed).contains("issues\tanswered\top\tno\trun\toff\n"),
                            "{what}"
                        );
                    }
                }
                if action != "return(exit)" {
                    assert!(
                        temp_files(&root).is_empty(),
                        "{what}: left {:?}",
                        temp_files(&root)
                    );
                }

                let next = root
                    .cmd()
                    .args([
                        "decisions",
                        "lock-gates",
                        "answer",
                        "relay",
                        "--value",
                        "off",
                    ])
                    .output()
                    .expect("the next write");
                assert_eq!(next.status.code(), Some(0), "{what}: {}", stderr(&next));
                assert!(
                    temp_files(&root).is_empty(),
                    "{what}: left {:?}",
                    temp_files(&root)
                );
                let listed = root
                    .cmd()
                    .args(["decisions", "lock-gates", "list"])
                    .output()
                    .expect("list");
                let listing = stdout(&listed);
                assert!(
                    listing.contains("relay\tanswered\top\tno\trun\toff\n"),
                    "{what}: {listing}"
                );
                if with_twin {
                    assert!(
                        listing.contains("issues\tanswered\top\tno\trun\toff\n"),
                        "{what}"
                    );
                }
            }
        }
    }
}

/// How long a write pauses at a fail point while a test signals it, in
/// milliseconds: long enough for the test to see it paused.
const PAUSE_MS: u64 = 4000;

/// Starts [`ANSWER`] in `root`, paused for [`PAUSE_MS`] at fail point
/// `step`; `before_exec` runs in the child before `planfile` starts.
fn spawn_paused(root: &Root, step: &str, ignore_hangups: bool) -> std::process::Child {
    use std::os::unix::process::CommandExt;
    let mut cmd = root.command();
    cmd.env("FAILPOINTS", format!("{step}=sleep({PAUSE_MS})"))
        .args(ANSWER)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    if ignore_hangups {
        // SAFETY: `signal` is async-signal-safe, as code between fork and
        // exec must be; it only sets the child's disposition of SIGHUP.
        unsafe {
            cmd.pre_exec(|| {
                libc::signal(libc::SIGHUP, libc::SIG_IGN);
                Ok(())
            });
        }
    }
    cmd.spawn().expect("spawn planfile")
}

/// Waits (at most 30 s) until `ready` holds.
fn wait_until(what: &str, mut ready: impl FnMut() -> bool) {
    let start = std::time::Instant::now();
    while !ready() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(30),
            "timed out waiting until {what}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Sends `signal` to `child`.
fn send(child: &std::process::Child, signal: i32) {
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    // SAFETY: kill has no memory-safety preconditions.
    let sent = unsafe { libc::kill(pid, signal) };
    assert_eq!(sent, 0, "kill {pid}");
}

#[test]
fn a_terminating_signal_during_a_write_leaves_no_temporary_file() {
    use std::os::unix::process::ExitStatusExt;
    let new = new_bytes(true);
    let signals = [
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGINT, "SIGINT"),
        (libc::SIGHUP, "SIGHUP"),
    ];
    // One write per signal and step, all paused at once with their
    // temporary file beside the twin.
    let runs: Vec<_> = signals
        .into_iter()
        .flat_map(|s| [(s, STEPS[0]), (s, STEPS[1])])
        .map(|(signal, step)| {
            let root = setup(true);
            let child = spawn_paused(&root, step, false);
            (signal, step, root, child)
        })
        .collect();
    // Each signalled while paused, then all awaited.
    for ((signal, name), step, root, child) in &runs {
        wait_until(
            &format!("{name} at {step}: the temporary file exists"),
            || !temp_files(root).is_empty(),
        );
        send(child, *signal);
    }
    for ((signal, name), step, root, child) in runs {
        let what = format!("{name} at {step}");
        let out = child.wait_with_output().expect("wait for planfile");
        assert_eq!(
            out.status.signal(),
            Some(signal),
            "{what}: planfile ends by the signal ({:?}); stderr: {}",
            out.status,
            stderr(&out)
        );
        assert!(
            temp_files(&root).is_empty(),
            "{what}: left {:?}",
            temp_files(&root)
        );
        assert_eq!(
            read(&root.twin_path("lock-gates")).as_ref(),
            Some(&new),
            "{what}: the write is finished before the signal acts"
        );
        let err = stderr(&out);
        assert!(
            err.contains(&format!("planfile: {name} arrived while "))
                && err.contains("the write was finished first"),
            "{what}: {err}"
        );
        assert_eq!(stdout(&out), "", "{what}");
    }
}

#[test]
fn a_terminating_signal_after_the_write_acts_at_once() {
    use std::os::unix::process::ExitStatusExt;
    let new = new_bytes(true);
    let root = setup(true);
    let twin = root.twin_path("lock-gates");
    let child = spawn_paused(&root, "twin-write-read-back", false);
    wait_until("the twin is written", || {
        read(&twin).as_ref() == Some(&new) && temp_files(&root).is_empty()
    });
    // The folder is synced right after the rename; then the write pauses
    // before the read-back for the rest of PAUSE_MS.
    std::thread::sleep(std::time::Duration::from_millis(PAUSE_MS / 4));
    let sent = std::time::Instant::now();
    send(&child, libc::SIGTERM);
    let out = child.wait_with_output().expect("wait for planfile");
    assert_eq!(out.status.signal(), Some(libc::SIGTERM), "{}", stderr(&out));
    assert!(
        sent.elapsed() < std::time::Duration::from_millis(PAUSE_MS),
        "the signal waited for the pause to end"
    );
    assert_eq!(stdout(&out), "");
    assert!(!stderr(&out).contains("arrived while"), "{}", stderr(&out));
}

#[test]
fn an_ignored_hangup_stays_ignored() {
    let root = setup(true);
    let child = spawn_paused(&root, STEPS[0], true);
    wait_until("the temporary file exists", || {
        !temp_files(&root).is_empty()
    });
    send(&child, libc::SIGHUP);
    let out = child.wait_with_output().expect("wait for planfile");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "stop\tanswered\top\tno\trun\tclose the paddles\n"
    );
    assert_eq!(stderr(&out), "");
    assert!(temp_files(&root).is_empty(), "left {:?}", temp_files(&root));
}
