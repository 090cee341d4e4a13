//! `decisions <SLUG> [--phase N] check [--ack KEY]... [--format text|json]`:
//! the start gate (SPEC §5.4).

use std::path::Path;

use super::{CheckArgs, GateFormat, print_stdout};
use crate::error::{Error, Result, escape_invisible};
use crate::manifest::{Manifest, gate};
use crate::output;
use crate::output::gate::GateSubject;
use crate::root::PlanLocation;
use crate::vocab;

/// Runs the start gate on the view `--phase` names (plan-wide without it)
/// and prints the verdict on stdout. Returns exit 0 when the run may start,
/// 1 when it is refused. Usage errors (exit 2): an `--ack` that is empty or
/// not a key of the vocabulary; plus the errors of [`Manifest::load`] and an
/// unknown phase. Commands printed as advice carry `root`, the `--root`
/// the user gave.
pub(super) fn decisions_check(
    location: &PlanLocation,
    phase: Option<&str>,
    args: &CheckArgs,
    root: Option<&Path>,
) -> Result<u8> {
    let json = args.format == GateFormat::Json;
    for key in &args.ack {
        if vocab::key_index(key).is_none() {
            return Err(Error::Usage(format!(
                "decisions check --ack \"{}\": not a decision key; --ack takes one of: {}",
                escape_invisible(key),
                vocab::key_list()
            )));
        }
    }
    let manifest = Manifest::load(location)?;
    let view = manifest.view(phase)?;
    let verdict = gate::check_view(&manifest, view, &args.ack, &location.root.0);
    let subject = GateSubject {
        manifest: &manifest,
        slug: &location.slug,
        view,
        root,
    };
    let mut buf = Vec::new();
    if json {
        output::gate::write_json(&mut buf, &subject, &verdict)?;
    } else {
        output::gate::write_text(&mut buf, &subject, &verdict)?;
    }
    print_stdout(&buf)?;
    Ok(if verdict.may_start() { 0 } else { 1 })
}
