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
