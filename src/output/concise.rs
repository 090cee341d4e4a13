//! `validate --format concise` (SPEC §6): one line per finding,
//! `path:line:col: CODE name: message`, with ` (advisory, not gating)` or
//! ` (closed plan, not gating)` after the message of a finding that does
//! not gate.

use std::io::Write;
use std::path::Path;

use super::display_path;
use crate::lint::{Finding, PlanReport};

/// What follows the message of a finding that does not gate: ` (closed
/// plan, not gating)` on a closed plan, ` (advisory, not gating)` for a
/// check `planfile.toml` makes advisory; empty for a gating finding.
pub fn not_gating_note(report: &PlanReport, finding: &Finding) -> &'static str {
    if report.gates(finding) {
        ""
    } else if report.closed {
        " (closed plan, not gating)"
    } else {
        " (advisory, not gating)"
    }
}

/// Writes every finding of `reports`, in order, one per line, marking those
/// that do not gate; paths are shown relative to `base` when under it. Errors are the writer's.
pub fn write(
    out: &mut dyn Write,
    reports: &[PlanReport],
    base: Option<&Path>,
) -> std::io::Result<()> {
    for report in reports {
        for f in &report.findings {
            writeln!(
                out,
                "{}:{}:{}: {} {}: {}{}",
                display_path(&f.file, base),
                f.line,
                f.column,
                f.code,
                f.name,
                f.message,
                not_gating_note(report, f)
            )?;
        }
    }
    Ok(())
}
