//! `validate --format concise` (SPEC §6): one line per finding,
//! `path:line:col: CODE name: message`, with ` (advisory, not gating)` or
//! ` (closed plan, not gating)` after the message of a finding that does
//! not gate. A plan that could not be read is one line,
//! `path:line:1: error: message`.
//!
//! As ruff colours its concise lines: the path bold, the code red (yellow
//! when it does not gate). Colour codes are always produced; write through
//! an `anstream` stream so they are stripped where colour is off.

use std::io::Write;

use anstyle::{AnsiColor, Style};

use super::Findings;
use crate::lint::{Finding, PlanReport};
use crate::root::display_path;

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
    let bold = Style::new().bold();
    for report in findings.plans {
        for f in &report.findings {
            let colour = if report.gates(f) {
                AnsiColor::Red
            } else {
                AnsiColor::Yellow
            };
            let code = colour.on_default().bold();
            writeln!(
                out,
                "{bold}{}{bold:#}:{}:{}: {code}{}{code:#} {}: {}{}",
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
    let error = AnsiColor::Red.on_default().bold();
    for u in findings.unreadable {
        writeln!(
            out,
            "{bold}{}{bold:#}:{}:1: {error}error{error:#}: {}",
            display_path(&u.path, findings.base),
            u.line_or_first(),
            u.message
        )?;
    }
    Ok(())
}
