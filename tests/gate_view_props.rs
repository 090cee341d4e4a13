//! Properties of the start gate over generated manifests (SPEC §5.4
//! "Nothing owed is left out"):
//!
//! - `check` without `--phase` refuses exactly when some view refuses: the
//!   plan-wide view or the view of any phase of the graph, each judged on
//!   its own;
//! - no edit of one cell of a twin row lets a plan that owes a blocking key
//!   start, unless the row then answers the key with a value that says
//!   something: an answer that says nothing never lowers the blocking the
//!   plan or the template gives its key.

use std::path::{Path, PathBuf};

use planfile::gate;
use planfile::manifest::policy::ConsolePolicy;
use planfile::manifest::{Manifest, Twin, View};
use planfile::markdown::MarkdownFile;
use planfile::plan::Plan;
use proptest::prelude::*;

const HEADER: &str = "| key | value | owner | state | blocking | source | evidence | phase |\n\
                      |---|---|---|---|---|---|---|---|\n";

/// A plan of `phases` phases (each depending on the one before) whose
/// Decisions table holds `rows` (pipe rows, one per line); no table when
/// `rows` is empty.
fn plan_text(phases: u32, rows: &[String]) -> String {
    let mut text = format!(
        "---\nslug: gv\nstatus: active\nphases: {phases}\n---\n\n# Gate views\n\n\
         ## Phase graph\n\n\
         | Phase | Title | Depends on | Repos | Exit criteria |\n\
         |------:|-------|------------|-------|---------------|\n"
    );
    for n in 1..=phases {
        let deps = if n == 1 {
            "—".to_string()
        } else {
            (n - 1).to_string()
        };
        text.push_str(&format!("| {n} | Step {n} | {deps} | r{n} | done |\n"));
    }
    text.push_str("\n## Decisions\n\n");
    if !rows.is_empty() {
        text.push_str(HEADER);
        for row in rows {
            text.push_str(row);
            text.push('\n');
        }
    }
    text.push_str("\n## Phases\n\n");
    for n in 1..=phases {
        text.push_str(&format!(
            "### Phase {n} — Step {n}\n- **Verification:** `test -s r{n}.log`\n\n"
        ));
    }
    text
}

/// A twin holding `rows`; `None` when there are none.
fn twin_text(rows: &[String]) -> Option<String> {
    if rows.is_empty() {
        return None;
    }
    let mut text = String::from("# Decisions — gv\n\n## Decisions\n\n");
    text.push_str(HEADER);
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    Some(text)
}

fn manifest(plan: &str, twin: Option<&str>) -> Manifest {
    let file = MarkdownFile::from_text(PathBuf::from("docs/plans/gv.md"), plan.to_string());
    Manifest {
        plan: Plan::from_file("gv", file),
        twin: twin.map(|text| {
            Twin::from_file(MarkdownFile::from_text(
                PathBuf::from("docs/handoffs/gv/decisions.md"),
                text.to_string(),
            ))
        }),
    }
}

/// The console's policy: answering the four keys owed when missing, or
/// nothing.
fn policy(answers_owed_keys: bool) -> ConsolePolicy {
    let answers = if answers_owed_keys {
        [
            ("permission.policy", "ask first"),
            ("permission.destructive", "deny pushes"),
            ("accounts", "the keeper's account"),
            ("human-acts", "none"),
        ]
        .into_iter()
        .map(|(k, v)| (k, v.to_string()))
        .collect()
    } else {
        Default::default()
    };
    ConsolePolicy {
        answers,
        delegate_human_gates: None,
    }
}

fn pick(options: &'static [&'static str]) -> impl Strategy<Value = String> {
    proptest::sample::select(options).prop_map(str::to_string)
}

const KEYS: &[&str] = &["relay", "stop", "waits", "human-acts", "accounts", "mcp"];
const VALUES: &[&str] = &["off", "halt", "", "TBD", "…", "<fill in>", "6h"];
const STATES: &[&str] = &["answered", "outstanding", "waived", "Answered", "done", ""];
const BLOCKING: &[&str] = &["yes", "no", "", "maybe"];
const PHASES: &[&str] = &["—", "1", "2", "3", "02", "9", ""];

/// One row of a Decisions table, from the pools above.
fn row() -> impl Strategy<Value = String> {
    (
        pick(KEYS),
        pick(VALUES),
        pick(STATES),
        pick(BLOCKING),
        pick(PHASES),
    )
        .prop_map(|(key, value, state, blocking, phase)| {
            format!("| `{key}` | {value} | keeper | {state} | {blocking} | plan | | {phase} |")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Without `--phase`, the gate refuses exactly when the plan-wide view
    /// or the view of some phase of the graph refuses on its own.
    #[test]
    fn every_view_refuses_iff_some_view_refuses(
        phases in 1u32..=3,
        plan_rows in proptest::collection::vec(row(), 0..5),
        twin_rows in proptest::collection::vec(row(), 0..4),
        answers_owed_keys in any::<bool>(),
        acks in proptest::collection::vec(pick(KEYS), 0..2),
    ) {
        let plan = plan_text(phases, &plan_rows);
        let twin = twin_text(&twin_rows);
        let manifest = manifest(&plan, twin.as_deref());
        let policy = policy(answers_owed_keys);
        let root = Path::new(".");
        let every = gate::check_every_view(&manifest, &acks, root, &policy);
        let mut views = vec![View::PlanWide];
        views.extend(manifest.plan.graph_phases().into_iter().map(View::Phase));
        let refusing: Vec<View> = views
            .into_iter()
            .filter(|&view| !gate::check_view(&manifest, view, &acks, root, &policy).may_start())
            .collect();
        prop_assert_eq!(
            every.may_start(),
            refusing.is_empty(),
            "views refusing on their own: {:?}\nverdict: {:?}\nplan:\n{}\ntwin:\n{}",
            refusing,
            every,
            plan,
            twin.unwrap_or_default()
        );
    }
}

/// A twin row that answers `relay` with a value, which the plan owes.
const ANSWERING_ROW: [&str; 8] = [
    "`relay`", "off", "keeper", "answered", "no", "twin", "", "—",
];

/// What each cell of a twin row may be edited to: words, empty cells,
/// placeholders in any case and decoration, invisible text.
const CELL_EDITS: &[&str] = &[
    "",
    " ",
    "TBD",
    "tbd",
    "`TBD`",
    "**TODO**",
    "FIXME",
    "XXX",
    "?",
    "...",
    "…",
    "---",
    "- -",
    "<fill in>",
    "\u{200b}",
    "&nbsp;",
    "no",
    "yes",
    "maybe",
    "answered",
    "outstanding",
    "waived",
    "Answered",
    "1",
    "2",
    "9",
    "—",
    "off",
    "keeper",
];

/// The plan rows that give `relay` its blocking: the plan's own blocking
/// row, or a template key (`human-acts`) whose blocking the template gives.
fn owing_plan(key_is_template: bool, plan_blocking: &str) -> (String, &'static str) {
    let key = if key_is_template {
        "human-acts"
    } else {
        "relay"
    };
    let rows = vec![format!(
        "| `{key}` | | keeper | outstanding | {plan_blocking} | plan | | — |"
    )];
    (plan_text(2, &rows), key)
}

fn says_something(value: &str) -> bool {
    let bare = value
        .trim()
        .trim_matches(|c: char| c == '`' || c == '*' || c == '_')
        .trim();
    !(bare.is_empty()
        || bare == "\u{200b}"
        || bare == "&nbsp;"
        || bare == "…"
        || bare == "..."
        || bare == "?"
        || bare == "---"
        || bare == "- -"
        || (bare.starts_with('<') && bare.ends_with('>'))
        || ["tbd", "todo", "fixme", "xxx"].contains(&bare.to_ascii_lowercase().as_str()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Editing one cell of a twin row over a key the plan (or the template)
    /// marks blocking never lets the plan start unless the row still
    /// answers the key, in a view of the graph, with a value that says
    /// something.
    #[test]
    fn no_single_cell_edit_of_a_twin_row_lowers_blocking(
        key_is_template in any::<bool>(),
        plan_blocking in pick(&["yes", ""]),
        cell in 0usize..8,
        edit in pick(CELL_EDITS),
    ) {
        // The template's blocking stands in for the plan's only on its own
        // keys: a plan key needs the plan to say yes.
        let plan_blocking = if key_is_template { plan_blocking } else { "yes".to_string() };
        let (plan, key) = owing_plan(key_is_template, &plan_blocking);
        let mut cells: Vec<String> = ANSWERING_ROW.iter().map(|c| c.to_string()).collect();
        cells[0] = format!("`{key}`");
        let policy = policy(true);
        let root = Path::new(".");

        // The control: the answering row lets the plan start.
        let control = format!("| {} |", cells.join(" | "));
        let twin = twin_text(std::slice::from_ref(&control));
        let manifest_before = manifest(&plan, twin.as_deref());
        let before = gate::check_every_view(&manifest_before, &[] as &[&str], root, &policy);
        prop_assert!(before.may_start(), "{:?}\n{}", before, control);

        if cell == 0 {
            // Renaming the key leaves the plan's row owed.
            cells[0] = format!("`{}`", if edit.is_empty() { "x" } else { "stop" });
        } else {
            cells[cell] = edit.clone();
        }
        let edited = format!("| {} |", cells.join(" | "));
        let twin = twin_text(std::slice::from_ref(&edited));
        let manifest_after = manifest(&plan, twin.as_deref());
        let after = gate::check_every_view(&manifest_after, &[] as &[&str], root, &policy);
        if after.may_start() {
            prop_assert!(
                cells[3] == "answered" || cells[3] == "Answered",
                "the edited row is not answered and the plan starts: {}", edited
            );
            prop_assert!(
                says_something(&cells[1]),
                "an answer that says nothing lowered the blocking: {}", edited
            );
            prop_assert!(
                matches!(cells[7].trim(), "—" | "" | "1" | "2"),
                "a row outside the graph's views answered: {}", edited
            );
        } else if cell == 2 && edit.chars().all(|c| c.is_ascii_alphanumeric()) && !edit.is_empty() {
            // Who owns a row that answers with a value never decides
            // whether it counts.
            prop_assert!(false, "an owner named {:?} refused an answer: {:?}", edit, after);
        }
    }
}
