//! One plan's lint report ([`PlanReport`]): its findings, which of them
//! gate, and the order `phase-graph --lint` prints them in (SPEC-PARITY
//! section E).

use super::finding::{Finding, Severity};
use super::input::file_of;
use super::registry::CHECKS;
use super::{fix, human_steps};
use crate::manifest::Manifest;
use crate::markdown::MarkdownFile;
use crate::plan::Plan;
use crate::plan::decisions::FileKind;
use crate::plan::handoff::Handoffs;

/// The lint result of one plan: what outputs print and what decides the
/// exit code.
#[derive(Debug, Clone)]
pub struct PlanReport {
    /// The plan's slug.
    pub slug: String,
    /// The plan and its twin, as read (outputs show their lines).
    pub manifest: Manifest,
    /// The plan's handoffs, as read (findings may point into them).
    pub handoffs: Handoffs,
    /// Whether the plan is closed (SPEC §3.1): its findings never gate.
    pub closed: bool,
    /// The number of phases in the phase graph.
    pub phases: usize,
    /// The findings, in order.
    pub findings: Vec<Finding>,
    /// The findings an inline suppression silenced (never gating, only
    /// counted; SPEC §10.1).
    pub suppressed: Vec<Finding>,
    /// What `validate --fix` or `--diff` did to the plan before these
    /// findings were taken; `None` when no fix was asked for.
    pub fixed: Option<fix::FixRecord>,
    /// Whether the report stands for a twin whose plan does not exist
    /// ([`super::orphan_report`]) rather than for a plan.
    pub orphan: bool,
}

impl PlanReport {
    /// Whether `finding` fails this plan: a gating check on an open plan,
    /// or a certainty finding on any plan (SPEC §6: a closed plan never
    /// hides one).
    pub fn gates(&self, finding: &Finding) -> bool {
        finding.certainty || (!self.closed && finding.severity == Severity::Gating)
    }

    /// The findings in the reference's `--lint` order (SPEC-PARITY.md
    /// section E): check by check in registry order, the order each check
    /// found them in; except the families of [`family`]: the Gate-check
    /// checks (F24, F29) and the decision-row checks (F25) are each ordered
    /// by file (plan, then twin), line and column, as the reference reports
    /// them phase by phase and row by row; the human-step checks (F37) and
    /// advisories (F38, F40) phase by phase (the operator errands first,
    /// then graph order).
    pub fn findings_in_lint_order(&self) -> Vec<&Finding> {
        in_lint_order(&self.manifest.plan, &self.findings)
    }

    /// The number of findings that fail this plan.
    pub fn gating_count(&self) -> usize {
        self.findings.iter().filter(|f| self.gates(f)).count()
    }

    /// The file a finding points into: the plan, or the twin or handoff
    /// when it exists and could be read.
    pub fn file(&self, kind: FileKind) -> Option<&MarkdownFile> {
        file_of(&self.manifest, &self.handoffs, kind)
    }

    /// The text of the file a finding points into.
    pub fn text_of(&self, kind: FileKind) -> Option<&str> {
        self.file(kind).map(|f| f.text.as_str())
    }
}

/// How the findings of a family of checks interleave on `--lint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Interleave {
    /// By file, line and column.
    Line,
    /// Phase by phase — the `## Operator errands` section first, then the
    /// phases in graph order — and by line within a phase.
    Phase,
    /// Phase by phase, and check by check (in registry order) within a
    /// phase.
    PhaseThenCheck,
}

/// The family a check's findings are interleaved with on `--lint`, and how:
/// the reference reports the Gate-check checks (F24, with F29) phase by
/// phase and the decision-row checks (F25) row by row, so both go by line;
/// the human-step checks (F37) step by step, phase by phase; and the
/// human-step advisories phase by phase, each phase's F38 lines before its
/// F40 lines. Every other check is a family of its own, reported whole in
/// registry order, in the order it found its findings.
fn family(code: &str) -> Option<(&'static str, Interleave)> {
    match code {
        "F24" | "F29" => Some(("F24", Interleave::Line)),
        "F25" => Some(("F25", Interleave::Line)),
        "F37" => Some(("F37", Interleave::Phase)),
        "F38" | "F40" => Some(("F38", Interleave::PhaseThenCheck)),
        _ => None,
    }
}

/// The registry index of the first check of the family run that holds
/// check `index` (see [`PlanReport::findings_in_lint_order`]).
fn family_start(index: usize) -> usize {
    let Some(family) = CHECKS.get(index).and_then(|c| family(c.code)) else {
        return index;
    };
    let mut start = index;
    while start > 0 && self::family(CHECKS[start - 1].code) == Some(family) {
        start -= 1;
    }
    start
}

/// Where `finding` sorts in `--lint` output (see
/// [`PlanReport::findings_in_lint_order`]).
type LintKey = (usize, usize, usize, FileKind, usize, usize, (usize, usize));

/// `findings` of `plan` in the reference's `--lint` order (see
/// [`PlanReport::findings_in_lint_order`]).
pub fn in_lint_order<'f>(plan: &Plan, findings: &'f [Finding]) -> Vec<&'f Finding> {
    let mut findings: Vec<&Finding> = findings.iter().collect();
    let ranks = human_steps::PhaseRanks::new(plan);
    findings.sort_by_cached_key(|f| lint_key(f, &ranks));
    findings
}

/// Where `f` sorts in `--lint` output (see
/// [`PlanReport::findings_in_lint_order`]).
fn lint_key(f: &Finding, ranks: &human_steps::PhaseRanks) -> LintKey {
    let start = family_start(f.order.0);
    let interleave = CHECKS
        .get(f.order.0)
        .and_then(|c| family(c.code))
        .map(|(_, how)| how);
    let rank = || ranks.rank(f.kind, f.span.start);
    match interleave {
        None => (start, 0, 0, FileKind::Plan, 0, 0, f.order),
        Some(Interleave::Line) => (start, 0, 0, f.kind, f.line, f.column, f.order),
        Some(Interleave::Phase) => (start, rank(), 0, f.kind, f.line, f.column, f.order),
        Some(Interleave::PhaseThenCheck) => {
            (start, rank(), f.order.0, f.kind, f.line, f.column, f.order)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn each_family_is_one_run_of_the_registry() {
        let mut seen = BTreeSet::new();
        let mut previous = None;
        for check in CHECKS.iter().filter(|c| c.severity == Severity::Gating) {
            let name = family(check.code).map(|(name, _)| name);
            if name != previous
                && let Some(name) = name
            {
                assert!(seen.insert(name), "family {name} is split in the registry");
            }
            previous = name;
        }
        let advisories = CHECKS
            .iter()
            .position(|c| c.severity == Severity::Gating)
            .unwrap_or(CHECKS.len());
        assert!(
            CHECKS[advisories..]
                .iter()
                .all(|c| c.severity == Severity::Gating),
            "the advisories lead the registry"
        );
    }
}
