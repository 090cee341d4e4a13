//! `--boot-fanout "N M …"` (SPEC §11): what a handoff that unblocks
//! several phases writes — the boot they share, once, as a template (`<N>`
//! for the phase's number), then each phase's block with its own part of
//! every section they do not share. Each phase's prompt is
//! [`super::boot::render`]'s, rendered as the template and as itself.

use serde::Serialize;

use crate::engine::boot::{BootPrompt, SECTIONS, render};
use crate::engine::facts::scope;
use crate::engine::gate as gates;
use crate::engine::{Answer, Reading, Request};
use crate::error::{Error, Result};
use crate::vocab::gate_kinds::GateKind;

/// The sections that are always a phase's own in a fan-out.
pub const OWN_SECTIONS: [&str; 3] = ["gate", "reading", "notes"];

/// A section and its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Named {
    /// The section's name.
    pub name: String,
    /// Whether every sibling shares it (in the shared boot).
    pub shared: bool,
    /// Its text: in the shared boot, the template when shared, else its
    /// place (`⟨name⟩`); in a phase's block, the phase's own text.
    pub text: String,
}

/// One phase of a fan-out: its heading facts and its own part of each
/// section the siblings do not share.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FanoutPhase {
    /// The phase.
    pub phase: u32,
    /// Its title.
    pub title: String,
    /// Its gate's kind, when it is GATED.
    pub gate: Option<GateKind>,
    /// Its size letter.
    pub size: String,
    /// The model it runs on (the phase's `Model` bullet, else the plan's),
    /// when one is named.
    pub model: Option<String>,
    /// Its scope (`all` when undeclared), csv.
    pub scope: String,
    /// Its own text of each section the siblings do not share, leaving
    /// out the empty ones.
    pub own: Vec<Named>,
}

/// The answer of `--boot-fanout "N M …"`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BootFanout {
    /// The plan's slug.
    pub plan: String,
    /// The phases, as listed.
    pub phases: Vec<FanoutPhase>,
    /// The shared boot: each section in order (but those empty for every
    /// sibling).
    pub shared: Vec<Named>,
    /// The sections each phase has of its own.
    pub per_phase: Vec<String>,
    /// The command prefix the header names.
    pub command: String,
}

/// `--boot-fanout "N M …"`: the boot the listed phases share, written
/// once as a template (`<N>` for the phase's number), then each phase's
/// block (see the module documentation of the reference's `boot_fanout`
/// in the README). Commas separate phases as blanks do. Errors (exit 2):
/// a word that is not a number, a phase the plan lacks (naming the plan's
/// phases), no phase at all (the usage line).
pub fn boot_fanout(reading: &Reading, request: &Request) -> Result<Answer> {
    let given = request.arg.as_deref().unwrap_or("").replace(',', " ");
    let mut phases: Vec<u32> = Vec::new();
    for word in given.split_ascii_whitespace() {
        if !word.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Error::EngineRefused(format!(
                "not a phase number: {word}\n"
            )));
        }
        let phase = super::request::as_phase(word.parse::<u64>().unwrap_or(u64::MAX))
            .filter(|&p| reading.graph.contains(p));
        let Some(phase) = phase else {
            return Err(Error::EngineRefused(format!(
                "phase {word} is not in this plan ({} has phases: {})\n",
                reading.slug(),
                reading.graph.listed()
            )));
        };
        phases.push(phase);
    }
    if phases.is_empty() {
        return Err(Error::EngineRefused(format!("{}\n", request.mode.usage)));
    }
    let prompts: Vec<(u32, BootPrompt, BootPrompt)> = phases
        .iter()
        .map(|&p| {
            (
                p,
                render(reading, p, "<N>"),
                render(reading, p, &p.to_string()),
            )
        })
        .collect();
    let (mut shared, mut per_phase) = (Vec::new(), Vec::new());
    let first = &prompts[0].1;
    for name in SECTIONS {
        if prompts
            .iter()
            .all(|(_, _, real)| real.section(name).is_empty())
        {
            continue;
        }
        let template = first.section(name);
        let alike = !OWN_SECTIONS.contains(&name)
            && prompts.iter().all(|(p, t, real)| {
                let own = t.section(name);
                own == template
                    && own
                        .replace("<NN>", &format!("{p:02}"))
                        .replace("<N>", &p.to_string())
                        == real.section(name)
            });
        if alike {
            shared.push(Named {
                name: name.to_string(),
                shared: true,
                text: template,
            });
        } else {
            shared.push(Named {
                name: name.to_string(),
                shared: false,
                text: format!("⟨{name}⟩\n"),
            });
            per_phase.push(name.to_string());
        }
    }
    let plan = reading.plan();
    let plan_model = super::sizing::plan_model(plan).and_then(|m| {
        m.replace('`', "")
            .split_whitespace()
            .next()
            .map(str::to_string)
    });
    let blocks = prompts
        .iter()
        .map(|(p, _, real)| {
            let p = *p;
            let tokens = scope(reading, p);
            FanoutPhase {
                phase: p,
                title: reading
                    .graph
                    .get(p)
                    .map(|g| g.title.clone())
                    .unwrap_or_default(),
                gate: gates::is_gated(plan, p).then(|| gates::gate_kind(plan, p)),
                size: super::sizing::phase_size(plan, p).letter().to_string(),
                model: phase_model(plan, p).or_else(|| plan_model.clone()),
                scope: if tokens.is_empty() {
                    "all".to_string()
                } else {
                    tokens.join(",")
                },
                own: per_phase
                    .iter()
                    .map(|name| Named {
                        name: name.clone(),
                        shared: false,
                        text: real.section(name),
                    })
                    .filter(|n| !n.text.is_empty())
                    .collect(),
            }
        })
        .collect();
    Ok(Answer::BootFanout(BootFanout {
        plan: reading.slug().to_string(),
        phases: blocks,
        shared,
        per_phase,
        command: reading.env.boot_command_prefix(),
    }))
}

/// The model a phase's own `Model` bullet names: its value's first word
/// (`*` and backticks removed), with the `[1m]` suffix when a `(1M
/// window)` follows it.
fn phase_model(plan: &crate::plan::Plan, phase: u32) -> Option<String> {
    let raw = plan.phase_directive(phase, "Model")?.value;
    let model = raw.split_whitespace().next()?.to_string();
    let suffix = crate::vocab::models::MODEL_1M_SUFFIX;
    if model.ends_with(suffix) {
        return Some(model);
    }
    let rest = raw.find(&model).map_or("", |at| &raw[at + model.len()..]);
    if super::sizing::says_1m_window(rest) {
        Some(format!("{model}{suffix}"))
    } else {
        Some(model)
    }
}

impl BootFanout {
    /// The reference's text: the header, the shared boot in a `text
    /// boot-shared` fence, then each phase's heading, facts line and, when
    /// it has any, its own sections in a `text boot-delta` fence.
    pub fn text(&self) -> String {
        let cmd = &self.command;
        let slug = &self.plan;
        let mut out = String::new();
        out.push_str("**Every prompt below also carries the shared boot, written once here.** `<N>` is the\n");
        out.push_str("phase's number, and each `⟨…⟩` line is that phase's own part, in its block below. Never\n");
        out.push_str("assemble a prompt by hand — compose a phase's full prompt at launch:\n");
        out.push_str(&format!(
            "    {cmd}/phase-graph.sh {slug} --boot-prompt <N>\n"
        ));
        out.push_str("Phase Console composes the same prompt when it starts a phase. A booting session reads\n");
        out.push_str("the shared boot and its OWN phase's block — never a sibling's.\n\n");
        out.push_str("```text boot-shared\n");
        for section in &self.shared {
            out.push_str(&section.text);
        }
        out.push_str("```\n");
        for p in &self.phases {
            let gmark = match p.gate {
                None => "",
                Some(GateKind::Ai) => " — 🔒 GATED·ai (the session clears the gate first)",
                Some(GateKind::Auto) => " — 🔒 GATED·auto (confirm --gate-status reads clear)",
                Some(_) => " — 🔒 GATED·human (operator must approve first)",
            };
            out.push_str(&format!("\n### Phase {} — {}{gmark}\n\n", p.phase, p.title));
            match &p.model {
                Some(model) => out.push_str(&format!(
                    "- **Size:** {} · **Model:** `{model}` · **Scope:** `{}`\n",
                    p.size, p.scope
                )),
                None => out.push_str(&format!(
                    "- **Size:** {} · **Model:** the run's · **Scope:** `{}`\n",
                    p.size, p.scope
                )),
            }
            if p.own.is_empty() {
                continue;
            }
            out.push_str("\n```text boot-delta\n");
            for own in &p.own {
                out.push_str(&format!("⟨{}⟩\n", own.name));
                out.push_str(&own.text);
            }
            out.push_str("```\n");
        }
        out
    }
}
