//! Properties of the lint over arbitrary plan-like text (SPEC §6, §8): no
//! input makes it (or its renderers) panic; every finding points inside its
//! file at a character boundary and its message is one line; the reference
//! verdict counts exactly the gating findings.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use planfile::config::LintConfig;
use planfile::lint::{self, LintEnv, LintInput, PlanReport};
use planfile::manifest::{Manifest, Twin};
use planfile::markdown::MarkdownFile;
use planfile::plan::Plan;
use planfile::plan::handoff::Handoffs;
use proptest::prelude::*;

/// Lines a plan is made of, well-formed and not.
const FRAGMENTS: &[&str] = &[
    "---",
    "slug: p",
    "status: active",
    "status: Complete",
    "phases: 3",
    "phases: [unclosed",
    "phases: TODO",
    "# Title",
    "## Phase graph",
    "## Decisions",
    "##Decisions",
    "##\u{A0}Decisions",
    "Decisions",
    "---------",
    "## Phases",
    "### Phase 1 — one",
    "### Phase 07 *(GATED)*",
    "### phase 2 GATED",
    "| Phase | Title | Depends on | Repos |",
    "| Phase | Title |",
    "|---|---|---|---|",
    "|---|---|---|---|---|---|---|---|",
    "| 1 | a | — | r |",
    "| 2 | b *(GATED)* | 1-3, x | r |",
    "| 3a | c | 2 |",
    "| 08 | d | 1-4294967295 | r | extra |",
    "| 2 | e | 2 | r |",
    "| key | value | owner | state | blocking | source | evidence | phase |",
    "| `stop` | halt | op | answered | no | plan | | 2 |",
    "| `waits` | | | Outstanding | yes | guess | | 2a |",
    "| | | | | | | | |",
    "| `relay` \\| x | off |",
    "- **Verification:** `x`",
    "- **Verification:** `0`",
    "- Verification: prose",
    "- **Gate-check:** phases 1-99999999",
    "- **Gate-check:** plan ../x:1",
    "- **Gate-check:** landed",
    "- **Gate-check:** date 2026-02-29",
    "- **Gate-check:**",
    "```",
    "~~~",
    "  ```sh",
    "<!--",
    "-->",
    "> | a | b |",
    "> |---|---|",
    "  - | nested | table |",
    "\t",
    "é\u{200B}",
    "",
];

fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(FRAGMENTS).prop_map(str::to_string),
        1 => "[ -~|`*#\u{A0}é—-]{0,24}",
    ]
}

fn text() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(line(), 0..40),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(lines, crlf, bom)| {
            let body = lines.join(if crlf { "\r\n" } else { "\n" });
            if bom { format!("\u{FEFF}{body}") } else { body }
        })
}

fn report(plan_text: String, twin_text: Option<String>) -> PlanReport {
    let plan = Plan::from_file(
        "p",
        MarkdownFile::from_text(PathBuf::from("docs/plans/p.md"), plan_text),
    );
    let twin = twin_text.map(|t| {
        Twin::from_file(MarkdownFile::from_text(
            PathBuf::from("docs/handoffs/p/decisions.md"),
            t,
        ))
    });
    let manifest = Manifest { plan, twin };
    let input = LintInput {
        manifest: &manifest,
        done: BTreeSet::new(),
        root: Path::new("/nonexistent-docs-root"),
        env: &LintEnv::default(),
        handoffs: &Handoffs::default(),
        open: Default::default(),
    };
    let findings = lint::run(&input, &LintConfig::default());
    PlanReport {
        slug: "p".into(),
        closed: manifest.plan.is_closed(),
        phases: manifest.plan.graph_phases().len(),
        findings,
        manifest,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn findings_point_inside_their_file(plan in text(), twin in proptest::option::of(text())) {
        let report = report(plan, twin);
        for f in &report.findings {
            let text = report.text_of(f.kind).expect("the file of a finding exists");
            prop_assert!(f.span.start <= f.span.end && f.span.end <= text.len(), "{f:?}");
            prop_assert!(text.is_char_boundary(f.span.start) && text.is_char_boundary(f.span.end), "{f:?}");
            prop_assert!(f.line >= 1 && f.column >= 1, "{f:?}");
            prop_assert!(f.line <= text.lines().count().max(1), "{f:?}");
            prop_assert!(!f.message.contains(['\n', '\r']), "{f:?}");
            prop_assert!(lint::CHECKS.iter().any(|c| c.name == f.name && c.code == f.code));
            let rendered = planfile::output::human::render(&report, f, None);
            prop_assert!(rendered.contains(f.name), "{rendered}");
        }
        let reports = [report];
        let sarif = planfile::output::sarif::document(&reports, None);
        prop_assert_eq!(
            sarif["runs"][0]["results"].as_array().map(Vec::len),
            Some(reports[0].findings.len())
        );
    }

    #[test]
    fn reference_verdict_counts_gating_findings(plan in text()) {
        let report = report(plan, None);
        let verdict = planfile::output::compat::render(&report);
        let findings = report.findings.len();
        prop_assert_eq!(verdict.stderr.lines().count() - usize::from(verdict.exit == 1), findings);
        if report.closed {
            prop_assert_eq!(verdict.exit, 0);
            prop_assert!(verdict.stdout.starts_with("LINT OK (closed): p — "));
        } else if findings > 0 {
            prop_assert_eq!(verdict.exit, 1);
            let fail = format!("LINT FAIL: p ({findings} issue[s])\n");
            prop_assert!(verdict.stderr.ends_with(&fail));
        } else {
            prop_assert_eq!(verdict.exit, 0);
            prop_assert!(verdict.stdout.starts_with("LINT OK: p — "));
        }
    }
}
