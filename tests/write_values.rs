//! Values are written as given (SPEC §7): text that starts with `-` is a
//! value, not an option, and a value written and then read by a GFM table
//! reader — pulldown-cmark's, as the oracle — gives back exactly the cleaned
//! value, backslashes next to a pipe included; planfile's own reader agrees.

mod common;

use std::path::PathBuf;

use common::{Root, stderr, stdout};
use planfile::markdown::MarkdownFile;
use planfile::plan::decisions::{DecisionSection, FileKind, ProblemKind};
use planfile::writer::hygiene::{VALUE_MAX_CHARS, clean, escape_pipes};
use proptest::prelude::*;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

const PLAN: &str = "---
slug: lock-gate
status: active
phases: 1
---

# Lock gate

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Paddles | — | lock | paddles open |
";

/// The text a GFM reader shows in each body cell of the one-row table in
/// `markdown`: the text of every cell, in order.
fn gfm_cells(markdown: &str) -> Vec<String> {
    let mut cells = Vec::new();
    let mut cell: Option<String> = None;
    let mut in_head = false;
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::TableHead) => in_head = true,
            Event::End(TagEnd::TableHead) => in_head = false,
            Event::Start(Tag::TableCell) if !in_head => cell = Some(String::new()),
            Event::End(TagEnd::TableCell) => cells.extend(cell.take()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(cell) = cell.as_mut() {
                    cell.push_str(&t);
                }
            }
            _ => {}
        }
    }
    cells
}

/// A one-row twin-style table whose value and evidence cells hold `cell`.
fn table_with(cell: &str) -> String {
    format!(
        "## Decisions\n\n| key | value | evidence |\n|---|---|---|\n| `stop` | {cell} | {cell} |\n"
    )
}

/// Text of letters, spaces, backslashes and pipes, with every backslash
/// either in a run right before a pipe or before a letter or a space: the
/// characters whose reading is the table's business (GFM reads other
/// punctuation after a backslash as Markdown, which a value keeps as
/// written).
fn value_strategy() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            "[a-z]{1,3}",
            Just(" ".to_string()),
            "\\\\{0,4}\\|",
            "\\\\[a-z ]",
        ],
        0..12,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #[test]
    fn a_written_cell_reads_back_under_gfm_as_the_cleaned_value(value in value_strategy()) {
        let cleaned = clean(&value, VALUE_MAX_CHARS);
        prop_assume!(!cleaned.is_empty());
        let table = table_with(&escape_pipes(&cleaned));
        // The oracle: what a GFM reader shows in the two cells.
        prop_assert_eq!(gfm_cells(&table), vec!["stop".to_string(), cleaned.clone(), cleaned.clone()]);
        // planfile's reader reads the same.
        let file = MarkdownFile::from_text(PathBuf::from("decisions.md"), table.clone());
        let section = DecisionSection::read(&file, FileKind::Twin).expect("a section");
        // The table has no state or blocking column, on purpose: only the
        // cells are at stake here.
        prop_assert!(
            section.problems.iter().all(|p| matches!(p.kind, ProblemKind::MissingColumns { .. })),
            "{:?}",
            section.problems
        );
        let rows = section.rows();
        prop_assert_eq!(rows.len(), 1);
        prop_assert_eq!(&rows[0].value, &cleaned);
        prop_assert_eq!(&rows[0].evidence, &cleaned);
    }
}

#[test]
fn backslashes_next_to_a_pipe_round_trip_through_the_writer() {
    let root = Root::new();
    root.plan("lock-gate", PLAN);
    for value in ["\\|", "a \\\\| b", "\\\\\\|", "x|y\\"] {
        let out = root.decisions(
            "lock-gate",
            &["answer", "stop", "--value", value, "--evidence", value],
        );
        assert_eq!(out.status.code(), Some(0), "{value:?}: {}", stderr(&out));
        let listed = root.decisions("lock-gate", &["list", "--format", "json"]);
        let rows: serde_json::Value = serde_json::from_slice(&listed.stdout).expect("JSON");
        assert_eq!(rows[0]["value"], value, "{value:?}");
        assert_eq!(rows[0]["evidence"], value, "{value:?}");
        let twin = std::fs::read_to_string(root.twin_path("lock-gate")).expect("the twin");
        let row_line = twin
            .lines()
            .find(|l| l.starts_with("| `stop`"))
            .expect("the row");
        let cells = gfm_cells(&format!(
            "| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n{row_line}\n"
        ));
        assert_eq!(cells[1], value, "{row_line}");
        assert_eq!(cells[6], value, "{row_line}");
    }
}

#[test]
fn values_that_start_with_a_hyphen_are_values() {
    let root = Root::new();
    root.plan("lock-gate", PLAN);
    let out = root.decisions(
        "lock-gate",
        &[
            "answer",
            "stop",
            "--value",
            "-x",
            "--evidence",
            "--see ticket 7",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "stop\tanswered\top\tno\trun\t-x\n");
    let out = root.decisions(
        "lock-gate",
        &["waive", "relay", "--reason", "-- no relay here"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "relay\twaived\top\tno\trun\t-- no relay here\n"
    );
    let twin = std::fs::read_to_string(root.twin_path("lock-gate")).expect("the twin");
    assert!(
        twin.contains("| `stop` | -x | op | answered | no | run | --see ticket 7 | — |"),
        "{twin}"
    );
}

/// A value, reason or evidence holding `<!--` is refused (exit 2) and
/// nothing is written: in the twin it would open an HTML comment, hiding
/// what follows from a reader, and a `planfile-ignore` comment written that
/// way would silence the twin's checks.
#[test]
fn text_that_opens_an_html_comment_is_refused() {
    let root = Root::new();
    root.plan("lock-gate", PLAN);
    for args in [
        &[
            "answer",
            "stop",
            "--value",
            "x <!-- planfile-ignore-file: F25 -->",
        ][..],
        &[
            "answer",
            "stop",
            "--value",
            "x",
            "--evidence",
            "see <!-- hidden",
        ],
        &[
            "waive",
            "relay",
            "--reason",
            "<!-- planfile-ignore: decision-row-duplicate -->",
        ],
    ] {
        let out = root.decisions("lock-gate", args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("opens an HTML comment in the twin"),
            "{}",
            stderr(&out)
        );
        assert!(!root.twin_path("lock-gate").exists(), "{args:?}");
    }
}
