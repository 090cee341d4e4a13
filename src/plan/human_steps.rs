//! The `- **Human step:** <kind> · <what> · key: value …` bullets of a
//! plan (SPEC §11; SPEC-PARITY.md section B, F37): where they are (the
//! plan's `## Operator errands` section as phase 0, then every phase of the
//! graph) and what the reader makes of each — a step with its fields, or
//! the reason it is none. The lint (F37, F38, F40) and the plan engine's
//! `--human-steps` read them here.

use std::collections::HashMap;
use std::ops::Range;

use crate::error::escape_invisible;
use crate::markdown::inline::without_marks;
use crate::plan::Plan;
use crate::plan::decisions::FileKind;
use crate::plan::directive::{
    LineShape, after_colon, lines_in, match_directive, sections_starting,
};
use crate::plan::duration::duration_minutes;
use crate::vocab::human_steps::{
    self as vocab, AUTO_OPEN, OPERATOR_ERRANDS, STEP_LABEL, StepKind, WATCH_SCHEMES, WHERE,
};

/// One `Human step:` bullet of the plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepLine {
    /// The phase it belongs to; 0 for the plan's `## Operator errands`.
    pub phase: u32,
    /// The bullet's line, leading blanks excluded.
    pub span: Range<usize>,
    /// The text after the label's colon, a leading `*`/`**` and the blanks
    /// around it removed.
    pub body: String,
}

/// Every human-step bullet of `plan`, in the order the checks report them:
/// the `## Operator errands` sections first (as phase 0), then each phase
/// of the graph in graph order (every block of the phase, in document
/// order), each in document order. Lines in code and HTML blocks are not
/// bullets, and a bullet with nothing after its label is not a step.
pub fn step_lines(plan: &Plan) -> Vec<StepLine> {
    let file = &plan.file;
    let mut steps = Vec::new();
    let read = |phase: u32, range: Range<usize>, steps: &mut Vec<StepLine>| {
        for (_, span) in lines_in(file, range) {
            let line = &file.text[span.clone()];
            if match_directive(line, STEP_LABEL, LineShape::Bullet).is_none() {
                continue;
            }
            let body = after_colon(line);
            if body.is_empty() {
                continue;
            }
            let lead = line.len() - line.trim_start_matches([' ', '\t']).len();
            steps.push(StepLine {
                phase,
                span: (span.start + lead)..span.end,
                body: body.to_string(),
            });
        }
    };
    for range in sections_starting(file, OPERATOR_ERRANDS) {
        read(0, range, &mut steps);
    }
    for phase in plan.graph_phases() {
        for (_, block) in plan.blocks_of(phase) {
            read(phase, plan.block_body(block), &mut steps);
        }
    }
    steps
}

/// Where a finding about a step sorts among the phases on `--lint`: 0 for
/// the `## Operator errands` sections, then 1, 2, … for the phases in
/// graph order (the block that holds byte `offset` of the plan); the end
/// for anything else.
pub fn phase_rank(plan: &Plan, kind: FileKind, offset: usize) -> usize {
    PhaseRanks::new(plan).rank(kind, offset)
}

/// What [`phase_rank`] reads of a plan, read once, so that each finding is
/// ranked by a few binary searches.
pub struct PhaseRanks<'a> {
    plan: &'a Plan,
    /// The `## Operator errands` sections, in order.
    errands: Vec<Range<usize>>,
    /// Each phase's place in graph order (its first row).
    graph_order: HashMap<u32, usize>,
}

impl<'a> PhaseRanks<'a> {
    /// Reads the sections and the graph order of `plan`.
    pub fn new(plan: &'a Plan) -> PhaseRanks<'a> {
        let mut graph_order = HashMap::new();
        for (i, phase) in plan.graph_phases().into_iter().enumerate() {
            graph_order.entry(phase).or_insert(i);
        }
        PhaseRanks {
            plan,
            errands: sections_starting(&plan.file, OPERATOR_ERRANDS),
            graph_order,
        }
    }

    /// [`phase_rank`] of byte `offset` of the file of `kind`.
    pub fn rank(&self, kind: FileKind, offset: usize) -> usize {
        if kind != FileKind::Plan {
            return usize::MAX;
        }
        // The sections and the blocks are each in order and do not
        // overlap: the one that can hold `offset` starts last at or
        // before it.
        let holding = |ranges: &[Range<usize>]| {
            let after = ranges.partition_point(|r| r.start <= offset);
            after > 0 && ranges[after - 1].contains(&offset)
        };
        if holding(&self.errands) {
            return 0;
        }
        let blocks = self.plan.phases();
        let after = blocks.partition_point(|b| b.range.start <= offset);
        blocks[..after]
            .last()
            .filter(|b| b.range.contains(&offset))
            .and_then(|b| self.graph_order.get(&b.number))
            .map_or(usize::MAX, |i| i + 1)
    }
}

/// A step the reader takes, with the fields the advisories read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// Its kind.
    pub kind: &'static StepKind,
    /// What the person does.
    pub what: String,
    /// The `proof:` value, empty when there is none.
    pub proof: String,
    /// The `why:` value (lower-cased), empty when there is none.
    pub why: String,
    /// The `open:` value, empty when there is none.
    pub open: String,
    /// Where the step is done (`host` or `any`): its `where:`, lower-cased,
    /// else its kind's default.
    pub place: String,
    /// Its `window:` in minutes, if it has one.
    pub window: Option<u64>,
    /// Its `auto-open:` (lower-cased), empty when there is none.
    pub auto_open: String,
    /// Its `credential:`, empty when there is none.
    pub credential: String,
    /// Its `due:` watch ref, empty when there is none.
    pub due: String,
    /// Its `effort:` in minutes, if it has one.
    pub effort: Option<u64>,
    /// Its `unblocks:` phases, blanks and leading zeros removed
    /// (`12,13`), empty when there are none.
    pub unblocks: String,
    /// Its `guide:` file, empty when there is none.
    pub guide: String,
}

/// What the reader makes of a step bullet's body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed {
    /// A step.
    Step(Box<Step>),
    /// The old free-text spelling: the first word is not a kind and no
    /// later field is a `key: value` field of the grammar.
    Superseded,
    /// The first word (lower-cased) is not a kind, though a later field is
    /// a field of the grammar.
    KindUnknown(String),
    /// A known kind with a field the grammar does not have, or a value it
    /// cannot use: the reason (values quoted and escaped).
    FieldInvalid(String),
}

/// The keyed fields of a step as read (the last of a key wins).
#[derive(Debug, Default)]
struct Fields {
    open: String,
    proof: String,
    place: String,
    window: String,
    auto_open: String,
    credential: String,
    due: String,
    why: String,
    effort: String,
    unblocks: String,
    guide: String,
}

/// Parses a step bullet's body (SPEC-PARITY.md section B, F37): fields are
/// split at `·`; the first is the kind, the second what to do, every later
/// one `key: value` (a value in one pair of backticks is read without
/// them). The first failing rule decides.
pub fn parse(body: &str) -> Parsed {
    let mut parts = body.split('·').map(str::trim);
    let kind_field = parts.next().unwrap_or("");
    let what = parts.next().unwrap_or("").to_string();
    let mut fields = Fields::default();
    let mut keyed = false;
    let mut not_a_field = None;
    for part in parts {
        let key = field_key(part).map(str::to_ascii_lowercase);
        let Some(key) = key.filter(|k| vocab::is_field(k)) else {
            not_a_field.get_or_insert_with(|| {
                format!(
                    "\"{}\" is not a field (want: {})",
                    escape_invisible(part),
                    vocab::field_list()
                )
            });
            continue;
        };
        keyed = true;
        let value = field_value(part);
        let slot = match key.as_str() {
            "open" => &mut fields.open,
            "proof" => &mut fields.proof,
            "where" => &mut fields.place,
            "window" => &mut fields.window,
            "auto-open" => &mut fields.auto_open,
            "credential" => &mut fields.credential,
            "due" => &mut fields.due,
            "why" => &mut fields.why,
            "effort" => &mut fields.effort,
            "unblocks" => &mut fields.unblocks,
            _ => &mut fields.guide,
        };
        *slot = value;
    }
    let word: String = without_marks(kind_field)
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_lowercase();
    let Some(kind) = vocab::kind(&word) else {
        return if keyed {
            Parsed::KindUnknown(word)
        } else {
            Parsed::Superseded
        };
    };
    if let Some(reason) = not_a_field {
        return Parsed::FieldInvalid(reason);
    }
    match field_problem(kind, &what, &mut fields) {
        Some(reason) => Parsed::FieldInvalid(reason),
        None => {
            let place = match fields.place.to_lowercase() {
                p if p.is_empty() => kind.default_where.to_string(),
                p => p,
            };
            let unblocks: String = fields
                .unblocks
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>()
                .split(',')
                .map(|n| {
                    let n = n.trim_start_matches('0');
                    if n.is_empty() { "0" } else { n }
                })
                .collect::<Vec<_>>()
                .join(",");
            Parsed::Step(Box::new(Step {
                kind,
                what,
                proof: fields.proof,
                why: fields.why,
                open: fields.open,
                place,
                window: duration_minutes(&fields.window),
                auto_open: fields.auto_open.to_lowercase(),
                credential: fields.credential,
                due: fields.due,
                effort: duration_minutes(&fields.effort),
                unblocks: if fields.unblocks.is_empty() {
                    String::new()
                } else {
                    unblocks
                },
                guide: fields.guide,
            }))
        }
    }
}

/// The key of a `key: value` field: `[A-Za-z][A-Za-z-]*`, then blanks,
/// then `:`.
fn field_key(part: &str) -> Option<&str> {
    let end = part
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_alphabetic() || (i > 0 && c == '-')))
        .map_or(part.len(), |(i, _)| i);
    let key = &part[..end];
    let first_alpha = key.starts_with(|c: char| c.is_ascii_alphabetic());
    (first_alpha && part[end..].trim_start().starts_with(':')).then_some(key)
}

/// The value of a `key: value` field: after the first colon, one pair of
/// backticks around it removed, trimmed.
fn field_value(part: &str) -> String {
    let value = part.split_once(':').map(|(_, v)| v).unwrap_or("").trim();
    let value = value
        .strip_prefix('`')
        .and_then(|v| v.strip_suffix('`'))
        .unwrap_or(value);
    value.trim().to_string()
}

/// The first rule a step of a known `kind` breaks, in the reference's
/// order, as the reason a finding gives; `None` for a good step. `where`,
/// `auto-open` and `why` are compared lower-cased; `why` is left
/// lower-cased in `fields`.
fn field_problem(kind: &StepKind, what: &str, fields: &mut Fields) -> Option<String> {
    let q = |v: &str| escape_invisible(v);
    if what.is_empty() {
        return Some(format!(
            "a {} step needs what to do after its kind",
            kind.name
        ));
    }
    let place = match fields.place.to_lowercase() {
        p if p.is_empty() => kind.default_where.to_string(),
        p => p,
    };
    if !WHERE.contains(&place.as_str()) {
        return Some(format!(
            "where: \"{}\" is not one of: {}",
            q(&place),
            WHERE.join(" ")
        ));
    }
    let auto_open = fields.auto_open.to_lowercase();
    if !auto_open.is_empty() && !AUTO_OPEN.contains(&auto_open.as_str()) {
        return Some(format!(
            "auto-open: \"{}\" is not one of: {}",
            q(&auto_open),
            AUTO_OPEN.join(" ")
        ));
    }
    if !fields.window.is_empty() && duration_minutes(&fields.window).is_none() {
        return Some(format!(
            "window: \"{}\" is not a duration (30m, 6h, 2d)",
            q(&fields.window)
        ));
    }
    if !fields.credential.is_empty() {
        if kind.name != "secret-entry" {
            return Some(format!(
                "credential: belongs to a secret-entry step, not {}",
                kind.name
            ));
        }
        if !is_registry_id(&fields.credential) {
            return Some(format!(
                "credential: \"{}\" is not a registry id (a-z, 0-9, . _ -)",
                q(&fields.credential)
            ));
        }
    }
    if !fields.due.is_empty() && !is_watch_ref(&fields.due) {
        let shapes: Vec<&str> = WATCH_SCHEMES.iter().map(|(_, shape)| *shape).collect();
        return Some(format!(
            "due: \"{}\" is not a watch ref the console can poll — write one of {}",
            q(&fields.due),
            shapes.join(", ")
        ));
    }
    fields.why = fields.why.to_lowercase();
    if !fields.why.is_empty() {
        if !vocab::is_reason(&fields.why) {
            return Some(format!(
                "why: \"{}\" is not a reason (want one of: {})",
                q(&fields.why),
                vocab::reason_list()
            ));
        }
        if !kind.reasons.contains(&fields.why.as_str()) {
            return Some(format!(
                "why: \"{}\" is not a reason a {} step is asked for (its reasons: {})",
                q(&fields.why),
                kind.name,
                kind.reasons.join(" ")
            ));
        }
    }
    if !fields.effort.is_empty() && duration_minutes(&fields.effort).is_none() {
        return Some(format!(
            "effort: \"{}\" is not a duration (5m, 1h)",
            q(&fields.effort)
        ));
    }
    if !fields.unblocks.is_empty() && !is_phase_numbers(&fields.unblocks) {
        return Some(format!(
            "unblocks: \"{}\" is not phase numbers (12,13)",
            q(&fields.unblocks)
        ));
    }
    if !fields.guide.is_empty() {
        let guide = &fields.guide;
        if guide.starts_with('/') || guide.contains("..") || guide.contains(' ') {
            return Some(format!(
                "guide: \"{}\" is not a path under the docs root (relative, no .., no spaces)",
                q(guide)
            ));
        }
        let stem = guide.strip_suffix(".md").unwrap_or("");
        if stem.is_empty()
            || !guide
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "._/-".contains(c))
        {
            return Some(format!(
                "guide: \"{}\" is not a markdown file under the docs root",
                q(guide)
            ));
        }
    }
    if is_link_shaped(&fields.open) && !is_http_link(&fields.open) {
        return Some(format!(
            "open: \"{}\" is a link that is not http or https",
            q(&fields.open)
        ));
    }
    None
}

/// Whether `id` is a credential registry id:
/// `^[a-z0-9][a-z0-9._-]{0,63}$`.
fn is_registry_id(id: &str) -> bool {
    let ok = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit();
    id.len() <= 64
        && id.starts_with(ok)
        && id.chars().all(|c| ok(c) || matches!(c, '.' | '_' | '-'))
}

/// Whether `text` is a name: a letter or digit, then letters, digits and
/// `extra`, at most `max` characters in all.
fn is_name(text: &str, extra: &str, max: usize) -> bool {
    !text.is_empty()
        && text.len() <= max
        && text.starts_with(|c: char| c.is_ascii_alphanumeric())
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || extra.contains(c))
}

/// Whether `value` is a watch ref the console can poll (the shapes of
/// [`WATCH_SCHEMES`]): `gh:<owner>/<repo>#run/<id>` or `#pr/<id>`;
/// `date:`/`until:` and an ISO date and time; `lock:`, `phase:` or
/// `verify:` and `<slug>/<N>`; `cmd:` and a command (its own quotes
/// removed, not blank); `unit:<host>/<unit>`.
pub fn is_watch_ref(value: &str) -> bool {
    let Some((scheme, rest)) = value.split_once(':') else {
        return false;
    };
    match scheme {
        "gh" => {
            let Some((repo, target)) = rest.split_once('#') else {
                return false;
            };
            let Some((owner, name)) = repo.split_once('/') else {
                return false;
            };
            let id = target
                .strip_prefix("run/")
                .or_else(|| target.strip_prefix("pr/"))
                .unwrap_or("");
            is_name(owner, "._-", usize::MAX)
                && is_name(name, "._-", usize::MAX)
                && !id.is_empty()
                && id.bytes().all(|b| b.is_ascii_digit())
        }
        "date" | "until" => {
            let b = rest.trim_start().as_bytes();
            let digits =
                |r: Range<usize>| b.get(r).is_some_and(|s| s.iter().all(u8::is_ascii_digit));
            b.len() >= 16
                && digits(0..4)
                && b[4] == b'-'
                && digits(5..7)
                && b[7] == b'-'
                && digits(8..10)
                && matches!(b[10], b'T' | b' ')
                && digits(11..13)
                && b[13] == b':'
                && digits(14..16)
        }
        "lock" | "phase" | "verify" => {
            let Some((slug, phase)) = rest.trim().rsplit_once('/') else {
                return false;
            };
            let phase = phase.trim_start_matches('0');
            is_name(slug, "._-", usize::MAX)
                && !phase.is_empty()
                && phase.bytes().all(|b| b.is_ascii_digit())
        }
        "cmd" => {
            let unquote = |body: &str, q: char| {
                let body = body.trim();
                body.strip_prefix(q)
                    .and_then(|b| b.strip_suffix(q))
                    .unwrap_or(body)
                    .to_string()
            };
            !unquote(&unquote(rest, '"'), '\'').trim().is_empty()
        }
        "unit" => {
            let Some((host, unit)) = rest.split_once('/') else {
                return false;
            };
            is_name(host, "._-", 63) && is_name(unit, "@._:-", 255)
        }
        _ => false,
    }
}

/// Whether `value` is phase numbers, comma-separated, blanks ignored:
/// `^0*[1-9][0-9]{0,4}(,0*[1-9][0-9]{0,4})*$`.
fn is_phase_numbers(value: &str) -> bool {
    let value: String = value.chars().filter(|c| !c.is_whitespace()).collect();
    value.split(',').all(|n| {
        let n = n.trim_start_matches('0');
        (1..=5).contains(&n.len()) && n.bytes().all(|b| b.is_ascii_digit())
    })
}

/// Whether `open` looks like a link: a scheme (`[A-Za-z][A-Za-z0-9+.-]*`),
/// a colon, and a character that is not blank.
fn is_link_shaped(open: &str) -> bool {
    let Some((scheme, rest)) = open.split_once(':') else {
        return false;
    };
    scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-'))
        && rest.starts_with(|c: char| !c.is_whitespace())
}

/// Whether `open` is an `http://` or `https://` link with a host (any
/// case).
fn is_http_link(open: &str) -> bool {
    let lower = open.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"));
    rest.is_some_and(|r| r.starts_with(|c: char| !(c.is_whitespace() || "/?#".contains(c))))
}
