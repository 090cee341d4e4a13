//! CLI tests of the write verbs' options (SPEC §7, §8, §9): a hyphen value
//! for `--phase`, the help text, the wording of empty options, `PE_TODAY`,
//! the note when a cell is cut, and the `--dry-run` diff of a new twin and
//! of a twin whose lines end in a lone CR.

mod common;

use common::{Root, stderr, stdout};

fn root() -> Root {
    Root::fixture("writer")
}

#[test]
fn a_negative_phase_reaches_the_phase_refusal() {
    let root = root();
    for args in [
        &["--phase", "-1", "list"][..],
        &["answer", "stop", "--value", "x", "--phase", "-1"],
        &["--phase=-1", "answer", "stop", "--value", "x"],
    ] {
        let out = root.decisions("quay", args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&out),
            "planfile: \"-1\" is not a phase number (quay has phases: 1 2)\n",
            "{args:?}"
        );
        assert!(!root.path().join("docs/handoffs").exists());
    }
}

#[test]
fn help_says_what_each_option_defaults_to_and_accepts() {
    let help = |verb: &str| {
        let out = root().run(["decisions", "quay", verb, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{verb}");
        stdout(&out)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let cases: &[(&str, &str)] = &[
        (
            "promote",
            "--key <KEY> The key to write; default: the ruling's decisionKey",
        ),
        (
            "promote",
            "default: `ruling <id>` for promote, else `decisions.sh <today>`",
        ),
        ("answer", "default: $PE_OWNER, else user@host"),
        ("list", "Possible values: - tsv:"),
        ("list", "- table: An aligned table"),
        ("check", "Possible values: - text:"),
        // Every option a verb accepts is in its synopsis.
        (
            "waive",
            "Usage: planfile decisions SLUG [--phase N] waive KEY --reason TEXT [--by WHO] [--blocking yes|no]",
        ),
        ("answer", "[--blocking yes|no]"),
    ];
    for (verb, needle) in cases {
        let help = help(verb);
        assert!(help.contains(needle), "{needle:?} missing from: {help}");
    }
    assert!(!help("promote").contains("when the ruling names none"));
}

#[test]
fn an_empty_option_says_whether_it_may_be_left_out() {
    let root = root();
    let cases: &[(&[&str], &str)] = &[
        (
            &["answer", "stop", "--value", ""],
            "decisions answer: --value is empty; give it a value\n",
        ),
        (
            &["waive", "stop", "--reason", ""],
            "decisions waive: --reason is empty; give it a value\n",
        ),
        (
            &["promote", "--from-ruling", ""],
            "decisions promote: --from-ruling is empty; give it a value\n",
        ),
        (
            &["answer", "stop", "--value", "x", "--by", ""],
            "decisions answer: --by is empty; give it a value or leave it out\n",
        ),
        (
            &["answer", "stop", "--value", "x", "--evidence", ""],
            "decisions answer: --evidence is empty; give it a value or leave it out\n",
        ),
        (
            &["answer", "stop", "--value", " \t"],
            "--value is empty once control characters and spaces are removed; give it a value\n",
        ),
        (
            &["answer", "stop", "--value", "x", "--evidence", "\n"],
            "--evidence is empty once control characters and spaces are removed; give it a value or leave it out\n",
        ),
    ];
    for (args, message) in cases {
        let out = root.decisions("quay", args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), format!("planfile: {message}"), "{args:?}");
    }
    assert!(!root.path().join("docs/handoffs").exists());
}

#[test]
fn pe_today_must_be_a_real_date() {
    let root = root();
    for bad in [
        "not-a-date",
        "2026-02-30",
        "2026-9-14",
        "2026-09-14T10:00",
        "20260914",
    ] {
        for extra in [&[][..], &["--dry-run"]] {
            let out = root
                .cmd()
                .env("PE_TODAY", bad)
                .args(["decisions", "quay", "answer", "stop", "--value", "halt"])
                .args(extra)
                .output()
                .expect("run");
            assert_eq!(out.status.code(), Some(2), "{bad}");
            assert_eq!(stdout(&out), "", "{bad}");
            assert_eq!(
                stderr(&out),
                format!(
                    "planfile: $PE_TODAY is \"{bad}\", which is not a real YYYY-MM-DD date; fix or unset it and run again\n"
                )
            );
            assert!(!root.path().join("docs/handoffs").exists(), "{bad}");
        }
    }
    let out = root
        .cmd()
        .env("PE_TODAY", "2028-02-29")
        .args(["decisions", "quay", "waive", "stop", "--reason", "n/a"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let twin = std::fs::read_to_string(root.twin_path("quay")).expect("the twin");
    assert!(twin.contains("| decisions.sh 2028-02-29 |"), "{twin}");
}

#[test]
fn a_cut_cell_is_noted_on_stderr() {
    let root = root();
    let value = "v".repeat(612);
    let evidence = "e ".repeat(150);
    let owner = "o".repeat(70);
    let out = root.decisions(
        "quay",
        &[
            "answer",
            "stop",
            "--value",
            &value,
            "--evidence",
            &evidence,
            "--by",
            &owner,
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "planfile: note: the owner cell was cut to 64 characters, the most it holds (the text from --by is longer)\n\
         planfile: note: the evidence cell was cut to 200 characters, the most it holds (the text from --evidence is longer)\n\
         planfile: note: the value cell was cut to 500 characters, the most it holds (the text from --value is longer)\n"
    );
    assert_eq!(
        stdout(&out),
        format!(
            "stop\tanswered\t{}\tno\trun\t{}\n",
            "o".repeat(64),
            "v".repeat(500)
        )
    );

    let exactly = root.decisions(
        "quay",
        &[
            "answer",
            "stop",
            "--value",
            &"w".repeat(500),
            "--evidence",
            &format!("{}   ", "e".repeat(200)),
        ],
    );
    assert_eq!(exactly.status.code(), Some(0));
    assert_eq!(stderr(&exactly), "", "nothing is cut, nothing is noted");

    let ledger = root.path().join("rulings.ndjson");
    std::fs::write(
        &ledger,
        format!(
            "{{\"type\":\"ruling\",\"id\":\"r-1\",\"decisionKey\":\"budgets\",\"what\":\"{}\"}}\n",
            "w".repeat(501)
        ),
    )
    .expect("the ledger");
    let ledger = ledger.to_str().expect("a UTF-8 path");
    let out = root.decisions(
        "quay",
        &[
            "promote",
            "--from-ruling",
            "r-1",
            "--dry-run",
            "--rulings",
            ledger,
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "planfile: note: the value cell was cut to 500 characters, the most it holds (the text from the ruling's \"what\" is longer)\n"
    );
}

#[test]
fn dry_run_of_a_new_twin_diffs_against_dev_null() {
    let root = root();
    let out = root.decisions("quay", &["answer", "stop", "--value", "halt", "--dry-run"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let diff = stdout(&out);
    assert!(
        diff.starts_with("--- /dev/null\n+++ b/docs/handoffs/quay/decisions.md\n@@ -0,0 +1,9 @@\n+# Decisions — quay\n"),
        "{diff}"
    );
    assert!(!root.path().join("docs/handoffs").exists());

    assert_eq!(
        root.decisions("quay", &["answer", "stop", "--value", "halt"])
            .status
            .code(),
        Some(0)
    );
    let out = root.decisions("quay", &["answer", "stop", "--value", "go on", "--dry-run"]);
    assert!(
        stdout(&out).starts_with(
            "--- a/docs/handoffs/quay/decisions.md\n+++ b/docs/handoffs/quay/decisions.md\n"
        ),
        "{}",
        stdout(&out)
    );
}

/// A root whose twin holds an answered `stop` row, its line ends rewritten
/// by `line_ends`; the root, the twin's path and the text written.
fn twin_with_line_ends(line_ends: impl Fn(&str) -> String) -> (Root, std::path::PathBuf, String) {
    let root = root();
    let out = root.decisions("quay", &["answer", "stop", "--value", "halt"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let twin = root.twin_path("quay");
    let text = line_ends(&std::fs::read_to_string(&twin).expect("the twin"));
    std::fs::write(&twin, &text).expect("the twin rewritten");
    (root, twin, text)
}

#[test]
fn dry_run_of_a_lone_cr_twin_shows_lines_and_says_so() {
    let (root, twin, cr_only) = twin_with_line_ends(|t| t.replace('\n', "\r"));

    let out = root.decisions("quay", &["answer", "stop", "--value", "go on", "--dry-run"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let diff = stdout(&out);
    assert!(!diff.contains('\r'), "{diff:?}");
    assert!(
        diff.contains("\n-| `stop` | halt | op | answered | no | run | decisions.sh 2026-09-14 | — |\n+| `stop` | go on | op | answered | no | run | decisions.sh 2026-09-14 | — |\n"),
        "{diff:?}"
    );
    assert!(
        diff.starts_with("--- a/docs/handoffs/quay/decisions.md\n"),
        "{diff:?}"
    );
    assert!(
        stderr(&out).contains(
            "decisions.md: the twin's lines end in a lone CR (\\r); the diff shows them ending in LF"
        ),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&twin).expect("the twin"), cr_only);

    // The write itself keeps the lone CRs; a CRLF twin's diff keeps its
    // CRLF lines and needs no note.
    let out = root.decisions("quay", &["answer", "stop", "--value", "go on"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(&twin).expect("the twin");
    assert!(
        !written.contains('\n') && written.contains("| go on |"),
        "{written:?}"
    );
    std::fs::write(&twin, written.replace('\r', "\r\n")).expect("a CRLF twin");
    let out = root.decisions("quay", &["answer", "stop", "--value", "halt", "--dry-run"]);
    assert!(
        stdout(&out)
            .contains("| go on | op | answered | no | run | decisions.sh 2026-09-14 | — |\r\n")
    );
    assert_eq!(stderr(&out), "");
}

/// A CRLF twin's dry run keeps each line's CR (no note about lone CRs, no
/// line shown twice): only a lone CR is shown as LF.
#[test]
fn dry_run_of_a_crlf_twin_keeps_its_line_ends() {
    let (root, _, _) = twin_with_line_ends(|t| t.replace('\n', "\r\n"));
    let out = root.decisions("quay", &["answer", "stop", "--value", "go on", "--dry-run"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let diff = stdout(&out);
    assert!(
        diff.contains("\r\n-| `stop` | halt | op | answered | no | run | decisions.sh 2026-09-14 | — |\r\n+| `stop` | go on | op | answered | no | run | decisions.sh 2026-09-14 | — |\r\n"),
        "{diff:?}"
    );
    assert!(!diff.contains("\n\n"), "{diff:?}");
    assert!(!stderr(&out).contains("lone CR"), "{}", stderr(&out));
}

#[test]
fn dry_run_of_a_twin_with_mixed_line_ends_shows_each_line_once() {
    // CRLF everywhere, but for one lone CR after the title line.
    let (root, twin, mixed) =
        twin_with_line_ends(|t| t.replace('\n', "\r\n").replacen("\r\n", "\r", 1));

    let out = root.decisions("quay", &["answer", "stop", "--value", "go on", "--dry-run"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let diff = stdout(&out);
    // The lone CR is shown as a line end; the CRLF lines keep their CRLF and
    // gain no blank line after them.
    assert!(
        !diff.contains("\r\n\n") && !diff.contains("\n\n"),
        "{diff:?}"
    );
    assert!(
        diff.contains("\n-| `stop` | halt | op | answered | no | run | decisions.sh 2026-09-14 | — |\r\n+| `stop` | go on | op | answered | no | run | decisions.sh 2026-09-14 | — |\r\n"),
        "{diff:?}"
    );
    assert_eq!(std::fs::read_to_string(&twin).expect("the twin"), mixed);
}
