//! The lint commands (SPEC §6): `phase-graph <SLUG> --lint` (reference
//! format), `validate [PLAN]... [options]` and `explain [CHECK]`.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use super::{ExplainArgs, FindingsFormat, PhaseGraphArgs, ValidateArgs, listing, print_stdout};
use crate::config::{Config, LintConfig};
use crate::discover::{self, Target};
use crate::error::{Error, Result, escape_invisible};
use crate::lint::select::{Selection, Selector};
use crate::lint::{self, CHECKS, PlanReport};
use crate::output;
use crate::output::color::ColorChoice;
use crate::output::unreadable::Unreadable;
use crate::root::{DocsRoot, PlanLocation};

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

/// The settings for each docs root of a run: `--config FILE` for all,
/// `--no-config` none, else the `planfile.toml` found for each root; the
/// command line's selection applied on top of each.
struct Settings {
    /// `--config FILE`, read once; `Some(None)` for `--no-config`.
    fixed: Option<Option<Arc<LintConfig>>>,
    /// The working directory (where discovery starts).
    cwd: PathBuf,
    /// The command line's `--select` / `--extend-select` / `--ignore`.
    selection: Selection,
    /// The settings found for each docs root.
    by_root: BTreeMap<PathBuf, Arc<LintConfig>>,
}

impl Settings {
    fn new(args: &ValidateArgs, cwd: PathBuf) -> Result<Settings> {
        let selection = Selection {
            select: args
                .select
                .as_deref()
                .map(|v| Selector::parse_option("--select", v))
                .transpose()?,
            extend_select: Selector::parse_option("--extend-select", &args.extend_select)?,
            ignore: Selector::parse_option("--ignore", &args.ignore)?,
        };
        let fixed = if args.no_config {
            Some(None)
        } else if let Some(file) = &args.config {
            let lint = Config::from_file(file)?.lint.with_selection(&selection);
            Some(Some(Arc::new(lint)))
        } else {
            None
        };
        Ok(Settings {
            fixed,
            cwd,
            selection,
            by_root: BTreeMap::new(),
        })
    }

    /// The lint settings for the plans of docs root `root`.
    fn for_root(&mut self, root: &Path) -> Result<Arc<LintConfig>> {
        match &self.fixed {
            Some(Some(config)) => return Ok(config.clone()),
            Some(None) => {
                return Ok(Arc::new(
                    LintConfig::default().with_selection(&self.selection),
                ));
            }
            None => {}
        }
        if let Some(config) = self.by_root.get(root) {
            return Ok(config.clone());
        }
        let lint = Config::discover(root, &self.cwd)?
            .lint
            .with_selection(&self.selection);
        let lint = Arc::new(lint);
        self.by_root.insert(root.to_path_buf(), lint.clone());
        Ok(lint)
    }

    /// The notes of the settings used and of the command line, each once.
    fn notes(&self) -> Vec<String> {
        let mut notes: Vec<String> = Vec::new();
        let configs = self.fixed.iter().flatten().chain(self.by_root.values());
        let all = configs.flat_map(|c| c.notes().iter().cloned()).chain(
            self.selection
                .selectors()
                .filter_map(Selector::shared_code_note),
        );
        for note in all {
            if !notes.contains(&note) {
                notes.push(note);
            }
        }
        notes
    }
}

/// Reads the plan on stdin for `target` (its text, or the error naming it).
fn read_stdin(location: &PlanLocation) -> Result<String> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut bytes)
        .map_err(|source| Error::Read {
            path: location.plan.clone(),
            source,
        })?;
    crate::markdown::decode_utf8(&location.plan, bytes)
}

/// `validate [PLAN]... [options]` (SPEC §6, §10.1): resolves the arguments
/// to plans, lints them in parallel with the settings of their docs root,
/// and prints their findings in argument order (by path when none is
/// given), then the plans that could not be read, in `--format` (or the
/// statistics), to stdout or `--output-file`. Exit 0 when nothing gates
/// (or `--exit-zero`), 1 when a finding gates, 2 when a plan or setting
/// cannot be read (the other plans are still linted and printed). The exit
/// code is decided before anything is printed, so a closed pipe does not
/// change it. The human format is coloured as `color` (the global
/// `--color`) decides.
pub(super) fn validate(root: &DocsRoot, args: &ValidateArgs, color: ColorChoice) -> Result<u8> {
    let cwd = std::env::current_dir().map_err(|source| Error::Read {
        path: PathBuf::from("."),
        source,
    })?;
    let mut settings = Settings::new(args, cwd.clone())?;
    let mut excluded = |location: &PlanLocation| -> Result<bool> {
        Ok(settings
            .for_root(&location.root.0)?
            .is_excluded(&location.plan))
    };
    let found = discover::discover(
        root,
        &args.plans,
        args.stdin_filename.as_deref(),
        &mut excluded,
    )?;
    let mut jobs = Vec::with_capacity(found.targets.len());
    for target in found.targets {
        let config = settings.for_root(&target.location().root.0)?;
        jobs.push((target, config));
    }
    let base = Some(cwd.as_path());
    let fix_mode = lint::fix::FixMode::from_flags(args.fix, args.diff);
    if fix_mode.is_some() && jobs.iter().any(|(t, _)| matches!(t, Target::Stdin { .. })) {
        return Err(Error::Usage(
            "--fix and --diff change plan files; a plan read from stdin (-) has none: name its file instead".to_string(),
        ));
    }
    let results: Vec<(PathBuf, Result<PlanReport>)> =
        jobs.par_iter()
            .map(|(target, config)| {
                let result = match (target, fix_mode) {
                    (Target::File(location), Some(mode)) => {
                        lint::fix::fix_location(location, config, mode, base)
                    }
                    (Target::File(location), None) => lint::lint_location(location, config),
                    (Target::Stdin { location, .. }, _) => read_stdin(location)
                        .and_then(|text| lint::lint_text(location, text, config)),
                };
                (target.location().plan.clone(), result)
            })
            .collect();
    let mut reports = Vec::new();
    let mut unreadable: Vec<Unreadable> = found
        .unreadable
        .iter()
        .map(|e| Unreadable::new(e, Path::new("")))
        .collect();
    for (plan, result) in results {
        match result {
            Ok(report) => reports.push(report),
            Err(e) => unreadable.push(Unreadable::new(&e, &plan)),
        }
    }
    let mut lines: Vec<String> = Vec::new();
    if !args.quiet {
        lines.extend(settings.notes().iter().map(|n| format!("note: {n}")));
    }
    lines.extend(found.skipped.iter().map(|(path, why)| {
        format!(
            "{}: {why}",
            escape_invisible(&output::display_path(path, base))
        )
    }));
    lines.extend(unreadable.iter().map(|u| u.describe(base)));
    if fix_mode == Some(lint::fix::FixMode::Diff) {
        let changed = u8::from(
            reports
                .iter()
                .any(|r| r.fixed.as_ref().is_some_and(|f| !f.diff.is_empty())),
        );
        let code = unreadable.iter().map(|u| u.exit).fold(changed, u8::max);
        ignore_broken_pipe(print_stdout(lint::fix::diffs(&reports).as_bytes()))?;
        let summary = (!args.quiet).then(|| lint::fix::diff_summary(&reports));
        ignore_broken_pipe(print_problems(&lines, summary.as_deref()).map_err(Error::from))?;
        return Ok(code);
    }
    let gating = u8::from(!args.exit_zero && reports.iter().any(|r| r.gating_count() > 0));
    let code = unreadable.iter().map(|u| u.exit).fold(gating, u8::max);
    lines.extend(
        reports
            .iter()
            .filter_map(|r| r.fixed.as_ref())
            .flat_map(|f| f.notes.iter().cloned()),
    );

    let report = render(args, &reports, &unreadable, base, color)?;
    match &args.output_file {
        Some(file) => write_report(file, &report)?,
        None => ignore_broken_pipe(print_stdout(&report))?,
    }
    let counted = fix_mode.is_some() || reports.iter().any(|r| !r.suppressed.is_empty());
    let summary = (!args.quiet && (args.format == FindingsFormat::Human || counted))
        .then(|| output::human::summary(&reports, unreadable.len()));
    ignore_broken_pipe(print_problems(&lines, summary.as_deref()).map_err(Error::from))?;
    // The process ends here: the system takes the memory back at once.
    std::mem::forget(reports);
    Ok(code)
}

/// Whether the human report is coloured: as `color` decides for stdout, or
/// for a file (not a terminal) with `--output-file`.
fn colors(args: &ValidateArgs, color: ColorChoice) -> anstream::ColorChoice {
    let colors = if args.output_file.is_some() {
        color.colors(false)
    } else {
        color.stdout_colors()
    };
    if colors {
        anstream::ColorChoice::Always
    } else {
        anstream::ColorChoice::Never
    }
}

/// The report of a run as bytes: the findings and unreadable plans in
/// `args.format`, or with `--statistics` the counts per check.
fn render(
    args: &ValidateArgs,
    reports: &[PlanReport],
    unreadable: &[Unreadable],
    base: Option<&Path>,
    color: ColorChoice,
) -> Result<Vec<u8>> {
    let mut buf = Vec::new();
    let findings = output::Findings {
        plans: reports,
        unreadable,
        base,
    };
    if args.statistics {
        let counts = output::statistics::counts(reports);
        if args.format == FindingsFormat::Json {
            output::statistics::write_json(&mut buf, &counts)?;
        } else {
            output::statistics::write_text(&mut buf, &counts)?;
        }
        return Ok(buf);
    }
    match args.format {
        FindingsFormat::Human => {
            let mut out = anstream::AutoStream::new(buf, colors(args, color));
            output::human::write(&mut out, findings)?;
            buf = out.into_inner();
        }
        FindingsFormat::Concise => output::concise::write(&mut buf, findings)?,
        FindingsFormat::Json => output::findings_json::write(&mut buf, findings)?,
        FindingsFormat::Sarif => output::sarif::write(&mut buf, findings)?,
        FindingsFormat::Github => output::github::write(&mut buf, findings)?,
        FindingsFormat::Junit => output::junit::write(&mut buf, findings)?,
        FindingsFormat::Gitlab => output::gitlab::write(&mut buf, findings)?,
    }
    Ok(buf)
}

/// Writes the report to `--output-file` (creating its folder).
fn write_report(file: &Path, report: &[u8]) -> Result<()> {
    let write_error = |source| Error::Write {
        path: file.to_path_buf(),
        source,
    };
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(write_error)?;
    }
    std::fs::write(file, report).map_err(write_error)
}

/// Prints `lines` on stderr, each after `planfile: `, then the summary.
fn print_problems(lines: &[String], summary: Option<&str>) -> std::io::Result<()> {
    let mut err = std::io::stderr().lock();
    for line in lines {
        writeln!(err, "planfile: {line}")?;
    }
    if let Some(summary) = summary {
        writeln!(err, "{summary}")?;
    }
    err.flush()
}

/// For a code that several checks share, the paragraph `explain CODE`
/// opens with: which checks the code stands for, and that a code in a
/// selection means all of them.
fn shared_code_header(checks: &[&lint::Check]) -> Option<String> {
    let first = checks.first()?;
    if checks.len() < 2 {
        return None;
    }
    let names: Vec<&str> = checks.iter().map(|c| c.name).collect();
    Some(format!(
        "{} is the code of {} checks: {}.\nIn --select, --ignore, --extend-select and planfile.toml the code stands for all of them; name a check to pick one alone.",
        first.code,
        names.len(),
        names.join(", ")
    ))
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
            let docs = checks
                .iter()
                .map(|c| c.docs.trim_end().to_string())
                .collect::<Vec<_>>()
                .join("\n\n")
                + "\n";
            match shared_code_header(&checks) {
                Some(header) => format!("{header}\n\n{docs}"),
                None => docs,
            }
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
