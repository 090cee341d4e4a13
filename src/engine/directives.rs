//! The resolved directives (SPEC §11): a word a phase's bullet or the
//! plan's §Session budget line says, with the level that said it —
//! `--permission-mode [N]`, `--model-policy [N]`, `--land [N]`,
//! `--gitlink [N]`, `--isolation [N]`, `--issues [N]` (the phase's bullet
//! over the plan's line, then the default) and the plan-wide
//! `--conflict-policy`, `--messaging`, `--base-branch` — and the numbers
//! resolved the same way: `--wait-budget [N]`, `--wait-count [N]`,
//! `--verify-timeout [N]`.
//!
//! A word that is not one of the directive's words falls through to the
//! next level, as if that level said nothing (the lint names it, F27,
//! F31). Each answer is `value<TAB>phase|plan|default`, or nothing when no
//! level answers and the directive has no default.

use serde::Serialize;

use crate::engine::request::as_phase;
use crate::engine::{Answer, Reading, Request};
use crate::error::{Error, Result};
use crate::plan::Plan;
use crate::plan::duration::duration_minutes;
use crate::plan::readers::{body_after_label, count_word};
use crate::vocab::console::WAIT_BUDGET_LABEL;
use crate::vocab::directives::{
    BASE_BRANCH_LABEL, CONFLICTS, ClosedDirective, DEFAULT_BASE_BRANCH, GITLINK, ISOLATION, ISSUES,
    LANDING, MESSAGING, MODEL_POLICY_LABEL, PERMISSION_MODE_LABEL, PERMISSION_MODES,
    VERIFY_TIMEOUT_LABEL, WAIT_COUNT_LABEL,
};
use crate::vocab::models::MODEL_POLICIES;

/// Which level of the plan answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// The phase's own bullet.
    Phase,
    /// The plan's §Session budget line.
    Plan,
    /// Neither: the workflow's default.
    Default,
}

impl Source {
    /// The word the reference prints.
    pub fn word(self) -> &'static str {
        match self {
            Source::Phase => "phase",
            Source::Plan => "plan",
            Source::Default => "default",
        }
    }
}

/// A word a directive resolves to, and who said it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Resolved {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about (`None`: the plan's line alone).
    pub phase: Option<u64>,
    /// The word, `None` when nothing answers.
    pub value: Option<String>,
    /// The level that answered.
    pub source: Option<Source>,
}

/// A number of minutes (or, for `--wait-count`, of waits) a directive
/// resolves to, and who said it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Amount {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about (`None`: the plan's line alone).
    pub phase: Option<u64>,
    /// The number, `None` when nothing answers.
    pub value: Option<u64>,
    /// The level that answered.
    pub source: Option<Source>,
}

/// The phase a per-phase mode asks about, when given: refused (exit 2,
/// the reference's words) when the graph lacks it.
pub(crate) fn known_phase(reading: &Reading, request: &Request) -> Result<Option<(u64, u32)>> {
    let Some(phase) = request.phase(reading)? else {
        return Ok(None);
    };
    match as_phase(phase).filter(|&p| reading.graph.contains(p)) {
        Some(p) => Ok(Some((phase, p))),
        None => Err(not_in_plan(request)),
    }
}

/// The refusal of a phase the graph lacks.
pub(crate) fn not_in_plan(request: &Request) -> Error {
    Error::EngineRefused(format!(
        "phase {} is not in this plan\n",
        request.arg.as_deref().unwrap_or("")
    ))
}

/// The refusal of a plan-wide mode given a phase.
fn plan_wide_only(request: &Request) -> Result<()> {
    if request.arg.is_some() {
        return Err(Error::EngineRefused(format!(
            "usage: phase-graph.sh <slug> {}   (plan-wide; it takes no phase)\n",
            request.mode.name
        )));
    }
    Ok(())
}

/// Resolves `directive` for `phase` (or the plan alone).
fn resolve(
    plan: &Plan,
    phase: Option<u32>,
    directive: &ClosedDirective,
) -> (Option<String>, Option<Source>) {
    let accepts = |w: &String| directive.words.contains(&w.as_str());
    if let (Some(p), Some(label)) = (phase, directive.phase_label)
        && let Some(word) = plan.phase_word(p, label).filter(accepts)
    {
        return (Some(word), Some(Source::Phase));
    }
    if let Some(label) = directive.plan_label
        && let Some(word) = plan.plan_word(label).filter(accepts)
    {
        return (Some(word), Some(Source::Plan));
    }
    match directive.default {
        Some(word) => (Some(word.to_string()), Some(Source::Default)),
        None => (None, None),
    }
}

/// A closed directive's answer for the request.
fn closed(
    reading: &Reading,
    request: &Request,
    directive: &ClosedDirective,
    wrap: fn(Resolved) -> Answer,
) -> Result<Answer> {
    let asked = if directive.phase_label.is_some() {
        known_phase(reading, request)?
    } else {
        plan_wide_only(request)?;
        None
    };
    let (value, source) = resolve(reading.plan(), asked.map(|(_, p)| p), directive);
    Ok(wrap(Resolved {
        plan: reading.slug().to_string(),
        phase: asked.map(|(n, _)| n),
        value,
        source,
    }))
}

/// The land policy of `phase` (its `Land` bullet, the plan's `Landing`
/// line, else the default), as `--land N` answers it.
pub(crate) fn land_policy(plan: &Plan, phase: u32) -> String {
    resolve(plan, Some(phase), &LANDING).0.unwrap_or_default()
}

/// `--land [N]`: `hold|integrate|pr|trunk`, from the phase's `Land`, the
/// plan's `Landing`, else `hold` by default. Errors: a phase the graph
/// lacks.
pub fn land(reading: &Reading, request: &Request) -> Result<Answer> {
    closed(reading, request, &LANDING, Answer::Land)
}

/// `--gitlink [N]`: `bump|leave` (default `bump`).
pub fn gitlink(reading: &Reading, request: &Request) -> Result<Answer> {
    closed(reading, request, &GITLINK, Answer::Gitlink)
}

/// `--isolation [N]`: `shared|worktree`, or nothing (the run decides).
pub fn isolation(reading: &Reading, request: &Request) -> Result<Answer> {
    closed(reading, request, &ISOLATION, Answer::Isolation)
}

/// `--issues [N]`: `off|draft|file` (default `off`).
pub fn issues(reading: &Reading, request: &Request) -> Result<Answer> {
    closed(reading, request, &ISSUES, Answer::Issues)
}

/// `--conflict-policy`: `halt|park|rebase-session` (default `halt`).
/// Errors: a phase given (the mode is plan-wide).
pub fn conflict_policy(reading: &Reading, request: &Request) -> Result<Answer> {
    closed(reading, request, &CONFLICTS, Answer::ConflictPolicy)
}

/// `--messaging`: `on|off` (default `on`). Errors: a phase given.
pub fn messaging(reading: &Reading, request: &Request) -> Result<Answer> {
    closed(reading, request, &MESSAGING, Answer::Messaging)
}

/// `--base-branch`: the plan's `Base branch` value whole (a git ref),
/// else `origin/HEAD` by default. Errors: a phase given.
pub fn base_branch(reading: &Reading, request: &Request) -> Result<Answer> {
    plan_wide_only(request)?;
    let said = reading
        .plan()
        .plan_directive(BASE_BRANCH_LABEL)
        .map(|l| l.value)
        .filter(|v| !v.is_empty());
    let (value, source) = match said {
        Some(v) => (v, Source::Plan),
        None => (DEFAULT_BASE_BRANCH.to_string(), Source::Default),
    };
    Ok(Answer::BaseBranch(Resolved {
        plan: reading.slug().to_string(),
        phase: None,
        value: Some(value),
        source: Some(source),
    }))
}

/// A word resolved from the phase's bullet, then the plan's line, by
/// `pick` (which maps a first word to the answer, or `None`).
fn open_word(
    reading: &Reading,
    request: &Request,
    label: &str,
    pick: impl Fn(&str) -> Option<String>,
    wrap: fn(Resolved) -> Answer,
) -> Result<Answer> {
    let asked = known_phase(reading, request)?;
    let plan = reading.plan();
    let from_phase = asked
        .and_then(|(_, p)| plan.phase_word(p, label))
        .and_then(|w| pick(&w))
        .map(|w| (w, Source::Phase));
    let found = from_phase.or_else(|| {
        plan.plan_word(label)
            .and_then(|w| pick(&w))
            .map(|w| (w, Source::Plan))
    });
    Ok(wrap(Resolved {
        plan: reading.slug().to_string(),
        phase: asked.map(|(n, _)| n),
        value: found.as_ref().map(|(w, _)| w.clone()),
        source: found.map(|(_, s)| s),
    }))
}

/// `--permission-mode [N]`: the mode a phase's session starts in, spelled
/// as the CLI spells it (`acceptEdits`), from the phase's bullet over the
/// plan's line; nothing when neither names a mode. Errors: a phase the
/// graph lacks.
pub fn permission_mode(reading: &Reading, request: &Request) -> Result<Answer> {
    let pick = |word: &str| {
        PERMISSION_MODES
            .iter()
            .find(|m| m.eq_ignore_ascii_case(word))
            .map(|m| m.to_string())
    };
    open_word(
        reading,
        request,
        PERMISSION_MODE_LABEL,
        pick,
        Answer::PermissionMode,
    )
}

/// `--model-policy [N]`: `ladder|pinned`, from the phase's bullet over the
/// plan's line; nothing when neither says one. Errors: a phase the graph
/// lacks.
pub fn model_policy(reading: &Reading, request: &Request) -> Result<Answer> {
    let pick = |word: &str| MODEL_POLICIES.contains(&word).then(|| word.to_string());
    open_word(
        reading,
        request,
        MODEL_POLICY_LABEL,
        pick,
        Answer::ModelPolicy,
    )
}

/// A number read from the phase's bullet for `label` (by `read_phase`,
/// from the bullet's text), else from the plan's line (by `read_plan`).
fn amount(
    reading: &Reading,
    request: &Request,
    read_phase: impl Fn(&Plan, u32) -> Option<u64>,
    read_plan: impl Fn(&Plan) -> Option<u64>,
    wrap: fn(Amount) -> Answer,
) -> Result<Answer> {
    let asked = known_phase(reading, request)?;
    let plan = reading.plan();
    let found = asked
        .and_then(|(_, p)| read_phase(plan, p))
        .map(|n| (n, Source::Phase))
        .or_else(|| read_plan(plan).map(|n| (n, Source::Plan)));
    Ok(wrap(Amount {
        plan: reading.slug().to_string(),
        phase: asked.map(|(n, _)| n),
        value: found.map(|(n, _)| n),
        source: found.map(|(_, s)| s),
    }))
}

/// The body of the plan-wide line for `label`, after its colon and the
/// blanks there.
fn plan_body<'p>(plan: &'p Plan, label: &str) -> Option<&'p str> {
    let text = plan.plan_directive_text(label)?;
    let value = text.split_once(':').map_or("", |(_, v)| v);
    Some(value.trim_start_matches([' ', '\t']))
}

/// `--wait-budget [N]`: how long a phase may stay parked on its waits, in
/// minutes: the window after the `·` of its `Waits on` bullet, else the
/// plan's `Wait budget`. Errors: a phase the graph lacks.
pub fn wait_budget(reading: &Reading, request: &Request) -> Result<Answer> {
    amount(
        reading,
        request,
        |plan, p| {
            let body = plan.waits_on_body(p)?;
            let (_, window) = body.split_once(crate::vocab::console::WAITS_ON_SEPARATOR)?;
            duration_minutes(window)
        },
        |plan| plan_body(plan, WAIT_BUDGET_LABEL).and_then(duration_minutes),
        Answer::WaitBudget,
    )
}

/// `--wait-count [N]`: how many waits a phase may declare (1 to 99): its
/// `Wait count` bullet, else the plan's line. Errors: a phase the graph
/// lacks.
pub fn wait_count(reading: &Reading, request: &Request) -> Result<Answer> {
    amount(
        reading,
        request,
        |plan, p| {
            plan.phase_directive_text(p, WAIT_COUNT_LABEL)
                .map(body_after_label)
                .and_then(count_word)
        },
        |plan| {
            plan.plan_directive_text(WAIT_COUNT_LABEL)
                .map(body_after_label)
                .and_then(count_word)
        },
        Answer::WaitCount,
    )
}

/// `--verify-timeout [N]`: how long one §Verification command may run, in
/// minutes: the phase's `Verify timeout` bullet, else the plan's line.
/// Errors: a phase the graph lacks.
pub fn verify_timeout(reading: &Reading, request: &Request) -> Result<Answer> {
    amount(
        reading,
        request,
        |plan, p| {
            plan.phase_directive_text(p, VERIFY_TIMEOUT_LABEL)
                .map(body_after_label)
                .and_then(duration_minutes)
        },
        |plan| plan_body(plan, VERIFY_TIMEOUT_LABEL).and_then(duration_minutes),
        Answer::VerifyTimeout,
    )
}
