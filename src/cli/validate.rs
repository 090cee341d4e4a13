//! The lint commands (SPEC §6): `phase-graph <SLUG> --lint` (reference
//! format), `validate [SLUG|PATH]... [--format …]` and `explain [CHECK]`.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use rayon::prelude::*;

use super::{ExplainArgs, FindingsFormat, PhaseGraphArgs, ValidateArgs, listing, print_stdout};
use crate::config::LintConfig;
use crate::error::{Error, Result, escape_invisible};
use crate::lint::{self, CHECKS, PlanReport};
use crate::output;
use crate::root::{DocsRoot, PlanLocation, check_slug};

/// `phase-graph <SLUG> --lint`: lints one plan and prints the reference
/// verdict. A missing plan or a plan without a phase-graph table is exit 1
/// (as `--decisions`); a gating finding is exit 1; otherwise 0.
pub(super) fn phase_graph_lint(root: &DocsRoot, args: &PhaseGraphArgs) -> Result<u8> {
    let location = PlanLocation::resolve(root, &args.slug)?;
    let manifest = listing::load_graphable(&location)?;
    let config = LintConfig::load(&location.root.0)?;
    let report = lint::lint_manifest(&location, manifest, &config)?;
    let verdict = output::compat::render(&report);
    output::compat::print(&verdict)?;
    Ok(verdict.exit)
}

/// The plans under `<root>/docs/plans/`, sorted by file name.
/// [`Error::NoPlansFolder`] when there is no such folder.
fn every_plan(root: &DocsRoot) -> Result<Vec<PlanLocation>> {
    let dir = root.plans_dir();
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(Error::NoPlansFolder(dir));
        }
        Err(source) => return Err(Error::Read { path: dir, source }),
    };
    let mut plans = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|source| Error::Read {
            path: dir.clone(),
            source,
        })?;
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "md") || !path.is_file() {
            continue;
        }
        let slug = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        plans.push((entry.file_name(), slug, path));
    }
    plans.sort_by(|a, b| a.0.cmp(&b.0));
    plans
        .into_iter()
        .map(|(_, slug, plan)| {
            check_slug(&slug)?;
            Ok(PlanLocation {
                root: root.clone(),
                slug,
                plan,
            })
        })
        .collect()
}

/// `validate [SLUG|PATH]... [--format …]`: lints the plans in parallel and
/// prints their findings in argument order (sorted by name when none is
/// given). Exit 0 when nothing gates, 1 when a finding gates, 2 (via the
/// error's code) when a plan or setting cannot be read.
pub(super) fn validate(root: &DocsRoot, args: &ValidateArgs) -> Result<u8> {
    let locations = if args.plans.is_empty() {
        every_plan(root)?
    } else {
        args.plans
            .iter()
            .map(|arg| PlanLocation::resolve(root, arg))
            .collect::<Result<Vec<_>>>()?
    };
    let mut configs: BTreeMap<PathBuf, LintConfig> = BTreeMap::new();
    for location in &locations {
        if !configs.contains_key(&location.root.0) {
            let config = LintConfig::load(&location.root.0)?;
            configs.insert(location.root.0.clone(), config);
        }
    }
    let results: Vec<Result<PlanReport>> = locations
        .par_iter()
        .map(|location| {
            let config = configs.get(&location.root.0).cloned().unwrap_or_default();
            lint::lint_location(location, &config)
        })
        .collect();
    let mut reports = Vec::new();
    let mut errors = Vec::new();
    for result in results {
        match result {
            Ok(report) => reports.push(report),
            Err(e) => errors.push(e),
        }
    }
    let cwd = std::env::current_dir().ok();
    let base = cwd.as_deref();
    let mut buf = Vec::new();
    match args.format {
        FindingsFormat::Human => {
            let mut out = anstream::stdout().lock();
            output::human::write(&mut out, &reports, base)?;
            out.flush()?;
            drop(out);
            let mut err = anstream::stderr().lock();
            writeln!(err, "{}", output::human::summary(&reports))?;
            err.flush()?;
        }
        FindingsFormat::Concise => output::concise::write(&mut buf, &reports, base)?,
        FindingsFormat::Json => output::findings_json::write(&mut buf, &reports, base)?,
        FindingsFormat::Sarif => output::sarif::write(&mut buf, &reports, base)?,
        FindingsFormat::Github => output::github::write(&mut buf, &reports, base)?,
    }
    if !buf.is_empty() {
        print_stdout(&buf)?;
    }
    if !errors.is_empty() {
        let mut err = std::io::stderr().lock();
        for e in &errors {
            writeln!(err, "planfile: {e}")?;
        }
        return Ok(errors.iter().map(Error::exit_code).max().unwrap_or(2));
    }
    let gating = reports.iter().any(|r| r.gating_count() > 0);
    Ok(u8::from(gating))
}

/// `explain [CODE|NAME]`: the documentation of the named check (every check
/// of a shared code), or the list of every check. An unknown check is a
/// usage error (exit 2).
pub(super) fn explain(args: &ExplainArgs) -> Result<u8> {
    let text = match &args.check {
        Some(name) => {
            let checks = lint::lookup(name.trim());
            if checks.is_empty() {
                return Err(Error::Usage(format!(
                    "no lint check is named \"{}\"; run `planfile explain` to list every check by code and name",
                    escape_invisible(name)
                )));
            }
            checks
                .iter()
                .map(|c| c.docs.trim_end().to_string())
                .collect::<Vec<_>>()
                .join("\n\n")
                + "\n"
        }
        None => {
            let width = CHECKS.iter().map(|c| c.name.len()).max().unwrap_or(0);
            let mut text = String::new();
            for check in CHECKS {
                text.push_str(&format!(
                    "{:<4} {:<width$} {:<8} {}\n",
                    check.code,
                    check.name,
                    check.severity.as_str(),
                    check.summary()
                ));
            }
            text
        }
    };
    print_stdout(text.as_bytes())?;
    Ok(0)
}
