//! The plan engine's answers as text and as JSON (SPEC §11): the text is
//! the reference's `phase-graph.sh` output, byte for byte; the JSON is the
//! answer's data ([`crate::engine::Answer`]), one object whose `mode`
//! field names the mode (README, "The plan engine's JSON").

mod board;
mod qa;
mod session;

use crate::engine::Answer;

/// How `phase-graph` prints an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The reference's text.
    Text,
    /// One JSON object.
    Json,
}

/// `numbers` joined by `sep`.
fn joined(numbers: &[u32], sep: &str) -> String {
    numbers
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

/// What `answer` prints on standard output, in `format`.
pub fn render(answer: &Answer, format: Format) -> Vec<u8> {
    match format {
        Format::Json => {
            let mut out = Vec::new();
            // Writing JSON into memory fails only on a map with non-string
            // keys, which no answer has.
            if super::write_json(&mut out, answer).is_err() {
                out.clear();
            }
            out
        }
        Format::Text => text(answer).into_bytes(),
    }
}

/// The reference's text of `answer`.
pub fn text(answer: &Answer) -> String {
    match answer {
        Answer::Board(b) => board::text(b),
        Answer::Ready(r) => format!("{}\n", joined(&r.ready, " ")),
        Answer::Dependents(d) => format!("{}\n", joined(&d.dependents, " ")),
        Answer::Deps(d) => format!("{}\n", joined(&d.deps, " ")),
        Answer::Gated(g) => format!("{}\n", if g.gated { "yes" } else { "no" }),
        Answer::GateKind(k) => format!("{}\n", k.kind.word()),
        Answer::Size(s) => format!("{}\n", s.size.letter()),
        Answer::Repos(r) => format!("{}\n", r.scope.join(",")),
        Answer::PlanStatus(s) => format!("{}\n", s.status),
        Answer::Closed(c) => format!(
            "{} {}\n",
            if c.closed { "closed" } else { "open" },
            c.status
        ),
        Answer::Mcp(l) | Answer::Credentials(l) => format!("{}\n", l.csv),
        // The reference's list ends with its own line feed and then the
        // mode's: an empty line follows the list, also when it is empty.
        Answer::ClashZones(l) => format!("{}\n\n", l.csv),
        Answer::Accounts(a) => a
            .accounts
            .iter()
            .map(|a| format!("{}\t{}\n", a.id, a.min_headroom))
            .collect(),
        Answer::McpPolicy(s) | Answer::CredentialPolicy(s) | Answer::VerifyIn(s) => {
            format!("{}\n", s.value.as_deref().unwrap_or(""))
        }
        // The reference's reader ends a value it finds with a line feed of
        // its own, and the mode adds one: a value found is followed by an
        // empty line; nothing found is one empty line.
        Answer::QaExhausted(s) | Answer::PersonCheck(s) | Answer::Checkout(s) => match &s.value {
            Some(v) => format!("{v}\n\n"),
            None => "\n".to_string(),
        },
        Answer::Setup(l) | Answer::WaitsOn(l) => l.lines.iter().map(|l| format!("{l}\n")).collect(),
        Answer::Floor(f) => match f.phase {
            Some(_) => f
                .floors
                .iter()
                .map(|f| format!("{}\n", f.minutes))
                .collect(),
            None => f
                .floors
                .iter()
                .map(|f| format!("{}\t{}\n", f.phase, f.minutes))
                .collect(),
        },
        Answer::PermissionMode(r)
        | Answer::ModelPolicy(r)
        | Answer::Land(r)
        | Answer::Gitlink(r)
        | Answer::Isolation(r)
        | Answer::Issues(r)
        | Answer::ConflictPolicy(r)
        | Answer::Messaging(r)
        | Answer::BaseBranch(r) => match (&r.value, r.source) {
            (Some(v), Some(s)) => format!("{v}\t{}\n", s.word()),
            _ => String::new(),
        },
        Answer::HumanSteps(h) => h
            .steps
            .iter()
            .map(|s| match h.phase {
                Some(_) => format!("{}\n", s.line()),
                None => format!("{}\t{}\n", s.phase, s.line()),
            })
            .collect(),
        Answer::Landing(l) => l
            .rows
            .iter()
            .map(|r| format!("{}\n", r.cells().join("\t")))
            .collect(),
        Answer::MemoryBlock(m) => m.text(),
        Answer::GateStatus(g) => g.text(),
        Answer::BootPrompt(b) => b.text(),
        Answer::BootFanout(f) => f.text(),
        Answer::SessionPlan(p) => session::text(p),
        Answer::Verified(v) => format!(
            "{}\n",
            v.verified
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Answer::Notes(n) => {
            let mut text: String = n
                .notes
                .iter()
                .map(|note| format!("{}\n", note.cells().join("\t")))
                .collect();
            if n.dropped > 0 {
                text.push_str(&format!(
                    "-\ttrailer\t-\t-\t… and {} older notes, not shown\n",
                    n.dropped
                ));
            }
            text
        }
        Answer::QaMode(m) => qa::mode(m),
        Answer::QaResult(r) => format!("{}\n", r.result),
        Answer::QaHistory(h) => qa::history(h),
        Answer::QaPrompt(q) => qa::prompt(q),
        Answer::WaitBudget(a) | Answer::WaitCount(a) | Answer::VerifyTimeout(a) => {
            match (a.value, a.source) {
                (Some(v), Some(s)) => format!("{v}\t{}\n", s.word()),
                _ => String::new(),
            }
        }
    }
}
