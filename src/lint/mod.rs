//! The lint engine (SPEC §6): findings, the registry of checks, and the run
//! of every check over one parse of a plan and its twin.
//!
//! Every check reads the same [`LintInput`]: the [`Manifest`] (the plan and
//! its twin, each parsed once), the plan's [`Handoffs`] (each read once)
//! and the set of done phases. The registry [`CHECKS`] is the one table of
//! checks: code, name, default severity, the function that looks, and its
//! documentation (`src/lint/docs/<name>.md`, printed by `planfile
//! explain`).
//!
//! What belongs here: findings ([`Finding`], [`Hit`]), the registry
//! ([`CHECKS`]), one file per family of checks, suppressions, fixes, and
//! the type of the linter's settings ([`settings::LintSettings`]), which
//! the settings file builds ([`crate::config`]) and the linter only reads.
//! It may use [`crate::manifest`] and the layers below it; nothing here
//! reads `planfile.toml` or prints a format.

pub mod answers;
pub mod blocks;
pub mod certainty;
pub mod commands;
pub mod conflicts;
pub mod console;
pub mod decision_sources;
pub mod decisions;
mod depgraph;
pub mod directives;
pub mod env;
mod finding;
pub mod fix;
pub mod gates;
pub mod handoffs;
pub mod human_steps;
mod input;
pub mod lanes;
pub mod notes;
pub mod open;
pub mod pattern;
pub mod phase_blocks;
mod phases;
pub mod plan_file;
pub mod progress;
mod registry;
mod report;
pub mod repos;
pub mod select;
pub mod settings;
pub mod setup;
pub mod structure;
pub mod style;
pub mod suppress;
pub mod template;
pub mod unread;
pub mod verification;

use crate::error::Result;
use crate::lint::settings::LintSettings;
use crate::manifest::Manifest;
use crate::markdown::MarkdownFile;
use crate::plan::decisions::FileKind;
use crate::plan::handoff::Handoffs;
use crate::root::PlanLocation;

pub use env::LintEnv;
pub use finding::{
    Finding, Hit, Severity, file_label, line_span, trimmed_span, without_line_numbers,
};
pub use fix::{Applicability, Edit, Fix};
pub use input::LintInput;
pub use phases::{UndefinedPhases, defined_phases_named, phase_list};
pub use registry::{CHECKS, Check, CheckFn, Reach, lookup};
pub use report::{PlanReport, in_lint_order};

/// Runs every check of the registry that `config` enables over `input` and
/// returns the findings that are not suppressed (see [`run_all`]).
pub fn run(input: &LintInput, config: &LintSettings) -> Vec<Finding> {
    run_all(input, config).findings
}

/// The findings of one lint run: those that count, and those an inline
/// suppression silenced (SPEC §10.1).
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// The findings that count, `suppression-unused` included, ordered by
    /// file (plan, then twin), line, column and registry order.
    pub findings: Vec<Finding>,
    /// The findings suppressed by a `planfile-ignore` comment, in the same
    /// order: they never gate and are only counted.
    pub suppressed: Vec<Finding>,
}

/// Runs every check of the registry that `config` enables for each file
/// (its selection less its per-file ignores) over `input`, with the
/// severity `config` gives each check, then applies the inline suppressions of the
/// plan and the twin ([`suppress::apply`]). On a closed plan the checks
/// that are advisory by default do not run (SPEC-PARITY.md section D). A
/// fix is kept only on findings in the plan: the twin is changed by the
/// write verbs alone. The certainty checks ([`certainty`]) run whatever
/// `config` says, and their findings gate (SPEC §6 "Validate agrees with
/// the gate").
pub fn run_all(input: &LintInput, config: &LintSettings) -> Outcome {
    let closed = input.manifest.plan.is_closed();
    let plan_checks = config.checks_for(&input.plan_file().path);
    let twin_checks = input
        .file(FileKind::Twin)
        .map(|twin| config.checks_for(&twin.path))
        .unwrap_or_default();
    let runs = |index: usize, check: &Check| {
        certainty::is_certainty_check(check.name)
            || (config.enabled().contains(index)
                && !(closed && check.severity == Severity::Advisory))
    };
    let mut findings = Vec::new();
    for (index, check) in CHECKS.iter().enumerate() {
        if !runs(index, check) {
            continue;
        }
        // A check's hits are dropped as they become findings: a check that
        // hits every row holds no second copy of them meanwhile.
        let mut hits = Vec::new();
        (check.run)(input, &mut hits);
        for (seq, hit) in hits.into_iter().enumerate() {
            let checks = match hit.file {
                FileKind::Plan => plan_checks,
                FileKind::Twin => twin_checks,
                FileKind::Handoff(_) => input
                    .file(hit.file)
                    .map_or(config.enabled(), |f| config.checks_for(&f.path)),
            };
            if let Some(mut finding) =
                to_finding(input, check, config.severity(check), hit, (index, seq))
            {
                if is_certain(input, check.name, finding.kind, finding.line) {
                    finding.severity = Severity::Gating;
                    finding.certainty = true;
                } else if !checks.contains(index) || !config.enabled().contains(index) {
                    continue;
                }
                findings.push(finding);
            }
        }
    }
    let ran = |name: &str| {
        CHECKS.iter().enumerate().any(|(i, c)| {
            c.name == name && runs(i, c) && plan_checks.union(twin_checks).contains(i)
        })
    };
    let (mut findings, mut suppressed) = suppress::apply(input, config, &ran, findings);
    // `order` is unique in a run, so an unstable sort (which needs no
    // buffer) orders them as a stable one would.
    let key = |f: &Finding| (f.kind, f.line, f.column, f.order);
    findings.sort_unstable_by_key(key);
    suppressed.sort_unstable_by_key(key);
    Outcome {
        findings,
        suppressed,
    }
}

/// Whether a finding of the check named `name` at 1-based `line` of the
/// file of `kind` in `input` is a certainty finding: any finding of a
/// certainty check, but a `block-unclosed` one only below the Decisions
/// heading of its file.
fn is_certain(input: &LintInput, name: &str, kind: FileKind, line: usize) -> bool {
    if !certainty::is_certainty_check(name) {
        return false;
    }
    if !certainty::UNREADABLE_AFTER_SECTION.contains(&name) {
        return true;
    }
    let section = match kind {
        FileKind::Plan => input.manifest.plan.decisions(),
        FileKind::Twin => input
            .manifest
            .twin
            .as_ref()
            .and_then(|t| t.decisions.as_ref()),
        FileKind::Handoff(_) => None,
    };
    section.is_some_and(|s| line > s.heading_line)
}

/// The finding of `check` for `hit`, located in its file, with its place
/// `order` in the run (registry index, hit number); `None` when the hit
/// points into a file `input` does not have.
fn to_finding(
    input: &LintInput,
    check: &Check,
    severity: Severity,
    hit: Hit,
    order: (usize, usize),
) -> Option<Finding> {
    let file = input.file(hit.file)?;
    debug_assert!(
        hit.fix
            .as_ref()
            .is_none_or(|f| Some(f.applicability) == check.fix),
        "{}: a fix that the registry does not declare",
        check.name
    );
    let (line, column) = file.lines.line_col(&file.text, hit.span.start);
    Some(Finding {
        code: check.code,
        name: check.name,
        severity,
        kind: hit.file,
        file: file.path.clone(),
        line,
        column,
        span: hit.span,
        message: hit.message,
        order,
        fix: hit.fix.filter(|_| hit.file == FileKind::Plan),
        certainty: false,
    })
}

/// Runs only the checks of the registry named in `names` over `input`,
/// as the registry defines them: no `planfile.toml`, no suppression. The
/// findings are ordered as [`run`] orders them. The start gate uses it for
/// the findings that mean a Decisions section cannot be read with
/// certainty, which nothing but fixing the file clears (SPEC §5.4).
pub fn run_only(input: &LintInput, names: &[&str]) -> Vec<Finding> {
    let mut findings = Vec::new();
    for (index, check) in CHECKS.iter().enumerate() {
        if !names.contains(&check.name) {
            continue;
        }
        let mut hits = Vec::new();
        (check.run)(input, &mut hits);
        findings.extend(
            hits.into_iter().enumerate().filter_map(|(seq, hit)| {
                to_finding(input, check, check.severity, hit, (index, seq))
            }),
        );
    }
    findings.sort_unstable_by_key(|f| (f.kind, f.line, f.column, f.order));
    findings
}

/// Lints an already-read `manifest` located at `location`: scans its
/// handoffs for done phases and runs every check. Errors when a handoff
/// cannot be read.
pub fn lint_manifest(
    location: &PlanLocation,
    manifest: Manifest,
    config: &LintSettings,
) -> Result<PlanReport> {
    let handoffs = Handoffs::scan(&location.handoffs_dir());
    lint_with_handoffs(location, manifest, handoffs, config)
}

/// [`lint_manifest`] with the plan's `handoffs` already read.
fn lint_with_handoffs(
    location: &PlanLocation,
    manifest: Manifest,
    handoffs: Handoffs,
    config: &LintSettings,
) -> Result<PlanReport> {
    let env = LintEnv::for_settings(config);
    let outcome = run_all(
        &LintInput::new(&manifest, &handoffs, &location.root.0, &env)?,
        config,
    );
    Ok(report_of(location, manifest, handoffs, outcome))
}

/// The report of the plan at `location` whose lint of `manifest` (with
/// `handoffs`) gave `outcome`.
pub(crate) fn report_of(
    location: &PlanLocation,
    manifest: Manifest,
    handoffs: Handoffs,
    outcome: Outcome,
) -> PlanReport {
    PlanReport {
        orphan: false,
        slug: location.slug.clone(),
        closed: manifest.plan.is_closed(),
        phases: manifest.plan.graph_phases().len(),
        findings: outcome.findings,
        suppressed: outcome.suppressed,
        fixed: None,
        manifest,
        handoffs,
    }
}

/// The report of an orphan twin (SPEC §6 `twin-orphan`): the twin of
/// `location`, whose plan does not exist, with its one advisory finding
/// at its first line — none when `config` leaves the check out. The report
/// stands for the plan the twin names (an empty plan at its path), so
/// every format names the twin. Errors as [`crate::manifest::Twin::load`].
pub fn orphan_report(location: &PlanLocation, config: &LintSettings) -> Result<PlanReport> {
    let twin_path = location.twin();
    let twin = crate::manifest::Twin::load(&twin_path)?;
    let plan = crate::plan::Plan::from_file(
        &location.slug,
        MarkdownFile::from_text(location.plan.clone(), String::new()),
    );
    let manifest = Manifest { plan, twin };
    let mut findings = Vec::new();
    if let (Some(index), Some(twin)) = (
        CHECKS.iter().position(|c| c.name == "twin-orphan"),
        manifest.twin.as_ref(),
    ) && config.checks_for(&twin.file.path).contains(index)
    {
        let check = &CHECKS[index];
        findings.push(Finding {
            code: check.code,
            name: check.name,
            severity: config.severity(check),
            kind: FileKind::Twin,
            file: twin.file.path.clone(),
            line: 1,
            column: 1,
            span: line_span(&twin.file, 1),
            message: format!(
                "twin decisions.md (line 1): twin-orphan — this twin answers the plan {}, which does not exist ({}), so no gate and no run reads its rows; add the plan, or remove the twin",
                location.slug,
                crate::error::escape_invisible(&crate::root::shown_path(&location.plan))
            ),
            order: (index, 0),
            fix: None,
            certainty: false,
        });
    }
    let outcome = Outcome {
        findings,
        suppressed: Vec::new(),
    };
    Ok(PlanReport {
        orphan: true,
        ..report_of(location, manifest, Handoffs::NONE, outcome)
    })
}

/// Reads the plan at `location` with its twin and lints it. Errors as
/// [`Manifest::load`] (a missing plan is exit 2) and [`lint_manifest`].
pub fn lint_location(location: &PlanLocation, config: &LintSettings) -> Result<PlanReport> {
    let manifest = Manifest::load(location)?;
    lint_manifest(location, manifest, config)
}

/// Lints a plan whose text is in memory (stdin, an editor's buffer) as if
/// it were the file at `location`: its twin and handoffs are read from disk
/// as for [`lint_location`]. Errors when the twin or a handoff cannot be
/// read.
pub fn lint_text(
    location: &PlanLocation,
    text: String,
    config: &LintSettings,
) -> Result<PlanReport> {
    lint_manifest(location, manifest_of_text(location, text)?, config)
}

/// Which file of a plan a text in memory stands for (SPEC §10.1 "stdin and
/// pre-commit"): `validate -` with `--stdin-filename` naming the plan, its
/// twin or one of its handoffs lints the buffer in place of that file, the
/// plan's other files read from disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StandIn {
    /// The plan itself.
    Plan,
    /// Its twin (`docs/handoffs/<slug>/decisions.md`).
    Twin,
    /// The handoff of this file name in the plan's handoffs folder
    /// (`phase-<NN>-*.md`); any other name there is a file no check reads,
    /// and the plan is linted as it is on disk.
    Handoff(String),
}

/// Lints the plan at `location` with `text` standing for the file
/// `stand_in` names: the plan itself ([`lint_text`]), or its twin or a
/// handoff, read from `text` while the plan and its other files are read
/// from disk. Errors as [`lint_location`] (a missing plan is exit 2).
pub fn lint_stand_in(
    location: &PlanLocation,
    stand_in: &StandIn,
    text: String,
    config: &LintSettings,
) -> Result<PlanReport> {
    match stand_in {
        StandIn::Plan => lint_text(location, text, config),
        StandIn::Twin => {
            let file = MarkdownFile::from_text(location.twin(), text);
            let manifest = Manifest {
                plan: crate::plan::Plan::load(location)?,
                twin: Some(crate::manifest::Twin::from_file(file)),
            };
            lint_manifest(location, manifest, config)
        }
        StandIn::Handoff(name) => {
            let handoffs = Handoffs::scan(&location.handoffs_dir()).with_text(name, text);
            lint_with_handoffs(location, Manifest::load(location)?, handoffs, config)
        }
    }
}

/// The manifest of a plan whose text is in memory, taken as the file at
/// `location`, with its twin read from disk. Errors when the twin cannot
/// be read.
fn manifest_of_text(location: &PlanLocation, text: String) -> Result<Manifest> {
    let file = MarkdownFile::from_text(location.plan.clone(), text);
    Ok(Manifest {
        plan: crate::plan::Plan::from_file(&location.slug, file),
        twin: crate::manifest::Twin::load(&location.twin())?,
    })
}
