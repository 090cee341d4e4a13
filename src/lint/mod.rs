//! The lint engine (SPEC §6): findings, the registry of checks, and the run
//! of every check over one parse of a plan and its twin.
//!
//! Every check reads the same [`LintInput`]: the [`Manifest`] (the plan and
//! its twin, each parsed once), the plan's [`Handoffs`] (each read once)
//! and the set of done phases. The registry [`CHECKS`] is the one table of
//! checks: code, name, default severity, the function that looks, and its
//! documentation (`src/lint/docs/<name>.md`, printed by `planfile
//! explain`).

pub mod blocks;
pub mod certainty;
pub mod commands;
pub mod conflicts;
pub mod console;
pub mod decisions;
pub mod directives;
pub mod duration;
pub mod env;
pub mod fix;
pub mod gates;
pub mod handoffs;
pub mod human_steps;
pub mod lanes;
pub mod notes;
pub mod open;
pub mod pattern;
pub mod progress;
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

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::error::Result;
use crate::lint::settings::LintSettings;
use crate::manifest::Manifest;
use crate::markdown::MarkdownFile;
use crate::plan::decisions::FileKind;
use crate::plan::graph::DependsToken;
use crate::plan::handoff::Handoffs;
use crate::root::PlanLocation;

pub use env::LintEnv;
pub use fix::{Edit, Fix};

/// Whether a finding fails the lint (SPEC §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The finding fails `validate` and `--lint` (exit 1), unless the plan
    /// is closed.
    Gating,
    /// The finding is printed but never fails: a check that is advisory by
    /// default (the reference's advisories, SPEC §6.5), or one that
    /// `planfile.toml` makes advisory.
    Advisory,
}

impl Severity {
    /// `gating` or `advisory`, as outputs print it.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Gating => "gating",
            Severity::Advisory => "advisory",
        }
    }
}

/// One problem a check found (SPEC §6): code, name, severity, where it
/// points, and a message that says what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The check's code, e.g. `F14` (several checks may share a code).
    pub code: &'static str,
    /// The check's name, e.g. `verification-empty-open` (unique).
    pub name: &'static str,
    /// The severity after `planfile.toml` is applied.
    pub severity: Severity,
    /// Which file of the plan the finding points into: the plan, its twin
    /// or one of its handoffs.
    pub kind: FileKind,
    /// That file's path, as the plan, twin or handoff was located.
    pub file: PathBuf,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The byte range in the file that the finding marks (may be empty).
    pub span: Range<usize>,
    /// The whole finding line of the reference format (`phase 2:
    /// verification-empty-open — …`): the data head SPEC §6 gives, then
    /// ` — ` and what to do.
    pub message: String,
    /// Where the finding sits in the reference's `--lint` output order
    /// (SPEC-PARITY.md section E): the index of its check in [`CHECKS`],
    /// then the position of the hit among that check's hits.
    pub order: (usize, usize),
    /// The repair the tool is sure of, when there is one (SPEC §10.1):
    /// edits of this finding's file. Only findings in the plan carry one.
    pub fix: Option<Fix>,
}

/// What a check reports before the registry stamps its code, name and
/// severity on it: the file, the byte range it marks, and the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    /// The file the hit points into.
    pub file: FileKind,
    /// The byte range in that file; its start gives the line and column.
    pub span: Range<usize>,
    /// The whole finding line (see [`Finding::message`]).
    pub message: String,
    /// The repair the check is sure of, if any (see [`Finding::fix`]).
    pub fix: Option<Fix>,
}

impl Hit {
    /// A hit in the plan, marking `span`, with no fix.
    pub fn in_plan(span: Range<usize>, message: String) -> Hit {
        Hit {
            file: FileKind::Plan,
            span,
            message,
            fix: None,
        }
    }

    /// This hit with `fix`, the repair the check is sure of.
    pub fn with_fix(self, fix: Fix) -> Hit {
        Hit {
            fix: Some(fix),
            ..self
        }
    }
}

/// Everything the checks read: one parse of the plan, its twin and its
/// handoffs, the done phases, and the docs root (for `plan` Gate-checks
/// naming other plans).
#[derive(Debug)]
pub struct LintInput<'a> {
    /// The plan and its twin.
    pub manifest: &'a Manifest,
    /// Every handoff file of the plan (SPEC §3.2), each read once.
    pub handoffs: &'a Handoffs,
    /// The phases of the graph whose newest handoff says they are done
    /// (SPEC §3.2); every other phase is open.
    pub done: BTreeSet<u32>,
    /// The docs root the plan belongs to.
    pub root: &'a Path,
    /// What the console's environment says (SPEC-PARITY.md section F); the
    /// checks never read the process environment themselves.
    pub env: &'a LintEnv,
    /// The open phases with their blocks and §Verification reaches, read
    /// once for every check that needs them (see [`LintInput::open_blocks`]
    /// and [`LintInput::open_verifications`]).
    pub open: std::sync::OnceLock<open::OpenPhases<'a>>,
    /// The plan's human-step bullets with what the reader makes of each,
    /// read once for the five human-step checks.
    pub human_steps: std::sync::OnceLock<Vec<(human_steps::StepLine, human_steps::Parsed)>>,
}

impl<'a> LintInput<'a> {
    /// The input for linting `manifest`: asks `handoffs` which of the
    /// graph's phases are done; `env` is what the console's environment
    /// says. Errors when a handoff cannot be read or is not UTF-8.
    pub fn new(
        manifest: &'a Manifest,
        handoffs: &'a Handoffs,
        root: &'a Path,
        env: &'a LintEnv,
    ) -> Result<Self> {
        let mut done = BTreeSet::new();
        for phase in manifest.plan.graph_phases() {
            if handoffs.is_done(phase)? {
                done.insert(phase);
            }
        }
        Ok(LintInput {
            manifest,
            handoffs,
            done,
            root,
            env,
            open: std::sync::OnceLock::new(),
            human_steps: std::sync::OnceLock::new(),
        })
    }

    /// The input for checks that read only the plan and the twin, not
    /// which phases are done (every phase counts as open).
    pub fn without_handoffs(manifest: &'a Manifest, root: &'a Path, env: &'a LintEnv) -> Self {
        LintInput {
            manifest,
            handoffs: &NO_HANDOFFS,
            done: BTreeSet::new(),
            root,
            env,
            open: std::sync::OnceLock::new(),
            human_steps: std::sync::OnceLock::new(),
        }
    }

    /// The plan file.
    pub fn plan_file(&self) -> &MarkdownFile {
        &self.manifest.plan.file
    }

    /// The file of `kind` (the twin or the handoff, when it exists and
    /// could be read).
    pub fn file(&self, kind: FileKind) -> Option<&MarkdownFile> {
        file_of(self.manifest, self.handoffs, kind)
    }
}

/// The handoffs of [`LintInput::without_handoffs`]: none.
static NO_HANDOFFS: Handoffs = Handoffs::NONE;

/// The file of `kind` among a plan, its twin and its handoffs.
fn file_of<'a>(
    manifest: &'a Manifest,
    handoffs: &'a Handoffs,
    kind: FileKind,
) -> Option<&'a MarkdownFile> {
    match kind {
        FileKind::Plan => Some(&manifest.plan.file),
        FileKind::Twin => manifest.twin.as_ref().map(|t| &t.file),
        FileKind::Handoff(index) => handoffs.get(index)?.file.as_ref(),
    }
}

/// The function of a check: reads the input, pushes one [`Hit`] per problem.
pub type CheckFn = fn(&LintInput, &mut Vec<Hit>);

/// Which commands report a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Every command that lints: `validate`, `phase-graph --lint`, the
    /// language server.
    Everywhere,
    /// Everything but `phase-graph --lint`: the reference runs the check in
    /// `validate.sh`, never in its `--lint` (F10, SPEC §6.5).
    NotInLint,
}

/// One entry of the registry.
#[derive(Debug)]
pub struct Check {
    /// The code (`F14`); shared by related checks.
    pub code: &'static str,
    /// The name (`verification-empty-open`); unique.
    pub name: &'static str,
    /// The severity unless `planfile.toml` says otherwise. A check that is
    /// advisory by default is one of the reference's advisories (SPEC
    /// §6.5): it runs on open plans only, and `--lint` prints it first,
    /// led by its code.
    pub severity: Severity,
    /// Which commands report the check.
    pub reach: Reach,
    /// The function that looks.
    pub run: CheckFn,
    /// The documentation: what it looks for, why it matters, a failing and
    /// a passing example (Markdown).
    pub docs: &'static str,
}

impl Check {
    /// The one-line summary: the first paragraph line of the documentation
    /// after its title.
    pub fn summary(&self) -> &'static str {
        self.docs
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .unwrap_or("")
    }

    /// The text of the documentation section whose `## ` heading starts with
    /// `title` (case-insensitive), trimmed; empty when there is none.
    /// Lines inside fenced examples are never headings.
    pub fn section(&self, title: &str) -> &'static str {
        let docs = self.docs;
        let mut start = None;
        let mut offset = 0;
        let mut in_fence = false;
        for line in docs.split_inclusive('\n') {
            if line.trim_start().starts_with("```") {
                in_fence = !in_fence;
            } else if !in_fence && let Some(heading) = line.strip_prefix("## ") {
                if let Some(from) = start {
                    return docs[from..offset].trim();
                }
                if crate::markdown::starts_with_ignore_case(heading.trim(), title) {
                    start = Some(offset + line.len());
                }
            }
            offset += line.len();
        }
        start.map(|from| docs[from..].trim()).unwrap_or("")
    }
}

/// A registry entry: `check!(code, name, function)` is a gating check;
/// `check!(advisory code, name, function)` one that is advisory by default;
/// `check!(not_in_lint code, name, function)` a gating check that
/// `phase-graph --lint` does not report; `check!(advisory not_in_lint code,
/// name, function)` an advisory one the reference does not have (a style
/// check of planfile's own), which `--lint` does not report either.
macro_rules! check {
    (@entry $code:literal, $name:literal, $run:path, $severity:expr, $reach:expr) => {
        Check {
            code: $code,
            name: $name,
            severity: $severity,
            reach: $reach,
            run: $run,
            docs: include_str!(concat!("docs/", $name, ".md")),
        }
    };
    (advisory $code:literal, $name:literal, $run:path) => {
        check!(@entry $code, $name, $run, Severity::Advisory, Reach::Everywhere)
    };
    (advisory not_in_lint $code:literal, $name:literal, $run:path) => {
        check!(@entry $code, $name, $run, Severity::Advisory, Reach::NotInLint)
    };
    (not_in_lint $code:literal, $name:literal, $run:path) => {
        check!(@entry $code, $name, $run, Severity::Gating, Reach::NotInLint)
    };
    ($code:literal, $name:literal, $run:path) => {
        check!(@entry $code, $name, $run, Severity::Gating, Reach::Everywhere)
    };
}

/// The registry: every check, in the order `phase-graph --lint` prints its
/// findings (SPEC-PARITY.md section E): the advisories first (section D
/// order), then the gating families in the reference's `compute_issues`
/// order, the phase-count line last. Within a check, findings keep the
/// order the check found them in. `validate` sorts by file and line
/// instead, and uses this order only to break ties.
pub static CHECKS: &[Check] = &[
    check!(advisory "F16", "verification-external-wait", commands::verification_external_wait),
    check!(advisory "F32", "verification-fleet-wide", commands::verification_fleet_wide),
    check!(advisory "F33", "repos-outside-root", repos::repos_outside_root),
    check!(advisory "F34", "repos-root-token", repos::repos_root_token),
    check!(advisory "F35", "checkout-inert", lanes::checkout_inert),
    check!(advisory "F36", "wait-window-short", console::wait_window_short),
    check!(advisory "F15", "mcp-server-unregistered", console::mcp_server_unregistered),
    check!(advisory "F15", "credential-unregistered", console::credential_unregistered),
    check!(advisory "F15", "account-unregistered", console::account_unregistered),
    check!(advisory "F17", "verification-lead-missing", commands::verification_lead_missing),
    check!(advisory "F18", "verification-cwd-unpinned", commands::verification_cwd_unpinned),
    check!(advisory "F22", "verification-bring-up", commands::verification_bring_up),
    check!(advisory "F39", "setup-deps-missing", setup::setup_deps_missing),
    check!(advisory "F23", "verification-expected-failure", commands::verification_expected_failure),
    check!(advisory "F19", "plan-deadlocked", progress::plan_deadlocked),
    check!(advisory "F28", "land-needs-lane", lanes::land_needs_lane),
    check!(advisory "F30", "note-target-done", notes::note_target_done),
    check!(
        advisory "F38",
        "human-step-no-proof",
        human_steps::human_step_no_proof
    ),
    check!(
        advisory "F40",
        "human-step-no-why",
        human_steps::human_step_no_why
    ),
    check!(advisory not_in_lint "F21", "phase-number-zero-padded", style::phase_number_zero_padded),
    check!(advisory not_in_lint "F21", "depends-range-dash", style::depends_range_dash),
    check!(advisory not_in_lint "F25", "decision-word-style", style::decision_word_style),
    check!(advisory not_in_lint "F20", "template-placeholder", template::template_placeholder),
    check!(advisory "F20", "suppression-unused", suppress::suppression_unused),
    check!(
        advisory "F25",
        "decision-value-unknown",
        decisions::decision_value_unknown
    ),
    check!("F20", "frontmatter-invalid", structure::frontmatter_invalid),
    check!("F20", "block-unclosed", blocks::block_unclosed),
    check!(
        "F20",
        "merge-conflict-marker",
        conflicts::merge_conflict_marker
    ),
    check!("F20", "graph-table-missing", structure::graph_table_missing),
    check!(
        "F20",
        "graph-header-missing",
        structure::graph_header_missing
    ),
    check!(
        "F20",
        "graph-depends-column-missing",
        structure::graph_depends_column_missing
    ),
    check!(
        "F20",
        "graph-repos-column-missing",
        structure::graph_repos_column_missing
    ),
    check!(
        "F20",
        "graph-row-cell-count",
        structure::graph_row_cell_count
    ),
    check!(
        "F21",
        "depends-token-unknown",
        structure::depends_token_unknown
    ),
    check!("F21", "phase-duplicate", structure::phase_duplicate),
    check!(
        "F21",
        "phase-cell-zero-padded",
        structure::phase_cell_zero_padded
    ),
    check!("F21", "handoff-duplicate", handoffs::handoff_duplicate),
    check!(
        "F21",
        "handoff-scaffold-complete",
        handoffs::handoff_scaffold_complete
    ),
    check!(
        "F1",
        "phase-cell-malformed",
        structure::phase_cell_malformed
    ),
    check!(
        "F2",
        "depends-phase-undefined",
        structure::depends_phase_undefined
    ),
    check!("F3", "dependency-cycle", structure::dependency_cycle),
    check!(
        "F24",
        "gate-directive-missing",
        gates::gate_directive_missing
    ),
    check!("F24", "gate-check-unmarked", gates::gate_check_unmarked),
    check!("F24", "gate-type-unknown", gates::gate_type_unknown),
    check!("F24", "gate-value-missing", gates::gate_value_missing),
    check!("F24", "gate-phase-unknown", gates::gate_phase_unknown),
    check!("F24", "gate-phase-self", gates::gate_phase_self),
    check!("F24", "gate-date-invalid", gates::gate_date_invalid),
    check!("F24", "gate-plan-unknown", gates::gate_plan_unknown),
    check!(
        "F29",
        "landed-gate-unknown-phase",
        gates::landed_gate_unknown_phase
    ),
    check!(
        "F14",
        "verification-empty-open",
        verification::verification_empty_open
    ),
    check!(
        "F25",
        "decision-key-unknown",
        decisions::decision_key_unknown
    ),
    check!(
        "F25",
        "decision-state-unknown",
        decisions::decision_state_unknown
    ),
    check!(
        "F25",
        "decision-source-unknown",
        decisions::decision_source_unknown
    ),
    check!(
        "F25",
        "decision-outstanding-unowned",
        decisions::decision_outstanding_unowned
    ),
    check!(
        "F25",
        "decision-blocking-invalid",
        decisions::decision_blocking_invalid
    ),
    check!(
        "F25",
        "decision-phase-invalid",
        decisions::decision_phase_invalid
    ),
    check!(
        "F25",
        "decision-phase-unknown",
        decisions::decision_phase_unknown
    ),
    check!(
        "F25",
        "decision-row-duplicate",
        decisions::decision_row_duplicate
    ),
    check!(
        "F25",
        "decision-table-malformed",
        decisions::decision_table_malformed
    ),
    check!(
        "F25",
        "decision-table-unread",
        unread::decision_table_unread
    ),
    check!(
        "F25",
        "decisions-heading-malformed",
        decisions::decisions_heading_malformed
    ),
    check!("F27", "land-word-unknown", directives::land_word_unknown),
    check!(
        "F31",
        "permission-mode-unknown",
        directives::permission_mode_unknown
    ),
    check!(
        "F37",
        "human-step-superseded",
        human_steps::human_step_superseded
    ),
    check!(
        "F37",
        "human-step-kind-unknown",
        human_steps::human_step_kind_unknown
    ),
    check!(
        "F37",
        "human-step-field-invalid",
        human_steps::human_step_field_invalid
    ),
    check!("F26", "note-target-unknown", notes::note_target_unknown),
    check!(
        not_in_lint "F10",
        "handoff-status-invalid",
        handoffs::handoff_status_invalid
    ),
    check!(
        not_in_lint "F10",
        "handoff-boot-missing",
        handoffs::handoff_boot_missing
    ),
    check!(
        not_in_lint "F10",
        "handoff-depends-mismatch",
        handoffs::handoff_depends_mismatch
    ),
    check!(
        "F20",
        "phase-count-mismatch",
        structure::phase_count_mismatch
    ),
];

/// How the findings of a family of checks interleave on `--lint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Interleave {
    /// By file, line and column.
    Line,
    /// Phase by phase — the `## Operator errands` section first, then the
    /// phases in graph order — and by line within a phase.
    Phase,
    /// Phase by phase, and check by check (in registry order) within a
    /// phase.
    PhaseThenCheck,
}

/// The family a check's findings are interleaved with on `--lint`, and how:
/// the reference reports the Gate-check checks (F24, with F29) phase by
/// phase and the decision-row checks (F25) row by row, so both go by line;
/// the human-step checks (F37) step by step, phase by phase; and the
/// human-step advisories phase by phase, each phase's F38 lines before its
/// F40 lines. Every other check is a family of its own, reported whole in
/// registry order, in the order it found its findings.
fn family(code: &str) -> Option<(&'static str, Interleave)> {
    match code {
        "F24" | "F29" => Some(("F24", Interleave::Line)),
        "F25" => Some(("F25", Interleave::Line)),
        "F37" => Some(("F37", Interleave::Phase)),
        "F38" | "F40" => Some(("F38", Interleave::PhaseThenCheck)),
        _ => None,
    }
}

/// The registry index of the first check of the family run that holds
/// check `index` (see [`PlanReport::findings_in_lint_order`]).
fn family_start(index: usize) -> usize {
    let Some(family) = CHECKS.get(index).and_then(|c| family(c.code)) else {
        return index;
    };
    let mut start = index;
    while start > 0 && self::family(CHECKS[start - 1].code) == Some(family) {
        start -= 1;
    }
    start
}

/// Where `finding` sorts in `--lint` output (see
/// [`PlanReport::findings_in_lint_order`]).
type LintKey = (usize, usize, usize, FileKind, usize, usize, (usize, usize));

impl PlanReport {
    fn lint_key(&self, f: &Finding) -> LintKey {
        let start = family_start(f.order.0);
        let interleave = CHECKS
            .get(f.order.0)
            .and_then(|c| family(c.code))
            .map(|(_, how)| how);
        let rank = || human_steps::phase_rank(&self.manifest.plan, f.kind, f.span.start);
        match interleave {
            None => (start, 0, 0, FileKind::Plan, 0, 0, f.order),
            Some(Interleave::Line) => (start, 0, 0, f.kind, f.line, f.column, f.order),
            Some(Interleave::Phase) => (start, rank(), 0, f.kind, f.line, f.column, f.order),
            Some(Interleave::PhaseThenCheck) => {
                (start, rank(), f.order.0, f.kind, f.line, f.column, f.order)
            }
        }
    }
}

impl Finding {
    /// The registry entry of the check that found this (`None` only for a
    /// finding not made by [`run`]).
    pub fn check(&self) -> Option<&'static Check> {
        CHECKS.get(self.order.0)
    }
}

/// The check named `name`, or every check with code `name` (both
/// case-insensitive), in registry order; empty when nothing matches.
pub fn lookup(name: &str) -> Vec<&'static Check> {
    if let Some(check) = CHECKS.iter().find(|c| c.name.eq_ignore_ascii_case(name)) {
        return vec![check];
    }
    CHECKS
        .iter()
        .filter(|c| c.code.eq_ignore_ascii_case(name))
        .collect()
}

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
/// write verbs alone.
pub fn run_all(input: &LintInput, config: &LintSettings) -> Outcome {
    let closed = input.manifest.plan.is_closed();
    let plan_checks = config.checks_for(&input.plan_file().path);
    let twin_checks = input
        .file(FileKind::Twin)
        .map(|twin| config.checks_for(&twin.path))
        .unwrap_or_default();
    let runs = |index: usize, check: &Check| {
        config.enabled().contains(index) && !(closed && check.severity == Severity::Advisory)
    };
    let mut findings = Vec::new();
    let mut hits = Vec::new();
    for (index, check) in CHECKS.iter().enumerate() {
        if !runs(index, check) {
            continue;
        }
        hits.clear();
        (check.run)(input, &mut hits);
        for (seq, hit) in hits.drain(..).enumerate() {
            let checks = match hit.file {
                FileKind::Plan => plan_checks,
                FileKind::Twin => twin_checks,
                FileKind::Handoff(_) => input
                    .file(hit.file)
                    .map_or(config.enabled(), |f| config.checks_for(&f.path)),
            };
            if !checks.contains(index) {
                continue;
            }
            let severity = config.severity(check);
            if let Some(finding) = to_finding(input, check, severity, hit, (index, seq)) {
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
    let key = |f: &Finding| (f.kind, f.line, f.column, f.order);
    findings.sort_by_key(key);
    suppressed.sort_by_key(key);
    Outcome {
        findings,
        suppressed,
    }
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
    findings.sort_by_key(|f| (f.kind, f.line, f.column, f.order));
    findings
}

/// The lint result of one plan: what outputs print and what decides the
/// exit code.
#[derive(Debug, Clone)]
pub struct PlanReport {
    /// The plan's slug.
    pub slug: String,
    /// The plan and its twin, as read (outputs show their lines).
    pub manifest: Manifest,
    /// The plan's handoffs, as read (findings may point into them).
    pub handoffs: Handoffs,
    /// Whether the plan is closed (SPEC §3.1): its findings never gate.
    pub closed: bool,
    /// The number of phases in the phase graph.
    pub phases: usize,
    /// The findings, in order.
    pub findings: Vec<Finding>,
    /// The findings an inline suppression silenced (never gating, only
    /// counted; SPEC §10.1).
    pub suppressed: Vec<Finding>,
    /// What `validate --fix` or `--diff` did to the plan before these
    /// findings were taken; `None` when no fix was asked for.
    pub fixed: Option<fix::FixRecord>,
}

impl PlanReport {
    /// Whether `finding` fails this plan: a gating check on an open plan.
    pub fn gates(&self, finding: &Finding) -> bool {
        !self.closed && finding.severity == Severity::Gating
    }

    /// The findings in the reference's `--lint` order (SPEC-PARITY.md
    /// section E): check by check in registry order, the order each check
    /// found them in; except the families of [`family`]: the Gate-check
    /// checks (F24, F29) and the decision-row checks (F25) are each ordered
    /// by file (plan, then twin), line and column, as the reference reports
    /// them phase by phase and row by row; the human-step checks (F37) and
    /// advisories (F38, F40) phase by phase (the operator errands first,
    /// then graph order).
    pub fn findings_in_lint_order(&self) -> Vec<&Finding> {
        let mut findings: Vec<&Finding> = self.findings.iter().collect();
        findings.sort_by_cached_key(|f| self.lint_key(f));
        findings
    }

    /// The number of findings that fail this plan.
    pub fn gating_count(&self) -> usize {
        self.findings.iter().filter(|f| self.gates(f)).count()
    }

    /// The file a finding points into: the plan, or the twin or handoff
    /// when it exists and could be read.
    pub fn file(&self, kind: FileKind) -> Option<&MarkdownFile> {
        file_of(&self.manifest, &self.handoffs, kind)
    }

    /// The text of the file a finding points into.
    pub fn text_of(&self, kind: FileKind) -> Option<&str> {
        self.file(kind).map(|f| f.text.as_str())
    }
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
    let env = LintEnv::from_process();
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

/// The byte range of 1-based `line` of `file` without its leading blanks
/// and its line ending: what a finding about a whole line marks.
pub fn line_span(file: &MarkdownFile, line: usize) -> Range<usize> {
    let range = file.lines.line_range(&file.text, line);
    let text = &file.text[range.clone()];
    let lead = text.len() - text.trim_start_matches([' ', '\t']).len();
    (range.start + lead)..range.end
}

/// `range` of `file` without the ASCII blanks at either end (a cell); the
/// whole range when the cell holds only blanks, so an empty cell is still
/// marked between its pipes.
pub fn trimmed_span(file: &MarkdownFile, range: Range<usize>) -> Range<usize> {
    let Some(text) = file.text.get(range.clone()) else {
        return range;
    };
    let inner = text.trim_matches([' ', '\t', '\r']);
    if inner.is_empty() {
        return range;
    }
    let lead = text.len() - text.trim_start_matches([' ', '\t', '\r']).len();
    let start = range.start + lead;
    start..start + inner.len()
}

/// How messages name a file of the plan (the W of SPEC §6's message
/// heads): `the plan`, `decisions.md` or `a handoff`.
pub fn file_label(kind: FileKind) -> &'static str {
    match kind {
        FileKind::Plan => "the plan",
        FileKind::Twin => "decisions.md",
        FileKind::Handoff(_) => "a handoff",
    }
}

/// The graph's phases as `1 2 3`, for messages (`(none)` when empty).
pub fn phase_list(phases: &[u32]) -> String {
    if phases.is_empty() {
        return "(none)".to_string();
    }
    phases
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The phases that `token` names and `defined` holds, in order: a range
/// names each defined phase inside it (never enumerated, however wide).
pub fn defined_phases_named(token: &DependsToken, defined: &BTreeSet<u32>) -> Vec<u32> {
    match token {
        DependsToken::Phase(p) => defined.get(p).copied().into_iter().collect(),
        DependsToken::Range(a, b) => defined.range(*a..=*b).copied().collect(),
        DependsToken::Unknown(_) => Vec::new(),
    }
}

/// The phases of a Depends-on or Gate-check token (`N`, or a range `A-B`)
/// that the graph does not define, kept as runs so that a range of four
/// billion phases is one finding with a count, never one per phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndefinedPhases {
    /// The runs `(first, last)` of undefined phases, in order.
    pub runs: Vec<(u32, u32)>,
    /// How many phases the runs hold in all.
    pub count: u64,
}

impl UndefinedPhases {
    /// The phases of `a..=b` that `defined` does not hold; `None` when it
    /// holds them all.
    pub fn of(a: u32, b: u32, defined: &BTreeSet<u32>) -> Option<UndefinedPhases> {
        let mut runs = Vec::new();
        let mut next = Some(a);
        for &p in defined.range(a..=b) {
            if let Some(from) = next
                && from < p
            {
                runs.push((from, p - 1));
            }
            next = p.checked_add(1);
        }
        if let Some(from) = next
            && from <= b
        {
            runs.push((from, b));
        }
        let count = runs.iter().map(|(a, b)| u64::from(b - a) + 1).sum();
        (count > 0).then_some(UndefinedPhases { runs, count })
    }

    /// For messages: `phase 7`, or `phases 3 5-9 12` (the first five runs,
    /// then `…`).
    pub fn named(&self) -> String {
        if self.count == 1 {
            return format!("phase {}", self.runs[0].0);
        }
        let mut parts: Vec<String> = self
            .runs
            .iter()
            .take(5)
            .map(|(a, b)| {
                if a == b {
                    a.to_string()
                } else {
                    format!("{a}-{b}")
                }
            })
            .collect();
        if self.runs.len() > 5 {
            parts.push("…".to_string());
        }
        format!("phases {}", parts.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undefined_phases_of_a_range() {
        let defined: BTreeSet<u32> = [1, 2, 5, 9].into_iter().collect();
        let of = |a, b| UndefinedPhases::of(a, b, &defined);
        assert_eq!(of(1, 2), None);
        assert_eq!(of(5, 5), None);
        let gaps = of(1, 10).expect("gaps");
        assert_eq!(gaps.runs, vec![(3, 4), (6, 8), (10, 10)]);
        assert_eq!(gaps.count, 6);
        assert_eq!(gaps.named(), "phases 3-4 6-8 10");
        assert_eq!(of(7, 7).map(|u| u.named()), Some("phase 7".to_string()));
        let far = of(1, u32::MAX).expect("gaps");
        assert_eq!(far.runs.last(), Some(&(10, u32::MAX)));
        let all = UndefinedPhases::of(0, u32::MAX, &BTreeSet::new()).expect("gaps");
        assert_eq!(
            (all.count, all.named()),
            (1 << 32, "phases 0-4294967295".to_string())
        );
        let even: BTreeSet<u32> = (0..20).map(|p| p * 2).collect();
        let odd = UndefinedPhases::of(0, 13, &even).expect("gaps");
        assert_eq!(odd.named(), "phases 1 3 5 7 9 …");
        assert_eq!(
            defined_phases_named(&DependsToken::Range(2, u32::MAX), &defined),
            vec![2, 5, 9]
        );
    }

    #[test]
    fn registry_names_are_unique_and_documented() {
        let mut names = BTreeSet::new();
        for check in CHECKS {
            assert!(names.insert(check.name), "duplicate name {}", check.name);
            assert!(
                check
                    .docs
                    .starts_with(&format!("# {} ({})", check.name, check.code)),
                "{} docs title",
                check.name
            );
            assert!(!check.summary().is_empty(), "{} summary", check.name);
            for section in [
                "What it looks for",
                "Why it matters",
                "Failing example",
                "Passing example",
            ] {
                assert!(
                    !check.section(section).is_empty(),
                    "{} lacks section {section}",
                    check.name
                );
            }
            let failing = check.section("Failing example");
            assert_eq!(
                failing.matches("```").count(),
                4,
                "{}: {failing}",
                check.name
            );
        }
    }

    #[test]
    fn each_family_is_one_run_of_the_registry() {
        let mut seen = BTreeSet::new();
        let mut previous = None;
        for check in CHECKS.iter().filter(|c| c.severity == Severity::Gating) {
            let name = family(check.code).map(|(name, _)| name);
            if name != previous
                && let Some(name) = name
            {
                assert!(seen.insert(name), "family {name} is split in the registry");
            }
            previous = name;
        }
        let advisories = CHECKS
            .iter()
            .position(|c| c.severity == Severity::Gating)
            .unwrap_or(CHECKS.len());
        assert!(
            CHECKS[advisories..]
                .iter()
                .all(|c| c.severity == Severity::Gating),
            "the advisories lead the registry"
        );
    }

    #[test]
    fn lookup_by_name_or_code() {
        assert_eq!(lookup("F14").len(), 1);
        assert_eq!(lookup("verification-empty-open")[0].code, "F14");
        assert_eq!(lookup("VERIFICATION-EMPTY-OPEN")[0].code, "F14");
        assert!(lookup("f24").len() > 1);
        assert!(lookup("F99").is_empty());
    }
}
