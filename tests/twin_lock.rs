//! CLI tests of the write lock (SPEC §7 Safety) for twins that are
//! symlinks: the lock sits beside the file the links reach, so writers
//! through different links to one file are serialised.

mod common;

use std::path::Path;

use common::{Root, stderr, stdout};

const PLAN: &str = "---\nslug: SLUG\nstatus: active\nphases: 1\n---\n\n# Shared twin SLUG\n\nOne of two plans whose twins are one file.\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos | Exit criteria |\n|------:|-------|------------|-------|---------------|\n| 1 | Only | — | shared | done |\n";

/// A docs root with plans `east` and `west` whose twins are symlinks to
/// one file, `shared/harbour.md`.
fn shared_root() -> Root {
    let root = Root::new();
    let shared = root.path().join("shared");
    std::fs::create_dir_all(&shared).expect("the shared folder");
    std::fs::write(shared.join("harbour.md"), "").expect("the shared twin");
    for slug in ["east", "west"] {
        root.plan(slug, &PLAN.replace("SLUG", slug));
        let dir = root.path().join("docs/handoffs").join(slug);
        std::fs::create_dir_all(&dir).expect("the handoff folder");
        std::os::unix::fs::symlink("../../../shared/harbour.md", dir.join("decisions.md"))
            .expect("the link");
    }
    root
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("a folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn the_locks_are_taken_beside_the_link_and_its_target() {
    let root = shared_root();
    for slug in ["east", "west"] {
        let out = root.run(["decisions", slug, "answer", "stop", "--value", slug]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    assert_eq!(
        names(&root.path().join("shared")),
        ["harbour.md", "harbour.md.lock"]
    );
    for slug in ["east", "west"] {
        assert_eq!(
            names(&root.path().join("docs/handoffs").join(slug)),
            ["decisions.md", "decisions.md.lock"],
            "{slug}: the sidecar lock beside the link, nothing else"
        );
    }
}

#[test]
fn writers_through_two_links_keep_every_row() {
    let root = shared_root();
    let calls = planfile::vocab::KEYS.iter().enumerate().map(|(i, spec)| {
        let slug = if i % 2 == 0 { "east" } else { "west" };
        // A word key's answer is one of its words (SPEC §7).
        let value = spec.words.first().copied().unwrap_or("agreed");
        ["decisions", slug, "answer", spec.key, "--value", value]
    });
    for out in root.run_at_once(calls) {
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    let listed = root.run(["decisions", "east", "list"]);
    assert_eq!(stdout(&listed).lines().count(), 19, "{}", stdout(&listed));
    let text = std::fs::read_to_string(root.path().join("shared/harbour.md")).expect("the twin");
    assert_eq!(text.matches("## Decisions").count(), 1, "{text}");
    assert_eq!(
        names(&root.path().join("shared")),
        ["harbour.md", "harbour.md.lock"]
    );
}
