//! Fixes as data (SPEC §10.1 "Fixes"): a check that is sure how to repair
//! what it found attaches a [`Fix`] — byte-range [`Edit`]s of the file the
//! finding points into — and `validate --fix`, `validate --diff` and the
//! editor's quick fixes all read that one field.
//!
//! [`apply_fixes`] applies a set of fixes to a text in one splice (sorted,
//! overlapping ones skipped); [`fix_plan`] lints, applies, and lints again
//! until no fix applies, so a fix that uncovers another is applied too.
//! Fixes are only ever applied to the plan, never to the twin (only the
//! write verbs change it).
//!
//! Each fix says how sure the tool is of it ([`Applicability`], SPEC §10.1
//! "Unsafe fixes", as ruff has them): a safe fix keeps what the author
//! meant and is applied by `--fix`; an unsafe one (a misspelled word the
//! finding already names, `answerd` → `answered`) may change it, and is
//! applied only when asked for with `--unsafe-fixes`.

use std::ops::Range;

use std::path::Path;

use super::{Finding, LintInput, PlanReport};
use crate::error::{Error, Result};
use crate::lint::settings::LintSettings;
use crate::manifest::Manifest;
use crate::markdown::MarkdownFile;
use crate::plan::Plan;
use crate::plan::decisions::FileKind;
use crate::plan::handoff::Handoffs;
use crate::root::PlanLocation;

/// One replacement in a file's text: the bytes of `range` become `text`.
/// An empty range inserts; an empty text deletes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Edit {
    /// The byte range replaced (on character boundaries).
    pub range: Range<usize>,
    /// What replaces it.
    pub text: String,
}

impl Edit {
    /// Replaces the bytes of `range` with `text`.
    pub fn replace(range: Range<usize>, text: impl Into<String>) -> Edit {
        Edit {
            range,
            text: text.into(),
        }
    }

    /// Inserts `text` at byte `at`.
    pub fn insert(at: usize, text: impl Into<String>) -> Edit {
        Edit::replace(at..at, text)
    }
}

/// Whether applying a fix keeps what the author meant (SPEC §10.1 "Unsafe
/// fixes"), as ruff's fix applicability.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Applicability {
    /// The fixed text reads as the author meant it (`**Answered**` →
    /// `answered`, `07` → `7`): `validate --fix` applies it, `--diff`
    /// shows it, the editor offers it as the preferred quick fix.
    #[default]
    Safe,
    /// The fix guesses what the author meant (a misspelled state, source
    /// or key that the finding already names: `answerd` → `answered`):
    /// applied only with `--fix --unsafe-fixes`, shown only with `--diff
    /// --unsafe-fixes`, offered in the editor as a quick fix that is not
    /// preferred.
    Unsafe,
}

impl Applicability {
    /// Whether a run that applies fixes up to `self` applies a fix of
    /// `fix`: `Safe` applies safe fixes only (plain `--fix`), `Unsafe`
    /// applies every fix (`--fix --unsafe-fixes`).
    pub fn allows(self, fix: Applicability) -> bool {
        fix <= self
    }

    /// The fixes a run applies: every fix with `--unsafe-fixes`, else the
    /// safe ones.
    pub fn from_unsafe_flag(unsafe_fixes: bool) -> Applicability {
        if unsafe_fixes {
            Applicability::Unsafe
        } else {
            Applicability::Safe
        }
    }

    /// `safe` or `unsafe`, as outputs print it.
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// A repair: a title for people ("write 7"), the edits, all in the file of
/// the finding that carries it, and whether it is safe to apply unasked
/// ([`Applicability`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Fix {
    /// What the fix does, in a few words (an editor's quick-fix title).
    pub title: String,
    /// The edits; they do not overlap.
    pub edits: Vec<Edit>,
    /// Whether the fix keeps what the author meant (safe, the default) or
    /// may change it (unsafe).
    pub applicability: Applicability,
}

impl Fix {
    /// A safe fix made of `edits`.
    pub fn new(title: impl Into<String>, edits: Vec<Edit>) -> Fix {
        Fix {
            title: title.into(),
            edits,
            applicability: Applicability::Safe,
        }
    }

    /// A safe fix made of one edit: `range` becomes `text`.
    pub fn replace(title: impl Into<String>, range: Range<usize>, text: impl Into<String>) -> Fix {
        Fix::new(title, vec![Edit::replace(range, text)])
    }

    /// This fix with `applicability`.
    pub fn with_applicability(self, applicability: Applicability) -> Fix {
        Fix {
            applicability,
            ..self
        }
    }

    /// This fix marked unsafe ([`Applicability::Unsafe`]).
    pub fn unsafe_fix(self) -> Fix {
        self.with_applicability(Applicability::Unsafe)
    }

    /// Whether the fix is safe to apply unasked.
    pub fn is_safe(&self) -> bool {
        self.applicability == Applicability::Safe
    }

    /// The first byte any edit touches.
    fn start(&self) -> usize {
        self.edits.iter().map(|e| e.range.start).min().unwrap_or(0)
    }

    /// Whether every edit lies inside `text` on character boundaries, and
    /// the edits do not overlap each other.
    fn fits(&self, text: &str) -> bool {
        let mut edits: Vec<&Edit> = self.edits.iter().collect();
        edits.sort_by_key(|e| (e.range.start, e.range.end));
        let in_text = edits.iter().all(|e| {
            e.range.start <= e.range.end
                && e.range.end <= text.len()
                && text.is_char_boundary(e.range.start)
                && text.is_char_boundary(e.range.end)
        });
        in_text && edits.windows(2).all(|w| w[0].range.end <= w[1].range.start)
    }
}

/// The result of [`apply_fixes`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The text with the fixes applied.
    pub text: String,
    /// How many fixes were applied (a fix that overlaps one applied before
    /// it, repeats it, or does not fit the text is not).
    pub count: usize,
}

/// Applies `fixes` to `text` in one splice: fixes are taken in order of
/// their first edit; one that overlaps an edit already taken, repeats a
/// fix already taken, or does not fit the text (out of range, off a
/// character boundary) is skipped and left for the next round.
pub fn apply_fixes<'a>(text: &str, fixes: impl IntoIterator<Item = &'a Fix>) -> Applied {
    let mut fixes: Vec<&Fix> = fixes.into_iter().filter(|f| !f.edits.is_empty()).collect();
    fixes.sort_by_key(|f| f.start());
    let mut taken: std::collections::HashSet<&Fix> = std::collections::HashSet::new();
    let mut edits: Vec<&Edit> = Vec::new();
    let mut last_end = 0;
    for fix in fixes {
        if taken.contains(fix) || !fix.fits(text) || fix.start() < last_end {
            continue;
        }
        last_end = fix
            .edits
            .iter()
            .map(|e| e.range.end)
            .max()
            .unwrap_or(last_end);
        edits.extend(&fix.edits);
        taken.insert(fix);
    }
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for edit in edits {
        out.push_str(&text[at..edit.range.start]);
        out.push_str(&edit.text);
        at = edit.range.end;
    }
    out.push_str(&text[at..]);
    Applied {
        text: out,
        count: taken.len(),
    }
}

/// How many rounds [`fix_plan`] runs at most: each round lints once and
/// applies what it can; a plan needs one or two.
pub const MAX_ROUNDS: usize = 10;

/// The result of [`fix_plan`].
#[derive(Debug, Clone)]
pub struct FixedPlan {
    /// The manifest with the fixed plan (the twin as it was).
    pub manifest: Manifest,
    /// The plan's text before any fix.
    pub original: String,
    /// How many fixes were applied, over every round.
    pub fixed: usize,
    /// Whether fixes were still applying when [`MAX_ROUNDS`] ran out.
    pub converged: bool,
}

impl FixedPlan {
    /// Whether the fixes changed the plan's text.
    pub fn changed(&self) -> bool {
        self.manifest.plan.file.text != self.original
    }

    /// The unified diff from the original plan to the fixed one, with
    /// `a/<label>` and `b/<label>` headers and three lines of context;
    /// empty when nothing changed.
    pub fn diff(&self, label: &str) -> String {
        if !self.changed() {
            return String::new();
        }
        similar::TextDiff::from_lines(self.original.as_str(), &self.manifest.plan.file.text)
            .unified_diff()
            .context_radius(3)
            .header(&format!("a/{label}"), &format!("b/{label}"))
            .to_string()
    }

    /// Writes the fixed plan over the original file (atomically, its
    /// permissions, owner and extended attributes kept, through a symlink
    /// to its target) when the fixes changed it; nothing otherwise. Returns
    /// a note for each property of the file the write was not allowed to
    /// keep. [`Error::Write`] when it cannot be written, or its user made it
    /// unwritable (read-only, immutable, append-only: SPEC §7's rule for
    /// the twin, kept for plans too).
    pub fn write(&self) -> Result<Vec<String>> {
        if !self.changed() {
            return Ok(Vec::new());
        }
        let path = &self.manifest.plan.file.path;
        let resolved = std::fs::canonicalize(path).map_err(|source| Error::Write {
            path: path.clone(),
            source,
        })?;
        let target = crate::atomic::Target::new(resolved)?;
        target.check_writable()?;
        target.replace(self.manifest.plan.file.text.as_bytes())
    }
}

/// Fixes the plan of `manifest` with its safe fixes (SPEC §10.1): lints
/// it with `lint` (which returns the findings that are not suppressed),
/// applies the safe fixes of the findings in the plan ([`apply_fixes`]),
/// and lints the new text again, until a round applies nothing or
/// [`MAX_ROUNDS`] have run. The twin is never changed. Errors are
/// `lint`'s.
pub fn fix_plan(
    manifest: Manifest,
    lint: impl FnMut(&Manifest) -> Result<Vec<Finding>>,
) -> Result<FixedPlan> {
    fix_plan_allowing(manifest, Applicability::Safe, lint)
}

/// [`fix_plan`] applying every fix that `allowed` allows
/// ([`Applicability::allows`]): the unsafe ones too with
/// [`Applicability::Unsafe`] (`--unsafe-fixes`).
pub fn fix_plan_allowing(
    manifest: Manifest,
    allowed: Applicability,
    mut lint: impl FnMut(&Manifest) -> Result<Vec<Finding>>,
) -> Result<FixedPlan> {
    let original = manifest.plan.file.text.clone();
    let mut manifest = manifest;
    let mut fixed = 0;
    for _ in 0..MAX_ROUNDS {
        let findings = lint(&manifest)?;
        let fixes = findings
            .iter()
            .filter(|f| f.kind == FileKind::Plan)
            .filter_map(|f| f.fix.as_ref())
            .filter(|fix| allowed.allows(fix.applicability));
        let applied = apply_fixes(&manifest.plan.file.text, fixes);
        if applied.count == 0 || applied.text == manifest.plan.file.text {
            return Ok(FixedPlan {
                manifest,
                original,
                fixed,
                converged: true,
            });
        }
        fixed += applied.count;
        manifest = with_plan_text(manifest, applied.text);
    }
    Ok(FixedPlan {
        manifest,
        original,
        fixed,
        converged: false,
    })
}

/// `manifest` with its plan read again from `text` (same path and slug).
fn with_plan_text(manifest: Manifest, text: String) -> Manifest {
    let Manifest { plan, twin } = manifest;
    let path = plan.file.path;
    let file = MarkdownFile::from_text(path, text);
    Manifest {
        plan: Plan::from_file(&plan.slug, file),
        twin,
    }
}

/// What `validate` does with the fixes it finds (SPEC §10.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixMode {
    /// `--fix`: write the fixed plans.
    Write,
    /// `--diff`: print what `--fix` would change; write nothing.
    Diff,
}

impl FixMode {
    /// The mode the `--fix` and `--diff` flags ask for: `--diff` wins
    /// (it never writes); neither is `None`.
    pub fn from_flags(fix: bool, diff: bool) -> Option<FixMode> {
        match (fix, diff) {
            (_, true) => Some(FixMode::Diff),
            (true, false) => Some(FixMode::Write),
            (false, false) => None,
        }
    }
}

/// What fixing one plan did (on its [`PlanReport`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FixRecord {
    /// How many fixes were applied (or, with `--diff`, would be).
    pub count: usize,
    /// The unified diff of the plan (empty when nothing changes).
    pub diff: String,
    /// Whether the fixes settled within [`MAX_ROUNDS`].
    pub converged: bool,
    /// How many findings that remain carry an unsafe fix that was not
    /// applied (or shown) because `--unsafe-fixes` was not given.
    pub hidden: usize,
    /// What the write could not keep of the file (another user's
    /// ownership, say), one note each for the person.
    pub notes: Vec<String>,
}

/// What a `validate --fix` or `--diff` run asks of the fixer: whether to
/// write, and which fixes to apply (SPEC §10.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixRequest {
    /// Write the fixed plans, or only show the diff.
    pub mode: FixMode,
    /// The fixes applied: [`Applicability::Safe`] for the safe ones only,
    /// [`Applicability::Unsafe`] (`--unsafe-fixes`) for every fix.
    pub allowed: Applicability,
}

/// Reads the plan at `location` with its twin, fixes the plan with the
/// fixes `request.allowed` allows ([`fix_plan_allowing`]), writes it when
/// `request.mode` is [`FixMode::Write`], and lints the fixed text: the
/// report of the plan as it is (or would be) after the fixes, with what was
/// fixed (and how many unsafe fixes were left) in [`PlanReport::fixed`].
/// The diff names the plan relative to `base` when under it. Errors as
/// [`super::lint_location`], and [`Error::Write`] when the plan cannot be
/// written.
pub fn fix_location(
    location: &PlanLocation,
    config: &LintSettings,
    request: FixRequest,
    base: Option<&Path>,
) -> Result<PlanReport> {
    fix_manifest(location, Manifest::load(location)?, config, request, base)
}

/// Fixes a plan whose text is in memory (stdin) as if it were the file at
/// `location` (its twin and handoffs are read from disk, as
/// [`super::lint_text`] does), with the fixes `allowed` allows; nothing
/// is written: the fixed text is the report's plan text, and the diff is
/// labelled with the plan's path (`-` when unnamed). Errors as
/// [`super::lint_text`].
pub fn fix_text(
    location: &PlanLocation,
    text: String,
    config: &LintSettings,
    allowed: Applicability,
    base: Option<&Path>,
) -> Result<PlanReport> {
    let manifest = super::manifest_of_text(location, text)?;
    let request = FixRequest {
        mode: FixMode::Diff,
        allowed,
    };
    fix_manifest(location, manifest, config, request, base)
}

/// [`fix_text`] for a text standing for the file `stand_in` names
/// ([`super::lint_stand_in`]): a plan's text is fixed; a twin's or a
/// handoff's is only linted, since fixes change plans alone, and its report
/// records no fix.
pub fn fix_stand_in(
    location: &PlanLocation,
    stand_in: &super::StandIn,
    text: String,
    config: &LintSettings,
    allowed: Applicability,
    base: Option<&Path>,
) -> Result<PlanReport> {
    if *stand_in == super::StandIn::Plan {
        return fix_text(location, text, config, allowed, base);
    }
    let mut report = super::lint_stand_in(location, stand_in, text, config)?;
    report.fixed = Some(FixRecord {
        converged: true,
        ..FixRecord::default()
    });
    Ok(report)
}

/// Fixes the plan of `manifest` ([`fix_plan_allowing`]) with the settings
/// `config`, writes it when `request.mode` is [`FixMode::Write`], and lints
/// the fixed text (see [`fix_location`]).
fn fix_manifest(
    location: &PlanLocation,
    manifest: Manifest,
    config: &LintSettings,
    request: FixRequest,
    base: Option<&Path>,
) -> Result<PlanReport> {
    let FixRequest { mode, allowed } = request;
    let handoffs = Handoffs::scan(&location.handoffs_dir());
    let root = location.root.0.as_path();
    let env = super::LintEnv::for_settings(config);
    // The lint of the last round: the report's, when that round found
    // nothing left to fix (it linted the text as it stands).
    let mut last = None;
    let fixed = fix_plan_allowing(manifest, allowed, |m| {
        let outcome = super::run_all(&LintInput::new(m, &handoffs, root, &env)?, config);
        let findings = outcome.findings.clone();
        last = Some(outcome);
        Ok(findings)
    })?;
    let label = crate::root::display_path(&fixed.manifest.plan.file.path, base);
    let notes = match mode {
        FixMode::Write => fixed.write()?,
        FixMode::Diff => Vec::new(),
    };
    let outcome = match last {
        Some(outcome) if fixed.converged => outcome,
        _ => super::run_all(
            &LintInput::new(&fixed.manifest, &handoffs, root, &env)?,
            config,
        ),
    };
    let record = FixRecord {
        count: fixed.fixed,
        diff: fixed.diff(&label),
        converged: fixed.converged,
        notes,
        hidden: hidden_fixes(&outcome.findings, allowed),
    };
    let mut report = super::report_of(location, fixed.manifest, handoffs, outcome);
    report.fixed = Some(record);
    Ok(report)
}

/// How many of `findings` (in the plan) carry a fix that `allowed` does
/// not allow: the unsafe fixes a run without `--unsafe-fixes` leaves.
pub fn hidden_fixes(findings: &[Finding], allowed: Applicability) -> usize {
    findings
        .iter()
        .filter(|f| f.kind == FileKind::Plan)
        .filter_map(|f| f.fix.as_ref())
        .filter(|fix| !allowed.allows(fix.applicability))
        .count()
}

/// The unsafe fixes left by the fixes of `reports`, in all.
pub fn hidden_count(reports: &[PlanReport]) -> usize {
    reports
        .iter()
        .filter_map(|r| r.fixed.as_ref())
        .map(|f| f.hidden)
        .sum()
}

/// The note that follows a summary when unsafe fixes were left, as ruff
/// words it: ` (1 hidden fix can be enabled with the --unsafe-fixes
/// option)`; empty when none was.
pub fn hidden_note(hidden: usize) -> String {
    match hidden {
        0 => String::new(),
        1 => " (1 hidden fix can be enabled with the --unsafe-fixes option)".to_string(),
        n => format!(" ({n} hidden fixes can be enabled with the --unsafe-fixes option)"),
    }
}

/// The fixes applied to `reports`, in all.
pub fn fixed_count(reports: &[PlanReport]) -> usize {
    reports
        .iter()
        .filter_map(|r| r.fixed.as_ref())
        .map(|f| f.count)
        .sum()
}

/// The diffs of `reports`, in order, for `validate --diff`.
pub fn diffs(reports: &[PlanReport]) -> String {
    reports
        .iter()
        .filter_map(|r| r.fixed.as_ref())
        .map(|f| f.diff.as_str())
        .collect()
}

/// The line `validate --diff` prints on stderr after the diffs: how many
/// fixes in how many plans, or that there is nothing to fix, and how many
/// unsafe fixes were not shown ([`hidden_note`]). `allowed` is the fixes
/// the run shows, so the advice names `--unsafe-fixes` when it was given.
pub fn diff_summary(reports: &[PlanReport], allowed: Applicability) -> String {
    let fixes = fixed_count(reports);
    let hidden = hidden_note(hidden_count(reports));
    let plans = reports
        .iter()
        .filter(|r| r.fixed.as_ref().is_some_and(|f| !f.diff.is_empty()))
        .count();
    if fixes == 0 {
        return format!("no fixes to apply{hidden}");
    }
    let s = |n: usize| if n == 1 { "" } else { "es" };
    let p = |n: usize| if n == 1 { "" } else { "s" };
    let command = match allowed {
        Applicability::Safe => "validate --fix",
        Applicability::Unsafe => "validate --fix --unsafe-fixes",
    };
    format!(
        "{fixes} fix{} would change {plans} plan{}; run {command} to apply {}{hidden}",
        s(fixes),
        p(plans),
        if fixes == 1 { "it" } else { "them" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fix(range: Range<usize>, text: &str) -> Fix {
        Fix::replace("t", range, text)
    }

    #[test]
    fn applies_in_one_splice_and_skips_overlaps() {
        let text = "| 01 | a | 02 |";
        let fixes = [fix(2..4, "1"), fix(11..13, "2"), fix(3..5, "x")];
        let applied = apply_fixes(text, &fixes);
        assert_eq!(applied.text, "| 1 | a | 2 |");
        assert_eq!(applied.count, 2);
    }

    #[test]
    fn repeated_and_misplaced_fixes_are_skipped() {
        let text = "a\u{e9}b";
        let same = fix(0..1, "A");
        let applied = apply_fixes(text, [&same, &same, &fix(2..3, "x"), &fix(9..10, "y")]);
        assert_eq!(applied.text, "A\u{e9}b");
        assert_eq!(applied.count, 1);
        let insert = Fix::new("t", vec![Edit::insert(1, "\n")]);
        assert_eq!(apply_fixes("ab", [&insert]).text, "a\nb");
        assert_eq!(apply_fixes("ab", []).count, 0);
    }

    #[test]
    fn fixes_are_safe_unless_marked_unsafe() {
        let plain = fix(0..1, "A");
        assert!(plain.is_safe());
        assert_eq!(plain.applicability, Applicability::default());
        let guessed = plain.clone().unsafe_fix();
        assert_eq!(guessed.applicability, Applicability::Unsafe);
        assert_eq!(guessed.applicability.as_str(), "unsafe");
        assert_eq!(guessed.with_applicability(Applicability::Safe), plain);
    }
}
