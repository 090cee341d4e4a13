//! The reference format of `phase-graph <SLUG> --lint` (SPEC §6): findings
//! one per line on stderr, then the verdict line.

use std::io::Write;

use crate::lint::{PlanReport, Severity};

/// The verdict of `--lint` for one plan, as the process prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Bytes for standard output (`LINT OK…` lines).
    pub stdout: String,
    /// Bytes for standard error (the findings, `LINT FAIL…`).
    pub stderr: String,
    /// 1 when a gating finding fails the plan, else 0.
    pub exit: u8,
}

/// `n issue[s]`, written as the reference writes it (literally `issue[s]`).
fn issues(n: usize) -> String {
    format!("{n} issue[s]")
}

/// Renders `report` in the reference format:
/// - open plan with gating findings: the findings, then
///   `LINT FAIL: <slug> (<n> issue[s])` on stderr, exit 1 (`n` counts the
///   gating findings);
/// - open plan without: advisory findings (if any) on stderr, then
///   `LINT OK: <slug> — <n> phases, well-formed and acyclic` on stdout;
/// - closed plan: its findings on stderr, then
///   `LINT OK (closed): <slug> — <n> issue[s] noted, not gating` on stdout,
///   or `LINT OK (closed): <slug> — <n> phases, well-formed and acyclic`.
///
/// An advisory finding on an open plan ends with `(advisory, not gating)`.
pub fn render(report: &PlanReport) -> Verdict {
    let mut stderr = String::new();
    for finding in &report.findings {
        stderr.push_str(&finding.message);
        if !report.closed && finding.severity == Severity::Advisory {
            stderr.push_str(" (advisory, not gating)");
        }
        stderr.push('\n');
    }
    let slug = &report.slug;
    let well_formed = format!("{} phases, well-formed and acyclic", report.phases);
    if report.closed {
        let tail = if report.findings.is_empty() {
            well_formed
        } else {
            format!("{} noted, not gating", issues(report.findings.len()))
        };
        return Verdict {
            stdout: format!("LINT OK (closed): {slug} — {tail}\n"),
            stderr,
            exit: 0,
        };
    }
    let gating = report.gating_count();
    if gating > 0 {
        stderr.push_str(&format!("LINT FAIL: {slug} ({})\n", issues(gating)));
        return Verdict {
            stdout: String::new(),
            stderr,
            exit: 1,
        };
    }
    Verdict {
        stdout: format!("LINT OK: {slug} — {well_formed}\n"),
        stderr,
        exit: 0,
    }
}

/// Prints a verdict: stderr first (findings come before the summary), then
/// stdout. Errors are the streams'.
pub fn print(verdict: &Verdict) -> std::io::Result<()> {
    if !verdict.stderr.is_empty() {
        let mut err = std::io::stderr().lock();
        err.write_all(verdict.stderr.as_bytes())?;
        err.flush()?;
    }
    if !verdict.stdout.is_empty() {
        let mut out = std::io::stdout().lock();
        out.write_all(verdict.stdout.as_bytes())?;
        out.flush()?;
    }
    Ok(())
}
