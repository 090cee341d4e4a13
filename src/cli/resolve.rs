//! `decisions <SLUG> [--phase N] resolve [KEY] [--policy FILE] [--run FILE]
//! [--format tsv|json|table]` (SPEC §5.5): the answer in force of each key,
//! as the console decides it mid-run.

use std::io::Write;

use super::listing::refuse_write_only_options;
use super::{DecisionsArgs, print_stdout, refuse_option};
use crate::error::{Error, Result, escape_invisible};
use crate::manifest::Manifest;
use crate::manifest::in_force::{InForce, answer_in_force, answers_in_force};
use crate::output;
use crate::policy::{ConsolePolicy, RunFields};
use crate::root::PlanLocation;
use crate::vocab;

/// Prints the answer in force of every key (or of KEY) in the view
/// `--phase` names, in `--format` (tsv by default); exit 0. The console's
/// policy is `--policy FILE`, else the `[policy]` table of
/// `planfile.toml`; the run's fields are `--run FILE`, else none. Exit 2:
/// an option only a write verb or the gate takes, a KEY outside the
/// vocabulary, an unknown format, a policy or run file that cannot be read
/// or used, and the errors of [`Manifest::load`] and an unknown phase.
pub(super) fn decisions_resolve(location: &PlanLocation, args: &DecisionsArgs) -> Result<u8> {
    refuse_write_only_options("resolve", args)?;
    refuse_option("resolve", "--ack", !args.ack.is_empty())?;
    let spec = match args.key.as_deref() {
        Some(key) => Some(vocab::key_spec(key).ok_or_else(|| Error::UnknownKey(key.to_string()))?),
        None => None,
    };
    let format = args.format.as_deref().unwrap_or("tsv");
    if !matches!(format, "tsv" | "json" | "table") {
        return Err(Error::Usage(format!(
            "decisions resolve --format takes tsv, json or table, not \"{}\"",
            escape_invisible(format)
        )));
    }
    let manifest = Manifest::load(location)?;
    let view = manifest.view(args.phase.as_deref())?;
    let policy = ConsolePolicy::load(args.policy.as_deref(), &location.root.0)?;
    let run = match args.run.as_deref() {
        Some(path) => RunFields::load(path)?,
        None => RunFields::default(),
    };
    let rows = manifest.resolve(view);
    let answers: Vec<InForce> = match spec {
        Some(spec) => {
            let row = rows.iter().copied().find(|r| r.key == spec.key);
            vec![answer_in_force(spec, row, &run, &policy)]
        }
        None => answers_in_force(&rows, &run, &policy),
    };
    let mut buf = Vec::new();
    match format {
        "json" => output::in_force::write_json(&mut buf, &manifest, &answers)?,
        "table" => {
            let mut out = anstream::stdout().lock();
            output::in_force::write_table(&mut out, &answers)?;
            out.flush()?;
        }
        _ => output::in_force::write_tsv(&mut buf, &answers)?,
    }
    if !buf.is_empty() {
        print_stdout(&buf)?;
    }
    Ok(0)
}

/// Refuses `--policy` and `--run`, which only `resolve` takes, for the
/// other verbs (exit 2).
pub(super) fn refuse_resolve_options(args: &DecisionsArgs) -> Result<()> {
    let verb = escape_invisible(&args.verb);
    refuse_option(&verb, "--policy (only resolve does)", args.policy.is_some())?;
    refuse_option(&verb, "--run (only resolve does)", args.run.is_some())
}
