//! The advisories that hold a plan against what the console has
//! (SPEC-PARITY.md sections D and F): F15 (MCP servers, credentials and
//! accounts the plan names but the console has not registered) and F36 (a
//! `Waits on` window shorter than the timeout of the workflow it watches).
//!
//! The console passes what it has in the environment ([`super::LintEnv`]);
//! a check whose variable is unset says nothing (no console here), while a
//! variable set but empty is an answer (nothing registered).

use std::ops::Range;

use super::{Hit, LintInput};
use crate::plan::Plan;
use crate::plan::decisions::FileKind;
use crate::plan::directive::{DirectiveLine, after_colon};
use crate::plan::duration::duration_minutes;
use crate::plan::verification::backtick_spans;
use crate::vocab::console::{
    ACCOUNTS_LABEL, CREDENTIALS_LABEL, MCP_LABEL, MCP_POLICY_LABEL, MCP_POLICY_WORDS, MCP_REQUIRE,
    MCP_SERVERS_EVERY_SESSION, WAIT_BUDGET_LABEL, WAITS_ON_LABEL, WAITS_ON_SEPARATOR,
};

/// The ids named on one line: its backtick spans, each split at commas,
/// trimmed, empty ones dropped.
fn ids_on(line: &str) -> Vec<String> {
    backtick_spans(line)
        .into_iter()
        .flat_map(|s| {
            line[s]
                .split(',')
                .map(str::trim)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|id| !id.is_empty())
        .collect()
}

/// The ids of `named` that `known` does not hold, in order (an id named
/// twice is listed twice), joined by `, `; `None` when all are known.
fn unknown(named: &[String], known: &[String]) -> Option<String> {
    let missing: Vec<&str> = named
        .iter()
        .filter(|id| !known.contains(id))
        .map(String::as_str)
        .collect();
    (!missing.is_empty()).then(|| missing.join(", "))
}

/// The text of `line` of the plan.
fn raw<'p>(plan: &'p Plan, line: &DirectiveLine) -> &'p str {
    &plan.file.text[line.span.clone()]
}

/// The MCP policy a phase (or, with `None`, the plan) resolves to: the
/// phase's `MCP policy` bullet, else the plan's `MCP policy` line, else
/// the console's `PE_MCP_POLICY`; `None` when none says `require` or
/// `continue`.
fn mcp_policy(input: &LintInput, phase: Option<u32>) -> Option<String> {
    let policy_word = |value: &str| {
        let word = value.split_whitespace().next()?.to_lowercase();
        MCP_POLICY_WORDS.contains(&word.as_str()).then_some(word)
    };
    let plan = &input.manifest.plan;
    phase
        .and_then(|p| plan.phase_directive(p, MCP_POLICY_LABEL))
        .and_then(|d| policy_word(&d.value))
        .or_else(|| plan.plan_mcp_policy_value().and_then(|v| policy_word(&v)))
        .or_else(|| {
            let word = input.env.mcp_policy.as_deref()?;
            MCP_POLICY_WORDS.contains(&word).then(|| word.to_string())
        })
}

/// F15 `mcp-server-unregistered`: with `PE_MCP_SERVERS` set, the MCP
/// servers named on the §Session budget line "MCP servers (every
/// session)", then those of each open phase's `MCP` bullet, that the
/// console has not registered. A server named plan-wide is not named again
/// for a phase. The consequence follows the resolved MCP policy.
pub fn mcp_server_unregistered(input: &LintInput, out: &mut Vec<Hit>) {
    let Some(known) = &input.env.mcp_servers else {
        return;
    };
    let plan = &input.manifest.plan;
    let lines = plan.budget_lines_containing(MCP_SERVERS_EVERY_SESSION);
    let named = lines.first().map(|(_, span)| {
        let ids = lines.iter().flat_map(|(l, _)| ids_on(l)).collect();
        (ids, span.clone())
    });
    let plan_wide = |missing: &str| {
        let consequence = if mcp_policy(input, None).as_deref() == Some(MCP_REQUIRE) {
            "under the plan's MCP policy `require` every phase parks at boarding"
        } else {
            "phases will run without them and say so in their handoffs (write **MCP policy:** require to park them instead)"
        };
        format!(
            "plan: MCP server(s) not registered on this machine: {missing} — {consequence}; register them in Phase Console → MCP, or remove them from §Session budget"
        )
    };
    let for_phase = |phase: u32, missing: &str| {
        let consequence = if mcp_policy(input, Some(phase)).as_deref() == Some(MCP_REQUIRE) {
            "the console parks this phase at boarding; register them in Phase Console → MCP, or remove them from the phase"
        } else {
            "the phase will run without them and say so in its handoff; register them in Phase Console → MCP, remove them from the phase, or add \"- **MCP policy:** require\" to park it instead"
        };
        format!(
            "phase {phase}: MCP server(s) not registered on this machine: {missing} — {consequence}"
        )
    };
    unregistered(input, out, known, named, MCP_LABEL, plan_wide, for_phase);
}

/// F15 `credential-unregistered`: with `PE_CREDENTIALS` set, the
/// credentials named on the §Session budget `Credentials:` line, then
/// those of each open phase's `Credentials` bullet, that the console does
/// not hold. A credential named plan-wide is not named again for a phase.
pub fn credential_unregistered(input: &LintInput, out: &mut Vec<Hit>) {
    let Some(known) = &input.env.credentials else {
        return;
    };
    let plan = &input.manifest.plan;
    let named = plan
        .plan_directive(CREDENTIALS_LABEL)
        .map(|line| (ids_on(raw(plan, &line)), line.span));
    let plan_wide = |missing: &str| {
        format!(
            "plan: credential(s) the console does not hold: {missing} — with **Credential policy:** require every phase is refused at boarding, and otherwise each runs without them; register them in Phase Console → Settings, or remove them from §Session budget"
        )
    };
    let for_phase = |phase: u32, missing: &str| {
        format!(
            "phase {phase}: credential(s) the console does not hold: {missing} — the phase is refused at boarding under the credential policy `require` and runs without them (and says so) under `continue`; register them in Phase Console → Settings, or remove them from the phase"
        )
    };
    unregistered(
        input,
        out,
        known,
        named,
        CREDENTIALS_LABEL,
        plan_wide,
        for_phase,
    );
}

/// The ids the console lacks (`known` is what it has): those named
/// plan-wide (`named`: the ids and the span of their line), in one finding
/// worded by `plan_wide`; then those of each open phase's first `label`
/// bullet, one finding per phase worded by `for_phase`. An id named
/// plan-wide is not named again for a phase.
fn unregistered(
    input: &LintInput,
    out: &mut Vec<Hit>,
    known: &[String],
    named: Option<(Vec<String>, Range<usize>)>,
    label: &str,
    plan_wide: impl Fn(&str) -> String,
    for_phase: impl Fn(u32, &str) -> String,
) {
    let mut known = known.to_vec();
    if let Some((ids, span)) = named
        && let Some(missing) = unknown(&ids, &known)
    {
        out.push(Hit {
            file: FileKind::Plan,
            span,
            message: plan_wide(&missing),
            fix: None,
        });
        known.extend(ids);
    }
    let plan = &input.manifest.plan;
    for &(phase, _) in input.open_blocks() {
        let Some(bullet) = plan.phase_directive(phase, label) else {
            continue;
        };
        let Some(missing) = unknown(&ids_on(raw(plan, &bullet)), &known) else {
            continue;
        };
        out.push(Hit {
            file: FileKind::Plan,
            span: bullet.span.clone(),
            message: for_phase(phase, &missing),
            fix: None,
        });
    }
}

/// F15 `account-unregistered`: with `PE_ACCOUNTS` set, each account
/// (`` `id[:minimum]` ``) on the §Session budget `Accounts:` line that the
/// console has not registered.
pub fn account_unregistered(input: &LintInput, out: &mut Vec<Hit>) {
    let Some(known) = &input.env.accounts else {
        return;
    };
    let plan = &input.manifest.plan;
    let Some(line) = plan.plan_directive(ACCOUNTS_LABEL) else {
        return;
    };
    let text = raw(plan, &line);
    for span in backtick_spans(text) {
        let id = text[span].split(':').next().unwrap_or("").trim();
        if id.is_empty() || known.iter().any(|k| k == id) {
            continue;
        }
        out.push(Hit {
            file: FileKind::Plan,
            span: line.span.clone(),
            message: format!(
                "plan: account `{id}` is not registered on this console — a run that declares it is refused before its first phase; register it in Phase Console → Accounts, or remove it from **Accounts:**"
            ),
            fix: None,
        });
    }
}

/// F36 `wait-window-short`: with `PE_WAIT_TIMEOUTS` set, an open phase
/// whose `Waits on` bullet allows less time (its `· <max>`, else the plan's
/// `Wait budget:`) than the workflow timeout of a ref it names. One finding
/// per such ref.
pub fn wait_window_short(input: &LintInput, out: &mut Vec<Hit>) {
    let Some(timeouts) = &input.env.wait_timeouts else {
        return;
    };
    let plan = &input.manifest.plan;
    let plan_budget = plan
        .plan_directive(WAIT_BUDGET_LABEL)
        .and_then(|l| duration_minutes(after_colon(raw(plan, &l))));
    for &(phase, _) in input.open_blocks() {
        let Some(bullet) = plan.phase_directive(phase, WAITS_ON_LABEL) else {
            continue;
        };
        let body = after_colon(raw(plan, &bullet));
        if body.is_empty() {
            continue;
        }
        let (refs, window) = match body.split_once(WAITS_ON_SEPARATOR) {
            Some((refs, window)) => (refs, duration_minutes(window)),
            None => (body, None),
        };
        let Some(max) = window.or(plan_budget) else {
            continue;
        };
        let named: Vec<String> = if refs.contains('`') {
            backtick_spans(refs)
                .into_iter()
                .map(|s| refs[s].to_string())
                .collect()
        } else {
            refs.split(',')
                .map(str::trim)
                .filter(|r| !r.is_empty())
                .map(str::to_string)
                .collect()
        };
        for reference in named {
            let Some(&minutes) = timeouts.get(&reference) else {
                continue;
            };
            if max >= minutes {
                continue;
            }
            out.push(Hit {
                file: FileKind::Plan,
                span: bullet.span.clone(),
                message: format!(
                    "phase {phase}: wait-window-short — `Waits on:` allows {max}m, but `{reference}` may run {minutes}m before its workflow times out, so the wait can end while the work it waits for is still healthy; raise the window to at least {minutes}m"
                ),
                fix: None,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids() {
        assert_eq!(ids_on("**MCP:** `a`, `b, c` and ` `"), vec!["a", "b", "c"]);
        let known = vec!["a".to_string()];
        assert_eq!(
            unknown(&["a".into(), "b".into(), "b".into()], &known).as_deref(),
            Some("b, b")
        );
        assert_eq!(unknown(&["a".into()], &known), None);
    }
}
