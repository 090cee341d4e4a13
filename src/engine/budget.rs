//! What a phase runs with and where (SPEC §11): the lists of ids a plan
//! names (`--mcp [N]`, `--credentials [N]`, `--accounts`,
//! `--clash-zones`), its policy words (`--mcp-policy [N]`,
//! `--credential-policy [N]`, `--qa-exhausted`, `--person-check N`) and a
//! phase's own bullets read verbatim (`--checkout N`, `--verify-in N`,
//! `--setup N`, `--floor [N]`, `--waits-on N`).
//!
//! A list with a phase is the plan's ids, then the phase's, each once; a
//! policy with a phase is the phase's word over the plan's. None of these
//! refuses a phase the graph lacks (it reads as one that says nothing),
//! except `--waits-on`, as the reference does.

use serde::Serialize;

use crate::engine::directives::{known_phase, not_in_plan};
use crate::engine::request::as_phase;
use crate::engine::{Answer, Reading, Request};
use crate::error::Result;
use crate::plan::readers::{body_after_label, csv_ids, floor_minutes, ticked};
use crate::vocab::console::{ACCOUNTS_LABEL, CREDENTIALS_LABEL, MCP_LABEL, MCP_POLICY_LABEL};
use crate::vocab::directives::{
    CLASH_ZONES_LABEL, CREDENTIAL_POLICY_LABEL, PERSON_CHECK_LABEL, QA_EXHAUSTED_LABEL,
    WALL_CLOCK_FLOOR_LABEL,
};

/// A list of ids (`--mcp`, `--credentials`, `--clash-zones`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about (`None`: the plan's line alone).
    pub phase: Option<u64>,
    /// The ids, in order, each once.
    pub ids: Vec<String>,
    /// The line the reference prints (the ids joined by `, `, as it joins
    /// the backtick spans).
    #[serde(skip)]
    pub csv: String,
}

/// One word or value a plan says, or nothing (`--mcp-policy`,
/// `--credential-policy`, `--qa-exhausted`, `--person-check`,
/// `--checkout`, `--verify-in`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Said {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about (`None`: the plan's line alone).
    pub phase: Option<u64>,
    /// The value, `None` when the plan says nothing.
    pub value: Option<String>,
}

/// One account of the `Accounts` line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Account {
    /// Its id.
    pub id: String,
    /// The headroom it must keep, as written after its `:` (a `%` cut
    /// off); empty when it names none.
    pub min_headroom: String,
}

/// The answer of `--accounts`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Accounts {
    /// The plan's slug.
    pub plan: String,
    /// The accounts, in order.
    pub accounts: Vec<Account>,
}

/// Lines a phase's bullet holds (`--setup`, `--waits-on`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Lines {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about.
    pub phase: u64,
    /// The lines, in order.
    pub lines: Vec<String>,
}

/// One phase's wall-clock floor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PhaseFloor {
    /// The phase.
    pub phase: u64,
    /// Its floor, whole minutes rounded up.
    pub minutes: u64,
}

/// The answer of `--floor [N]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Floors {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about (`None`: every phase).
    pub phase: Option<u64>,
    /// The floors found: the phase's, or every graph phase's that has one,
    /// in ascending phase order.
    pub floors: Vec<PhaseFloor>,
}

/// The phase argument as a graph-less phase number: `None` for none or
/// one too large for a phase.
fn optional(reading: &Reading, request: &Request) -> Result<(Option<u64>, Option<u32>)> {
    let phase = request.phase(reading)?;
    Ok((phase, phase.and_then(as_phase)))
}

/// A list: the plan's csv, then (with a phase) the phase's ids, each once.
fn listed(
    reading: &Reading,
    request: &Request,
    plan_csv: String,
    phase_csv: impl Fn(u32) -> String,
    wrap: fn(Listed) -> Answer,
) -> Result<Answer> {
    let (phase, p) = optional(reading, request)?;
    let (ids, csv) = match phase {
        None => (csv_ids([plan_csv.as_str()]), plan_csv),
        Some(_) => {
            let own = p.map(&phase_csv).unwrap_or_default();
            let ids = csv_ids([plan_csv.as_str(), own.as_str()]);
            let csv = ids.join(", ");
            (ids, csv)
        }
    };
    Ok(wrap(Listed {
        plan: reading.slug().to_string(),
        phase,
        ids,
        csv,
    }))
}

/// The phase's bring-up commands, as `--setup N` prints them.
pub fn setup_of(reading: &Reading, phase: u32) -> Vec<String> {
    let plan = reading.plan();
    let mut lines = plan.every_phase_setup();
    lines.extend(plan.setup_commands(phase));
    lines
}

/// `--mcp [N]`: the MCP servers a phase runs with: the plan's `MCP servers
/// (every session)`, then the phase's `MCP` bullet.
pub fn mcp(reading: &Reading, request: &Request) -> Result<Answer> {
    let plan = reading.plan();
    listed(
        reading,
        request,
        plan.plan_mcp(),
        |p| plan.phase_ticked(p, MCP_LABEL),
        Answer::Mcp,
    )
}

/// The MCP servers phase `phase` runs with (`--mcp N`'s ids): the plan's
/// `MCP servers (every session)`, then the phase's `MCP` bullet, each once.
pub(crate) fn phase_mcp(reading: &Reading, phase: u32) -> Vec<String> {
    let plan = reading.plan();
    csv_ids([
        plan.plan_mcp().as_str(),
        plan.phase_ticked(phase, MCP_LABEL).as_str(),
    ])
}

/// `--credentials [N]`: the credential ids a phase needs: the plan's
/// `Credentials` line, then the phase's bullet.
pub fn credentials(reading: &Reading, request: &Request) -> Result<Answer> {
    let plan = reading.plan();
    listed(
        reading,
        request,
        plan.plan_ticked(CREDENTIALS_LABEL),
        |p| plan.phase_ticked(p, CREDENTIALS_LABEL),
        Answer::Credentials,
    )
}

/// `--clash-zones`: the paths two concurrent phases must never both touch
/// (the plan's `Clash zones` line).
pub fn clash_zones(reading: &Reading, _request: &Request) -> Result<Answer> {
    let csv = reading.plan().plan_ticked(CLASH_ZONES_LABEL);
    Ok(Answer::ClashZones(Listed {
        plan: reading.slug().to_string(),
        phase: None,
        ids: csv_ids([csv.as_str()]),
        csv,
    }))
}

/// `--accounts`: each backticked `id[:min]` of the plan's `Accounts` line.
pub fn accounts(reading: &Reading, _request: &Request) -> Result<Answer> {
    let line = reading
        .plan()
        .plan_directive_text(ACCOUNTS_LABEL)
        .unwrap_or("");
    let blank = |c: char| c.is_ascii_whitespace() || c == '\x0b';
    let accounts = ticked(line)
        .into_iter()
        .filter_map(|span| {
            let mut parts = span.split(':');
            let id = parts.next().unwrap_or("").trim_matches(blank);
            let min = parts
                .next()
                .unwrap_or("")
                .trim_start_matches(blank)
                .trim_end_matches(|c: char| blank(c) || c == '%');
            (!id.is_empty()).then(|| Account {
                id: id.to_string(),
                min_headroom: min.to_string(),
            })
        })
        .collect();
    Ok(Answer::Accounts(Accounts {
        plan: reading.slug().to_string(),
        accounts,
    }))
}

/// A [`Said`] answer.
fn said(reading: &Reading, phase: Option<u64>, value: Option<String>) -> Said {
    Said {
        plan: reading.slug().to_string(),
        phase,
        value,
    }
}

/// `--mcp-policy [N]`: `require` or `continue` — the phase's bullet over
/// the plan's line — or nothing (the run decides).
pub fn mcp_policy(reading: &Reading, request: &Request) -> Result<Answer> {
    let (phase, p) = optional(reading, request)?;
    let plan = reading.plan();
    let own = p.and_then(|p| plan.phase_policy(p, MCP_POLICY_LABEL));
    let value = own.or_else(|| plan.plan_policy(MCP_POLICY_LABEL));
    Ok(Answer::McpPolicy(said(reading, phase, value)))
}

/// `--credential-policy [N]`: `require` or `continue`, or nothing.
pub fn credential_policy(reading: &Reading, request: &Request) -> Result<Answer> {
    let (phase, p) = optional(reading, request)?;
    let plan = reading.plan();
    let own = p.and_then(|p| plan.phase_policy(p, CREDENTIAL_POLICY_LABEL));
    let value = own.or_else(|| plan.plan_policy(CREDENTIAL_POLICY_LABEL));
    Ok(Answer::CredentialPolicy(said(reading, phase, value)))
}

/// `--qa-exhausted`: the plan's answer once the QA round budget is spent
/// (`waive`, `halt` or an owner), the first word of its `QA exhausted`
/// line, or nothing.
pub fn qa_exhausted(reading: &Reading, _request: &Request) -> Result<Answer> {
    let value = reading.plan().plan_word(QA_EXHAUSTED_LABEL);
    Ok(Answer::QaExhausted(said(reading, None, value)))
}

/// `--person-check N`: the phase's answer for a §Verification fragment
/// written as prose (`allow`, `halt` or an owner), or nothing. Errors: no
/// phase.
pub fn person_check(reading: &Reading, request: &Request) -> Result<Answer> {
    let phase = request.required_phase(reading)?;
    let value = as_phase(phase).and_then(|p| reading.plan().phase_word(p, PERSON_CHECK_LABEL));
    Ok(Answer::PersonCheck(said(reading, Some(phase), value)))
}

/// `--checkout N`: the phase's `Checkout` branch as written, or nothing
/// (an empty line, also without a phase).
pub fn checkout(reading: &Reading, request: &Request) -> Result<Answer> {
    let (phase, p) = optional(reading, request)?;
    let value = p
        .and_then(|p| {
            reading
                .plan()
                .phase_directive(p, crate::vocab::console::CHECKOUT_LABEL)
        })
        .map(|l| l.value);
    Ok(Answer::Checkout(said(reading, phase, value)))
}

/// `--verify-in N`: the folder where the phase's §Verification runs, or
/// nothing (the repository root). Errors: no phase.
pub fn verify_in(reading: &Reading, request: &Request) -> Result<Answer> {
    let phase = request.required_phase(reading)?;
    let value = as_phase(phase).and_then(|p| reading.plan().verify_in(p));
    Ok(Answer::VerifyIn(said(reading, Some(phase), value)))
}

/// `--setup N`: the phase's bring-up commands in the order they run: the
/// plan's `Setup (every phase)` line, then the phase's `Setup` bullet.
/// Errors: no phase.
pub fn setup(reading: &Reading, request: &Request) -> Result<Answer> {
    let phase = request.required_phase(reading)?;
    let lines = match as_phase(phase) {
        Some(p) => setup_of(reading, p),
        None => reading.plan().every_phase_setup(),
    };
    Ok(Answer::Setup(Lines {
        plan: reading.slug().to_string(),
        phase,
        lines,
    }))
}

/// `--waits-on N`: the refs the phase's `Waits on` bullet names. Errors:
/// no phase; a phase the graph lacks.
pub fn waits_on(reading: &Reading, request: &Request) -> Result<Answer> {
    request.required_phase(reading)?;
    let Some((phase, p)) = known_phase(reading, request)? else {
        return Err(not_in_plan(request));
    };
    Ok(Answer::WaitsOn(Lines {
        plan: reading.slug().to_string(),
        phase,
        lines: reading.plan().waits_on_refs(p),
    }))
}

/// The wall-clock floor of phase `phase`, in minutes.
fn floor_of(reading: &Reading, phase: u32) -> Option<u64> {
    reading
        .plan()
        .phase_directive_text(phase, WALL_CLOCK_FLOOR_LABEL)
        .map(body_after_label)
        .and_then(floor_minutes)
}

/// `--floor [N]`: the phase's `Wall-clock floor` in minutes (nothing when
/// it has none); without a phase, every graph phase's that has one.
pub fn floor(reading: &Reading, request: &Request) -> Result<Answer> {
    let (phase, p) = optional(reading, request)?;
    let floors = match phase {
        Some(n) => p
            .and_then(|p| floor_of(reading, p))
            .map(|minutes| PhaseFloor { phase: n, minutes })
            .into_iter()
            .collect(),
        None => {
            let mut all: Vec<PhaseFloor> = reading
                .graph
                .numbers()
                .filter_map(|p| {
                    floor_of(reading, p).map(|minutes| PhaseFloor {
                        phase: u64::from(p),
                        minutes,
                    })
                })
                .collect();
            all.sort_by_key(|f| f.phase);
            all
        }
    };
    Ok(Answer::Floor(Floors {
        plan: reading.slug().to_string(),
        phase,
        floors,
    }))
}
