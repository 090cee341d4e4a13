//! F20 checks of the plan file as the workflow names and reads it (SPEC §6
//! "More (fix) checks"): a front-matter `slug:` that is not the file's name
//! (`slug-mismatch`), and a `status:` that only a YAML reader makes
//! terminal (`plan-status-unread`).

use super::{Hit, LintInput, line_span};

/// F20 `slug-mismatch` (advisory): the front matter's `slug:` differs from
/// the file name. The workflow names a plan by its file (`docs/plans/<slug>.md`,
/// its twin and handoffs under `docs/handoffs/<slug>/`), so the field
/// misleads whoever reads it. Points at the `slug:` line.
pub fn slug_mismatch(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    let Some(slug) = plan.frontmatter().slug.as_deref() else {
        return;
    };
    // A plan read from stdin without --stdin-filename has no file name.
    if slug == plan.slug || !crate::root::is_valid_slug(&plan.slug) {
        return;
    }
    let Some(block) = &plan.file.frontmatter else {
        return;
    };
    let yaml = &plan.file.text[block.yaml.clone()];
    let line = crate::markdown::lines_with_offsets(yaml)
        .position(|(_, l)| l.trim_start().starts_with("slug"))
        .map_or(block.first_line, |i| block.first_line + i);
    out.push(Hit::in_plan(
        line_span(&plan.file, line),
        format!(
            "frontmatter (line {line}): slug-mismatch — slug \"{}\" is not the file's name, \"{}\"; the workflow names the plan, its twin and its handoffs by the file name, so write slug: {} (or rename the file)",
            crate::error::escape_invisible(slug),
            plan.slug,
            plan.slug
        ),
    ));
}

/// The registry entry of `twin-orphan` (F20, advisory): a twin,
/// `docs/handoffs/<slug>/decisions.md`, whose plan does not exist.
/// `validate` reports it when it discovers a docs root's plans or is given
/// the twin ([`super::orphan_report`]); a lint of a plan finds nothing.
pub fn twin_orphan(_input: &LintInput, _out: &mut Vec<Hit>) {}

/// F20 `plan-status-unread` (advisory): the front matter's `status:` is
/// terminal to a YAML reader (`"complete"`, a block scalar, a tag, `?
/// status`) but not as the reference reads the line (SPEC §6 "Closed
/// plans"), so the plan stays open — linted and failing as an open plan.
/// Points at the status line.
pub fn plan_status_unread(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    if plan.is_closed() || !plan.frontmatter().yaml_status_is_terminal() {
        return;
    }
    let line = plan.status().line.or_else(|| {
        let block = plan.file.frontmatter.as_ref()?;
        let yaml = &plan.file.text[block.yaml.clone()];
        crate::markdown::lines_with_offsets(yaml)
            .position(|(_, l)| l.contains("status"))
            .map(|i| block.first_line + i)
    });
    let line = line.unwrap_or(1);
    out.push(Hit::in_plan(
        line_span(&plan.file, line),
        format!(
            "frontmatter (line {line}): plan-status-unread — a YAML reader takes this status as {}, but the workflow's tooling reads its word as `{}`, so the plan is open and linted as one; write the word plainly: status: {}",
            plan.frontmatter()
                .status
                .as_deref()
                .map(|s| crate::error::escape_invisible(s.trim()))
                .unwrap_or_default(),
            crate::error::escape_invisible(&plan.status().word),
            plan.frontmatter()
                .status
                .as_deref()
                .and_then(|s| s.split_whitespace().next())
                .map(str::to_lowercase)
                .unwrap_or_default()
        ),
    ));
}
