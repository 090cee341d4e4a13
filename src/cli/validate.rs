//! The lint commands (SPEC §6): `phase-graph <SLUG> --lint` (reference
//! format), `validate [PLAN]... [options]` and `explain [CHECK]`.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use super::{ExplainArgs, FindingsFormat, ValidateArgs, listing, print_stdout};
use crate::config::Config;
use crate::config::discover;
use crate::config::discover::Target;
use crate::error::{Error, Result, escape_invisible};
use crate::lint::select::{Selection, Selector};
use crate::lint::settings::LintSettings;
use crate::lint::{self, CHECKS, PlanReport};
use crate::output;
use crate::output::color::ColorChoice;
use crate::output::settings::SettingsSource;
use crate::output::unreadable::Unreadable;
use crate::root::{DocsRoot, PlanLocation};

/// `phase-graph <SLUG> --lint`: lints one plan and prints the reference
/// verdict. A missing plan is exit 1 (as `--decisions`); a plan without a
/// phase graph is linted like any other (its F20 finding fails it); a
/// gating finding is exit 1; otherwise 0. The verdict is decided before
/// anything is printed, so a closed pipe does not change the exit code.
pub(super) fn phase_graph_lint(root: &DocsRoot, slug: &str) -> Result<u8> {
    let location = PlanLocation::resolve(root, slug)?;
    let manifest = listing::load_for_graph(&location)?;
    let config = crate::config::Config::load(&location.root.0)?
        .lint
        .without(output::compat::checks_left_out(&manifest));
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
    /// `--config FILE`, read once, with its path; `Some(None)` for
    /// `--no-config`.
    fixed: Option<Option<(PathBuf, Arc<LintSettings>)>>,
    /// The working directory (where discovery starts).
    cwd: PathBuf,
    /// The command line's `--select` / `--extend-select` / `--ignore`.
    selection: Selection,
    /// The settings found for each docs root, with the file read (`None`:
    /// the defaults).
    by_root: BTreeMap<PathBuf, (Option<PathBuf>, Arc<LintSettings>)>,
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
        for selector in &selection.ignore {
            selector.refuse_hiding_certainty("ignore")?;
        }
        let fixed = if args.no_config {
            Some(None)
        } else if let Some(file) = &args.config {
            let lint = Config::from_file(file)?.lint.with_selection(&selection);
            Some(Some((file.clone(), Arc::new(lint))))
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
    fn for_root(&mut self, root: &Path) -> Result<Arc<LintSettings>> {
        match &self.fixed {
            Some(Some((_, config))) => return Ok(config.clone()),
            Some(None) => {
                return Ok(Arc::new(
                    LintSettings::default().with_selection(&self.selection),
                ));
            }
            None => {}
        }
        if let Some((_, config)) = self.by_root.get(root) {
            return Ok(config.clone());
        }
        let config = Config::discover(root, &self.cwd)?;
        let lint = Arc::new(config.lint.with_selection(&self.selection));
        self.by_root
            .insert(root.to_path_buf(), (config.file, lint.clone()));
        Ok(lint)
    }

    /// Where the settings of docs root `root` come from (after
    /// [`Settings::for_root`] has read them).
    fn source(&self, root: &Path) -> SettingsSource {
        match &self.fixed {
            Some(Some((file, _))) => return SettingsSource::Option(file.clone()),
            Some(None) => return SettingsSource::NoConfig,
            None => {}
        }
        match self.by_root.get(root).and_then(|(file, _)| file.clone()) {
            Some(file) if file.parent() == Some(root) => SettingsSource::DocsRoot(file),
            Some(file) => SettingsSource::Ancestor(file),
            None => SettingsSource::Defaults,
        }
    }

    /// The notes of the settings used and of the command line, each once.
    fn notes(&self) -> Vec<String> {
        let mut notes: Vec<String> = Vec::new();
        let fixed = self.fixed.iter().flatten().map(|(_, c)| c);
        let configs = fixed.chain(self.by_root.values().map(|(_, c)| c));
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

    /// A note for each `planfile.toml` that lies deeper than the one the
    /// plans of `targets` read, and so is not read (SPEC §10.1), naming the
    /// file in use; none with `--config` or `--no-config`.
    fn unread_notes(&self, targets: &[&Target], base: Option<&Path>) -> Vec<String> {
        if self.fixed.is_some() {
            return Vec::new();
        }
        let shown = |path: &Path| escape_invisible(&crate::root::display_path(path, base));
        let mut seen: Vec<PathBuf> = Vec::new();
        let mut notes = Vec::new();
        for target in targets {
            let location = target.location();
            if matches!(target, Target::Stdin { named: false, .. }) {
                continue;
            }
            let root = &location.root.0;
            let in_use = self.by_root.get(root).and_then(|(file, _)| file.as_deref());
            for file in Config::unread_beside(root, &self.cwd, &location.plan, in_use) {
                if seen.contains(&file) {
                    continue;
                }
                let used = match in_use {
                    Some(used) => format!("{} is", shown(used)),
                    None => "the defaults are".to_string(),
                };
                notes.push(format!(
                    "{} is not read: {used} in use for {} (planfile.toml is read at the docs root, else in the nearest ancestor of the working directory that has one); move its settings into the docs root's planfile.toml (a [lint.per-file-ignores] glob for its folder), or pass --config; --show-settings shows what each plan reads",
                    shown(&file),
                    shown(&location.plan)
                ));
                seen.push(file);
            }
        }
        notes
    }
}

/// Reads the buffer on stdin, taken as the file at `path`: the bytes read
/// (printed back by `--fix` when they are not a plan that can be linted,
/// so a pipe keeps its text) and the text, or the error naming the file.
fn read_stdin(path: &Path) -> (Vec<u8>, Result<String>) {
    let mut bytes = Vec::new();
    let text = match std::io::stdin().lock().read_to_end(&mut bytes) {
        Ok(_) => crate::markdown::decode_utf8(path, bytes.clone()),
        Err(source) => Err(Error::Read {
            path: path.to_path_buf(),
            source,
        }),
    };
    (bytes, text)
}

/// The file a buffer on stdin stands for, of the plan at `location`.
fn stand_in_path(location: &PlanLocation, stands_for: &lint::StandIn) -> PathBuf {
    match stands_for {
        lint::StandIn::Plan => location.plan.clone(),
        lint::StandIn::Twin => location.twin(),
        lint::StandIn::Handoff(name) => location.handoffs_dir().join(name),
    }
}

/// Where the report of a run goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Destination<'a> {
    /// Standard output (the default).
    Stdout,
    /// Standard error: with `--fix` on a plan from stdin, whose fixed text
    /// takes stdout (as ruff does).
    Stderr,
    /// `--output-file FILE`.
    File(&'a Path),
}

impl Destination<'_> {
    /// Whether the report is coloured here: as `color` decides for a
    /// terminal stream; in a file only with `--color always`.
    fn colors(self, color: ColorChoice) -> anstream::ColorChoice {
        let colors = match self {
            Destination::Stdout => color.stdout_colors(),
            Destination::Stderr => color.colors(std::io::stderr().is_terminal()),
            Destination::File(_) => color == ColorChoice::Always,
        };
        if colors {
            anstream::ColorChoice::Always
        } else {
            anstream::ColorChoice::Never
        }
    }

    /// Writes `report` here.
    fn write(self, report: &[u8]) -> Result<()> {
        match self {
            Destination::Stdout => ignore_broken_pipe(print_stdout(report)),
            Destination::Stderr => {
                let mut err = std::io::stderr().lock();
                ignore_broken_pipe(
                    err.write_all(report)
                        .and_then(|()| err.flush())
                        .map_err(Error::from),
                )
            }
            Destination::File(file) => write_report(file, report),
        }
    }
}

/// `validate [PLAN]... [options]` (SPEC §6, §10.1): resolves the arguments
/// to plans, lints them in parallel with the settings of their docs root,
/// and prints their findings in argument order (by path when none is
/// given), then the plans that could not be read, in `--format` (or the
/// statistics), to stdout or `--output-file`. Exit 0 when nothing gates
/// (or `--exit-zero`), 1 when a finding gates, 2 when a plan or setting
/// cannot be read (the other plans are still linted and printed). The exit
/// code is decided before anything is printed, so a closed pipe does not
/// change it. Reports are coloured as `color` (the global `--color`)
/// decides; the CI formats name files from the repository (SPEC §10.1).
/// `--fix` with a plan on stdin prints the fixed plan on stdout and the
/// report on stderr (a twin's or handoff's buffer, or one `--force-exclude`
/// left out, as it came); `--diff` prints the diffs instead of a report;
/// `--unsafe-fixes` lets both apply the unsafe fixes too;
/// `--show-settings` prints the settings of each plan instead of linting.
pub(super) fn validate(root: &DocsRoot, args: &ValidateArgs, color: ColorChoice) -> Result<u8> {
    if args.statistics && !statistics_format(args.format) {
        return Err(Error::Usage(format!(
            "--statistics prints in --format {}, not {}; drop --statistics for the {} report, or pick one of those formats",
            output::statistics::FORMATS,
            format_name(args.format),
            format_name(args.format)
        )));
    }
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
    let request = discover::Request {
        args: &args.plans,
        stdin_filename: args.stdin_filename.as_deref(),
        force_exclude: args.force_exclude,
    };
    let found = discover::discover(root, request, &mut excluded)?;
    let mut jobs = Vec::with_capacity(found.targets.len());
    for target in &found.targets {
        let config = settings.for_root(&target.location().root.0)?;
        jobs.push((target, config));
    }
    let base = Some(cwd.as_path());
    let targets: Vec<&Target> = jobs.iter().map(|(t, _)| *t).collect();
    let mut lines: Vec<String> = Vec::new();
    if !args.quiet {
        lines.extend(settings.notes().iter().map(|n| format!("note: {n}")));
        lines.extend(
            settings
                .unread_notes(&targets, base)
                .iter()
                .map(|n| format!("note: {n}")),
        );
    }
    lines.extend(found.skipped.iter().map(|(path, why)| {
        format!(
            "{}: {why}",
            escape_invisible(&crate::root::display_path(path, base))
        )
    }));
    if args.show_settings {
        return show_settings(&settings, &jobs, &lines, base);
    }
    let fix_mode = lint::fix::FixMode::from_flags(args.fix, args.diff);
    let allowed = lint::Applicability::from_unsafe_flag(args.unsafe_fixes);
    // The buffer on stdin is read and linted first; the files in
    // parallel. A buffer that is not linted (--force-exclude, no plan) is
    // still read with --fix, to be printed back as it came.
    let mut stdin_bytes = None;
    let mut stdin_result = None;
    let mut stdin_is_plan = true;
    for (target, config) in &jobs {
        if let Target::Stdin {
            location,
            stands_for,
            ..
        } = target
        {
            let (bytes, text) = read_stdin(&stand_in_path(location, stands_for));
            stdin_bytes = Some(bytes);
            stdin_is_plan = *stands_for == lint::StandIn::Plan;
            stdin_result = Some(text.and_then(|text| match fix_mode {
                Some(_) => {
                    lint::fix::fix_stand_in(location, stands_for, text, config, allowed, base)
                }
                None => lint::lint_stand_in(location, stands_for, text, config),
            }));
        }
    }
    if found.stdin_left_out && fix_mode == Some(lint::fix::FixMode::Write) {
        stdin_bytes = Some(read_stdin(Path::new("-")).0);
        stdin_is_plan = false;
    }
    let results: Vec<(PathBuf, Option<Result<PlanReport>>)> = jobs
        .par_iter()
        .map(|(target, config)| {
            let result = match (target, fix_mode) {
                (Target::File(location), Some(mode)) => {
                    let request = lint::fix::FixRequest { mode, allowed };
                    Some(lint::fix::fix_location(location, config, request, base))
                }
                (Target::File(location), None) => Some(lint::lint_location(location, config)),
                (Target::Stdin { .. }, _) => None,
            };
            (target.location().plan.clone(), result)
        })
        .collect();
    let mut reports = Vec::new();
    let mut stdin_report = None;
    let mut unreadable: Vec<Unreadable> = found
        .unreadable
        .iter()
        .map(|e| Unreadable::new(e, Path::new("")))
        .collect();
    for (plan, result) in results {
        let from_stdin = result.is_none();
        match result.or_else(|| stdin_result.take()) {
            Some(Ok(report)) => {
                if from_stdin {
                    stdin_report = Some(reports.len());
                }
                reports.push(report);
            }
            Some(Err(e)) => unreadable.push(Unreadable::new(&e, &plan)),
            None => {}
        }
    }
    // A twin whose plan does not exist is reported as the plan it names
    // would be (SPEC §6 twin-orphan).
    for orphan in &found.orphan_twins {
        let config = settings.for_root(&orphan.root.0)?;
        match lint::orphan_report(orphan, &config) {
            Ok(report) if !report.findings.is_empty() => reports.push(report),
            Ok(_) => {}
            Err(e) => unreadable.push(Unreadable::new(&e, &orphan.twin())),
        }
    }
    if fix_mode == Some(lint::fix::FixMode::Diff) {
        lines.extend(unreadable.iter().map(|u| u.describe(base)));
        let changed = !args.exit_zero
            && reports
                .iter()
                .any(|r| r.fixed.as_ref().is_some_and(|f| !f.diff.is_empty()));
        let code = unreadable
            .iter()
            .map(|u| u.exit)
            .fold(u8::from(changed), u8::max);
        let mut out = anstream::AutoStream::new(Vec::new(), Destination::Stdout.colors(color));
        output::diff::write(&mut out, &lint::fix::diffs(&reports))?;
        Destination::Stdout.write(&out.into_inner())?;
        let summary = (!args.quiet).then(|| lint::fix::diff_summary(&reports, allowed));
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
    // With --fix, a plan from stdin comes back on stdout, fixed (or as it
    // was read, when it could not be linted, was left out, or is a twin or
    // handoff, which fixes never change); the report moves to stderr.
    let fixed_stdin = fix_mode.is_some() && stdin_bytes.is_some();
    let destination = match &args.output_file {
        Some(file) => Destination::File(file),
        None if fixed_stdin => Destination::Stderr,
        None => Destination::Stdout,
    };
    // The human report names an unreadable plan; on a terminal stream it is
    // not said twice.
    let in_report =
        args.format == FindingsFormat::Human && !args.statistics && args.output_file.is_none();
    if !in_report {
        lines.extend(unreadable.iter().map(|u| u.describe(base)));
    }
    if fixed_stdin {
        let text = match stdin_report {
            Some(i) if stdin_is_plan => reports[i].manifest.plan.file.text.as_bytes().to_vec(),
            _ => stdin_bytes.unwrap_or_default(),
        };
        ignore_broken_pipe(print_stdout(&text))?;
    }
    let repository = crate::root::Repository::from_env(&cwd);
    let report = render(
        args,
        output::Findings {
            plans: &reports,
            unreadable: &unreadable,
            base,
            repository: Some(&repository),
        },
        destination.colors(color),
    )?;
    destination.write(&report)?;
    let counted = fix_mode.is_some() || reports.iter().any(|r| !r.suppressed.is_empty());
    let summary = (!args.quiet && (args.format == FindingsFormat::Human || counted))
        .then(|| output::human::summary(&reports, &unreadable));
    ignore_broken_pipe(print_problems(&lines, summary.as_deref()).map_err(Error::from))?;
    // The process ends here: the system takes the memory back at once.
    std::mem::forget(reports);
    Ok(code)
}

/// The `--format` value of `format`.
fn format_name(format: FindingsFormat) -> String {
    clap::ValueEnum::to_possible_value(&format)
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

/// Whether `--statistics` has a form in `format`.
fn statistics_format(format: FindingsFormat) -> bool {
    matches!(
        format,
        FindingsFormat::Human | FindingsFormat::Concise | FindingsFormat::Json
    )
}

/// `validate --show-settings`: prints the settings of each plan of `jobs`
/// on stdout, and the notes (`lines`) on stderr; exit 0.
fn show_settings(
    settings: &Settings,
    jobs: &[(&Target, Arc<LintSettings>)],
    lines: &[String],
    base: Option<&Path>,
) -> Result<u8> {
    let plans: Vec<output::settings::PlanSettings> = jobs
        .iter()
        .map(|(target, lint)| output::settings::PlanSettings {
            plan: &target.location().plan,
            source: settings.source(&target.location().root.0),
            lint,
        })
        .collect();
    let mut buf = Vec::new();
    output::settings::write(&mut buf, &plans, base)?;
    ignore_broken_pipe(print_stdout(&buf))?;
    ignore_broken_pipe(print_problems(lines, None).map_err(Error::from))?;
    Ok(0)
}

/// The report of a run as bytes: `findings` (the findings and unreadable
/// plans) in `args.format`, or with `--statistics` the counts per check;
/// coloured as `colors` says (codes stripped otherwise).
fn render(
    args: &ValidateArgs,
    findings: output::Findings,
    colors: anstream::ColorChoice,
) -> Result<Vec<u8>> {
    let mut buf = Vec::new();
    if args.statistics {
        let counts = output::statistics::counts(findings.plans);
        if args.format == FindingsFormat::Json {
            output::statistics::write_json(&mut buf, &counts)?;
        } else {
            let mut out = anstream::AutoStream::new(buf, colors);
            output::statistics::write_text(&mut out, &counts)?;
            buf = out.into_inner();
        }
        return Ok(buf);
    }
    match args.format {
        FindingsFormat::Human => {
            let mut out = anstream::AutoStream::new(buf, colors);
            output::human::write(&mut out, findings)?;
            buf = out.into_inner();
        }
        FindingsFormat::Concise => {
            let mut out = anstream::AutoStream::new(buf, colors);
            output::concise::write(&mut out, findings)?;
            buf = out.into_inner();
        }
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

/// The page `explain` prints for a command that is not a check: `resolve`
/// (SPEC §5.5) and `needs` (SPEC §5.6), the commands whose rules a user
/// looks up as they look up a check's. `None` for any other name.
fn command_page(name: &str) -> Option<&'static str> {
    match name {
        "resolve" => Some(include_str!("docs/resolve.md")),
        "needs" => Some(include_str!("docs/needs.md")),
        _ => None,
    }
}

/// `explain [CODE|NAME]`: the documentation of the named check (every check
/// of a shared code; its `## Fix` section says whether its fix is safe or
/// needs `--unsafe-fixes`), the page of the command `resolve` or `needs`, or
/// the list of every check (code, name, severity, `safe fix` / `unsafe fix`
/// when its findings may carry one, summary). An unknown name is a usage
/// error (exit 2).
pub(super) fn explain(args: &ExplainArgs) -> Result<u8> {
    let text = match &args.check {
        Some(name) => {
            let checks = lint::lookup(name.trim());
            if let Some(page) = command_page(name.trim()).filter(|_| checks.is_empty()) {
                print_stdout(page.as_bytes())?;
                return Ok(0);
            }
            if checks.is_empty() {
                return Err(Error::Usage(format!(
                    "no lint check is named \"{}\"; run `planfile explain` to list every check by code and name (`planfile explain resolve` and `planfile explain needs` explain those commands)",
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
                    "{:<4} {:<width$} {:<8} {:<10} {}\n",
                    check.code,
                    check.name,
                    check.severity.as_str(),
                    check.fix_label(),
                    check.summary()
                ));
            }
            text
        }
    };
    print_stdout(text.as_bytes())?;
    Ok(0)
}
