//! CLI tests: what a person reads shows invisible and control characters
//! escaped as `\u{XXXX}` (SPEC §8) — phase arguments and paths in messages,
//! a `new --title` with nothing visible, and the `list --format table`
//! listing — while TSV and JSON keep the bytes as written.

mod common;

use common::{Root, stderr, stdout};

/// Asserts that `text` holds no raw invisible or control character other
/// than the line breaks that end its lines.
fn all_visible(text: &str) {
    for c in text.chars() {
        assert!(
            c == '\n' || !planfile::error::is_invisible(c),
            "raw U+{:04X} in {text:?}",
            c as u32
        );
    }
}

/// Asserts that `out` exited with `code`, that its stderr holds `needle`
/// and that every invisible character in it is escaped.
fn refused_visibly(out: &std::process::Output, code: i32, needle: &str) {
    let message = stderr(out);
    assert_eq!(out.status.code(), Some(code), "{message}");
    assert!(
        message.contains(needle),
        "{needle:?} missing from: {message}"
    );
    all_visible(&message);
}

#[test]
fn phase_arguments_are_shown_escaped() {
    let root = Root::fixture("writer");
    let cases: &[(&str, &str)] = &[
        ("1\u{200B}", "\"1\\u{200B}\" is not a phase number"),
        ("1\n2", "\"1\\u{A}2\" is not a phase number"),
        ("\u{202E}2", "\"\\u{202E}2\" is not a phase number"),
        ("", "an empty --phase is not a phase number"),
    ];
    for (phase, message) in cases {
        for verb in ["list", "check", "prompt"] {
            let out = root.decisions("quay", &["--phase", phase, verb]);
            assert_eq!(out.status.code(), Some(2), "{phase:?}");
            assert_eq!(
                stderr(&out),
                format!("planfile: {message} (quay has phases: 1 2)\n"),
                "{phase:?} {verb:?}"
            );
        }
    }
    // Digits that overflow a phase number still name a phase: one that is
    // not in the plan, not something that is no number at all.
    for verb in ["list", "check", "prompt"] {
        let out = root.decisions("quay", &["--phase", "99999999999", verb]);
        assert_eq!(
            stderr(&out),
            "planfile: phase 99999999999 is not in this plan (quay has phases: 1 2)\n",
            "{verb:?}"
        );
    }
    let out = root.decisions(
        "quay",
        &["answer", "stop", "--value", "x", "--phase", "2\u{200B}"],
    );
    refused_visibly(&out, 2, "\"2\\u{200B}\" is not a phase number");
    assert!(!root.path().join("docs/handoffs").exists());
}

#[test]
fn paths_in_messages_are_shown_escaped() {
    let root = Root::fixture("writer");
    let promote = ["promote", "--from-ruling", "r-1", "--rulings"];
    let out = root.decisions("quay", &[&promote[..], &["l\u{200B}.ndjson"]].concat());
    refused_visibly(
        &out,
        2,
        "planfile: l\\u{200B}.ndjson: no rulings ledger here",
    );

    let ledger = root.path().join("r\u{200B}.ndjson");
    std::fs::write(
        &ledger,
        "{\"type\":\"ruling\",\"id\":\"r-1\",\"what\":\"x\"}\n",
    )
    .expect("ledger");
    let ledger = ledger.to_str().expect("a UTF-8 path");
    let out = root.decisions("quay", &[&promote[..], &[ledger]].concat());
    refused_visibly(
        &out,
        2,
        "r\\u{200B}.ndjson:1: ruling \"r-1\" names no decisionKey",
    );

    let out = root.run(["--root", "pr\u{200B}", "decisions", "quay", "list"]);
    refused_visibly(&out, 2, "pr\\u{200B}/docs/plans/quay.md: no such plan");
}

#[test]
fn the_writers_messages_show_paths_escaped() {
    let outer = tempfile::tempdir().expect("a folder");
    let base = outer.path().join("harbour\u{200B}docs");
    common::copy_dir(&common::fixtures().join("writer"), &base);
    let root = Root { dir: outer };
    let twin = base.join("docs/handoffs/quay/decisions.md");
    std::fs::create_dir_all(twin.parent().expect("a folder")).expect("handoffs");
    std::fs::write(
        &twin,
        "## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `stop` | a | op | answered | no | run | e | — |\n| `stop` | b | op | answered | no | run | e | — |\n",
    )
    .expect("a twin edited by hand");
    for twin_text in [None, Some("# D\n\n##Decisions\n")] {
        if let Some(text) = twin_text {
            std::fs::write(&twin, text).expect("the twin");
        }
        let out = root
            .cmd()
            .env("DOCS_ROOT", &base)
            .args(["decisions", "quay", "answer", "stop", "--value", "c"])
            .output()
            .expect("run");
        refused_visibly(
            &out,
            1,
            "harbour\\u{200B}docs/docs/handoffs/quay/decisions.md",
        );
    }
}

#[test]
fn a_title_with_nothing_visible_is_refused() {
    let root = Root::new();
    for title in [
        "\u{200B}",
        " \u{202E} ",
        "\u{A0}",
        "\u{FEFF}\u{2060}",
        "\u{E0020}",
    ] {
        let out = root.run(["new", "t3", "--title", title]);
        refused_visibly(&out, 2, "has no visible text");
        assert!(!root.path().join("docs/plans/t3.md").exists(), "{title:?}");
    }
    root.cmd()
        .args(["new", "t3", "--title", "Tide \u{200B}gauge"])
        .assert()
        .code(0);
}

#[test]
fn the_table_listing_shows_look_alikes_escaped() {
    let root = Root::fixture("writer");
    let value = "halt\u{200B} \u{202E}now";
    let by = "crane\u{200D}lead";
    let out = root.decisions("quay", &["answer", "stop", "--value", value, "--by", by]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let table = root.decisions("quay", &["list", "--format", "table"]);
    assert_eq!(table.status.code(), Some(0));
    let shown = stdout(&table);
    all_visible(&shown);
    assert!(shown.contains("halt\\u{200B} \\u{202E}now"), "{shown}");
    assert!(shown.contains("crane\\u{200D}lead"), "{shown}");
    let column = |line: &str, word: &str| line.find(word).map(|i| line[..i].chars().count());
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(
        column(lines[0], "VALUE"),
        column(lines[1], "halt"),
        "columns stay aligned: {shown}"
    );

    let tsv = root.decisions("quay", &["list"]);
    assert!(stdout(&tsv).contains(&format!(
        "stop\tanswered\tcrane\u{200D}lead\tno\trun\t{value}\n"
    )));
    let json = root.decisions("quay", &["list", "--format", "json"]);
    let rows: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let stop = rows
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["key"] == "stop"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(stop["value"].as_str(), Some(value));
}
