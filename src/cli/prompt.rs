//! `decisions <SLUG> [--phase N] prompt`: the decisions block of a phase's
//! boot prompt (SPEC §5.3).

use std::path::Path;

use super::print_stdout;
use crate::error::Result;
use crate::manifest::Manifest;
use crate::manifest::in_force::{InForce, answers_in_force};
use crate::manifest::policy::RunFields;
use crate::output;
use crate::root::PlanLocation;

/// Prints the boot-prompt block of the view `--phase` names (plan-wide
/// without it) on stdout, with the keys that have no row but an answer in
/// force from a shipped default or the console's policy (the `[policy]`
/// table of `planfile.toml`); exit 0. Errors: those of [`Manifest::load`],
/// an unknown phase and a `[policy]` table that cannot be used (exit 2).
/// The command the block names carries `root`, the `--root` the user gave.
pub(super) fn decisions_prompt(
    location: &PlanLocation,
    phase: Option<&str>,
    root: Option<&Path>,
) -> Result<u8> {
    let manifest = Manifest::load(location)?;
    let view = manifest.view(phase)?;
    let rows = manifest.resolve(view);
    let has_manifest = !manifest.plan_rows().is_empty() || !manifest.twin_rows().is_empty();
    let policy = crate::config::policy::load_policy(None, &location.root.0)?;
    let unlisted: Vec<InForce> = answers_in_force(&rows, &RunFields::default(), &policy)
        .into_iter()
        .filter(|answer| answer.row.is_none())
        .collect();
    let verdict =
        crate::gate::check_view(&manifest, view, &[] as &[&str], &location.root.0, &policy);
    let mut buf = Vec::new();
    let subject = output::prompt::PromptSubject {
        slug: &location.slug,
        view,
        root,
        unreadable: &verdict.unreadable,
        refusals: &verdict.refusals,
        has_section: manifest.plan.decisions.is_some(),
    };
    output::prompt::write(&mut buf, &subject, &rows, has_manifest, &unlisted)?;
    print_stdout(&buf)?;
    Ok(0)
}
