//! The reference format of `phase-graph <SLUG> --lint` (SPEC §6): findings
//! one per line on stderr, then the verdict line.

use std::io::Write;

use crate::lint::select::CheckSet;
use crate::lint::{CHECKS, Finding, PlanReport, Reach, Severity, suppress};
use crate::manifest::Manifest;

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

/// The codes whose gating lines the reference ends with the code in
/// parentheses (`… (F26)`); scripts and the reference's tests grep for it,
/// so `--lint` ends these lines the same way (SPEC-PARITY.md section G).
const TAGGED_CODES: &[&str] = &["F26", "F27", "F29", "F31", "F37"];

/// `n issue[s]`, written as the reference writes it (literally `issue[s]`).
fn issues(n: usize) -> String {
    format!("{n} issue[s]")
}

/// The checks `phase-graph --lint` need not run on `manifest`: those
/// [`render`] leaves out ([`Reach::NotInLint`]), except the ones a
/// suppression comment of the plan or the twin names. Whether such a
/// comment suppresses anything, which `suppression-unused` reports, depends
/// on what the check finds, so those still run, and the verdict is the one
/// every check would give.
pub fn checks_left_out(manifest: &Manifest) -> CheckSet {
    let not_reported = CheckSet::from_indexes(
        CHECKS
            .iter()
            .enumerate()
            .filter(|(_, c)| c.reach == Reach::NotInLint)
            .map(|(i, _)| i),
    );
    let named = std::iter::once(&manifest.plan.file)
        .chain(manifest.twin.as_ref().map(|t| &t.file))
        .fold(CheckSet::EMPTY, |set, file| {
            set.union(suppress::named_checks(file))
        });
    not_reported.minus(named)
}

/// Renders `report` in the reference format (SPEC §6, SPEC-PARITY.md
/// section E), leaving out the checks `--lint` does not report
/// ([`Reach::NotInLint`]):
/// - first the findings of the checks that are advisory by default (they
///   run on open plans only), each led by its code (`F17 phase 2: …`);
/// - then the other findings in registry order, the phase-count line last;
///   a finding of F26, F27, F29, F31 or F37 ends with its code in
///   parentheses (`(F27)`), as the reference's does, and one that
///   `planfile.toml` made advisory then with `(advisory, not gating)`;
/// - open plan with gating findings: then `LINT FAIL: <slug> (<n>
///   issue[s])` on stderr, exit 1 (`n` counts the gating findings);
/// - open plan without: `LINT OK: <slug> — <n> phases, well-formed and
///   acyclic` on stdout;
/// - closed plan: `LINT OK (closed): <slug> — <n> issue[s] noted, not
///   gating` on stdout, or `LINT OK (closed): <slug> — <n> phases,
///   well-formed and acyclic` when there is nothing to note; but a closed
///   plan with a certainty finding (SPEC §6) fails as an open one does,
///   `n` counting the certainty findings.
pub fn render(report: &PlanReport) -> Verdict {
    let findings: Vec<&Finding> = report
        .findings_in_lint_order()
        .into_iter()
        .filter(|f| f.check().is_none_or(|c| c.reach == Reach::Everywhere))
        .collect();
    let advisory_by_default = |f: &Finding| {
        f.severity == Severity::Advisory
            && f.check().is_some_and(|c| c.severity == Severity::Advisory)
    };
    let mut stderr = String::new();
    for finding in findings.iter().filter(|f| advisory_by_default(f)) {
        stderr.push_str(finding.code);
        stderr.push(' ');
        stderr.push_str(&finding.message);
        stderr.push('\n');
    }
    let noted: Vec<&Finding> = findings
        .iter()
        .copied()
        .filter(|f| !advisory_by_default(f))
        .collect();
    for finding in &noted {
        stderr.push_str(&finding.message);
        if TAGGED_CODES.contains(&finding.code)
            && finding
                .check()
                .is_some_and(|c| c.severity == Severity::Gating)
        {
            stderr.push_str(" (");
            stderr.push_str(finding.code);
            stderr.push(')');
        }
        if !report.closed && finding.severity == Severity::Advisory {
            stderr.push_str(" (advisory, not gating)");
        }
        stderr.push('\n');
    }
    let slug = &report.slug;
    let well_formed = format!("{} phases, well-formed and acyclic", report.phases);
    let gating = noted.iter().filter(|f| report.gates(f)).count();
    if report.closed && gating == 0 {
        let tail = if noted.is_empty() {
            well_formed
        } else {
            format!("{} noted, not gating", issues(noted.len()))
        };
        return Verdict {
            stdout: format!("LINT OK (closed): {slug} — {tail}\n"),
            stderr,
            exit: 0,
        };
    }
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
