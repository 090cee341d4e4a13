//! `decisions <SLUG> [--phase N] prompt`: the decisions block of a phase's
//! boot prompt (SPEC §5.3).

use std::path::Path;

use super::print_stdout;
use crate::error::Result;
use crate::manifest::Manifest;
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
    let policy = crate::config::policy::load_policy(None, &location.root.0)?;
    let block = crate::gate::prompt::decisions_block(&manifest, view, &location.root.0, &policy);
    let mut buf = Vec::new();
    let subject = output::prompt::PromptSubject {
        slug: &location.slug,
        root,
    };
    output::prompt::write(&mut buf, &subject, &block)?;
    print_stdout(&buf)?;
    Ok(0)
}
