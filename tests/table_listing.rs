//! `decisions <SLUG> list --format table` (SPEC §5.2): one line per
//! decision that fits the width ($COLUMNS, else the terminal's, else 100
//! columns), long values cut with `…`; colour per state as `--color`,
//! `NO_COLOR` and `FORCE_COLOR` decide (SPEC §9, §10.1).

mod common;

use common::{Root, stderr, stdout};
use unicode_width::UnicodeWidthStr;

/// `list --format table` of the example plan with `env` set (and the
/// variables in `unset` removed) and `extra` arguments.
fn table(env: &[(&str, &str)], unset: &[&str], extra: &[&str]) -> String {
    let root = Root::fixture("example");
    let mut cmd = root.cmd();
    cmd.args(["decisions", "demo", "list", "--format", "table"])
        .args(extra);
    for (k, v) in env {
        cmd.env(k, v);
    }
    for k in unset {
        cmd.env_remove(k);
    }
    let out = cmd.output().expect("planfile runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    stdout(&out)
}

fn widest(text: &str) -> usize {
    text.lines().map(UnicodeWidthStr::width).max().unwrap_or(0)
}

#[test]
fn the_table_fits_the_width_with_one_line_per_decision() {
    for (columns, want) in [(Some("120"), 120), (Some("100"), 100), (None, 100)] {
        let env: Vec<(&str, &str)> = columns.iter().map(|c| ("COLUMNS", *c)).collect();
        let text = table(&env, &[], &[]);
        assert_eq!(text.lines().count(), 1 + 19, "{text}");
        assert_eq!(widest(&text), want, "{columns:?}:\n{text}");
        assert!(
            text.lines().all(|l| l == l.trim_end()),
            "no trailing spaces"
        );
        let policy = text
            .lines()
            .find(|l| l.starts_with("permission.policy "))
            .expect("the permission.policy row");
        assert!(policy.ends_with('…'), "{policy}");
        assert!(policy.contains("allow reads, build"), "{policy}");
    }
}

#[test]
fn a_wide_table_shows_every_value_whole() {
    let text = table(&[("COLUMNS", "400")], &[], &[]);
    assert!(!text.contains('…'), "{text}");
    assert!(
        text.contains("allow reads, builds and `kubectl get`; ask before any other network write; an ask goes to the on-call operator"),
        "{text}"
    );
    assert!(widest(&text) < 400);
}

#[test]
fn colour_follows_the_flag_then_no_color_then_force_color() {
    let coloured = |text: &str| text.contains("\u{1b}[");
    // Root::cmd sets NO_COLOR=1; stdout is a pipe.
    assert!(!coloured(&table(&[], &[], &[])));
    assert!(!coloured(&table(&[], &["NO_COLOR"], &[])), "not a terminal");
    let always = table(&[], &[], &["--color", "always"]);
    assert!(coloured(&always), "--color always beats NO_COLOR");
    assert!(
        always.lines().nth(1).is_some_and(|l| l.contains("\u{1b}[")),
        "{always}"
    );
    assert!(coloured(&table(
        &[("FORCE_COLOR", "1")],
        &["NO_COLOR"],
        &[]
    )));
    assert!(
        !coloured(&table(&[("FORCE_COLOR", "1")], &[], &[])),
        "NO_COLOR wins"
    );
    assert!(!coloured(&table(
        &[("FORCE_COLOR", "1")],
        &["NO_COLOR"],
        &["--color", "never"]
    )));
    assert!(coloured(&table(&[], &[], &["--color=always"])));
    // The colour codes change no column: without them the lines are the same.
    let plain = table(&[], &[], &[]);
    let stripped: String = strip_ansi(&always);
    assert_eq!(stripped, plain);
}

#[test]
fn validate_follows_the_global_color_option() {
    let root = Root::new();
    root.plan(
        "lamp",
        "---\nstatus: active\n---\n# Lamp\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | Fit | — | lamp |\n\n## Phases\n\n### Phase 1 — Fit\n- **Verification:** none yet\n",
    );
    let run = |args: &[&str]| {
        let out = root
            .cmd()
            .arg("validate")
            .args(args)
            .output()
            .expect("planfile runs");
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        stdout(&out)
    };
    assert!(!run(&[]).contains('\u{1b}'));
    assert!(run(&["--color", "always"]).contains('\u{1b}'));
    assert!(!run(&["--color", "never"]).contains('\u{1b}'));
}

/// `text` without its ANSI colour codes (`ESC [ … m`).
fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `COLUMNS` wider than any table is taken as the widest width, not
/// dropped for the default of 100: nothing is cut.
#[test]
fn a_very_wide_columns_cuts_nothing() {
    let root = Root::fixture("example");
    let out = root
        .cmd()
        .env("COLUMNS", "100000")
        .args(["decisions", "demo", "list", "--format", "table"])
        .output()
        .expect("run planfile");
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(!text.contains('…'), "{text}");
    assert!(
        text.contains("an ask goes to the on-call operator"),
        "{text}"
    );
}
