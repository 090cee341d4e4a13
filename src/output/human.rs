//! `validate --format human` (SPEC §6, the default): each finding as a
//! diagnostic with its source line shown and the span marked
//! (annotate-snippets), each plan that could not be read as an error naming
//! its file, and a summary line for people.
//!
//! Colour codes are always produced; write through an `anstream` stream so
//! they are stripped where the output is not a terminal or `NO_COLOR` is set.

use std::io::Write;
use std::path::Path;

use annotate_snippets::renderer::DecorStyle;
use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};

use super::Findings;
use super::unreadable::Unreadable;
use crate::lint::{Applicability, Finding, PlanReport, Severity};
use crate::root::display_path;

/// The diagnostic of one finding, rendered (with colour codes, no final
/// newline).
pub fn render(report: &PlanReport, finding: &Finding, base: Option<&Path>) -> String {
    let gates = report.gates(finding);
    let level = if gates { Level::ERROR } else { Level::WARNING };
    let path = display_path(&finding.file, base);
    let file = report.file(finding.kind);
    let text = file.map(|f| f.text.as_str()).unwrap_or("");
    let line_range = file
        .map(|f| f.lines.line_range(text, finding.line))
        .unwrap_or(0..0);
    let source = &text[line_range.clone()];
    let start = finding.span.start.clamp(line_range.start, line_range.end) - line_range.start;
    let end = finding.span.end.clamp(line_range.start, line_range.end) - line_range.start;
    let end = if end <= start {
        source[start..]
            .char_indices()
            .nth(1)
            .map(|(i, _)| start + i)
            .unwrap_or(source.len())
    } else {
        end
    };
    let mut group: Group = level
        .primary_title(finding.message.as_str())
        .id(finding.code)
        .element(
            Snippet::source(source)
                .line_start(finding.line)
                .path(path)
                .annotation(AnnotationKind::Primary.span(start..end).label(finding.name)),
        );
    if report.closed {
        group = group.element(
            Level::NOTE.message("the plan is closed (its status is complete, abandoned or superseded), so this finding does not gate"),
        );
    } else if finding.severity == Severity::Advisory {
        let by_default = finding
            .check()
            .is_some_and(|c| c.severity == Severity::Advisory);
        group = group.element(Level::NOTE.message(if by_default {
            "advisory: this check's findings do not gate"
        } else {
            "advisory (planfile.toml [lint] advisory): this finding does not gate"
        }));
    }
    if let Some(fix) = &finding.fix {
        group = group.element(Level::HELP.message(match fix.applicability {
            Applicability::Safe => format!("`planfile validate --fix` repairs this: {}", fix.title),
            Applicability::Unsafe => format!(
                "`planfile validate --fix --unsafe-fixes` repairs this, if that is what was meant (an unsafe fix): {}",
                fix.title
            ),
        }));
    }
    group = group.element(Level::HELP.message(format!(
        "`planfile explain {}` says what the check looks for, with examples",
        finding.name
    )));
    Renderer::styled()
        .decor_style(DecorStyle::Unicode)
        .render(&[group])
}

/// The diagnostic of a plan that could not be read (with colour codes, no
/// final newline): the error and the file (and line) it names.
pub fn render_unreadable(u: &Unreadable, base: Option<&Path>) -> String {
    let mut origin = Origin::path(display_path(&u.path, base));
    if let Some(line) = u.line {
        origin = origin.line(line);
    }
    let group = Level::ERROR
        .primary_title(u.message.as_str())
        .element(origin);
    Renderer::styled()
        .decor_style(DecorStyle::Unicode)
        .render(&[group])
}

/// Writes the diagnostic of every finding of `findings.plans`, in order, then of
/// every plan in `findings.unreadable`, each followed by a blank line. Errors are
/// the writer's.
pub fn write(out: &mut dyn Write, findings: Findings) -> std::io::Result<()> {
    for report in findings.plans {
        for finding in &report.findings {
            writeln!(out, "{}\n", render(report, finding, findings.base))?;
        }
    }
    for u in findings.unreadable {
        writeln!(out, "{}\n", render_unreadable(u, findings.base))?;
    }
    Ok(())
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The summary line for people, e.g.
/// `2 plans checked: 3 findings (2 gating) in 1 plan`,
/// `1 plan checked: no findings`, or, when `unreadable` plans could not be
/// read, `0 plans checked, 1 could not be read` (`1 could not be written`
/// for a fix that could not be written). Findings silenced by an
/// inline suppression are counted after a comma (`, 2 suppressed`); after
/// `validate --fix`, the fixes applied and the findings that remain
/// follow (`; 3 fixed, 1 remaining`), with the unsafe fixes left unapplied
/// (`(1 hidden fix can be enabled with the --unsafe-fixes option)`) and
/// the plans whose fixes did not settle.
pub fn summary(reports: &[PlanReport], unreadable: &[Unreadable]) -> String {
    let orphans = reports.iter().filter(|r| r.orphan).count();
    let mut checked = format!("{} checked", plural(reports.len() - orphans, "plan"));
    if orphans > 0 {
        checked.push_str(&format!(", {} without its plan", plural(orphans, "twin")));
    }
    let unwritten = unreadable.iter().filter(|u| u.unwritten).count();
    let unread = unreadable.len() - unwritten;
    if unread > 0 {
        checked.push_str(&format!(", {unread} could not be read"));
    }
    if unwritten > 0 {
        checked.push_str(&format!(", {unwritten} could not be written"));
    }
    if !unreadable.is_empty() && reports.is_empty() {
        return checked;
    }
    let findings: usize = reports.iter().map(|r| r.findings.len()).sum();
    let mut line = if findings == 0 {
        format!("{checked}: no findings")
    } else {
        let gating: usize = reports.iter().map(PlanReport::gating_count).sum();
        let with = reports.iter().filter(|r| !r.findings.is_empty()).count();
        format!(
            "{checked}: {} ({gating} gating) in {}",
            plural(findings, "finding"),
            plural(with, "plan")
        )
    };
    let suppressed: usize = reports.iter().map(|r| r.suppressed.len()).sum();
    if suppressed > 0 {
        line.push_str(&format!(", {suppressed} suppressed"));
    }
    if reports.iter().any(|r| r.fixed.is_some()) {
        let fixed = crate::lint::fix::fixed_count(reports);
        line.push_str(&format!("; {fixed} fixed, {findings} remaining"));
        line.push_str(&crate::lint::fix::hidden_note(
            crate::lint::fix::hidden_count(reports),
        ));
        let unsettled: Vec<&str> = reports
            .iter()
            .filter(|r| r.fixed.as_ref().is_some_and(|f| !f.converged))
            .map(|r| r.slug.as_str())
            .collect();
        if !unsettled.is_empty() {
            line.push_str(&format!(
                " (the fixes of {} did not settle; run validate --fix again)",
                unsettled.join(", ")
            ));
        }
    }
    line
}
