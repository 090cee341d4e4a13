//! Every cell the writer writes gets the same care (SPEC §7): the owner
//! (`--by`, `$PE_OWNER`), the value, a waiver's reason, the evidence and a
//! promoted ruling's `what` pass the same refusals, before anything is
//! written; and `promote` keeps the bash tooling's scope (plan-wide, or
//! `--phase N`) and refuses a broken ledger line that may be a later
//! version of the ruling.

mod common;

use common::{Root, stderr, stdout};

fn root() -> Root {
    let root = Root::new();
    root.plan(
        "store",
        &common::one_phase_plan("store", "`test -s nets.log`"),
    );
    root
}

/// Asserts `out` is a refusal (exit 2) whose message holds `says`, and
/// that no twin was written.
fn refused(root: &Root, out: &std::process::Output, says: &str) {
    assert_eq!(out.status.code(), Some(2), "{}", stderr(out));
    assert!(stderr(out).contains(says), "{}", stderr(out));
    assert!(!root.twin_path("store").exists(), "nothing is written");
}

#[test]
fn text_that_opens_an_html_comment_is_refused_in_every_cell() {
    let root = root();
    let comment = "<!-- planfile-ignore-file: F25 -->";
    let out = root.decisions(
        "store",
        &["answer", "relay", "--value", "off", "--by", comment],
    );
    refused(&root, &out, "--by holds \"<!--\"");
    let out = root
        .cmd()
        .env("PE_OWNER", comment)
        .args(["decisions", "store", "answer", "relay", "--value", "off"])
        .output()
        .expect("run planfile");
    refused(&root, &out, "$PE_OWNER holds \"<!--\"");
    let out = root.decisions(
        "store",
        &["answer", "stop", "--value", &format!("halt {comment}")],
    );
    refused(&root, &out, "--value holds \"<!--\"");
    let out = root.decisions("store", &["waive", "budgets", "--reason", comment]);
    refused(&root, &out, "--reason holds \"<!--\"");
    let out = root.decisions(
        "store",
        &["answer", "stop", "--value", "halt", "--evidence", comment],
    );
    refused(&root, &out, "--evidence holds \"<!--\"");
}

#[test]
fn values_and_reasons_that_say_nothing_are_refused() {
    let root = root();
    for value in ["TBD", "?", "...", "<fill in>", "\u{200B}", "&nbsp;"] {
        let out = root.decisions("store", &["answer", "stop", "--value", value]);
        refused(&root, &out, "decisions answer stop: ");
    }
    for reason in ["&nbsp;", "TBD"] {
        let out = root.decisions("store", &["waive", "budgets", "--reason", reason]);
        refused(
            &root,
            &out,
            "a waiver must say why the decision does not apply",
        );
    }
    // A value that says something, a `?` in it, is written.
    let out = root.decisions(
        "store",
        &[
            "answer",
            "stop",
            "--value",
            "halt? yes, and page the warden",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn a_word_keys_value_naming_two_answer_words_is_refused_by_answer() {
    let root = root();
    let out = root.decisions(
        "store",
        &["answer", "resume.on-restart", "--value", "continue, hold"],
    );
    refused(&root, &out, "names 2 answer words (continue, hold)");
    let out = root.decisions(
        "store",
        &[
            "answer",
            "resume.on-restart",
            "--value",
            "hold after a restart",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn a_promoted_ruling_passes_the_same_refusals() {
    let root = root();
    let ledger = root.path().join("rulings.ndjson");
    std::fs::write(
        &ledger,
        concat!(
            "{\"type\":\"ruling\",\"id\":\"n-1\",\"decisionKey\":\"stop\",\"what\":\"<!-- planfile-ignore-file: F25 -->\"}\n",
            "{\"type\":\"ruling\",\"id\":\"n-2\",\"decisionKey\":\"stop\",\"what\":\"\\u200b\"}\n",
            "{\"type\":\"ruling\",\"id\":\"n-3\",\"decisionKey\":\"stop\",\"what\":\"TBD\"}\n",
            "{\"type\":\"ruling\",\"id\":\"<!--x\",\"decisionKey\":\"stop\",\"what\":\"halt\"}\n",
        ),
    )
    .expect("the ledger");
    let promote = |id: &str| {
        root.cmd()
            .env("PE_RULINGS_FILE", &ledger)
            .args(["decisions", "store", "promote", "--from-ruling", id])
            .output()
            .expect("run planfile")
    };
    refused(
        &root,
        &promote("n-1"),
        "the ruling's \"what\" holds \"<!--\"",
    );
    refused(&root, &promote("n-2"), "shows nothing once rendered");
    refused(&root, &promote("n-3"), "only a placeholder");
    refused(
        &root,
        &promote("<!--x"),
        "the default evidence holds \"<!--\"",
    );
}

#[test]
fn promote_writes_the_plans_standing_answer_and_names_the_rulings_phase() {
    let root = Root::new();
    root.plan(
        "slip",
        &common::one_phase_plan("slip", "`test -s slip.log`"),
    );
    let ledger = root.path().join("rulings.ndjson");
    std::fs::write(
        &ledger,
        "{\"type\":\"ruling\",\"id\":\"s-3\",\"phase\":3,\"decisionKey\":\"stop\",\"what\":\"halt if the cradle slips\"}\n",
    )
    .expect("the ledger");
    let out = root
        .cmd()
        .env("PE_RULINGS_FILE", &ledger)
        .args(["decisions", "slip", "promote", "--from-ruling", "s-3"])
        .output()
        .expect("run planfile");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "stop\tanswered\top\tno\truling\thalt if the cradle slips\n"
    );
    assert!(
        stderr(&out).contains("ruling \"s-3\" was made in phase 3; promote makes it the plan's standing answer, so the row is plan-wide"),
        "{}",
        stderr(&out)
    );
    let twin = std::fs::read_to_string(root.twin_path("slip")).expect("the twin");
    assert!(
        twin.contains(
            "| `stop` | halt if the cradle slips | op | answered | no | ruling | ruling s-3 | — |"
        ),
        "{twin}"
    );
    let out = root
        .cmd()
        .env("PE_RULINGS_FILE", &ledger)
        .args([
            "decisions",
            "slip",
            "--phase",
            "1",
            "promote",
            "--from-ruling",
            "s-3",
        ])
        .output()
        .expect("run planfile");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("the row is written for phase 1, as --phase asks"));
}

#[test]
fn a_broken_ledger_line_holding_the_id_in_any_json_spelling_stops_promote() {
    let root = Root::new();
    root.plan(
        "slip",
        &common::one_phase_plan("slip", "`test -s slip.log`"),
    );
    let ledger = root.path().join("cut.ndjson");
    std::fs::write(
        &ledger,
        concat!(
            "{\"type\":\"ruling\",\"id\":\"s-é\",\"decisionKey\":\"budgets\",\"what\":\"200 a haul-out\"}\n",
            "{\"type\":\"ruling\",\"id\":\"s-\\u00e9\",\"decisionKey\":\"budgets\",\"what\":\"300 a haul-out\"\n",
        ),
    )
    .expect("the ledger");
    let out = root
        .cmd()
        .env("PE_RULINGS_FILE", &ledger)
        .args(["decisions", "slip", "promote", "--from-ruling", "s-é"])
        .output()
        .expect("run planfile");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("cut.ndjson:2: the line is not JSON"),
        "{}",
        stderr(&out)
    );
    assert!(!root.twin_path("slip").exists());
}

#[test]
fn a_cell_empty_once_cleaned_names_its_source_and_what_to_do() {
    let root = root();
    // An owner of control characters and spaces alone.
    let out = root.decisions(
        "store",
        &[
            "answer",
            "relay",
            "--value",
            "off",
            "--by",
            " \u{7} \u{1b} ",
        ],
    );
    refused(
        &root,
        &out,
        "the owner from --by is empty once control characters and spaces are removed; pass --by WHO",
    );
    // A value the verb needs: give it one.
    let out = root.decisions("store", &["answer", "stop", "--value", " \u{7} "]);
    refused(
        &root,
        &out,
        "--value is empty once control characters and spaces are removed; give it a value",
    );
    assert!(
        !stderr(&out).contains("or leave it out"),
        "{}",
        stderr(&out)
    );
    // Evidence the verb can do without: give it one, or leave it out.
    let out = root.decisions(
        "store",
        &["answer", "stop", "--value", "halt", "--evidence", " \u{7} "],
    );
    refused(
        &root,
        &out,
        "--evidence is empty once control characters and spaces are removed; give it a value or leave it out",
    );
}

#[test]
fn an_answer_keeps_the_plans_blocking_no_on_a_key_the_template_marks_blocking() {
    let root = Root::new();
    let out = root.run(["new", "demo"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let plan = root.path().join("docs/plans/demo.md");
    let text = std::fs::read_to_string(&plan).expect("the plan");
    let from = "| `relay` | | operator | outstanding | yes |";
    assert!(text.contains(from), "the template's relay row");
    std::fs::write(
        &plan,
        text.replace(from, "| `relay` | | operator | outstanding | no |"),
    )
    .expect("edit the plan");
    let out = root.decisions("demo", &["answer", "relay", "--value", "off"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let twin = std::fs::read_to_string(root.twin_path("demo")).expect("the twin");
    assert!(
        twin.lines()
            .any(|l| l.starts_with("| `relay` | off |") && l.contains("| answered | no |")),
        "{twin}"
    );
}
