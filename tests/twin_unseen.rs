//! CLI tests: a twin with no `## Decisions` section the reader finds, but a
//! near-miss heading, table lines, or a section swallowed by a fence or a
//! comment never closed, is refused rather than given a second section
//! (SPEC §7, a twin the writer cannot safely edit). The twins are in
//! fixtures/writer/unseen-twins (see its README).

mod common;

use common::{Root, fixtures, stderr, stdout};

/// Each fixture twin, the line the refusal names, and the edit that fixes
/// the twin (text replaced, by what).
const CASES: &[(&str, usize, &str, &str)] = &[
    ("nbsp-heading", 5, "##\u{A0}Decisions", "## Decisions"),
    ("no-space-heading", 5, "##Decisions", "## Decisions"),
    (
        "zero-width-heading",
        5,
        "## \u{200B}Decisions",
        "## Decisions",
    ),
    ("level-3-heading", 5, "### Decisions", "## Decisions"),
    ("level-1-heading", 5, "\n# Decisions\n", "\n## Decisions\n"),
    (
        "setext-level-1-heading",
        5,
        "Decisions\n=========",
        "## Decisions",
    ),
    ("table-without-heading", 7, "## Notes", "## Decisions"),
    ("unclosed-fence", 5, "quay list\n", "quay list\n```\n"),
    (
        "unclosed-comment",
        5,
        "harbour office\n",
        "harbour office -->\n",
    ),
];

fn fixture_twin(name: &str) -> String {
    let path = fixtures()
        .join("writer/unseen-twins")
        .join(format!("{name}.md"));
    std::fs::read_to_string(path).expect("the fixture twin")
}

fn answer(root: &Root, extra: &[&str]) -> std::process::Output {
    let args = ["decisions", "quay", "answer", "relay", "--value", "off"];
    root.run(args.iter().chain(extra))
}

#[test]
fn near_misses_are_refused_and_write_once_fixed() {
    for (name, line, from, to) in CASES {
        let root = Root::fixture("writer");
        let text = fixture_twin(name);
        assert!(text.contains(from), "{name}: the fixture holds {from:?}");
        let twin = root.twin("quay", &text);
        let at = format!("docs/handoffs/quay/decisions.md:{line}: ");

        for extra in [&["--dry-run"][..], &[]] {
            let out = answer(&root, extra);
            assert_eq!(
                out.status.code(),
                Some(1),
                "{name} {extra:?}: {}",
                stderr(&out)
            );
            assert_eq!(stdout(&out), "", "{name} {extra:?}");
            let message = stderr(&out);
            assert!(message.contains(&at), "{name}: {message}");
            assert!(
                message.contains("\"## Decisions\"") || message.contains("close the"),
                "{name}: {message}"
            );
            assert!(
                message.trim_end().ends_with("nothing written"),
                "{name}: {message}"
            );
            assert!(
                !message.contains('\u{A0}') && !message.contains('\u{200B}'),
                "{name}: {message}"
            );
            assert_eq!(
                std::fs::read_to_string(&twin).expect("the twin"),
                text,
                "{name}"
            );
            let beside: Vec<_> = std::fs::read_dir(twin.parent().expect("a folder"))
                .expect("the handoff folder")
                .flatten()
                .map(|e| e.file_name())
                .collect();
            assert_eq!(
                beside,
                vec![std::ffi::OsString::from("decisions.md")],
                "{name}"
            );
        }

        std::fs::write(&twin, text.replacen(from, to, 1)).expect("fix the twin");
        let out = answer(&root, &[]);
        assert_eq!(out.status.code(), Some(0), "{name} fixed: {}", stderr(&out));
        let listed = root.run(["decisions", "quay", "list"]);
        assert_eq!(
            stdout(&listed),
            "stop\tanswered\tcrane-lead\tno\trun\thalt the crane and page the harbour master\n\
             relay\tanswered\top\tyes\trun\toff\n",
            "{name}: the hand-written row is read once the twin is fixed"
        );
        let written = std::fs::read_to_string(&twin).expect("the twin");
        assert_eq!(
            written.matches("Decisions\n").count(),
            1,
            "{name}: one section\n{written}"
        );
    }
}

#[test]
fn a_twin_without_anything_like_a_section_still_gets_one() {
    let root = Root::fixture("writer");
    let text =
        "# Decisions — quay\n\nNotes from the harbour office.\n\n```\n| not | a table |\n```\n";
    root.twin("quay", text);
    let out = answer(&root, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(root.twin_path("quay")).expect("the twin");
    assert!(written.starts_with(text), "{written}");
    assert!(
        written.ends_with(
            "\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `relay` | off | op | answered | yes | run | decisions.sh 2026-09-14 | — |\n"
        ),
        "{written}"
    );
}

#[test]
fn a_swallowed_section_is_explained_by_what_swallows_it() {
    for (name, says, not) in [
        (
            "unclosed-comment",
            "the HTML comment opened here is never closed (no \"-->\")",
            "code fence",
        ),
        (
            "unclosed-fence",
            "the code fence opened here (\"",
            "HTML comment",
        ),
    ] {
        let root = Root::fixture("writer");
        root.twin("quay", &fixture_twin(name));
        let out = answer(&root, &["--dry-run"]);
        assert_eq!(out.status.code(), Some(1), "{name}");
        let message = stderr(&out);
        assert!(message.contains(says), "{name}: {message}");
        assert!(!message.contains(not), "{name}: {message}");
    }
}
