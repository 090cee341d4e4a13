//! Properties of `validate --fix` (SPEC §10.1) over generated plans full
//! of what the fixes repair (zero-padded phases, dash ranges, decorated
//! and capitalised decision words, prose run into the Decisions table)
//! mixed with arbitrary plan lines:
//!
//! - fixing never changes the resolved manifest of any view: the TSV of
//!   the plan-wide view and of every phase is the same before and after,
//!   except that a word key's answer may change its letter case (the one
//!   fix that exists to change what the console reads);
//! - fixing never adds a finding: no check finds more after than before;
//! - fixing never changes the shape of the document (its headings, tables,
//!   code and HTML blocks);
//! - fixing twice is fixing once, and a fixed plan has nothing left to fix.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use planfile::lint::fix::{FixedPlan, fix_plan};
use planfile::lint::settings::LintSettings;
use planfile::lint::{self, Finding, LintEnv, LintInput};
use planfile::manifest::{Manifest, View};
use planfile::markdown::MarkdownFile;
use planfile::output::tsv;
use planfile::plan::Plan;
use planfile::vocab;
use proptest::prelude::*;

fn manifest(text: &str) -> Manifest {
    let file = MarkdownFile::from_text(PathBuf::from("docs/plans/p.md"), text.to_string());
    Manifest {
        plan: Plan::from_file("p", file),
        twin: None,
    }
}

fn findings(manifest: &Manifest) -> Vec<Finding> {
    let env = LintEnv::default();
    let input = LintInput::without_handoffs(manifest, Path::new("/nonexistent-docs-root"), &env);
    lint::run_all(&input, &LintSettings::default()).findings
}

fn fix(text: &str) -> FixedPlan {
    fix_plan(manifest(text), |m| Ok(findings(m))).expect("linting in memory cannot fail")
}

/// The TSV of every view: plan-wide, then each phase of the graph.
fn views(manifest: &Manifest) -> Vec<(View, String)> {
    let mut out = vec![View::PlanWide];
    out.extend(manifest.plan.graph_phases().into_iter().map(View::Phase));
    out.into_iter()
        .map(|view| {
            let rows = manifest.resolve(view);
            (view, rows.iter().map(|r| tsv::line(r)).collect())
        })
        .collect()
}

/// Whether two TSV listings are the same, but for the letter case of a
/// word key's value.
fn same_listing(before: &str, after: &str) -> bool {
    let (b, a): (Vec<&str>, Vec<&str>) = (before.lines().collect(), after.lines().collect());
    b.len() == a.len()
        && b.iter().zip(&a).all(|(b, a)| {
            if b == a {
                return true;
            }
            let (bf, af): (Vec<&str>, Vec<&str>) =
                (b.split('\t').collect(), a.split('\t').collect());
            bf.len() == 6
                && af.len() == 6
                && bf[..5] == af[..5]
                && vocab::WORD_KEYS.contains(&bf[0])
                && bf[5].eq_ignore_ascii_case(af[5])
        })
}

/// The shape of a parse: heading levels, and how many tables, code blocks
/// and HTML blocks. A fix rewrites words and numbers; it never turns text
/// into a heading, a code block or a table, nor the other way round.
fn shape(manifest: &Manifest) -> (Vec<u8>, usize, usize, usize) {
    let doc = &manifest.plan.file.doc;
    (
        doc.headings.iter().map(|h| h.level).collect(),
        doc.tables.len(),
        doc.code_blocks.len(),
        doc.html_blocks.len(),
    )
}

fn counts(findings: &[Finding]) -> BTreeMap<&'static str, usize> {
    let mut out = BTreeMap::new();
    for f in findings {
        *out.entry(f.name).or_default() += 1;
    }
    out
}

fn pick(options: &'static [&'static str]) -> impl Strategy<Value = String> {
    proptest::sample::select(options).prop_map(str::to_string)
}

/// A phase number as a graph cell or heading may write it.
fn phase_cell(p: u32) -> impl Strategy<Value = String> {
    prop_oneof![
        3 => Just(p.to_string()),
        1 => Just(format!("0{p}")),
        1 => Just(format!("**0{p}**")),
        1 => Just(format!("00{p}")),
    ]
}

fn depends_cell(p: u32) -> impl Strategy<Value = String> {
    let prev = p.saturating_sub(1).max(1);
    prop_oneof![
        Just("—".to_string()),
        Just(prev.to_string()),
        Just(format!("0{prev}")),
        Just(format!("1–{prev}")),
        Just(format!("1—{prev}")),
        Just(format!("01-0{prev}")),
        Just(format!("{prev} (+1)")),
        Just(format!("x0{prev}, 3–1")),
        Just("2-".to_string()),
        Just("1 – 2".to_string()),
    ]
}

const KEYS: &[&str] = &[
    "relay",
    "gates",
    "qa.exhausted",
    "verification.person-check",
    "issues",
    "credentials",
    "stop",
    "plan-approval",
    "zeta",
];
const STATES: &[&str] = &[
    "answered",
    "Answered",
    "**ANSWERED**",
    "`waived`",
    "Outstanding",
    "outstanding",
    "later",
    "",
    "_answered_",
];
const BLOCKING: &[&str] = &["yes", "Yes", "**No**", "TRUE", "y", "maybe", "—", "", "N"];
const SOURCES: &[&str] = &["plan", "Plan", "`Run`", "DEFAULT", "guess", "", "ruling"];
const VALUES: &[&str] = &[
    "off",
    "Off",
    "**OFF**",
    "Halt",
    "Waive — budget spent",
    "Delegated",
    "ops@x",
    "Continue with AWS_KEY",
    "Hold then Continue",
    "",
    "x \\| y",
];
const PHASES: &[&str] = &[
    "—",
    "-",
    "",
    "1",
    "01",
    "2",
    "002",
    "2a",
    "08",
    "99999999999",
];

fn decision_row() -> impl Strategy<Value = String> {
    (
        pick(KEYS),
        pick(VALUES),
        pick(STATES),
        pick(BLOCKING),
        pick(SOURCES),
        pick(PHASES),
        proptest::option::weighted(0.1, Just(" <!-- planfile-ignore: F25 -->")),
    )
        .prop_map(|(key, value, state, blocking, source, phase, comment)| {
            format!(
                "| `{key}` | {value} | op | {state} | {blocking} | {source} | | {phase} |{}",
                comment.unwrap_or("")
            )
        })
}

/// Lines that may follow the Decisions table, right under it or later.
const AFTER: &[&str] = &[
    "Ask the cook about the whistle volume.",
    "more prose, still no pipes",
    "--",
    "===",
    "    indented like code",
    "- a list item",
    "2. an ordered item",
    "# Heading",
    "## Phases",
    "---",
    "```",
    "<div>",
    "<!-- planfile-ignore: decision-table-malformed -->",
    "| stray | pipes |",
    "",
    "",
];

fn plan() -> impl Strategy<Value = String> {
    let phases = 1u32..5;
    phases
        .prop_flat_map(|n| {
            let rows: Vec<_> = (1..=n)
                .map(|p| (phase_cell(p), depends_cell(p), phase_cell(p)))
                .collect();
            (
                rows,
                proptest::collection::vec(
                    prop_oneof![
                        5 => decision_row(),
                        1 => "[ -~|`*#\u{A0}é—–0-9-]{0,24}",
                    ],
                    0..6,
                ),
                proptest::collection::vec(pick(AFTER), 0..4),
                proptest::collection::vec(pick(AFTER), 0..3),
                any::<bool>(),
                any::<bool>(),
                any::<bool>(),
            )
        })
        .prop_map(|(rows, decisions, tail, later, crlf, bom, final_newline)| {
            let mut lines: Vec<String> = vec![
                "---".into(),
                "slug: p".into(),
                "status: active".into(),
                format!("phases: {}", rows.len()),
                "---".into(),
                String::new(),
                "# Plan".into(),
                String::new(),
                "## Phase graph".into(),
                String::new(),
                "| Phase | Title | Depends on | Repos |".into(),
                "|---|---|---|---|".into(),
            ];
            for (i, (cell, depends, _)) in rows.iter().enumerate() {
                lines.push(format!("| {cell} | step {} | {depends} | r |", i + 1));
            }
            lines.extend(["".into(), "## Decisions".into(), String::new()]);
            lines.push(
                "| key | value | owner | state | blocking | source | evidence | phase |".into(),
            );
            lines.push("|---|---|---|---|---|---|---|---|".into());
            lines.extend(decisions);
            lines.extend(tail);
            lines.extend(["".into(), "## Phases".into(), String::new()]);
            for (i, (_, _, heading)) in rows.iter().enumerate() {
                lines.push(format!("### Phase {heading} — step {}", i + 1));
                lines.push(format!("- **Verification:** `test -s step{}.log`", i + 1));
                lines.push(String::new());
            }
            lines.extend(later);
            let mut text = lines.join(if crlf { "\r\n" } else { "\n" });
            if final_newline {
                text.push_str(if crlf { "\r\n" } else { "\n" });
            }
            if bom { format!("\u{FEFF}{text}") } else { text }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fixing_keeps_every_view_and_adds_no_finding(text in plan()) {
        let before = manifest(&text);
        let fixed = fix(&text);
        prop_assert!(fixed.converged);
        let after = &fixed.manifest;
        prop_assert_eq!(before.plan.graph_phases(), after.plan.graph_phases());
        prop_assert_eq!(shape(&before), shape(after), "{}", after.plan.file.text);
        for ((view, b), (_, a)) in views(&before).iter().zip(views(after)) {
            prop_assert!(same_listing(b, &a), "{:?}\n--- before\n{}--- after\n{}--- text\n{}", view, b, a, after.plan.file.text);
        }
        let (b, a) = (counts(&findings(&before)), counts(&findings(after)));
        for (name, n) in &a {
            prop_assert!(b.get(name).copied().unwrap_or(0) >= *n, "{name}: {b:?} -> {a:?}\n{}", after.plan.file.text);
        }
        let again = fix(&after.plan.file.text);
        prop_assert_eq!(again.fixed, 0, "a second --fix applied more:\n{}", after.plan.file.text);
        prop_assert_eq!(&again.manifest.plan.file.text, &after.plan.file.text);
        prop_assert_eq!(text.starts_with('\u{FEFF}'), after.plan.file.text.starts_with('\u{FEFF}'));
        prop_assert_eq!(text.contains("\r\n"), after.plan.file.text.contains("\r\n"));
    }
}

#[test]
fn one_plan_with_every_fix() {
    let text = "---\nslug: p\nphases: 2\n---\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 01 | a | — | r |\n| 2 | b | 1–01 | r |\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `relay` | Off | op | **Answered** | Yes | Plan | | 02 |\nAsk the cook.\n\n## Phases\n\n### Phase 02 — b\n- **Verification:** `x`\n";
    let fixed = fix(text);
    assert_eq!(
        fixed.manifest.plan.file.text,
        "---\nslug: p\nphases: 2\n---\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | a | — | r |\n| 2 | b | 1-1 | r |\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `relay` | off | op | answered | yes | plan | | 2 |\n\nAsk the cook.\n\n## Phases\n\n### Phase 2 — b\n- **Verification:** `x`\n"
    );
    assert_eq!(fixed.fixed, 10);
}
