//! `validate --format concise` (SPEC §6): one line per finding,
//! `path:line:col: CODE name: message`, with ` (advisory, not gating)` or
//! ` (closed plan, not gating)` after the message of a finding that does
//! not gate. A plan that could not be read is one line,
//! `path:line:1: error: message`.

use std::io::Write;

use super::{Findings, display_path};
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

/// Writes every finding of `findings.plans`, in order, one per line, marking those
/// that do not gate, then a line for each plan in `findings.unreadable`; paths are
/// shown relative to `findings.base` when under it. Errors are the writer's.
pub fn write(out: &mut dyn Write, findings: Findings) -> std::io::Result<()> {
    for report in findings.plans {
        for f in &report.findings {
            writeln!(
                out,
                "{}:{}:{}: {} {}: {}{}",
                display_path(&f.file, findings.base),
                f.line,
                f.column,
                f.code,
                f.name,
                f.message,
                not_gating_note(report, f)
            )?;
        }
    }
    for u in findings.unreadable {
        writeln!(
            out,
            "{}:{}:1: error: {}",
            display_path(&u.path, findings.base),
            u.line_or_first(),
            u.message
        )?;
    }
    Ok(())
}
