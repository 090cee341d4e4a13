//! F24 and F29 (SPEC §6): a GATED phase says how its gate clears, with a
//! Gate-check of a known type whose value can be checked; a phase with a
//! Gate-check is marked GATED.

use std::collections::BTreeSet;
use std::ops::Range;

use super::phases::sorted_phases;
use super::{Hit, LintInput, UndefinedPhases, line_span, phase_list};
use crate::error::escape_invisible;
use crate::plan::gate_check;
use crate::plan::gate_cmd::mutates;
use crate::plan::graph::{DependsToken, read_phase_list};
use crate::plan::phase::Directive;
use crate::plan::{PhaseBlock, Plan};
use crate::vocab::GATE_TYPES;

/// One phase of the graph as the gate checks see it.
struct GatePhase<'a> {
    /// The phase number.
    phase: u32,
    /// Its block, when the plan has one.
    block: Option<&'a PhaseBlock>,
    /// Whether its heading or its graph row holds `GATED`.
    gated: bool,
    /// Its Gate-check bullet, split into type and value.
    gate: Option<Gate<'a>>,
    /// Where a finding about the phase as a whole points: the heading, or
    /// the graph row when there is no block.
    span: Range<usize>,
}

/// A Gate-check bullet: `<type> <value>`, split by the gate's own reading
/// ([`gate_check::split`]: `*` and backticks removed, the type ends at the
/// first space).
struct Gate<'a> {
    /// The bullet.
    directive: &'a Directive,
    /// The first word of the bullet's value.
    kind: String,
    /// The rest of the value, trimmed.
    value: String,
}

impl Gate<'_> {
    /// Whether the type is one of the Gate-check types.
    fn known(&self) -> bool {
        GATE_TYPES.contains(&self.kind.as_str())
    }

    /// The bullet's whole value, escaped, for messages.
    fn written(&self) -> String {
        escape_invisible(&self.directive.value)
    }
}

/// Every phase of the graph with its block, GATED marking and Gate-check.
fn gate_phases(plan: &Plan) -> Vec<GatePhase<'_>> {
    let graph = plan.graph.as_ref();
    plan.graph_phases()
        .into_iter()
        .map(|phase| {
            let block = plan.phase_block(phase);
            let row = graph.and_then(|g| g.row(phase));
            let gated = block.is_some_and(|b| b.gated) || row.is_some_and(|r| r.gated);
            let gate = block.and_then(|b| b.directive("gate-check")).map(|d| {
                let (kind, value) = gate_check::split(&d.value);
                Gate {
                    directive: d,
                    kind,
                    value,
                }
            });
            let line = block
                .map(|b| b.heading_line)
                .or(row.map(|r| r.line))
                .unwrap_or(1);
            GatePhase {
                phase,
                block,
                gated,
                gate,
                span: line_span(&plan.file, line),
            }
        })
        .collect()
}

/// The phases of the graph whose Gate-check has a known type, with the
/// gate and the span of its bullet.
fn typed_gates<'a>(input: &'a LintInput) -> Vec<(u32, Gate<'a>, Range<usize>)> {
    let plan = &input.manifest.plan;
    gate_phases(plan)
        .into_iter()
        .filter_map(|p| {
            let gate = p.gate?;
            let span = line_span(&plan.file, gate.directive.line);
            gate.known().then_some((p.phase, gate, span))
        })
        .collect()
}

/// F24 `gate-directive-missing`: a GATED phase (heading or graph row) with
/// no Gate-check bullet; it reads as `ai`. Points at the heading.
pub fn gate_directive_missing(input: &LintInput, out: &mut Vec<Hit>) {
    for p in gate_phases(&input.manifest.plan) {
        if p.gated && p.gate.is_none() {
            let place = if p.block.is_some() {
                "add"
            } else {
                "add a \"### Phase\" block with"
            };
            out.push(Hit::in_plan(
                p.span,
                format!(
                    "phase {}: gate-directive-missing — the phase is *(GATED)* but has no Gate-check, so the gate reads as \"ai\"; {place} \"- **Gate-check:** <type> <value>\" (types: {})",
                    p.phase,
                    GATE_TYPES.join(" ")
                ),
            ));
        }
    }
}

/// F24 `gate-check-unmarked`: a Gate-check on a phase whose heading (and
/// graph row) is not marked GATED. Points at the Gate-check bullet.
pub fn gate_check_unmarked(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    for p in gate_phases(plan) {
        if let Some(gate) = &p.gate
            && !p.gated
        {
            out.push(Hit::in_plan(
                line_span(&plan.file, gate.directive.line),
                format!(
                    "phase {}: has a Gate-check but the heading is not marked *(GATED)* — a run does not stop at this gate; add *(GATED)* to the heading, or remove the Gate-check",
                    p.phase
                ),
            ));
        }
    }
}

/// F24 `gate-type-unknown`: a Gate-check whose type is not one of the
/// Gate-check types. Points at the bullet.
pub fn gate_type_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    for p in gate_phases(plan) {
        if let Some(gate) = &p.gate
            && !gate.known()
        {
            out.push(Hit::in_plan(
                line_span(&plan.file, gate.directive.line),
                format!(
                    "phase {}: gate-type-unknown — Gate-check type \"{}\" is not one of: {}; write \"- **Gate-check:** <type> <value>\" with one of them",
                    p.phase,
                    escape_invisible(&gate.kind),
                    GATE_TYPES.join(" ")
                ),
            ));
        }
    }
}

/// F24 `gate-value-missing`: a Gate-check of a known type other than
/// `manual` with nothing after the type. Points at the bullet.
pub fn gate_value_missing(input: &LintInput, out: &mut Vec<Hit>) {
    for (phase, gate, span) in typed_gates(input) {
        if gate.kind != "manual" && gate.value.is_empty() {
            let example = match gate.kind.as_str() {
                "phase" | "landed" | "pr-merged" => "2",
                "phases" => "2, 3",
                "plan" => "other-plan:2",
                "cmd" => "`make release-check`",
                "date" | "deadline" | "by" => "2026-10-01",
                _ => "a sentence the reviewer checks",
            };
            out.push(Hit::in_plan(
                span,
                format!(
                    "phase {phase}: Gate-check type \"{}\" has no value — the gate cannot be checked; write e.g. \"- **Gate-check:** {} {example}\"",
                    gate.kind, gate.kind
                ),
            ));
        }
    }
}

/// The phase and range tokens of the value of a `phase`/`phases` gate, and
/// the tokens that are neither.
fn gate_tokens(value: &str) -> (Vec<DependsToken>, Vec<String>) {
    let mut named = Vec::new();
    let mut bad = Vec::new();
    for token in read_phase_list(value) {
        match token {
            DependsToken::Unknown(t) => bad.push(t),
            token => named.push(token),
        }
    }
    (named, bad)
}

/// F24 `gate-phase-unknown`: a `phase`/`phases` Gate-check naming a token
/// that is not a phase number or range, or a phase the graph does not
/// define. One finding per token (a range names the undefined phases inside
/// it as runs, with their count). Points at the bullet.
pub fn gate_phase_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    let graph = input.manifest.plan.graph_phases();
    let defined = sorted_phases(&graph);
    for (phase, gate, span) in typed_gates(input) {
        if !matches!(gate.kind.as_str(), "phase" | "phases") || gate.value.is_empty() {
            continue;
        }
        let (named, bad) = gate_tokens(&gate.value);
        for token in bad {
            out.push(Hit::in_plan(
                span.clone(),
                format!(
                    "phase {phase}: gate-phase-unknown — Gate-check \"{}\": \"{}\" is not a phase number or a range A-B; name the phases this gate waits for, e.g. \"phases 2, 3\"",
                    gate.written(),
                    escape_invisible(&token)
                ),
            ));
        }
        let mut reported = BTreeSet::new();
        for token in named {
            let (a, b) = match token {
                DependsToken::Phase(p) if reported.insert(p) => (p, p),
                DependsToken::Range(a, b) => (a, b),
                _ => continue,
            };
            let Some(undefined) = UndefinedPhases::of(a, b, &defined) else {
                continue;
            };
            let (within, verb) = match (a == b, undefined.count) {
                (true, _) => (String::new(), "is"),
                (false, 1) => (format!(" in the range {a}-{b}"), "is"),
                (false, _) => (format!(" in the range {a}-{b}"), "are"),
            };
            out.push(Hit::in_plan(
                span.clone(),
                format!(
                    "phase {phase}: gate-phase-unknown — Gate-check \"{}\" names {}{within}, which {verb} not in this plan (phases: {}); name a phase of the graph",
                    gate.written(),
                    undefined.named(),
                    phase_list(&graph)
                ),
            ));
        }
    }
}

/// F24 `gate-phase-self`: a `phase`/`phases` Gate-check that names the
/// phase it gates, which can never clear. Points at the bullet.
pub fn gate_phase_self(input: &LintInput, out: &mut Vec<Hit>) {
    for (phase, gate, span) in typed_gates(input) {
        if !matches!(gate.kind.as_str(), "phase" | "phases") {
            continue;
        }
        let names_itself = gate_tokens(&gate.value).0.iter().any(|t| match *t {
            DependsToken::Phase(p) => p == phase,
            DependsToken::Range(a, b) => (a..=b).contains(&phase),
            DependsToken::Unknown(_) => false,
        });
        if names_itself {
            out.push(Hit::in_plan(
                span,
                format!(
                    "phase {phase}: gate-phase-self — Gate-check \"{}\" waits for phase {phase} itself, so it can never clear; name the phases that must finish first",
                    gate.written()
                ),
            ));
        }
    }
}

/// Whether `text` is a real calendar date written `YYYY-MM-DD`.
pub fn is_real_date(text: &str) -> bool {
    let b = text.as_bytes();
    let shape = b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    shape && text.parse::<jiff::civil::Date>().is_ok()
}

/// F24 `gate-date-invalid`: a `date`, `deadline` or `by` Gate-check whose
/// value does not start with a real `YYYY-MM-DD` date. Points at the bullet.
pub fn gate_date_invalid(input: &LintInput, out: &mut Vec<Hit>) {
    for (phase, gate, span) in typed_gates(input) {
        if !matches!(gate.kind.as_str(), "date" | "deadline" | "by") || gate.value.is_empty() {
            continue;
        }
        let first = gate.value.split_whitespace().next().unwrap_or("");
        if !is_real_date(first) {
            out.push(Hit::in_plan(
                span,
                format!(
                    "phase {phase}: gate-date-invalid — Gate-check {} \"{}\" is not a real YYYY-MM-DD date; write the day the gate clears, e.g. \"{} 2026-10-01\"",
                    gate.kind,
                    escape_invisible(&gate.value),
                    gate.kind
                ),
            ));
        }
    }
}

/// F24 `gate-cmd-mutates`: a `cmd` Gate-check whose command would change
/// something ([`crate::plan::gate_cmd::mutates`], the deny list the gate
/// refuses by). The gate never runs it and reads as manual, so the phase
/// waits for a person; the lint says so while the plan is written. Points
/// at the bullet.
pub fn gate_cmd_mutates(input: &LintInput, out: &mut Vec<Hit>) {
    for (phase, gate, span) in typed_gates(input) {
        if gate.kind != "cmd" || gate.value.is_empty() || !mutates(&gate.value) {
            continue;
        }
        out.push(Hit::in_plan(
            span,
            format!(
                "phase {phase}: gate-cmd-mutates — Gate-check cmd \"{}\" would change state, and a gate only observes: the gate refuses to run it and waits for a person; write a command that only reads, e.g. \"cmd test -f build/ok\"",
                escape_invisible(&gate.value)
            ),
        ));
    }
}

/// F24 `gate-plan-unknown`: a `plan` Gate-check whose value is not
/// `<slug>:<phases>`, or names a plan with no `docs/plans/<slug>.md` under
/// the docs root. Points at the bullet.
pub fn gate_plan_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    for (phase, gate, span) in typed_gates(input) {
        if gate.kind != "plan" || gate.value.is_empty() {
            continue;
        }
        let problem = match gate.value.split_once(':') {
            None => Some(
                "is not <slug>:<phases>; write the other plan's slug, a colon and its phases, e.g. \"plan billing-cutover:3\"".to_string(),
            ),
            Some((slug, phases)) => {
                let slug = slug.trim();
                let (named, bad) = gate_tokens(phases);
                if !crate::root::is_valid_slug(slug) {
                    Some(format!(
                        "names \"{}\", which is not a plan slug; write <slug>:<phases>",
                        escape_invisible(slug)
                    ))
                } else if !input
                    .root
                    .join("docs")
                    .join("plans")
                    .join(format!("{slug}.md"))
                    .is_file()
                {
                    Some(format!(
                        "names plan \"{slug}\", but there is no docs/plans/{slug}.md; check the slug"
                    ))
                } else if named.is_empty() || !bad.is_empty() {
                    Some(format!(
                        "names no phases of plan \"{slug}\" after the colon (phase numbers or ranges A-B); write e.g. \"plan {slug}:3\""
                    ))
                } else {
                    None
                }
            }
        };
        if let Some(problem) = problem {
            out.push(Hit::in_plan(
                span,
                format!(
                    "phase {phase}: gate-plan-unknown — Gate-check plan \"{}\" {problem}",
                    escape_invisible(&gate.value)
                ),
            ));
        }
    }
}

/// F29 `landed-gate-unknown-phase`: a `landed` or `pr-merged` Gate-check
/// that does not name exactly one other phase of this plan. Points at the
/// bullet.
pub fn landed_gate_unknown_phase(input: &LintInput, out: &mut Vec<Hit>) {
    let graph = input.manifest.plan.graph_phases();
    for (phase, gate, span) in typed_gates(input) {
        if !matches!(gate.kind.as_str(), "landed" | "pr-merged") || gate.value.is_empty() {
            continue;
        }
        let tokens = read_phase_list(&gate.value);
        let problem = match tokens.as_slice() {
            [DependsToken::Phase(p)] if *p == phase => {
                format!("names phase {p}, the phase it gates")
            }
            [DependsToken::Phase(p)] if !input.manifest.plan.in_graph(*p) => format!(
                "names phase {p}, which is not in this plan (phases: {})",
                phase_list(&graph)
            ),
            [DependsToken::Phase(_)] => continue,
            _ => "does not name one phase number".to_string(),
        };
        out.push(Hit::in_plan(
            span,
            format!(
                "phase {phase}: landed-gate-unknown-phase — Gate-check \"{}\" {problem}; name the one other phase whose change must land first",
                gate.written()
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_dates() {
        assert!(is_real_date("2026-09-14"));
        assert!(is_real_date("2028-02-29"));
        assert!(!is_real_date("2026-02-29"));
        assert!(!is_real_date("2026-13-02"));
        assert!(!is_real_date("20260914"));
        assert!(!is_real_date("2026-9-14"));
        assert!(!is_real_date("next"));
    }

    #[test]
    fn tokens() {
        assert_eq!(
            gate_tokens("1, 3-4"),
            (
                vec![DependsToken::Phase(1), DependsToken::Range(3, 4)],
                vec![]
            )
        );
        assert_eq!(
            gate_tokens("2 and 3"),
            (
                vec![DependsToken::Phase(2), DependsToken::Phase(3)],
                vec!["and".to_string()]
            )
        );
    }
}
