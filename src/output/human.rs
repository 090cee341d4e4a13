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
    // A long line is shown through a window around the span, which reads
    // the same (see `LineWindow`): the whole line would be read for each of
    // its findings.
    if let Some(window) = LineWindow::of(source, start, end)
        && let Some(file) = file
    {
        let column = file.lines.line_col(text, line_range.start + start).1;
        let rendered = diagnostic(
            report,
            finding,
            level.clone(),
            path.clone(),
            &window.text,
            window.start..window.end,
        );
        if let Some(rendered) = window.restore(rendered, finding.line, column) {
            return rendered;
        }
    }
    diagnostic(report, finding, level, path, source, start..end)
}

/// The diagnostic of `finding` (of `report`, at `level`) showing `source`
/// as its line, from file `path`, with `span` of it marked.
fn diagnostic(
    report: &PlanReport,
    finding: &Finding,
    level: Level<'_>,
    path: String,
    source: &str,
    span: std::ops::Range<usize>,
) -> String {
    let mut group: Group = level
        .primary_title(finding.message.as_str())
        .id(finding.code)
        .element(
            Snippet::source(source)
                .line_start(finding.line)
                .path(path)
                .annotation(AnnotationKind::Primary.span(span).label(finding.name)),
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

/// How long a line (in bytes) must be to be shown through a window.
const LONG_LINE: usize = 2048;

/// How many columns a window keeps on each side of the span: more than
/// annotate-snippets ever shows around a span (its terminal width, 140).
const WINDOW_COLUMNS: usize = 320;

/// How many bytes the search for a window's edge may read before it gives
/// up (a run of characters with no width): the line is then shown whole.
const WINDOW_BYTES: usize = 8192;

/// The part of a long line that annotate-snippets is given for a finding:
/// the span and [`WINDOW_COLUMNS`] columns on each side, the text before
/// them replaced by one `x`. annotate-snippets cuts a long line around the
/// span itself, and what it shows is then the same: the cut follows the
/// span's columns and the text between them, and all that moves is the
/// column the header names, which [`LineWindow::restore`] writes back.
/// That holds while the line's leading blanks (which annotate-snippets
/// may cut instead) are few; a line that opens with more keeps all of its
/// text before the span.
struct LineWindow {
    /// The text shown.
    text: String,
    /// The span, in `text`.
    start: usize,
    end: usize,
    /// Whether text before the span was replaced.
    cut_before: bool,
}

impl LineWindow {
    /// The window of `line` for the span `start..end` of it (byte
    /// offsets); `None` when the line is short or has no text to leave out.
    fn of(line: &str, start: usize, end: usize) -> Option<LineWindow> {
        if line.len() < LONG_LINE {
            return None;
        }
        // Back from the span: where WINDOW_COLUMNS columns start (or the
        // line does).
        let mut from = start;
        let mut columns = 0;
        for (at, c) in line[..start].char_indices().rev() {
            if columns >= WINDOW_COLUMNS {
                break;
            }
            if start - at > WINDOW_BYTES {
                return None;
            }
            columns += char_width(c);
            from = at;
        }
        let cut_before = columns >= WINDOW_COLUMNS && from > 0;
        if cut_before {
            // annotate-snippets counts the line's leading blanks (up to the
            // span) as a margin it may cut; the window keeps none.
            let mut blanks = 0;
            for c in line.chars() {
                if !c.is_whitespace() || blanks > 20 {
                    break;
                }
                blanks += if c == '\t' { 4 } else { 1 };
            }
            if blanks > 20 {
                return None;
            }
        } else {
            from = 0;
        }
        // On from the span: where WINDOW_COLUMNS columns end (or the line
        // does).
        let mut to = line.len();
        let mut columns = 0;
        for (at, c) in line[end..].char_indices() {
            if columns >= WINDOW_COLUMNS {
                to = end + at;
                break;
            }
            if at > WINDOW_BYTES {
                return None;
            }
            columns += char_width(c);
        }
        if from == 0 && to == line.len() {
            return None;
        }
        let (text, offset) = if cut_before {
            (format!("x{}", &line[from..to]), 1)
        } else {
            (line[..to].to_string(), 0)
        };
        Some(LineWindow {
            text,
            start: start - from + offset,
            end: end - from + offset,
            cut_before,
        })
    }

    /// `rendered`, the diagnostic of a finding on line `line` shown through
    /// this window, with the header's column set to `column`, the span's
    /// column in the whole line; `None` when the header is not where it
    /// should be.
    fn restore(&self, rendered: String, line: usize, column: usize) -> Option<String> {
        if !self.cut_before {
            return Some(rendered);
        }
        let shown = self.text[..self.start].chars().count() + 1;
        let header = rendered.find('▸')?;
        let line_end = rendered[header..]
            .find('\n')
            .map_or(rendered.len(), |i| header + i);
        let written = format!(":{line}:{shown}");
        let at = header + rendered[header..line_end].rfind(&written)?;
        let after = at + written.len();
        if rendered[after..].starts_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        Some(format!(
            "{}:{line}:{column}{}",
            &rendered[..at],
            &rendered[after..]
        ))
    }
}

/// A character's width as annotate-snippets counts it: a tab is 4, a
/// control character it shows as a symbol 1, any other its Unicode width
/// (1 when it has none).
fn char_width(c: char) -> usize {
    match c {
        '\t' => 4,
        '\u{0}'..='\u{8}'
        | '\u{B}'..='\u{1F}'
        | '\u{7F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2066}'..='\u{2069}' => 1,
        _ => unicode_width::UnicodeWidthChar::width(c).unwrap_or(1),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A diagnostic of `source` with `span` marked, as [`diagnostic`] shows
    /// a line.
    fn show(source: &str, span: std::ops::Range<usize>, line: usize, label: &str) -> String {
        let group: Group = Level::ERROR.primary_title("a finding").id("F1").element(
            Snippet::source(source)
                .line_start(line)
                .path("docs/plans/p.md")
                .annotation(AnnotationKind::Primary.span(span).label(label)),
        );
        Renderer::styled()
            .decor_style(DecorStyle::Unicode)
            .render(&[group])
    }

    /// A piece of a long line.
    fn piece() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "word ", "<!--x", "| cell ", " ", "\t", "漢字", "e\u{301}", "\u{200d}", "\u{1}",
            "\u{202e}", "🎉", "-->", "`code`", "\u{200b}", "ab", "  ",
        ])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// A finding on a long line reads the same shown through its window
        /// as shown with the whole line.
        #[test]
        fn a_window_shows_what_the_whole_line_shows(
            lead in prop::sample::select(vec!["", " ", "   ", "\t", "                     "]),
            pieces in prop::collection::vec(piece(), 500..1500),
            at in 0.0f64..1.0,
            width in prop_oneof![0usize..20, 0usize..400, 0usize..5000],
            line in 1usize..200_000,
            label in prop::sample::select(vec!["x", "suppression-unused", "decision-row-duplicate-and-more"]),
        ) {
            let text = format!("{lead}{}", pieces.concat());
            let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).chain([text.len()]).collect();
            let start = boundaries[((boundaries.len() - 1) as f64 * at) as usize];
            let end = boundaries[boundaries.partition_point(|&b| b < start + width).min(boundaries.len() - 1)];
            let end = end.max(start);
            let whole = show(&text, start..end, line, label);
            if let Some(window) = LineWindow::of(&text, start, end) {
                let column = text[..start].chars().count() + 1;
                let shown = show(&window.text, window.start..window.end, line, label);
                prop_assert_eq!(window.restore(shown, line, column), Some(whole));
            }
        }
    }
}
