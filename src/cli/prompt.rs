//! `decisions <SLUG> [--phase N] prompt`: the decisions block of a phase's
//! boot prompt (SPEC §5.3).

use std::path::Path;

use super::listing::refuse_write_options;
use super::{DecisionsArgs, print_stdout, refuse_option};
use crate::error::Result;
use crate::manifest::Manifest;
use crate::output;
use crate::root::PlanLocation;

/// Prints the boot-prompt block of the view `--phase` names (plan-wide
/// without it) on stdout; exit 0. Usage errors (exit 2): a write-only
/// option, `--format` or `--ack`; plus the errors of [`Manifest::load`] and
/// an unknown phase.
/// The command the block names carries `root`, the `--root` the user gave.
pub(super) fn decisions_prompt(
    location: &PlanLocation,
    args: &DecisionsArgs,
    root: Option<&Path>,
) -> Result<u8> {
    refuse_write_options("prompt", args)?;
    refuse_option("prompt", "--format", args.format.is_some())?;
    refuse_option("prompt", "--ack", !args.ack.is_empty())?;
    let manifest = Manifest::load(location)?;
    let view = manifest.view(args.phase.as_deref())?;
    let rows = manifest.resolve(view);
    let has_manifest = !manifest.plan_rows().is_empty() || !manifest.twin_rows().is_empty();
    let mut buf = Vec::new();
    let subject = output::prompt::PromptSubject {
        slug: &location.slug,
        view,
        root,
    };
    output::prompt::write(&mut buf, &subject, &rows, has_manifest)?;
    print_stdout(&buf)?;
    Ok(0)
}
