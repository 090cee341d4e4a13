//! What a phase weighs and how phases batch into sessions (SPEC §11), as
//! the reference's board and session plan compute it: a phase's
//! `- **Size:**` word, the MCP servers it runs with (each adds to its
//! weight), the model the plan's §Session budget names and the budget that
//! gives, the sessions a phase is expected to take under the console, and
//! the greedy grouping of the phases left into sessions a person may run by
//! hand (the board's SUGGESTED BATCHES and `--session-plan` both group
//! here, [`group_phases`] and [`groups`]).
//!
//! The numbers are [`crate::vocab::sizing`]'s; the model words
//! [`crate::vocab::models`]'s.

use crate::engine::{Reading, gate};
use crate::plan::Plan;
use crate::plan::directive::{LineShape, lines_in, match_directive, sections_starting};
use crate::plan::progress::HandoffStatus;
use crate::plan::verification::backtick_spans;
use crate::vocab::console::{MCP_LABEL, MCP_SERVERS_EVERY_SESSION};
use crate::vocab::models::{MODEL_1M_SUFFIX, MODEL_BIG, MODEL_SMALL, model_families};
use crate::vocab::sizing::{
    BUDGET_1M, BUDGET_BIG, BUDGET_DEFAULT, BUDGET_HAIKU, MCP_SURCHARGE, MCP_SURCHARGE_MAX,
    SESSION_BOOT_FLOOR, SESSION_SLOPE_PCT, SESSION_TARGET_PCT, SESSION_WORK_FLOOR, Size,
};

/// The label of a phase's size bullet.
pub const SIZE_LABEL: &str = "Size";

/// The size of `phase`: the letter its first `- **Size:**` bullet gives
/// ([`size_letter`] of the whole bullet line), `M` when there is none or
/// the letter is not `S`, `M` or `L`.
pub fn phase_size(plan: &Plan, phase: u32) -> Size {
    plan.phase_directive(phase, SIZE_LABEL)
        .and_then(|d| size_letter(plan.file.line_text(d.line)))
        .and_then(Size::from_letter)
        .unwrap_or(Size::DEFAULT)
}

/// The letter a Size bullet line gives, as the reference reads it: the
/// first ASCII letter after the last `Size` or `size` of the line that has
/// one after it (past any characters that are not ASCII letters),
/// upper-cased; `None` when no `Size`/`size` of the line is followed by a
/// letter (`- **SIZE:** L` names no letter: the reference's pattern knows
/// only `Size` and `size`).
pub fn size_letter(line: &str) -> Option<char> {
    let bytes = line.as_bytes();
    let mut end = line.len();
    while let Some(at) = line[..end].rfind("ize") {
        end = at;
        let Some(first) = at.checked_sub(1).map(|i| bytes[i]) else {
            break;
        };
        if first != b'S' && first != b's' {
            continue;
        }
        let after = &line[at + 3..];
        if let Some(c) = after.chars().find(|c| c.is_ascii_alphabetic()) {
            return Some(c.to_ascii_uppercase());
        }
    }
    None
}

/// Whether any line of the plan outside code is a Size bullet: the
/// reference then prints SUGGESTED BATCHES, which it computes from sizes.
pub fn has_sizes(plan: &Plan) -> bool {
    let file = &plan.file;
    lines_in(file, 0..file.text.len()).any(|(_, span)| {
        let text = &file.text[span];
        text.contains(':') && match_directive(text, SIZE_LABEL, LineShape::Bullet).is_some()
    })
}

/// The backticked ids of `line`, as the reference lists them.
fn backticked(line: &str) -> Vec<&str> {
    backtick_spans(line).into_iter().map(|s| &line[s]).collect()
}

/// The MCP servers every session of the plan needs: the backticked ids of
/// every §Session budget line that speaks of "MCP servers (every
/// session)", joined with `, ` as the reference writes them.
pub fn plan_mcp(plan: &Plan) -> String {
    let file = &plan.file;
    sections_starting(file, "session budget")
        .into_iter()
        .flat_map(|range| lines_in(file, range).collect::<Vec<_>>())
        .map(|(line, _)| file.line_text(line))
        .filter(|text| text.to_lowercase().contains(MCP_SERVERS_EVERY_SESSION))
        .flat_map(backticked)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The MCP servers `phase` runs with: the plan's ([`plan_mcp`]) and those
/// of its first `- **MCP:**` bullet, split at commas, trimmed, each once,
/// in order.
pub fn mcp_servers(plan: &Plan, phase: u32) -> Vec<String> {
    let plan_wide = plan_mcp(plan);
    let own: String = plan
        .phase_directive(phase, MCP_LABEL)
        .map(|d| backticked(plan.file.line_text(d.line)).join(", "))
        .unwrap_or_default();
    let mut out: Vec<String> = Vec::new();
    for id in plan_wide.split(',').chain(own.split(',')) {
        let id = id.trim_matches(|c: char| c.is_ascii_whitespace());
        if !id.is_empty() && !out.iter().any(|o| o == id) {
            out.push(id.to_string());
        }
    }
    out
}

/// What `servers` MCP servers add to a phase's weight: the surcharge per
/// server, capped.
pub fn mcp_surcharge(servers: usize) -> u64 {
    (servers as u64 * MCP_SURCHARGE).min(MCP_SURCHARGE_MAX)
}

/// The model the plan's §Session budget names, as the reference reads it:
/// on the first line of the section (outside code) that holds a model
/// family word (any case, anywhere in the line), the first
/// `[claude-]<family>[-<version>…][[1m]]` ([`model_token`]), lower-cased;
/// a `(1M window)` written right after it ([`says_1m_window`]) reads as
/// the `[1m]` suffix. `None` when no line names one.
pub fn plan_model(plan: &Plan) -> Option<String> {
    let file = &plan.file;
    let (line, token) = sections_starting(file, "session budget")
        .into_iter()
        .flat_map(|range| lines_in(file, range).collect::<Vec<_>>())
        .map(|(line, _)| file.line_text(line))
        .find_map(|text| model_token(text).map(|t| (text, t)))?;
    let name = line[token.clone()].to_ascii_lowercase();
    if name.ends_with(MODEL_1M_SUFFIX) || !says_1m_window(&line[token.end..]) {
        return Some(name);
    }
    Some(format!("{name}{MODEL_1M_SUFFIX}"))
}

/// The byte range of the first model name in `line`: a model family word
/// (any ASCII case), with a `claude-` right before it, then any
/// `-<letters, digits, dots>` parts and a `[1m]` suffix.
pub fn model_token(line: &str) -> Option<std::ops::Range<usize>> {
    let lower = line.to_ascii_lowercase();
    let (at, family) = model_families()
        .into_iter()
        .filter_map(|f| lower.find(f).map(|at| (at, f)))
        .min_by_key(|&(at, _)| at)?;
    let prefix = crate::vocab::models::MODEL_ID_PREFIX;
    let start = if lower[..at].ends_with(prefix) {
        at - prefix.len()
    } else {
        at
    };
    let bytes = lower.as_bytes();
    let mut end = at + family.len();
    while bytes.get(end) == Some(&b'-') {
        let part = bytes[end + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit() || b.is_ascii_lowercase() || **b == b'.')
            .count();
        if part == 0 {
            break;
        }
        end += 1 + part;
    }
    if lower[end..].starts_with(MODEL_1M_SUFFIX) {
        end += MODEL_1M_SUFFIX.len();
    }
    Some(start..end)
}

/// Whether the text right after a model name writes a 1M window as prose:
/// past backticks and blanks, a parenthesis whose text (up to the first
/// `)`) holds `1m` or `1 m` (any case) standing as a word of its own —
/// not after a letter, digit, `_` or `.`, not before a letter, digit or
/// `_`. `claude-opus-5 (1M window)` is one.
pub fn says_1m_window(rest: &str) -> bool {
    let rest = rest.trim_start_matches(|c: char| c == '`' || c.is_ascii_whitespace());
    let Some(inner) = rest.strip_prefix('(') else {
        return false;
    };
    let Some(close) = inner.find(')') else {
        return false;
    };
    let inner = &inner.as_bytes()[..close];
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    (0..inner.len()).any(|i| {
        if inner[i] != b'1' || (i > 0 && (word(inner[i - 1]) || inner[i - 1] == b'.')) {
            return false;
        }
        let mut j = i + 1;
        if inner.get(j).is_some_and(|b| b.is_ascii_whitespace()) {
            j += 1;
        }
        if !inner.get(j).is_some_and(|b| b.eq_ignore_ascii_case(&b'm')) {
            return false;
        }
        !inner.get(j + 1).is_some_and(|&b| word(b))
    })
}

/// The per-session budget, tokens, of a model alias or a raw token number
/// (the reference's `resolve_budget`): nothing is the default budget;
/// digits are the budget itself, a decimal number whatever its leading
/// zeros (**(fix)**: the reference's arithmetic reads `010000` as octal),
/// one too large for a count of tokens the largest; a name (any case) with
/// the 1M suffix the 1M budget; a name holding a big family word the big
/// budget; one holding `haiku` the small one; anything else the default.
pub fn resolve_budget(model: Option<&str>) -> u64 {
    let name = model.unwrap_or("").to_lowercase();
    if name.is_empty() {
        return BUDGET_DEFAULT;
    }
    if name.bytes().all(|b| b.is_ascii_digit()) {
        return name.parse().unwrap_or(u64::MAX);
    }
    if name.contains(MODEL_1M_SUFFIX) {
        return BUDGET_1M;
    }
    if MODEL_BIG.iter().any(|m| name.contains(m)) {
        return BUDGET_BIG;
    }
    if name.contains(MODEL_SMALL) {
        BUDGET_HAIKU
    } else {
        BUDGET_DEFAULT
    }
}

/// The session model: the first call's context (the repository's measured
/// `boot_floor`, else the shipped one).
pub fn boot_floor(measured: Option<u64>) -> u64 {
    measured.unwrap_or(SESSION_BOOT_FLOOR)
}

/// The floor a session pays once: boot plus work.
pub fn session_floor(measured: Option<u64>) -> u64 {
    boot_floor(measured).saturating_add(SESSION_WORK_FLOOR)
}

/// The context a session is sized to stay under, for `budget`: the
/// target share of the window (a budget is a fifth of it).
pub fn session_target(budget: u64) -> u64 {
    budget.saturating_mul(5).saturating_mul(SESSION_TARGET_PCT) / 100
}

/// The predicted peak context of a session whose phases weigh `weight`.
pub fn session_context(measured: Option<u64>, weight: u64) -> u64 {
    session_floor(measured).saturating_add(SESSION_SLOPE_PCT.saturating_mul(weight) / 100)
}

/// A phase's weight: its size's ([`Size::weight`]) plus what its MCP
/// servers add ([`mcp_surcharge`]), tokens (the reference's
/// `_phase_weight`).
pub fn phase_weight(plan: &Plan, phase: u32) -> u64 {
    phase_size(plan, phase)
        .weight()
        .saturating_add(mcp_surcharge(mcp_servers(plan, phase).len()))
}

/// The sessions a phase of `size` is expected to take under the console
/// (1 phase ≥ 1 session), in ten-thousandths of a session: the measured
/// sessions of the phases that do not wrap and of those that do, weighed
/// by the share that wraps, never under one session (10,000).
pub fn expected_sessions(size: Size) -> u64 {
    let s = size.sessions();
    let wrap = s.wrap_pct.min(100);
    ((100 - wrap) * s.x100 + wrap * s.wrap_x100).max(10_000)
}

/// Every phase of `reading`'s graph as the grouping sees it, in graph
/// order: done and taken (in progress or stuck) from its handoff, GATED,
/// its weight ([`phase_weight`]) and its dependencies.
pub fn group_phases(reading: &Reading) -> Vec<GroupPhase<'_>> {
    let plan = reading.plan();
    let handoffs = reading.handoffs();
    reading
        .graph
        .phases
        .iter()
        .map(|p| {
            let status = handoffs.status(p.phase);
            GroupPhase {
                phase: p.phase,
                done: status == HandoffStatus::Done,
                taken: matches!(status, HandoffStatus::InProgress | HandoffStatus::Stuck),
                gated: gate::is_gated(plan, p.phase),
                weight: phase_weight(plan, p.phase),
                deps: &p.deps,
            }
        })
        .collect()
}

/// The sessions `reading`'s phases left group into for `budget` tokens a
/// session ([`compute_groups`] over [`group_phases`], with the plan's QA
/// gating and the measured boot floor of the environment).
pub fn groups(reading: &Reading, phases: &[GroupPhase], budget: u64) -> Vec<Vec<u32>> {
    let qa_gating = reading.qa().is_some_and(|qa| qa.plan_on);
    compute_groups(phases, budget, qa_gating, reading.env.boot_floor)
}

/// One phase as the grouping sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GroupPhase<'a> {
    /// The phase number.
    pub phase: u32,
    /// Whether its handoff says done.
    pub done: bool,
    /// Whether a session is on it (in progress or stuck): it is left out.
    pub taken: bool,
    /// Whether it is GATED.
    pub gated: bool,
    /// Its weight: size plus MCP surcharge.
    pub weight: u64,
    /// Its dependencies.
    pub deps: &'a [u32],
}

/// The reference's greedy grouping of the phases left (not done, not
/// taken) into sessions, in table order (`compute_groups`): a phase joins
/// the open group when the group is not sealed, the phase is not GATED,
/// every dependency is done before or in the group, with QA gating on
/// (`qa_gating`) none is in the group, and the group's predicted peak stays
/// under the budget's target; otherwise it opens a group of its own, which
/// is sealed (nothing joins it) when it is GATED or a dependency is not
/// done before it.
pub fn compute_groups(
    phases: &[GroupPhase],
    budget: u64,
    qa_gating: bool,
    measured_floor: Option<u64>,
) -> Vec<Vec<u32>> {
    let target = session_target(budget);
    let floor = session_floor(measured_floor);
    let mut done_before: std::collections::HashSet<u32> =
        phases.iter().filter(|p| p.done).map(|p| p.phase).collect();
    let mut groups: Vec<Vec<u32>> = Vec::new();
    let mut current: Vec<u32> = Vec::new();
    let (mut weight, mut sealed) = (0u64, false);
    for p in phases.iter().filter(|p| !p.done && !p.taken) {
        let in_current = |d: &u32| current.contains(d);
        let joins = !current.is_empty()
            && !sealed
            && !p.gated
            && p.deps
                .iter()
                .all(|d| done_before.contains(d) || in_current(d))
            && (!qa_gating || !p.deps.iter().any(in_current))
            && floor.saturating_add(
                SESSION_SLOPE_PCT.saturating_mul(weight.saturating_add(p.weight)) / 100,
            ) <= target;
        if joins {
            current.push(p.phase);
            weight = weight.saturating_add(p.weight);
            continue;
        }
        if !current.is_empty() {
            done_before.extend(current.iter().copied());
            groups.push(std::mem::take(&mut current));
        }
        current.push(p.phase);
        weight = p.weight;
        sealed = p.gated || !p.deps.iter().all(|d| done_before.contains(d));
    }
    if !current.is_empty() {
        groups.push(current);
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_letters_as_the_reference_reads_them() {
        assert_eq!(size_letter("- **Size:** L"), Some('L'));
        assert_eq!(size_letter("- **Size:** small"), Some('S'));
        assert_eq!(size_letter("- Size: M — resize later"), Some('L'));
        assert_eq!(size_letter("- **SIZE:** L"), None);
        assert_eq!(size_letter("- **Size:**"), None);
        assert_eq!(size_letter("* size: — x"), Some('X'));
    }

    #[test]
    fn model_names_and_windows() {
        let token = |line: &str| model_token(line).map(|r| line[r].to_string());
        assert_eq!(
            token("- **Target model:** claude-opus-5-5"),
            Some("claude-opus-5-5".into())
        );
        assert_eq!(token("model: Sonnet[1m] please"), Some("Sonnet[1m]".into()));
        assert_eq!(token("use haiku, not opus"), Some("haiku".into()));
        assert_eq!(token("no model here"), None);
        assert!(says_1m_window(" (1M window)"));
        assert!(says_1m_window("` (a 1 m window)"));
        assert!(!says_1m_window(" (11m)"));
        assert!(!says_1m_window(" (1mb)"));
        assert!(!says_1m_window(" 1m"));
        assert!(!says_1m_window(" (1m"));
    }

    #[test]
    fn budgets() {
        assert_eq!(resolve_budget(None), BUDGET_DEFAULT);
        assert_eq!(resolve_budget(Some("123456")), 123_456);
        assert_eq!(resolve_budget(Some("claude-opus-5[1m]")), BUDGET_1M);
        assert_eq!(resolve_budget(Some("Sonnet")), BUDGET_BIG);
        assert_eq!(resolve_budget(Some("haiku")), BUDGET_HAIKU);
        assert_eq!(resolve_budget(Some("gpt")), BUDGET_DEFAULT);
    }

    #[test]
    fn groups_cut_at_gates_deps_and_budget() {
        let deps: [&[u32]; 4] = [&[], &[1], &[2], &[9]];
        let phase = |phase: u32, gated: bool| GroupPhase {
            phase,
            done: false,
            taken: false,
            gated,
            weight: 15_000,
            deps: deps[(phase - 1) as usize],
        };
        let phases = [
            phase(1, false),
            phase(2, false),
            phase(3, true),
            phase(4, false),
        ];
        assert_eq!(
            compute_groups(&phases, 200_000, false, None),
            vec![vec![1, 2], vec![3], vec![4]]
        );
        assert_eq!(
            compute_groups(&phases, 200_000, true, None),
            vec![vec![1], vec![2], vec![3], vec![4]]
        );
        assert_eq!(
            compute_groups(&phases, 40_000, false, None),
            vec![vec![1], vec![2], vec![3], vec![4]]
        );
    }
}
