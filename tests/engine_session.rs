//! `phase-graph <SLUG> --session-plan [MODEL|BUDGET]` (SPEC §11) on the
//! engine's cases of `fixtures/engine/` and on `ingot-million` (a plan of a
//! million tokens that names a small model, with QA gating, a done phase, a
//! phase in progress a later one depends on, and a GATED phase): the unit,
//! the generated weight, the forecast, the session model and boot floor,
//! and the sessions a person may batch by hand — sized to the plan's own
//! model, to each model word and to a raw budget — as the reference's text
//! and as JSON (insta snapshots); and its edge cases.

mod common;

use common::{ENGINE_CASES, Root, stderr, stdout};

/// The scripts folder the printed commands name.
const SCRIPTS: &str = "/opt/phase-console/scripts";

/// The words the session plan is sized to: none (the plan's model), each
/// model alias, and a raw token budget.
const WORDS: [&str; 6] = ["", "haiku", "sonnet", "opus", "fable", "250000"];

/// `phase-graph --scripts-dir SCRIPTS [--format json] <case> --session-plan
/// [WORD]` in `root` with the variables `env`: stdout (the root's path
/// shown as `<ROOT>`), stderr and the exit code.
fn session(
    root: &Root,
    case: &str,
    word: &str,
    json: bool,
    env: &[(&str, &str)],
) -> (String, String, i32) {
    let mut cmd = root.cmd();
    cmd.args(["phase-graph", "--scripts-dir", SCRIPTS]);
    if json {
        cmd.args(["--format", "json"]);
    }
    cmd.args([case, "--session-plan"]);
    if !word.is_empty() {
        cmd.arg(word);
    }
    for (name, value) in env {
        cmd.env(name, value);
    }
    let out = cmd.output().expect("planfile runs");
    let shown = |s: String| s.replace(&root.path().display().to_string(), "<ROOT>");
    (
        shown(stdout(&out)),
        shown(stderr(&out)),
        out.status.code().unwrap_or(-1),
    )
}

/// The text of `case`'s session plan sized to `word`.
fn text(case: &str, word: &str, env: &[(&str, &str)]) -> String {
    let root = Root::engine_case(case);
    let (out, err, code) = session(&root, case, word, false, env);
    assert_eq!((err.as_str(), code), ("", 0), "{case} {word}");
    out
}

/// The JSON of `case`'s session plan sized to `word`.
fn json(case: &str, word: &str, env: &[(&str, &str)]) -> serde_json::Value {
    let root = Root::engine_case(case);
    let (out, err, code) = session(&root, case, word, true, env);
    assert_eq!((err.as_str(), code), ("", 0), "{case} {word}");
    serde_json::from_str(&out).expect("JSON")
}

#[test]
fn the_session_plan_of_every_case_for_every_model_word_and_a_budget() {
    for case in ENGINE_CASES.iter().copied().chain(["ingot-million"]) {
        let root = Root::engine_case(case);
        let mut all_text = String::new();
        let mut all_json = Vec::new();
        for word in WORDS {
            let (out, err, code) = session(&root, case, word, false, &[]);
            assert_eq!((err.as_str(), code), ("", 0), "{case} {word}");
            all_text.push_str(&format!(
                "$ phase-graph {case} --session-plan {word}\n{out}"
            ));
            let (out, _, json_code) = session(&root, case, word, true, &[]);
            assert_eq!(json_code, 0, "{case} {word}");
            let value: serde_json::Value = serde_json::from_str(&out).expect("JSON");
            assert_eq!(value["mode"], "session-plan");
            all_json.push(value);
        }
        insta::assert_snapshot!(format!("session_{case}"), all_text);
        insta::assert_json_snapshot!(format!("session_{case}_json"), all_json);
    }
}

#[test]
fn the_budget_follows_the_word_and_the_plan_names_its_own_model() {
    // foundry-sizes names claude-sonnet-5 with a 1M window: the 1M budget.
    assert!(text("foundry-sizes", "", &[]).contains("(budget ~200K/session "));
    // ingot-million names claude-haiku-4-5: the small budget, whose target
    // the floor alone reaches.
    let own = text("ingot-million", "", &[]);
    assert!(own.contains("(budget ~40K/session "), "{own}");
    assert!(
        own.contains("⚠ the session floor alone (319K) reaches this budget's target (120K)"),
        "{own}"
    );
    assert_eq!(own, text("ingot-million", "haiku", &[]));
    // A big model: no warning, a 1M window.
    let opus = text("ingot-million", "opus", &[]);
    assert!(opus.contains("sized to stay under 600K — 60 % of a 1M window"));
    assert!(!opus.contains("⚠ the session floor alone"), "{opus}");
    // A word no model family holds is the default budget.
    let unknown = text("ingot-million", "gpt-9", &[]);
    assert!(unknown.contains("(budget ~40K/session "), "{unknown}");
    assert_eq!(json("ingot-million", "gpt-9", &[])["model"], "gpt-9");
    assert_eq!(json("tide-chain", "", &[])["model"], "claude-opus-5-5");
    assert!(json("weir-progress", "", &[])["model"].is_null());
}

#[test]
fn a_raw_budget_batches_what_fits_and_reports_the_weight_in_millions() {
    let out = text("ingot-million", "1000000", &[]);
    assert!(
        out.contains(
            "Weight: 10 L · 1 M · 4 S = 1M over 15 phases; left: 9 L · 1 M · 4 S = 910K over 14"
        ),
        "{out}"
    );
    assert!(out.contains("sized to stay under 3M — 60 % of a 5M window"));
    assert!(out.contains("  (already done, excluded: 1)\n"), "{out}");
    // QA gates ingot-million: no phase shares a session with a dependency,
    // but 8 (on done 1) joins 7.
    assert!(
        out.contains("  Session 5  batch  (~180K):  7 → 8\n"),
        "{out}"
    );
    // Phase 5 depends on 2, which is in progress: its own session, waiting.
    assert!(
        out.contains("  Session 3  solo   (~90K):  Phase 5  ⚠ waiting on: 2\n"),
        "{out}"
    );
    assert!(out.contains("Phase 10  🔒 GATED — own session, confirm gates first\n"));
    let value = json("ingot-million", "1000000", &[]);
    assert_eq!(value["budget"], 1_000_000);
    assert_eq!(value["weight"]["all"]["tokens"], 1_000_000);
    assert_eq!(value["groups"][4]["phases"], serde_json::json!([7, 8]));
    // 250000 tokens: a window with a thousands separator.
    let out = text("ingot-million", "250000", &[]);
    assert!(out.contains("sized to stay under 750K — 60 % of a 1,250K window"));
}

#[test]
fn a_budget_with_leading_zeros_is_a_decimal_number_fix() {
    // The reference reads 010000 as octal (4,096 tokens) and dies on 08.
    let padded = text("foundry-sizes", "080000", &[]);
    assert!(padded.contains("(budget ~80K/session "), "{padded}");
    assert_eq!(padded, text("foundry-sizes", "80000", &[]));
    assert!(text("foundry-sizes", "010000", &[]).contains("(budget ~10K/session "));
    // A budget no token count reaches saturates; nothing wraps to a
    // negative window.
    let huge = text("foundry-sizes", "99999999999999999999999", &[]);
    assert!(!huge.contains("of a -"), "{huge}");
    assert!(huge.contains("  Session 1  batch  "), "{huge}");
}

#[test]
fn a_plan_without_sizes_says_every_phase_is_read_as_m() {
    let note =
        "(no \"Size:\" tags found — every phase treated as M; add them for sharper batches)\n";
    let out = text("weir-progress", "opus", &[]);
    assert!(out.contains(note), "{out}");
    assert!(
        out.contains("Weight: 0 L · 6 M · 0 S = 240K over 6 phases"),
        "{out}"
    );
    assert_eq!(json("weir-progress", "opus", &[])["sizes_tagged"], false);
    assert!(!text("foundry-sizes", "opus", &[]).contains(note));
}

#[test]
fn a_measured_boot_floor_sizes_the_sessions() {
    let shipped = "Boot floor: 121K per session — shipped default; this repository has not measured its own (the console reports it)\n";
    assert!(text("tide-chain", "opus", &[]).contains(shipped));
    let env = [("PE_BOOT_FLOOR", "90000"), ("PE_BOOT_FLOOR_SAMPLES", "12")];
    let out = text("tide-chain", "opus", &env);
    assert!(
        out.contains(
            "Context: a session peaks near 288K + 2.17 × its weight (boot 90K + work 198K)"
        ),
        "{out}"
    );
    assert!(
        out.contains("Boot floor: 90K per session — the first call's context on this repository, measured over 12 sessions\n"),
        "{out}"
    );
    let value = json("tide-chain", "opus", &env);
    assert_eq!(value["context"]["boot"], 90_000);
    assert_eq!(value["context"]["boot_samples"], "12");
    // Without a sample count: `?`.
    let out = text("tide-chain", "opus", &[("PE_BOOT_FLOOR", "90000")]);
    assert!(out.contains("measured over ? sessions\n"), "{out}");
    // Not a number: the shipped floor.
    assert!(text("tide-chain", "opus", &[("PE_BOOT_FLOOR", "9e4")]).contains(shipped));
    // (fix) Leading zeros are decimal, as for a budget.
    let out = text("tide-chain", "opus", &[("PE_BOOT_FLOOR", "0100000")]);
    assert!(out.contains("Boot floor: 100K per session"), "{out}");
    // A smaller floor lets more join a session.
    let low = text("foundry-sizes", "opus", &[("PE_BOOT_FLOOR", "1000")]);
    let shipped_groups = text("foundry-sizes", "opus", &[])
        .matches("  Session ")
        .count();
    assert!(low.matches("  Session ").count() < shipped_groups, "{low}");
}

#[test]
fn a_closed_plan_plans_no_session() {
    let root = Root::engine_case("pier-closed");
    let (out, err, code) = session(&root, "pier-closed", "opus", false, &[]);
    assert_eq!((err.as_str(), code), ("", 0));
    assert!(
        out.starts_with("\nSession plan — pier-closed\n\n🔒 CLOSED [abandoned]"),
        "{out}"
    );
    assert!(out.ends_with("\nNo sessions to plan.\n"), "{out}");
    assert!(
        out.contains("close-plan.sh pier-closed --reopen\n"),
        "{out}"
    );
    let value = json("pier-closed", "opus", &[]);
    assert_eq!(value["closed"]["status"], "abandoned");
    assert!(value["forecast"].is_null());
    assert_eq!(value["groups"], serde_json::json!([]));
}

#[test]
fn every_phase_done_leaves_nothing_to_plan() {
    let out = text("lock-done", "opus", &[]);
    assert!(out.contains("Forecast: ≈ 0 sessions for 0 phases"), "{out}");
    assert!(out.contains("  (already done, excluded: "), "{out}");
    assert!(!out.contains("  Session 1"), "{out}");
}
