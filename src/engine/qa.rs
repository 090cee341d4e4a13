//! QA (SPEC §11): `--qa-mode [N]` (whether a phase-finish sends a QA
//! reviewer — `on`, `waived` or `off` — and why), `--qa-result N` (the
//! phase's current verdict), `--qa-history N` (every round on file, oldest
//! first) and `--qa-prompt N` (the brief a fresh-context QA reviewer is
//! handed: which round this is, what the earlier ones said, the report to
//! write and the `qa-record.sh` line that records the verdict).
//!
//! Every mode reads `test-status.md` through the one reading of it
//! ([`crate::plan::qa::QaStatusFile`], shared with the board's gating) and
//! the plan's QA words through [`crate::plan::qa`].
//!
//! **(fix)** The next round's report is a name no file takes, however
//! many reports are on disk: the reference stops looking after twenty and
//! then names a report that exists, one round below the round it prints.

use serde::Serialize;

use crate::engine::budget::phase_mcp;
use crate::engine::request::as_phase;
use crate::engine::{Answer, Reading, Request};
use crate::error::{Error, Result};
use crate::plan::handoff_state::HandoffStates;
use crate::plan::qa::{PlanQaWord, QaRound, RoundsFrom, phase_qa_word, plan_qa_word, qa_contract};
use crate::plan::readers::csv_ids;
use crate::vocab::console::QA_REPORTS_FOLDER;

/// A phase's QA regime: whether a phase-finish sends a QA reviewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum QaRegime {
    /// No QA artifact at all (the default).
    Off,
    /// A reviewer is sent when the phase finishes.
    On,
    /// Verdicts are recorded as waived; no reviewer is sent.
    Waived,
}

impl QaRegime {
    /// The word the reference prints.
    pub fn word(self) -> &'static str {
        match self {
            QaRegime::Off => "off",
            QaRegime::On => "on",
            QaRegime::Waived => "waived",
        }
    }
}

/// What decided a QA regime.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum QaModeSource {
    /// The phase's own `- **QA:** on|off` bullet.
    Phase,
    /// The plan's `**QA gate:** on|off` line.
    Plan,
    /// A QA gate line of the plan that speaks of a waiver.
    PlanWaiver,
    /// `test-status.md` exists (a plan from before QA was opt-in).
    TestStatus,
    /// Nothing: QA is off.
    Default,
}

/// The answer of `--qa-mode [N]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QaModeAnswer {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about (`None`: the plan's regime).
    pub phase: Option<u64>,
    /// The regime.
    pub qa: QaRegime,
    /// What decided it.
    pub source: QaModeSource,
    /// The reason the reference prints in parentheses (`plan directive: QA
    /// gate: on`); `None` for the default `off`.
    pub reason: Option<String>,
}

/// The answer of `--qa-result N`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QaResultAnswer {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about.
    pub phase: u64,
    /// The current verdict, lower-cased as recorded (`pass`, `fail`,
    /// `waived`, `pending`, …), `none` when none is recorded.
    pub result: String,
    /// Whether the plan has a `test-status.md`.
    pub status_file: bool,
}

/// One QA round, as `--qa-history` and the QA brief show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Round {
    /// The round's number.
    pub round: u64,
    /// The round as written in the file (what the text prints).
    #[serde(skip)]
    pub written: String,
    /// The result, lower-cased.
    pub result: String,
    /// The report, relative to the plan's handoffs folder (`-` when the row
    /// names none).
    pub report: String,
    /// When it was recorded, as written (`-` when the row says nothing).
    pub recorded: String,
}

impl From<QaRound> for Round {
    fn from(r: QaRound) -> Round {
        Round {
            round: r.number,
            written: r.round,
            result: r.result,
            report: r.report,
            recorded: r.recorded,
        }
    }
}

/// Where a phase's QA rounds were read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HistorySource {
    /// The `## QA rounds` ledger.
    Ledger,
    /// The phase's `## QA status` row (a table from before the ledger).
    StatusRow,
}

/// The answer of `--qa-history N`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QaHistoryAnswer {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about.
    pub phase: u64,
    /// Where the rounds were read from (`None` when there is none).
    pub source: Option<HistorySource>,
    /// Every round, oldest first.
    pub rounds: Vec<Round>,
}

/// The answer of `--qa-prompt N`: what the QA reviewer's brief says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QaPromptAnswer {
    /// The plan's slug.
    pub plan: String,
    /// The phase to review.
    pub phase: u64,
    /// The phase as the brief names it (the argument's digits).
    #[serde(skip)]
    pub shown: String,
    /// The round this review is.
    pub round: u64,
    /// The report the reviewer writes, relative to the plan's handoffs
    /// folder (`reports/phase-NN-qa.md`, `reports/phase-NN-qa-roundR.md`).
    pub report: String,
    /// The phase's handoff, from the docs root (a `phase-NN-*.md` pattern
    /// when it has none).
    pub handoff: String,
    /// The rounds on file, oldest first (the brief lists them from round
    /// 2 on).
    pub earlier: Vec<Round>,
    /// The skills every session invokes.
    pub skills: Vec<String>,
    /// The skills line as the brief prints it.
    #[serde(skip)]
    pub skills_line: String,
    /// The MCP servers the phase ran with.
    pub mcp: Vec<String>,
    /// The plan's own QA contract, its lines verbatim.
    pub contract: Vec<String>,
    /// The folder the workflow's `references/` and `assets/` are in.
    pub skill_root: String,
    /// The command that records the verdict.
    pub record: String,
}

/// The phase argument of a mode that refuses anything but digits with its
/// usage line, as the reference's `--qa-mode` and `--qa-history` do.
fn digits_or_usage(reading: &Reading, request: &Request) -> Result<Option<u64>> {
    match request.phase(reading) {
        Err(Error::NotAPhaseNumber { .. }) => {
            Err(Error::EngineRefused(format!("{}\n", request.mode.usage)))
        }
        other => other,
    }
}

/// `--qa-mode [N]`: the plan's QA regime (its `**QA gate:**` line, a
/// waiver, `test-status.md` existing, else off); with a phase, the phase's
/// own `QA:` bullet over it. Errors: an argument that is not digits (the
/// usage line, exit 2).
pub fn qa_mode(reading: &Reading, request: &Request) -> Result<Answer> {
    let phase = digits_or_usage(reading, request)?;
    let (qa, source, reason) = regime(reading, phase.and_then(as_phase));
    Ok(Answer::QaMode(QaModeAnswer {
        plan: reading.slug().to_string(),
        phase,
        qa,
        source,
        reason: (!reason.is_empty()).then(|| reason.to_string()),
    }))
}

/// The QA regime of `phase` (the plan's without one), what decided it,
/// and why in the reference's words (empty for the default `off`): the
/// phase's own `QA:` bullet, else the plan's `**QA gate:**` line or
/// waiver, else `test-status.md` existing.
pub fn regime(reading: &Reading, phase: Option<u32>) -> (QaRegime, QaModeSource, &'static str) {
    let own = phase.and_then(|p| phase_qa_word(reading.plan(), p));
    match own {
        Some(true) => (QaRegime::On, QaModeSource::Phase, "phase directive: QA: on"),
        Some(false) => (
            QaRegime::Off,
            QaModeSource::Phase,
            "phase directive: QA: off",
        ),
        None => match plan_qa_word(reading.plan()) {
            PlanQaWord::GateOff => (
                QaRegime::Waived,
                QaModeSource::Plan,
                "plan directive: QA gate: off",
            ),
            PlanQaWord::GateOn => (
                QaRegime::On,
                QaModeSource::Plan,
                "plan directive: QA gate: on",
            ),
            PlanQaWord::Waiver => (
                QaRegime::Waived,
                QaModeSource::PlanWaiver,
                "plan waiver directive",
            ),
            PlanQaWord::Silent if reading.qa().is_some() => (
                QaRegime::On,
                QaModeSource::TestStatus,
                "test-status.md exists",
            ),
            PlanQaWord::Silent => (QaRegime::Off, QaModeSource::Default, ""),
        },
    }
}

/// `--qa-result N`: the phase's current verdict (its first `## QA status`
/// row), `none` without one or without `test-status.md`. Errors: no phase
/// (the usage line, exit 2).
pub fn qa_result(reading: &Reading, request: &Request) -> Result<Answer> {
    let phase = request.required_phase(reading)?;
    let qa = reading.qa();
    let result = match (qa, as_phase(phase)) {
        (Some(qa), Some(p)) => qa.verdict(p).to_string(),
        _ => "none".to_string(),
    };
    Ok(Answer::QaResult(QaResultAnswer {
        plan: reading.slug().to_string(),
        phase,
        result,
        status_file: qa.is_some(),
    }))
}

/// The rounds of `phase` on file, oldest first, and where they come from.
fn rounds_of(reading: &Reading, phase: u64) -> (Vec<Round>, Option<HistorySource>) {
    let Some((rounds, from)) = reading
        .qa()
        .zip(as_phase(phase))
        .map(|(qa, p)| qa.file.history(p))
    else {
        return (Vec::new(), None);
    };
    let source = match from {
        RoundsFrom::Ledger => Some(HistorySource::Ledger),
        RoundsFrom::StatusRow => Some(HistorySource::StatusRow),
        RoundsFrom::Nowhere => None,
    };
    (rounds.into_iter().map(Round::from).collect(), source)
}

/// `--qa-history N`: every QA round of the phase on file, oldest first.
/// Errors: no phase, or an argument that is not digits (the usage line,
/// exit 2).
pub fn qa_history(reading: &Reading, request: &Request) -> Result<Answer> {
    let phase = digits_or_usage(reading, request)?
        .ok_or_else(|| Error::EngineRefused(format!("{}\n", request.mode.usage)))?;
    let (rounds, source) = rounds_of(reading, phase);
    Ok(Answer::QaHistory(QaHistoryAnswer {
        plan: reading.slug().to_string(),
        phase,
        source,
        rounds,
    }))
}

/// The next round of a phase whose rounds on file are `rounds`, and the
/// report it writes: one past the highest round recorded (1 when none is),
/// then past every report already in `handoffs_dir` (a report written and
/// never recorded).
fn next_round(rounds: &[Round], pad: &str, handoffs_dir: &std::path::Path) -> (u64, String) {
    let mut round = rounds
        .iter()
        .map(|r| r.round.saturating_add(1))
        .max()
        .unwrap_or(1);
    loop {
        let report = if round > 1 {
            format!("{QA_REPORTS_FOLDER}/phase-{pad}-qa-round{round}.md")
        } else {
            format!("{QA_REPORTS_FOLDER}/phase-{pad}-qa.md")
        };
        if round == u64::MAX || !handoffs_dir.join(&report).exists() {
            return (round, report);
        }
        round += 1;
    }
}

/// The round `phase`'s next QA verdict records and the report it writes
/// (see [`next_round`]), as a boot prompt names them.
pub fn next_round_of(reading: &Reading, phase: u32) -> (u64, String) {
    let (earlier, _) = rounds_of(reading, u64::from(phase));
    next_round(&earlier, &format!("{phase:02}"), &reading.handoffs_dir())
}

/// `--qa-prompt N`: the brief of a fresh-context QA reviewer of the phase
/// (which is not checked against the graph, as the reference does not).
/// Errors: no phase (the usage line, exit 2).
pub fn qa_prompt(reading: &Reading, request: &Request) -> Result<Answer> {
    let phase = request.required_phase(reading)?;
    let shown = request.arg.clone().unwrap_or_else(|| phase.to_string());
    let pad = if shown.len() < 2 {
        format!("0{shown}")
    } else {
        shown.clone()
    };
    let slug = reading.slug();
    let dir = reading.handoffs_dir();
    let p = as_phase(phase);
    let handoff_name = p.and_then(|p| {
        let path = if reading.graph.contains(p) {
            reading.handoffs().get(p).map(|h| h.path.clone())
        } else {
            HandoffStates::read(&dir, [p])
                .get(p)
                .map(|h| h.path.clone())
        };
        path.and_then(|path| path.file_name().map(|n| n.to_string_lossy().into_owned()))
    });
    let handoff = match handoff_name {
        Some(name) => format!("docs/handoffs/{slug}/{name}"),
        None => format!("docs/handoffs/{slug}/phase-{pad}-*.md"),
    };
    let (earlier, _) = rounds_of(reading, phase);
    let (round, report) = next_round(&earlier, &pad, &dir);
    let plan = reading.plan();
    let skills_line = plan.plan_skills();
    let mcp = match p {
        Some(p) => phase_mcp(reading, p),
        None => csv_ids([plan.plan_mcp().as_str()]),
    };
    let record = format!(
        "{}/qa-record.sh {slug} {shown} <pass|fail|waived> --report {report} --round {round}",
        reading.env.command_prefix()
    );
    Ok(Answer::QaPrompt(Box::new(QaPromptAnswer {
        plan: slug.to_string(),
        phase,
        shown,
        round,
        report,
        handoff,
        earlier,
        skills: csv_ids([skills_line.as_str()]),
        skills_line,
        mcp,
        contract: qa_contract(plan),
        skill_root: reading.env.skill_root.clone(),
        record,
    })))
}
