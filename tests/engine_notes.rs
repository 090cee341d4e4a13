//! `phase-graph <SLUG> --notes N` (SPEC §11) on
//! `fixtures/engine/relay-notes`: what each phase is handed by the ones
//! before it — a done phase's handoff notes (`Phase N`, `Next`, `All`, a
//! continuation line, the scaffold's comment), the deferral rulings and the
//! boot mail of the run's ledgers (urgent first, settled and expired mail
//! left out) — as the reference's text and as JSON, the bound and its
//! trailer, `Messaging: off`, and the refusals.

mod common;

use common::{Root, stderr, stdout};

/// `phase-graph relay-notes ARGS…` with the fixture's ledgers and a fixed
/// now, plus `env`: stdout, stderr and the exit code.
fn notes(root: &Root, args: &[&str], env: &[(&str, &str)]) -> (String, String, i32) {
    let ledgers = root.path().join("docs/handoffs/relay-notes");
    let out = root
        .cmd()
        .env("PE_NOW", "2026-03-01T00:00:00Z")
        .env("PE_RULINGS_FILE", ledgers.join("rulings.ndjson"))
        .env("PE_MESSAGES_FILE", ledgers.join("messages.ndjson"))
        .envs(env.iter().copied())
        .args(["phase-graph", "relay-notes"])
        .args(args)
        .output()
        .expect("planfile runs");
    (stdout(&out), stderr(&out), out.status.code().unwrap_or(-1))
}

#[test]
fn each_phase_is_handed_what_was_left_for_it() {
    let root = Root::fixture("engine/relay-notes");
    let mut text = String::new();
    let mut json = Vec::new();
    for phase in ["1", "2", "3", "4"] {
        let (out, err, code) = notes(&root, &["--notes", phase], &[]);
        assert_eq!((err.as_str(), code), ("", 0), "phase {phase}");
        text.push_str(&format!("== --notes {phase}\n{out}"));
        let (out, _, code) = notes(&root, &["--format", "json", "--notes", phase], &[]);
        assert_eq!(code, 0);
        json.push(serde_json::from_str::<serde_json::Value>(&out).expect("JSON"));
    }
    insta::assert_snapshot!("notes_relay", text);
    insta::assert_json_snapshot!("notes_relay_json", json);
    // Urgent mail first, then oldest to newest; an escaped quote is whole.
    let (four, _, _) = notes(&root, &["--notes", "4"], &[]);
    let first: Vec<&str> = four
        .lines()
        .map(|l| l.split('\t').nth(2).unwrap_or(""))
        .collect();
    assert_eq!(first, ["m-urgent", "-", "-", "r-left-later", "-", "m-all"]);
    assert!(
        four.contains("left the \"spare\" feedhorn for the merge\n"),
        "{four}"
    );
    // Never the phase's own note, a running phase's, the scaffold's example,
    // an ambiguity ruling, mail for a live session, settled or expired mail.
    for phase in ["1", "2", "3", "4"] {
        let (out, _, _) = notes(&root, &["--notes", phase], &[]);
        for absent in [
            "addressed to itself",
            "still running",
            "scaffold's example",
            "inclusive",
            "live session",
            "delivered once",
            "timed out",
        ] {
            assert!(!out.contains(absent), "phase {phase}: {out}");
        }
    }
}

#[test]
fn the_bound_keeps_the_newest_and_says_how_many_it_left_out() {
    let root = Root::fixture("engine/relay-notes");
    let (out, _, code) = notes(&root, &["--notes", "4"], &[("NOTES_MAX", "3")]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "phase-3\tmessage\tm-urgent\t2026-02-01T00:00:00Z\tthe feed moved to port 8081; pull before you build\n\
         phase-03-right\thandoff\t-\t2026-01-05\tthe right dish is aimed 2° high on purpose.\n\
         phase-3\tmessage\tm-all\t2026-02-03T00:00:00Z\tthe spectrum permit is on the wall\n\
         -\ttrailer\t-\t-\t… and 3 older notes, not shown\n"
    );
}

#[test]
fn messaging_off_silences_the_mail_alone() {
    let root = Root::fixture("engine/relay-notes");
    let plan = root.path().join("docs/plans/relay-notes.md");
    let text = std::fs::read_to_string(&plan).expect("the plan");
    std::fs::write(
        &plan,
        text.replace(
            "## Phase graph",
            "## Session budget\n\n> **Messaging:** off\n\n## Phase graph",
        ),
    )
    .expect("edit the plan");
    let (out, _, code) = notes(&root, &["--notes", "4"], &[]);
    assert_eq!(code, 0);
    assert!(!out.contains("\tmessage\t"), "{out}");
    assert!(
        out.contains("\tdeferral\t") && out.contains("\thandoff\t"),
        "{out}"
    );
}

#[test]
fn no_ledger_is_no_note_and_the_refusals_are_the_references() {
    let root = Root::fixture("engine/relay-notes");
    let (out, _, code) = notes(
        &root,
        &["--notes", "2"],
        &[
            ("PE_RULINGS_FILE", "/nonexistent/rulings.ndjson"),
            ("PE_MESSAGES_FILE", "/nonexistent/messages.ndjson"),
        ],
    );
    assert_eq!(code, 0);
    assert!(out.lines().all(|l| l.contains("\thandoff\t")), "{out}");
    assert_eq!(
        notes(&root, &["--notes", "9"], &[]),
        (
            String::new(),
            "phase 9 is not in this plan\n".to_string(),
            2
        )
    );
    assert_eq!(
        notes(&root, &["--notes"], &[]),
        (
            String::new(),
            "usage: phase-graph.sh <slug> --notes N\n".to_string(),
            2
        )
    );
    // `04` is phase 4, as the reference reads a padded number.
    assert_eq!(
        notes(&root, &["--notes", "04"], &[]).0,
        notes(&root, &["--notes", "4"], &[]).0
    );
}
