//! Properties of the lint over arbitrary plan-like text (SPEC §6, §8): no
//! input makes it (or its renderers) panic; every finding points inside its
//! file at a character boundary and its message is one line; the reference
//! verdict counts exactly the gating findings.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use planfile::lint::settings::LintSettings;
use planfile::lint::{self, LintEnv, LintInput, PlanReport};
use planfile::manifest::{Manifest, Twin};
use planfile::markdown::MarkdownFile;
use planfile::plan::Plan;
use planfile::plan::handoff::{Handoff, HandoffFrontmatter, Handoffs, handoff_phase};
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
    "<!-- planfile-ignore: F21, verification-empty-open -->",
    "| 2 | b | 1 | r | <!-- planfile-ignore: F2 -->",
    "<!-- planfile-ignore-file: decision-state-unknown -->",
    "\t",
    "é\u{200B}",
    "",
    "## Session budget",
    "## Operator errands",
    "## Notes for later phases",
    "## What this phase did",
    "**Landing:** prr",
    "> **Permission mode:** yolo",
    "- **Land:** Trunk.",
    "- **Isolation:**",
    "- **Permission  mode:** DONTASK",
    "- **Human step:** physical · plug it in",
    "- **Human step:** operator-act · ship · due: `phase:p/2` · why: Money · proof: `cmd:\"x\"`",
    "* **Human step**: sms · x · window: 0m",
    "- **Human step:** the old spelling, proof: none",
    "- **Human step:** secret-entry · é\u{200B} · credential: K · guide: ../x.md",
    "- **Phase 2:** a note",
    "- **For phase 99999999999:** far",
    "  continued",
    "- **next:**",
    "phase: 2",
    "depends_on: [1, x]",
    "completed: 2026-09-03",
    "start next phase",
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

/// The report of a plan with its twin and the handoffs `handoffs` (file
/// name, text).
fn report_with(
    plan_text: String,
    twin_text: Option<String>,
    handoffs: Vec<(String, String)>,
) -> PlanReport {
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
    let handoffs = Handoffs::from_files(
        handoffs
            .into_iter()
            .enumerate()
            .map(|(i, (name, text))| {
                let path = PathBuf::from("docs/handoffs/p").join(&name);
                let file = MarkdownFile::from_text(path.clone(), text);
                Handoff {
                    phase: handoff_phase(&name),
                    modified: SystemTime::UNIX_EPOCH + Duration::from_secs(i as u64),
                    frontmatter: HandoffFrontmatter::read(&file),
                    file: Some(file),
                    name,
                    path,
                }
            })
            .collect(),
    );
    let input = LintInput {
        manifest: &manifest,
        handoffs: &handoffs,
        done: BTreeSet::new(),
        root: Path::new("/nonexistent-docs-root"),
        env: &LintEnv::default(),
        open: Default::default(),
        human_steps: Default::default(),
    };
    let outcome = lint::run_all(&input, &LintSettings::default());
    PlanReport {
        orphan: false,
        slug: "p".into(),
        closed: manifest.plan.is_closed(),
        phases: manifest.plan.graph_phases().len(),
        findings: outcome.findings,
        suppressed: outcome.suppressed,
        fixed: None,
        manifest,
        handoffs,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn findings_point_inside_their_file(
        plan in text(),
        twin in proptest::option::of(text()),
        handoffs in proptest::collection::vec(
            (proptest::sample::select(&["phase-01-a.md", "phase-01-b.md", "phase-2.md", "phase-x.md"][..]), text()),
            0..3,
        ),
    ) {
        let handoffs = handoffs.into_iter().map(|(n, t)| (n.to_string(), t)).collect();
        let report = report_with(plan, twin, handoffs);
        for f in report.findings.iter().chain(&report.suppressed) {
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
        let findings = planfile::output::Findings { plans: &reports, unreadable: &[], base: None, repository: None };
        let sarif = planfile::output::sarif::document(findings);
        prop_assert_eq!(
            sarif["runs"][0]["results"].as_array().map(Vec::len),
            Some(reports[0].findings.len() + reports[0].suppressed.len())
        );
        // Whatever the plan holds, the JUnit report is well-formed XML with
        // a test case per finding.
        let mut junit = Vec::new();
        planfile::output::junit::write(&mut junit, findings).expect("written");
        let junit = String::from_utf8(junit).expect("UTF-8");
        let doc = roxmltree::Document::parse(&junit);
        prop_assert!(doc.is_ok(), "{junit}");
        let cases = doc.map(|d| d.descendants().filter(|n| n.has_tag_name("testcase")).count());
        prop_assert_eq!(cases.unwrap_or(0), reports[0].findings.len().max(1));
    }

    #[test]
    fn reference_verdict_counts_gating_findings(plan in text(), handoff in proptest::option::of(text())) {
        let handoffs = handoff.map(|t| ("phase-01-a.md".to_string(), t)).into_iter().collect();
        let report = report_with(plan, None, handoffs);
        let verdict = planfile::output::compat::render(&report);
        let in_lint: Vec<_> = report
            .findings
            .iter()
            .filter(|f| f.check().is_some_and(|c| c.reach == lint::Reach::Everywhere))
            .collect();
        let printed = in_lint.len();
        let findings = in_lint.iter().filter(|f| report.gates(f)).count();
        prop_assert_eq!(verdict.stderr.lines().count() - usize::from(verdict.exit == 1), printed);
        // A closed plan never gates, but on a certainty finding (SPEC §6).
        if report.closed && findings == 0 {
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
