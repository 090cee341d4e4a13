//! The lint, `validate` and `phase-graph` on input that tries to break them:
//! near-miss and swallowed Decisions headings, unclosed blocks, odd plan
//! folders, closed pipes, empty graphs, huge ranges and counts, broken
//! frontmatter, and folders among the handoffs.

mod common;

use common::{Root, stderr, stdout};

/// A clean two-phase plan with `extra` inserted before its `## Phases`
/// section.
fn plan_with(slug: &str, extra: &str) -> String {
    format!(
        "---\nslug: {slug}\nstatus: active\nphases: 2\n---\n\n# {slug}\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | One | — | r |\n| 2 | Two | 1 | r |\n\n{extra}## Phases\n\n### Phase 1 — One\n- **Verification:** `true`\n\n### Phase 2 — Two\n- **Verification:** `true`\n"
    )
}

fn run(root: &Root, args: &[&str]) -> std::process::Output {
    root.cmd().args(args).output().expect("run planfile")
}

#[test]
fn a_folder_among_the_handoffs_is_skipped() {
    let root = Root::new();
    root.plan("kiln", &plan_with("kiln", ""));
    let handoff = root.handoff(
        "kiln",
        "phase-2-a.md",
        "---\nstatus: complete\n---\n## What this phase did\n\nFired the kiln.\n",
    );
    let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&handoff)
        .and_then(|f| f.set_modified(an_hour_ago))
        .expect("age the handoff");
    std::fs::create_dir_all(root.path().join("docs/handoffs/kiln/phase-02-dir.md"))
        .expect("a folder named like a handoff");
    let output = run(&root, &["phase-graph", "kiln", "--lint"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "LINT OK: kiln — 2 phases, well-formed and acyclic\n"
    );
}

#[test]
fn concise_marks_findings_that_do_not_gate() {
    let root = Root::new();
    let unverified = plan_with("kiln", "").replace("`true`", "by eye");
    root.plan("kiln", &unverified);
    root.plan(
        "shed",
        &unverified
            .replace("kiln", "shed")
            .replace("status: active", "status: complete"),
    );
    let output = run(&root, &["validate", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    for line in &lines[..2] {
        assert!(line.starts_with("docs/plans/kiln.md:"), "{line}");
        assert!(
            line.ends_with("write the command that proves the phase done"),
            "{line}"
        );
    }
    for line in &lines[2..] {
        assert!(line.starts_with("docs/plans/shed.md:"), "{line}");
        assert!(line.ends_with(" (closed plan, not gating)"), "{line}");
    }

    std::fs::write(
        root.path().join("planfile.toml"),
        "[lint]\nadvisory = [\"F14\"]\n",
    )
    .expect("write planfile.toml");
    let output = run(&root, &["validate", "kiln", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = stdout(&output);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(
        out.lines().all(|l| l.ends_with(" (advisory, not gating)")),
        "{out}"
    );
}
