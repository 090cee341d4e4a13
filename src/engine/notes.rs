//! `--notes N` (SPEC §11): what phase N is handed by the phases before it,
//! from three sources, one line each as
//! `source<TAB>kind<TAB>id<TAB>at<TAB>text`:
//!
//! 1. the notes of every **done** phase's newest handoff (its `## Notes for
//!    later phases` bullets, [`crate::plan::notes`]): source the handoff's
//!    name without `.md`, kind `handoff`, id `-`, at its `completed:` date
//!    (`-` without one);
//! 2. the `deferral` rulings of the run's rulings ledger: source
//!    `phase-<writer>`, kind `deferral`, the ruling's id and `at`, its
//!    `what`; addressed by `for` (`next` when it has none);
//! 3. the run's messages ledger, unless the plan says `Messaging: off`: a
//!    `message` delivered at `boot`, still queued or held (the ledger's
//!    `delivery` and `ack` lines settle it), not expired at `$PE_NOW`,
//!    addressed `all:`, `next:` or `phase:<slug>/<N>`; source
//!    `phase-<writer>`, kind `message`, its id and `written_at`.
//!
//! A note reaches phase N when it is addressed to N, to `all`, or to `next`
//! and the writer is one of N's dependencies; never a phase's own. Urgent
//! mail (`priority: high`) comes first, then oldest to newest; when there are
//! more than `$NOTES_MAX` (12), the newest are kept and a `trailer` row says
//! how many older ones were left out. A text is cut to 500 bytes.
//!
//! **(fix)** The ledgers are read as JSON, so a text holding an escaped
//! quote is whole (the reference's scanner stops at the backslash), and the
//! cut to 500 bytes never splits a character.

use std::cmp::Ordering;
use std::path::Path;

use serde::Serialize;
use serde_json::Value;

use crate::engine::directives::{known_phase, not_in_plan};
use crate::engine::{Answer, Reading, Request};
use crate::error::Result;
use crate::plan::notes::{NoteTarget, notes};
use crate::plan::progress::HandoffStatus;
use crate::vocab::directives::MESSAGING;

/// How many notes a phase is handed when `$NOTES_MAX` does not say.
pub const NOTES_MAX: usize = 12;

/// The most bytes of a note's text a phase is handed.
pub const NOTE_TEXT_MAX: usize = 500;

/// One note handed to the phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandedNote {
    /// Where it comes from: the handoff's name, or `phase-<writer>`.
    pub source: String,
    /// `handoff`, `deferral` or `message`.
    pub kind: &'static str,
    /// The ruling's or message's id (`-` for a handoff's note).
    pub id: String,
    /// When it was written (`-` when unknown).
    pub at: String,
    /// What it says.
    pub text: String,
    /// Whether it is urgent mail (`priority: high`).
    pub urgent: bool,
}

/// The answer of `--notes N`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Notes {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about.
    pub phase: u64,
    /// The notes, in the order the phase should read them.
    pub notes: Vec<HandedNote>,
    /// How many older notes were left out by the bound.
    pub dropped: usize,
}

impl HandedNote {
    /// The note's cells in the order the reference prints them.
    pub fn cells(&self) -> [&str; 5] {
        [&self.source, self.kind, &self.id, &self.at, &self.text]
    }
}

/// Who a note is addressed to.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Target {
    /// A phase, as written.
    Phase(String),
    /// The phases that depend on the writer.
    Next,
    /// Every phase but the writer's.
    All,
}

/// Whether a note by `writer` (as written; `-` when unknown) addressed to
/// `target` reaches phase `want`.
fn reaches(reading: &Reading, target: &Target, writer: &str, want: u32) -> bool {
    let want_text = want.to_string();
    if writer == want_text {
        return false;
    }
    match target {
        Target::All => true,
        Target::Next => writer
            .parse::<u32>()
            .is_ok_and(|w| w.to_string() == writer && reading.graph.deps(want).contains(&w)),
        Target::Phase(p) => *p == want_text,
    }
}

/// `text` cut to at most [`NOTE_TEXT_MAX`] bytes, at a character boundary.
fn cut(text: &str) -> String {
    let mut end = text.len().min(NOTE_TEXT_MAX);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_string()
}

/// A candidate note with what orders it.
struct Candidate {
    note: HandedNote,
    seq: usize,
}

/// `--notes N`. Errors: no phase; a phase the graph lacks.
pub fn notes_for(reading: &Reading, request: &Request) -> Result<Answer> {
    request.required_phase(reading)?;
    let Some((asked, want)) = known_phase(reading, request)? else {
        return Err(not_in_plan(request));
    };
    Ok(Answer::Notes(handed(reading, asked, want)))
}

/// What graph phase `want` is handed (`asked` as the caller wrote it),
/// capped by `$NOTES_MAX`.
pub fn handed(reading: &Reading, asked: u64, want: u32) -> Notes {
    let mut found: Vec<Candidate> = Vec::new();
    let mut push = |note: HandedNote| {
        let seq = found.len() + 1;
        found.push(Candidate { note, seq });
    };
    from_handoffs(reading, want, &mut push);
    let rulings = reading
        .location
        .run_ledger(reading.env.rulings_file.as_deref(), "rulings.ndjson");
    from_rulings(reading, &rulings, want, &mut push);
    if messaging_on(reading) {
        let messages = reading
            .location
            .run_ledger(reading.env.messages_file.as_deref(), "messages.ndjson");
        from_messages(reading, &messages, want, &mut push);
    }
    let max = reading
        .env
        .notes_max
        .as_deref()
        .and_then(|m| m.parse::<usize>().ok())
        .unwrap_or(NOTES_MAX);
    let dropped = found.len().saturating_sub(max);
    if dropped > 0 {
        // The newest `max`: urgent first, then latest first.
        found.sort_by(|a, b| urgent_then_by_time(a, b, Newest::First));
        found.truncate(max);
    }
    found.sort_by(|a, b| urgent_then_by_time(a, b, Newest::Last));
    Notes {
        plan: reading.slug().to_string(),
        phase: asked,
        notes: found.into_iter().map(|c| c.note).collect(),
        dropped,
    }
}

/// Where the newest notes go in an order by time.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Newest {
    /// Newest first (which notes a cap keeps).
    First,
    /// Oldest first (the order a phase reads them in).
    Last,
}

/// Urgent first; then by time and by the order they were found, the
/// newest first or last.
fn urgent_then_by_time(a: &Candidate, b: &Candidate, newest: Newest) -> Ordering {
    let by_time = a
        .note
        .at
        .as_bytes()
        .cmp(b.note.at.as_bytes())
        .then_with(|| a.seq.cmp(&b.seq));
    let by_time = match newest {
        Newest::First => by_time.reverse(),
        Newest::Last => by_time,
    };
    b.note.urgent.cmp(&a.note.urgent).then(by_time)
}

/// Whether the plan's mail reaches its phases (`Messaging:` is not `off`).
fn messaging_on(reading: &Reading) -> bool {
    let plan = reading.plan();
    MESSAGING
        .plan_label
        .and_then(|label| plan.plan_word(label))
        .filter(|w| MESSAGING.words.contains(&w.as_str()))
        .is_none_or(|w| w != "off")
}

/// Source 1: the notes of every done phase's newest handoff but `want`'s,
/// in graph order.
fn from_handoffs(reading: &Reading, want: u32, push: &mut impl FnMut(HandedNote)) {
    for phase in reading.graph.numbers() {
        if phase == want {
            continue;
        }
        let Some(handoff) = reading.handoffs().get(phase) else {
            continue;
        };
        if handoff.status != HandoffStatus::Done {
            continue;
        }
        let Ok(Some(file)) = crate::markdown::MarkdownFile::read(&handoff.path) else {
            continue;
        };
        let at = completed_of(&file.text).unwrap_or_else(|| "-".to_string());
        let source = handoff
            .path
            .file_name()
            .map(|n| n.to_string_lossy().trim_end_matches(".md").to_string())
            .unwrap_or_default();
        for note in notes(&file) {
            let target = match note.target {
                NoteTarget::Phase(digits) => Target::Phase(digits),
                NoteTarget::Relation("next") => Target::Next,
                NoteTarget::Relation(_) => Target::All,
            };
            if !reaches(reading, &target, &phase.to_string(), want) {
                continue;
            }
            push(HandedNote {
                source: source.clone(),
                kind: "handoff",
                id: "-".to_string(),
                at: at.clone(),
                text: cut(&note.text),
                urgent: false,
            });
        }
    }
}

/// A handoff's `completed:` value: its first line that starts so, the
/// blanks after the colon and a `#` legend removed; `None` when empty or
/// absent.
fn completed_of(text: &str) -> Option<String> {
    let rest = text
        .split('\n')
        .find_map(|line| line.strip_prefix("completed:"))?;
    let value = rest.trim_start_matches([' ', '\t']);
    let value = match value.find('#') {
        Some(i) => value[..i].trim_end_matches([' ', '\t', '\r']),
        None => value.trim_end_matches('\r'),
    };
    (!value.is_empty()).then(|| value.to_string())
}

/// The JSON objects of the ledger at `path`, one per line (a line that is
/// not a JSON object is skipped; a ledger that cannot be read is empty).
fn ledger_lines(path: &Path) -> Vec<serde_json::Map<String, Value>> {
    let Ok(bytes) = std::fs::read(path) else {
        return Vec::new();
    };
    String::from_utf8_lossy(&bytes)
        .lines()
        .filter_map(|line| match serde_json::from_str::<Value>(line) {
            Ok(Value::Object(map)) => Some(map),
            _ => None,
        })
        .collect()
}

/// A field of a ledger line as text: a string as it is, a whole number
/// written out; empty otherwise.
fn field(line: &serde_json::Map<String, Value>, name: &str) -> String {
    match line.get(name) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) if n.is_u64() => n.to_string(),
        _ => String::new(),
    }
}

/// `text`, or `-` when it is empty (the reference's placeholder for a
/// cell it has no value for).
fn or_dash(text: String) -> String {
    if text.is_empty() {
        "-".to_string()
    } else {
        text
    }
}

/// Source 2: the `deferral` rulings of the rulings ledger at `path`.
fn from_rulings(reading: &Reading, path: &Path, want: u32, push: &mut impl FnMut(HandedNote)) {
    for line in ledger_lines(path) {
        if field(&line, "type") != "ruling" || field(&line, "kind") != "deferral" {
            continue;
        }
        let writer = field(&line, "phase");
        let to = field(&line, "for").to_lowercase();
        let target = match to.as_str() {
            "" | "next" => Target::Next,
            "all" => Target::All,
            _ => Target::Phase(to),
        };
        if !reaches(reading, &target, &writer, want) {
            continue;
        }
        push(HandedNote {
            source: format!("phase-{writer}"),
            kind: "deferral",
            id: or_dash(field(&line, "id")),
            at: field(&line, "at"),
            text: cut(&field(&line, "what")),
            urgent: false,
        });
    }
}

/// Source 3: the boot-delivered mail of the messages ledger at `path` that
/// is still queued or held and not expired.
fn from_messages(reading: &Reading, path: &Path, want: u32, push: &mut impl FnMut(HandedNote)) {
    let lines = ledger_lines(path);
    let mut settled: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    for line in &lines {
        match field(line, "type").as_str() {
            "delivery" => {
                settled.insert(field(line, "id"), field(line, "state"));
            }
            "ack" => {
                settled.insert(field(line, "id"), "acked".to_string());
            }
            _ => {}
        }
    }
    let now = reading.env.now();
    let own = format!("phase:{}/", reading.slug());
    for line in &lines {
        if field(line, "type") != "message" || field(line, "deliver") != "boot" {
            continue;
        }
        let id = field(line, "id");
        let state = settled.get(&id).map_or("queued", String::as_str);
        if state != "queued" && state != "held" {
            continue;
        }
        let expires = field(line, "expires");
        if !expires.is_empty() && expires.as_bytes() <= now.as_bytes() {
            continue;
        }
        let to = field(line, "to");
        let target = match to.as_str() {
            "all:" => Target::All,
            "next:" => Target::Next,
            _ => match to.strip_prefix(&own) {
                Some(phase) => Target::Phase(phase.to_string()),
                None => continue,
            },
        };
        let from = field(line, "from");
        let writer = from
            .split_once('/')
            .map(|(_, w)| w)
            .filter(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
            .unwrap_or("-");
        if !reaches(reading, &target, writer, want) {
            continue;
        }
        push(HandedNote {
            source: format!("phase-{writer}"),
            kind: "message",
            id: or_dash(id),
            at: field(line, "written_at"),
            text: cut(&field(line, "text")),
            urgent: field(line, "priority") == "high",
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_never_splits_a_character() {
        let text = format!("{}é", "x".repeat(NOTE_TEXT_MAX - 1));
        assert_eq!(cut(&text).len(), NOTE_TEXT_MAX - 1);
        assert_eq!(cut("short"), "short");
    }

    #[test]
    fn completed_dates() {
        assert_eq!(
            completed_of("---\ncompleted: 2026-01-02  # when\n---\n").as_deref(),
            Some("2026-01-02")
        );
        assert_eq!(completed_of("completed:\n"), None);
        assert_eq!(completed_of("no date\n"), None);
    }
}
