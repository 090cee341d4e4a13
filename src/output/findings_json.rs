//! `validate --format json` (SPEC §6): one JSON object with every plan
//! checked, its findings, and a summary.
//!
//! ```json
//! { "plans": [ { "slug": "…", "file": "…", "closed": false, "phases": 3,
//!                "gating": 1, "suppressed": 0,
//!                "findings": [ { "code": "F14", "name": "…", "severity": "gating",
//!                                "gating": true, "file": "…", "line": 30,
//!                                "column": 1, "message": "…", "fixable": false } ] } ],
//!   "unreadable": [ { "file": "docs/plans/legacy.md", "line": 6, "message": "…" } ],
//!   "summary": { "plans": 1, "plans_with_findings": 1, "findings": 1, "gating": 1,
//!                "suppressed": 0, "unreadable": 1 } }
//! ```
//!
//! A finding that carries a fix also holds `applicability`: `safe` (applied
//! by `validate --fix`) or `unsafe` (only with `--unsafe-fixes`). After
//! `validate --fix`, each plan and the summary also hold `fixed`: how many
//! fixes were applied before the findings were taken.

use std::io::Write;
use std::path::Path;

use serde::Serialize;

use super::Findings;
use crate::lint::{Finding, PlanReport};
use crate::root::display_path;

/// One finding as JSON.
#[derive(Debug, Serialize)]
pub struct JsonFinding<'a> {
    /// The check's code (`F14`).
    pub code: &'static str,
    /// The check's name (`verification-empty-open`).
    pub name: &'static str,
    /// `gating` or `advisory`, after `planfile.toml`.
    pub severity: &'static str,
    /// Whether this finding fails the plan (false on a closed plan).
    pub gating: bool,
    /// The file, relative to the working directory when under it.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The finding line (head and what to do).
    pub message: &'a str,
    /// Whether it carries a fix (SPEC §10.1).
    pub fixable: bool,
    /// The fix's applicability, when it carries one: `safe` (`validate
    /// --fix` applies it) or `unsafe` (only `validate --fix
    /// --unsafe-fixes`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub applicability: Option<&'static str>,
}

/// One plan checked, as JSON.
#[derive(Debug, Serialize)]
pub struct JsonPlan<'a> {
    /// The plan's slug.
    pub slug: &'a str,
    /// The plan file.
    pub file: String,
    /// Whether the plan is closed (its findings never gate).
    pub closed: bool,
    /// Phases in its graph.
    pub phases: usize,
    /// How many of its findings gate.
    pub gating: usize,
    /// How many findings an inline suppression silenced (not listed).
    pub suppressed: usize,
    /// How many fixes `validate --fix` applied (only after `--fix`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fixed: Option<usize>,
    /// Its findings, in order.
    pub findings: Vec<JsonFinding<'a>>,
}

/// Totals over every plan checked.
#[derive(Debug, Serialize)]
pub struct JsonSummary {
    /// Plans checked.
    pub plans: usize,
    /// Plans with at least one finding.
    pub plans_with_findings: usize,
    /// Findings in all.
    pub findings: usize,
    /// Findings that gate.
    pub gating: usize,
    /// Findings an inline suppression silenced.
    pub suppressed: usize,
    /// Fixes applied (only after `validate --fix`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fixed: Option<usize>,
    /// Plans named or found that could not be read (each listed in
    /// [`JsonReport::unreadable`] and on stderr; the exit code is 2).
    pub unreadable: usize,
}

/// A plan that could not be read, as JSON.
#[derive(Debug, Serialize)]
pub struct JsonUnreadable<'a> {
    /// The file that could not be read.
    pub file: String,
    /// The 1-based line of the problem, or `null`.
    pub line: Option<usize>,
    /// What went wrong and what to do.
    pub message: &'a str,
}

/// The whole document.
#[derive(Debug, Serialize)]
pub struct JsonReport<'a> {
    /// Every plan checked, in the order given.
    pub plans: Vec<JsonPlan<'a>>,
    /// Every plan that could not be read.
    pub unreadable: Vec<JsonUnreadable<'a>>,
    /// The totals.
    pub summary: JsonSummary,
}

fn finding<'a>(report: &PlanReport, f: &'a Finding, base: Option<&Path>) -> JsonFinding<'a> {
    JsonFinding {
        code: f.code,
        name: f.name,
        severity: f.severity.as_str(),
        gating: report.gates(f),
        file: display_path(&f.file, base),
        line: f.line,
        column: f.column,
        message: &f.message,
        fixable: f.fix.is_some(),
        applicability: f.fix.as_ref().map(|fix| fix.applicability.as_str()),
    }
}

/// The JSON document for `findings.plans` and the `findings.unreadable` plans.
pub fn document<'a>(findings: Findings<'a>) -> JsonReport<'a> {
    let plans: Vec<JsonPlan> = findings
        .plans
        .iter()
        .map(|r| JsonPlan {
            slug: &r.slug,
            file: display_path(&r.manifest.plan.file.path, findings.base),
            closed: r.closed,
            phases: r.phases,
            gating: r.gating_count(),
            suppressed: r.suppressed.len(),
            fixed: r.fixed.as_ref().map(|f| f.count),
            findings: r
                .findings
                .iter()
                .map(|f| finding(r, f, findings.base))
                .collect(),
        })
        .collect();
    let summary = JsonSummary {
        plans: plans.len(),
        plans_with_findings: plans.iter().filter(|p| !p.findings.is_empty()).count(),
        findings: plans.iter().map(|p| p.findings.len()).sum(),
        gating: plans.iter().map(|p| p.gating).sum(),
        suppressed: plans.iter().map(|p| p.suppressed).sum(),
        fixed: findings
            .plans
            .iter()
            .any(|r| r.fixed.is_some())
            .then(|| crate::lint::fix::fixed_count(findings.plans)),
        unreadable: findings.unreadable.len(),
    };
    let unreadable = findings
        .unreadable
        .iter()
        .map(|u| JsonUnreadable {
            file: display_path(&u.path, findings.base),
            line: u.line,
            message: &u.message,
        })
        .collect();
    JsonReport {
        plans,
        unreadable,
        summary,
    }
}

/// Writes the JSON document for `findings.plans` (see [`document`]),
/// pretty-printed, then a newline.
pub fn write(out: &mut dyn Write, findings: Findings) -> std::io::Result<()> {
    super::write_json(out, &document(findings))
}
