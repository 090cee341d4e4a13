//! `decisions <SLUG> [--phase N] resolve [KEY] [--policy FILE] [--run FILE]
//! [--format tsv|json|table]` (SPEC §5.5): the answer in force of each key,
//! as the console decides it mid-run.

use super::{ResolveArgs, ResolveFormat, print_stdout};
use crate::error::{Error, Result};
use crate::manifest::Manifest;
use crate::manifest::in_force::{InForce, answer_in_force, answers_in_force};
use crate::manifest::policy::RunFields;
use crate::output;
use crate::output::color::ColorChoice;
use crate::root::PlanLocation;
use crate::vocab;

/// Prints the answer in force of every key (or of KEY) in the view `phase`
/// names, in `args.format`; the table as wide as the terminal and coloured
/// as `color` decides. The console's policy is `--policy FILE`, else the
/// `[policy]` table of `planfile.toml`; the run's fields are `--run FILE`,
/// else none. Exit 0; exit 2 for a KEY outside the vocabulary, a policy or
/// run file that cannot be read or used, and the errors of
/// [`Manifest::load`] and an unknown phase.
pub(super) fn decisions_resolve(
    location: &PlanLocation,
    phase: Option<&str>,
    args: &ResolveArgs,
    color: ColorChoice,
) -> Result<u8> {
    let spec = match args.key.as_deref() {
        Some(key) => Some(vocab::key_spec(key).ok_or_else(|| Error::UnknownKey(key.to_string()))?),
        None => None,
    };
    let manifest = Manifest::load(location)?;
    let view = manifest.view(phase)?;
    let policy = crate::config::policy::load_policy(args.policy.as_deref(), &location.root.0)?;
    let run = match args.run.as_deref() {
        Some(path) => crate::config::policy::load_run(path)?,
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
    match args.format {
        ResolveFormat::Tsv => output::in_force::write_tsv(&mut buf, &answers)?,
        ResolveFormat::Json => output::in_force::write_json(&mut buf, &manifest, &answers)?,
        ResolveFormat::Table => {
            let layout = output::table::Layout::stdout(color.stdout_colors());
            output::in_force::write_table(&mut buf, &answers, layout)?;
        }
    }
    print_stdout(&buf)?;
    Ok(0)
}
