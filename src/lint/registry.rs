//! The registry (SPEC §6, §6.5): every check, one table read top to
//! bottom — code, name, default severity, the function that looks, and its
//! documentation (`src/lint/docs/<name>.md`, printed by `planfile
//! explain`).

use super::finding::{Finding, Hit, Severity};
use super::fix::Applicability;
use super::input::LintInput;
use super::{
    answers, blocks, commands, conflicts, console, decisions, directives, gates, handoffs,
    human_steps, lanes, notes, phase_blocks, plan_file, progress, repos, setup, structure, style,
    suppress, template, unread, verification,
};

/// The function of a check: reads the input, pushes one [`Hit`] per problem.
pub type CheckFn = fn(&LintInput, &mut Vec<Hit>);

/// Which commands report a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Every command that lints: `validate`, `phase-graph --lint`, the
    /// language server.
    Everywhere,
    /// Everything but `phase-graph --lint`: the reference runs the check in
    /// `validate.sh`, never in its `--lint` (F10, SPEC §6.5).
    NotInLint,
}

/// One entry of the registry.
#[derive(Debug)]
pub struct Check {
    /// The code (`F14`); shared by related checks.
    pub code: &'static str,
    /// The name (`verification-empty-open`); unique.
    pub name: &'static str,
    /// The severity unless `planfile.toml` says otherwise. A check that is
    /// advisory by default is one of the reference's advisories (SPEC
    /// §6.5): it runs on open plans only, and `--lint` prints it first,
    /// led by its code.
    pub severity: Severity,
    /// Which commands report the check.
    pub reach: Reach,
    /// The function that looks.
    pub run: CheckFn,
    /// The documentation: what it looks for, why it matters, a failing and
    /// a passing example (Markdown).
    pub docs: &'static str,
    /// The fix its findings may carry (SPEC §10.1 "Fixes", "Unsafe fixes"):
    /// `None` when the check never repairs what it finds. `explain` says
    /// it; every fix a finding of the check carries has this applicability.
    pub fix: Option<Applicability>,
}

impl Check {
    /// This entry with findings that may carry a fix of `applicability`.
    const fn fixes(mut self, applicability: Applicability) -> Check {
        self.fix = Some(applicability);
        self
    }

    /// What `explain` says of the check's fix: `safe fix` (`validate
    /// --fix` applies it), `unsafe fix` (only with `--unsafe-fixes`), or
    /// an empty string when it has none.
    pub fn fix_label(&self) -> &'static str {
        match self.fix {
            Some(Applicability::Safe) => "safe fix",
            Some(Applicability::Unsafe) => "unsafe fix",
            None => "",
        }
    }

    /// The one-line summary: the first paragraph line of the documentation
    /// after its title.
    pub fn summary(&self) -> &'static str {
        self.docs
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .unwrap_or("")
    }

    /// The text of the documentation section whose `## ` heading starts with
    /// `title` (case-insensitive), trimmed; empty when there is none.
    /// Lines inside fenced examples are never headings.
    pub fn section(&self, title: &str) -> &'static str {
        let docs = self.docs;
        let mut start = None;
        let mut offset = 0;
        let mut in_fence = false;
        for line in docs.split_inclusive('\n') {
            if line.trim_start().starts_with("```") {
                in_fence = !in_fence;
            } else if !in_fence && let Some(heading) = line.strip_prefix("## ") {
                if let Some(from) = start {
                    return docs[from..offset].trim();
                }
                if crate::markdown::starts_with_ignore_case(heading.trim(), title) {
                    start = Some(offset + line.len());
                }
            }
            offset += line.len();
        }
        start.map(|from| docs[from..].trim()).unwrap_or("")
    }
}

/// A registry entry: `check!(code, name, function)` is a gating check;
/// `check!(advisory code, name, function)` one that is advisory by default;
/// `check!(not_in_lint code, name, function)` a gating check that
/// `phase-graph --lint` does not report; `check!(advisory not_in_lint code,
/// name, function)` an advisory one the reference does not have (a style
/// check of planfile's own), which `--lint` does not report either. An
/// entry whose findings may carry a fix says so with `.fixes(…)`.
macro_rules! check {
    (@entry $code:literal, $name:literal, $run:path, $severity:expr, $reach:expr) => {
        Check {
            code: $code,
            name: $name,
            severity: $severity,
            reach: $reach,
            run: $run,
            docs: include_str!(concat!("docs/", $name, ".md")),
            fix: None,
        }
    };
    (advisory $code:literal, $name:literal, $run:path) => {
        check!(@entry $code, $name, $run, Severity::Advisory, Reach::Everywhere)
    };
    (advisory not_in_lint $code:literal, $name:literal, $run:path) => {
        check!(@entry $code, $name, $run, Severity::Advisory, Reach::NotInLint)
    };
    (not_in_lint $code:literal, $name:literal, $run:path) => {
        check!(@entry $code, $name, $run, Severity::Gating, Reach::NotInLint)
    };
    ($code:literal, $name:literal, $run:path) => {
        check!(@entry $code, $name, $run, Severity::Gating, Reach::Everywhere)
    };
}

/// The registry: every check, in the order `phase-graph --lint` prints its
/// findings (SPEC-PARITY.md section E): the advisories first (section D
/// order), then the gating families in the reference's `compute_issues`
/// order, the phase-count line last. Within a check, findings keep the
/// order the check found them in. `validate` sorts by file and line
/// instead, and uses this order only to break ties.
pub static CHECKS: &[Check] = &[
    check!(advisory "F16", "verification-external-wait", commands::verification_external_wait),
    check!(advisory "F32", "verification-fleet-wide", commands::verification_fleet_wide),
    check!(advisory "F33", "repos-outside-root", repos::repos_outside_root),
    check!(advisory "F34", "repos-root-token", repos::repos_root_token),
    check!(advisory "F35", "checkout-inert", lanes::checkout_inert),
    check!(advisory "F36", "wait-window-short", console::wait_window_short),
    check!(advisory "F15", "mcp-server-unregistered", console::mcp_server_unregistered),
    check!(advisory "F15", "credential-unregistered", console::credential_unregistered),
    check!(advisory "F15", "account-unregistered", console::account_unregistered),
    check!(advisory "F17", "verification-lead-missing", commands::verification_lead_missing),
    check!(advisory "F18", "verification-cwd-unpinned", commands::verification_cwd_unpinned),
    check!(advisory "F22", "verification-bring-up", commands::verification_bring_up),
    check!(advisory "F39", "setup-deps-missing", setup::setup_deps_missing),
    check!(advisory "F23", "verification-expected-failure", commands::verification_expected_failure),
    check!(advisory "F19", "plan-deadlocked", progress::plan_deadlocked),
    check!(advisory "F28", "land-needs-lane", lanes::land_needs_lane),
    check!(advisory "F30", "note-target-done", notes::note_target_done),
    check!(
        advisory "F38",
        "human-step-no-proof",
        human_steps::human_step_no_proof
    ),
    check!(
        advisory "F40",
        "human-step-no-why",
        human_steps::human_step_no_why
    ),
    check!(advisory not_in_lint "F21", "phase-number-zero-padded", style::phase_number_zero_padded)
        .fixes(Applicability::Safe),
    check!(advisory not_in_lint "F21", "depends-range-dash", style::depends_range_dash)
        .fixes(Applicability::Safe),
    check!(advisory not_in_lint "F25", "decision-word-style", style::decision_word_style)
        .fixes(Applicability::Safe),
    check!(advisory not_in_lint "F20", "template-placeholder", template::template_placeholder),
    check!(advisory "F20", "suppression-unused", suppress::suppression_unused),
    check!(
        advisory "F25",
        "decision-value-unknown",
        answers::decision_value_unknown
    ),
    check!(advisory not_in_lint "F25", "decision-value-ambiguous", answers::decision_value_ambiguous),
    check!(advisory not_in_lint "F25", "decision-key-missing", answers::decision_key_missing),
    check!(advisory not_in_lint "F21", "phase-block-unknown", phase_blocks::phase_block_unknown),
    check!(advisory not_in_lint "F20", "slug-mismatch", plan_file::slug_mismatch),
    check!(advisory not_in_lint "F20", "plan-status-unread", plan_file::plan_status_unread),
    check!(advisory not_in_lint "F20", "twin-orphan", plan_file::twin_orphan),
    check!("F20", "frontmatter-invalid", structure::frontmatter_invalid),
    check!("F20", "block-unclosed", blocks::block_unclosed),
    check!(
        "F20",
        "merge-conflict-marker",
        conflicts::merge_conflict_marker
    ),
    check!("F20", "suppression-invalid", suppress::suppression_invalid),
    check!("F20", "graph-table-missing", structure::graph_table_missing),
    check!(
        "F20",
        "graph-header-missing",
        structure::graph_header_missing
    ),
    check!(
        "F20",
        "graph-depends-column-missing",
        structure::graph_depends_column_missing
    ),
    check!(
        "F20",
        "graph-repos-column-missing",
        structure::graph_repos_column_missing
    ),
    check!(
        "F20",
        "graph-row-cell-count",
        structure::graph_row_cell_count
    ),
    check!(
        "F21",
        "depends-token-unknown",
        structure::depends_token_unknown
    ),
    check!("F21", "phase-duplicate", structure::phase_duplicate),
    check!(
        "F21",
        "phase-block-duplicate",
        phase_blocks::phase_block_duplicate
    ),
    check!(
        "F21",
        "phase-cell-zero-padded",
        structure::phase_cell_zero_padded
    )
    .fixes(Applicability::Safe),
    check!("F21", "handoff-duplicate", handoffs::handoff_duplicate),
    check!(
        "F21",
        "handoff-scaffold-complete",
        handoffs::handoff_scaffold_complete
    ),
    check!(
        "F1",
        "phase-cell-malformed",
        structure::phase_cell_malformed
    ),
    check!(
        "F2",
        "depends-phase-undefined",
        structure::depends_phase_undefined
    ),
    check!("F3", "dependency-cycle", structure::dependency_cycle),
    check!(
        "F24",
        "gate-directive-missing",
        gates::gate_directive_missing
    ),
    check!("F24", "gate-check-unmarked", gates::gate_check_unmarked),
    check!("F24", "gate-type-unknown", gates::gate_type_unknown),
    check!("F24", "gate-value-missing", gates::gate_value_missing),
    check!("F24", "gate-phase-unknown", gates::gate_phase_unknown),
    check!("F24", "gate-phase-self", gates::gate_phase_self),
    check!("F24", "gate-date-invalid", gates::gate_date_invalid),
    check!("F24", "gate-cmd-mutates", gates::gate_cmd_mutates),
    check!("F24", "gate-plan-unknown", gates::gate_plan_unknown),
    check!(
        "F29",
        "landed-gate-unknown-phase",
        gates::landed_gate_unknown_phase
    ),
    check!(
        "F14",
        "verification-empty-open",
        verification::verification_empty_open
    ),
    check!(
        "F25",
        "decision-key-unknown",
        decisions::decision_key_unknown
    )
    .fixes(Applicability::Unsafe),
    check!(
        "F25",
        "decision-state-unknown",
        decisions::decision_state_unknown
    )
    .fixes(Applicability::Unsafe),
    check!(
        "F25",
        "decision-source-unknown",
        decisions::decision_source_unknown
    )
    .fixes(Applicability::Unsafe),
    check!(
        "F25",
        "decision-outstanding-unowned",
        decisions::decision_outstanding_unowned
    ),
    check!(
        "F25",
        "decision-blocking-invalid",
        decisions::decision_blocking_invalid
    ),
    check!(
        "F25",
        "decision-phase-invalid",
        decisions::decision_phase_invalid
    ),
    check!(
        "F25",
        "decision-phase-unknown",
        decisions::decision_phase_unknown
    ),
    check!(
        "F25",
        "decision-row-duplicate",
        decisions::decision_row_duplicate
    ),
    check!("F25", "decision-value-empty", answers::decision_value_empty),
    check!(
        "F25",
        "decision-table-malformed",
        decisions::decision_table_malformed
    )
    .fixes(Applicability::Safe),
    check!(
        "F25",
        "decision-table-unread",
        unread::decision_table_unread
    ),
    check!(
        "F25",
        "decisions-heading-malformed",
        decisions::decisions_heading_malformed
    ),
    check!("F27", "land-word-unknown", directives::land_word_unknown),
    check!(
        "F31",
        "permission-mode-unknown",
        directives::permission_mode_unknown
    ),
    check!(
        "F37",
        "human-step-superseded",
        human_steps::human_step_superseded
    ),
    check!(
        "F37",
        "human-step-kind-unknown",
        human_steps::human_step_kind_unknown
    ),
    check!(
        "F37",
        "human-step-field-invalid",
        human_steps::human_step_field_invalid
    ),
    check!("F26", "note-target-unknown", notes::note_target_unknown),
    check!(
        not_in_lint "F10",
        "handoff-status-invalid",
        handoffs::handoff_status_invalid
    ),
    check!(
        not_in_lint "F10",
        "handoff-boot-missing",
        handoffs::handoff_boot_missing
    ),
    check!(
        not_in_lint "F10",
        "handoff-depends-mismatch",
        handoffs::handoff_depends_mismatch
    ),
    check!(
        "F20",
        "phase-count-mismatch",
        structure::phase_count_mismatch
    ),
];

impl Finding {
    /// The registry entry of the check that found this (`None` only for a
    /// finding not made by [`run`](super::run)).
    pub fn check(&self) -> Option<&'static Check> {
        CHECKS.get(self.order.0)
    }
}

/// The check named `name`, or every check with code `name` (both
/// case-insensitive), in registry order; empty when nothing matches.
pub fn lookup(name: &str) -> Vec<&'static Check> {
    if let Some(check) = CHECKS.iter().find(|c| c.name.eq_ignore_ascii_case(name)) {
        return vec![check];
    }
    CHECKS
        .iter()
        .filter(|c| c.code.eq_ignore_ascii_case(name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn registry_names_are_unique_and_documented() {
        let mut names = BTreeSet::new();
        for check in CHECKS {
            assert!(names.insert(check.name), "duplicate name {}", check.name);
            assert!(
                check
                    .docs
                    .starts_with(&format!("# {} ({})", check.name, check.code)),
                "{} docs title",
                check.name
            );
            assert!(!check.summary().is_empty(), "{} summary", check.name);
            for section in [
                "What it looks for",
                "Why it matters",
                "Failing example",
                "Passing example",
            ] {
                assert!(
                    !check.section(section).is_empty(),
                    "{} lacks section {section}",
                    check.name
                );
            }
            let failing = check.section("Failing example");
            assert_eq!(
                failing.matches("```").count(),
                4,
                "{}: {failing}",
                check.name
            );
        }
    }

    #[test]
    fn lookup_by_name_or_code() {
        assert_eq!(lookup("F14").len(), 1);
        assert_eq!(lookup("verification-empty-open")[0].code, "F14");
        assert_eq!(lookup("VERIFICATION-EMPTY-OPEN")[0].code, "F14");
        assert!(lookup("f24").len() > 1);
        assert!(lookup("F99").is_empty());
    }
}
