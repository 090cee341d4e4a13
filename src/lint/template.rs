//! `template-placeholder` (advisory): the placeholders `planfile new`
//! writes (SPEC §5.7, `templates/plan.md`) that nobody replaced, so CI can
//! tell a fresh skeleton from a plan.
//!
//! The placeholders are the phase parts of the template: the `…` cells of
//! the Phase graph (title, repos, exit criteria), the `…` title of a
//! `### Phase N — …` heading, the Goal bullet's hint, the Verification
//! command `false  # replace with the command that proves phase N is done`
//! (it runs, and always fails), and the introduction paragraph that starts
//! `Replace this paragraph:`. The Decisions rows are not placeholders: an
//! `outstanding` row is a decision still owed, which the gate reports.

use super::{Hit, LintInput, line_span, trimmed_span};
use crate::markdown::table::{split_cells, strip_decoration};

/// The text of a Phase graph cell or a heading's title that the template
/// leaves to be written.
pub const ELLIPSIS: &str = "…";

/// The Goal bullet's hint in the template.
pub const GOAL_HINT: &str = "what is true once this phase is done.";

/// What the template's Verification command says after `false`.
pub const VERIFICATION_HINT: &str = "# replace with the command that proves phase";

/// How the template's introduction paragraph starts.
pub const INTRODUCTION_HINT: &str = "Replace this paragraph:";

/// The title a `### Phase N …` heading's text gives after its number and
/// separators (`—`, `–`, `-`, `:`), trimmed.
fn heading_title(heading: &str) -> &str {
    let rest = heading
        .trim_start_matches(|c: char| c.is_alphabetic())
        .trim_start_matches(|c: char| c.is_ascii_digit() || c.is_whitespace());
    rest.trim_start_matches(['—', '–', '-', ':', ' ', '\t'])
        .trim_end()
}

/// Whether a Verification value is the template's: a command `false`
/// followed by the template's hint.
fn is_verification_hint(value: &str) -> bool {
    let command = strip_decoration(value);
    command.starts_with("false") && command.contains(VERIFICATION_HINT)
}

/// `template-placeholder` (F20, advisory): each placeholder of the plan
/// template still in the plan (see the module documentation). Points at
/// the cell, heading or line.
pub fn template_placeholder(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    let file = &plan.file;
    let body = file.frontmatter.as_ref().map_or(0, |f| f.end);
    for line in file.line_of(body)..=file.lines.len() {
        let range = line_span(file, line);
        if file.text[range.clone()].starts_with(INTRODUCTION_HINT)
            && range.start >= body
            && !file.doc.in_code_or_html(range.start)
        {
            out.push(Hit::in_plan(
                range,
                format!(
                    "introduction (line {line}): template-placeholder — the paragraph is still the template's \"{INTRODUCTION_HINT} …\"; say what the plan changes, who it is for, and how you will know it worked"
                ),
            ));
        }
    }
    if let Some(table) = plan.graph.as_ref().and_then(|g| g.table.as_ref()) {
        for row in &table.rows {
            let Some(phase) = row.phase_number() else {
                continue;
            };
            let text = &file.text[row.range.clone()];
            // The row's cells are those of its line, trimmed: the line is
            // split again only for a placeholder's span.
            for (i, _) in row
                .cells
                .iter()
                .enumerate()
                .skip(1)
                .filter(|(_, c)| *c == ELLIPSIS)
            {
                let Some(cell) = split_cells(text).get(i).cloned() else {
                    continue;
                };
                let column = table.header.get(i).map_or("", String::as_str);
                let span = trimmed_span(
                    file,
                    (row.range.start + cell.start)..(row.range.start + cell.end),
                );
                out.push(Hit::in_plan(
                    span,
                    format!(
                        "phase {phase}: template-placeholder — the Phase graph's {column} cell is still the template's \"{ELLIPSIS}\"; write the phase's {}",
                        column.to_lowercase()
                    ),
                ));
            }
        }
    }
    for block in plan.phases() {
        let phase = block.number;
        if heading_title(&block.heading) == ELLIPSIS {
            out.push(Hit::in_plan(
                line_span(file, block.heading_line),
                format!(
                    "phase {phase}: template-placeholder — the heading's title is still the template's \"{ELLIPSIS}\"; name the phase as its Phase graph row does"
                ),
            ));
        }
        if let Some(goal) = block.directive("goal")
            && goal.value == GOAL_HINT
        {
            out.push(Hit::in_plan(
                line_span(file, goal.line),
                format!(
                    "phase {phase}: template-placeholder — the Goal is still the template's \"{GOAL_HINT}\"; say what is true once the phase is done"
                ),
            ));
        }
        if let Some(verification) = block.directive("verification")
            && is_verification_hint(&verification.value)
        {
            out.push(Hit::in_plan(
                line_span(file, verification.line),
                format!(
                    "phase {phase}: template-placeholder — the Verification is still the template's `false` command, which always fails; write the command that proves phase {phase} is done"
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str = include_str!("../../templates/plan.md");

    #[test]
    fn the_template_holds_every_placeholder() {
        assert!(TEMPLATE.contains(&format!("| {ELLIPSIS} |")));
        assert!(TEMPLATE.contains(&format!("### Phase 1 — {ELLIPSIS}\n")));
        assert!(TEMPLATE.contains(&format!("- **Goal:** {GOAL_HINT}\n")));
        assert!(TEMPLATE.contains(&format!("`false  {VERIFICATION_HINT} 1 is done`")));
        assert!(TEMPLATE.contains(&format!("\n{INTRODUCTION_HINT} ")));
    }

    #[test]
    fn heading_titles() {
        assert_eq!(heading_title("Phase 1 — …"), "…");
        assert_eq!(heading_title("phase 12: Kiln"), "Kiln");
        assert_eq!(heading_title("Phase 3"), "");
        assert!(is_verification_hint(
            "`false  # replace with the command that proves phase 2 is done`"
        ));
        assert!(!is_verification_hint("`test -s x.log`"));
    }
}
