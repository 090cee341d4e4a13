//! The lint commands (SPEC §6): `phase-graph <SLUG> --lint` (reference
//! format), `validate [SLUG|PATH]... [--format …]` and `explain [CHECK]`.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::{ExplainArgs, FindingsFormat, PhaseGraphArgs, ValidateArgs, listing, print_stdout};
use crate::config::LintConfig;
use crate::error::{Error, Result, escape_invisible};
use crate::lint::{self, CHECKS, PlanReport};
use crate::output;
use crate::root::{DocsRoot, PlanLocation, check_slug};

/// `phase-graph <SLUG> --lint`: lints one plan and prints the reference
/// verdict. A missing plan is exit 1 (as `--decisions`); a plan without a
/// phase graph is linted like any other (its F20 finding fails it); a
/// gating finding is exit 1; otherwise 0. The verdict is decided before
/// anything is printed, so a closed pipe does not change the exit code.
pub(super) fn phase_graph_lint(root: &DocsRoot, args: &PhaseGraphArgs) -> Result<u8> {
    let location = PlanLocation::resolve(root, &args.slug)?;
    let manifest = listing::load_for_graph(&location)?;
    let config = LintConfig::load(&location.root.0)?;
    let report = lint::lint_manifest(&location, manifest, &config)?;
    let verdict = output::compat::render(&report);
    ignore_broken_pipe(output::compat::print(&verdict).map_err(Error::from))?;
    // The process ends here: the system takes the memory back at once.
    std::mem::forget(report);
    Ok(verdict.exit)
}

/// `Ok` when `result` failed only because the reader of the output went
/// away (`… | head -1`): the command then ends quietly with the exit code it
/// already decided.
fn ignore_broken_pipe(result: Result<()>) -> Result<()> {
    match result {
        Err(e) if e.is_broken_pipe() => Ok(()),
        other => other,
    }
}

/// What the scan of `docs/plans/` found: the plans to lint, the `.md`
/// files that cannot be linted, and the `.md` entries that are not plan
/// files.
#[derive(Debug, Default)]
struct PlanScan {
    /// The plans, sorted by file name.
    plans: Vec<PlanLocation>,
    /// A [`Error::PlanFileName`] for each `.md` file whose name is not a
    /// valid slug.
    unreadable: Vec<Error>,
    /// A line for each `.md` entry skipped (a folder, a dangling symlink, a
    /// symlink loop), naming it and why.
    skipped: Vec<String>,
}

/// Why the `.md` entry at `path` is not a plan file, or `None` when it is a
/// file (or a symlink to one).
fn not_a_plan_file(path: &Path) -> Option<String> {
    let shown = escape_invisible(&path.display().to_string());
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => None,
        Ok(meta) if meta.is_dir() => Some(format!("{shown}: skipped: a folder, not a plan file")),
        Ok(_) => Some(format!(
            "{shown}: skipped: not a regular file (a plan is a Markdown file)"
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let target = std::fs::read_link(path)
                .map(|t| escape_invisible(&t.display().to_string()))
                .unwrap_or_default();
            Some(format!(
                "{shown}: skipped: a symlink to {target}, which does not exist; create the target or remove the link"
            ))
        }
        Err(e) => Some(format!(
            "{shown}: skipped: cannot be followed ({e}); fix or remove the link"
        )),
    }
}

/// Scans `<root>/docs/plans/` for `*.md` entries, sorted by file name.
/// [`Error::NoPlansFolder`] when there is no such folder.
fn scan_plans(root: &DocsRoot) -> Result<PlanScan> {
    let dir = root.plans_dir();
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(Error::NoPlansFolder(dir));
        }
        Err(source) => return Err(Error::Read { path: dir, source }),
    };
    let mut paths = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|source| Error::Read {
            path: dir.clone(),
            source,
        })?;
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "md") {
            paths.push((entry.file_name(), path));
        }
    }
    paths.sort();
    let mut scan = PlanScan::default();
    for (_, path) in paths {
        if let Some(why) = not_a_plan_file(&path) {
            scan.skipped.push(why);
            continue;
        }
        let slug = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if check_slug(&slug).is_err() {
            scan.unreadable.push(Error::PlanFileName(path));
            continue;
        }
        scan.plans.push(PlanLocation {
            root: root.clone(),
            slug,
            plan: path,
        });
    }
    Ok(scan)
}

/// The plans named on the command line, each once: a plan named twice (as
/// a slug and as a path, say) is linted at its first mention.
fn named_plans(root: &DocsRoot, args: &[String]) -> Result<Vec<PlanLocation>> {
    let mut seen = BTreeSet::new();
    let mut plans = Vec::new();
    for arg in args {
        let location = PlanLocation::resolve(root, arg)?;
        let key = std::fs::canonicalize(&location.plan).unwrap_or_else(|_| location.plan.clone());
        if seen.insert(key) {
            plans.push(location);
        }
    }
    Ok(plans)
}

/// `validate [SLUG|PATH]... [--format …]`: lints the plans in parallel and
/// prints their findings in argument order (sorted by name when none is
/// given). Exit 0 when nothing gates, 1 when a finding gates, 2 when a plan
/// or setting cannot be read (the other plans are still linted and
/// printed). The exit code is decided before anything is printed, so a
/// closed pipe does not change it.
pub(super) fn validate(root: &DocsRoot, args: &ValidateArgs) -> Result<u8> {
    let scan = if args.plans.is_empty() {
        scan_plans(root)?
    } else {
        PlanScan {
            plans: named_plans(root, &args.plans)?,
            ..PlanScan::default()
        }
    };
    let mut configs: BTreeMap<PathBuf, LintConfig> = BTreeMap::new();
    for location in &scan.plans {
        if !configs.contains_key(&location.root.0) {
            let config = LintConfig::load(&location.root.0)?;
            configs.insert(location.root.0.clone(), config);
        }
    }
    let results: Vec<Result<PlanReport>> = scan
        .plans
        .par_iter()
        .map(|location| {
            let config = configs.get(&location.root.0).cloned().unwrap_or_default();
            lint::lint_location(location, &config)
        })
        .collect();
    let mut reports = Vec::new();
    let mut errors = scan.unreadable;
    for result in results {
        match result {
            Ok(report) => reports.push(report),
            Err(e) => errors.push(e),
        }
    }
    let gating = u8::from(reports.iter().any(|r| r.gating_count() > 0));
    let code = errors.iter().map(Error::exit_code).fold(gating, u8::max);

    let cwd = std::env::current_dir().ok();
    let base = cwd.as_deref();
    ignore_broken_pipe(print_findings(args.format, &reports, errors.len(), base))?;
    ignore_broken_pipe(print_problems(&scan.skipped, &errors).map_err(Error::from))?;
    if args.format == FindingsFormat::Human {
        let mut err = anstream::stderr().lock();
        let summary = output::human::summary(&reports, errors.len());
        ignore_broken_pipe(writeln!(err, "{summary}").map_err(Error::from))?;
    }
    // The process ends here: the system takes the memory back at once.
    std::mem::forget(reports);
    Ok(code)
}

/// Prints the findings of `reports` on stdout in `format`; `unreadable`
/// plans are counted in the JSON summary.
fn print_findings(
    format: FindingsFormat,
    reports: &[PlanReport],
    unreadable: usize,
    base: Option<&Path>,
) -> Result<()> {
    let mut buf = Vec::new();
    match format {
        FindingsFormat::Human => {
            let mut out = anstream::stdout().lock();
            output::human::write(&mut out, reports, base)?;
            out.flush()?;
        }
        FindingsFormat::Concise => output::concise::write(&mut buf, reports, base)?,
        FindingsFormat::Json => output::findings_json::write(&mut buf, reports, unreadable, base)?,
        FindingsFormat::Sarif => output::sarif::write(&mut buf, reports, base)?,
        FindingsFormat::Github => output::github::write(&mut buf, reports, base)?,
    }
    if !buf.is_empty() {
        print_stdout(&buf)?;
    }
    Ok(())
}

/// Prints on stderr the entries the scan skipped, then the plans that could
/// not be read.
fn print_problems(skipped: &[String], errors: &[Error]) -> std::io::Result<()> {
    let mut err = std::io::stderr().lock();
    for line in skipped {
        writeln!(err, "planfile: {line}")?;
    }
    for e in errors {
        writeln!(err, "planfile: {e}")?;
    }
    err.flush()
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
