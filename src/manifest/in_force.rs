//! The answer in force (SPEC §5.5): what the console decides mid-run for a
//! key. The first of these sources that answers wins:
//!
//! 1. **run** — the run's own fields (`resumeOnRestart`, `relay`);
//! 2. **manifest** — the row the view resolves to (SPEC §4), only when its
//!    state is exactly `answered`, its value read as an answer
//!    ([`read_value`]);
//! 3. **console** — the console's policy preference for the key, when it is
//!    an answer for the key;
//! 4. **legacy** — for `gates` only, the console's `delegateHumanGates`;
//! 5. **default** — the shipped default (SPEC §2);
//! 6. **none** — nothing answers.
//!
//! Every source before the winner that held something for the key but did
//! not answer is kept with why ([`PassedOver`]), so an operator sees a row
//! the console passes over (`relay | sometimes`) before a run does.
//!
//! Everything here is a pure function of the resolved row, the run's
//! fields, the console's policy and the vocabulary.

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use crate::error::escape_invisible;
use crate::manifest::policy::{ConsolePolicy, RunFields};
use crate::plan::decisions::{DecisionRow, FileKind, Origin};
use crate::vocab::{self, KeySpec};

/// The most characters of a value quoted in a reason.
const QUOTE_MAX_CHARS: usize = 60;

/// Where an answer in force comes from: the `from` of SPEC §5.5. Its
/// [`Display`](fmt::Display) is `run`, `plan:<line>`, `twin:<line>`,
/// `console`, `legacy`, `default` or `none`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerFrom {
    /// The run's own field.
    Run,
    /// The resolved manifest row, in the plan or the twin, at its line.
    Row(Origin),
    /// The console's policy preference.
    Console,
    /// The console's legacy `delegateHumanGates` switch (`gates` only).
    Legacy,
    /// The shipped default.
    Default,
    /// Nothing answers.
    None,
}

impl fmt::Display for AnswerFrom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnswerFrom::Run => f.write_str("run"),
            AnswerFrom::Row(Origin {
                file: FileKind::Plan,
                line,
            }) => write!(f, "plan:{line}"),
            AnswerFrom::Row(Origin {
                file: FileKind::Twin,
                line,
            }) => write!(f, "twin:{line}"),
            // Decision rows are read from the plan and the twin only.
            AnswerFrom::Row(Origin {
                file: FileKind::Handoff(_),
                line,
            }) => write!(f, "handoff:{line}"),
            AnswerFrom::Console => f.write_str("console"),
            AnswerFrom::Legacy => f.write_str("legacy"),
            AnswerFrom::Default => f.write_str("default"),
            AnswerFrom::None => f.write_str("none"),
        }
    }
}

/// A source that held something for a key but did not answer it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassedOver {
    /// The source.
    pub from: AnswerFrom,
    /// What it held: the run's word, the row's value, the console's answer.
    pub held: String,
    /// Why it is no answer, e.g. `"sometimes" is not one of: off last-resort`.
    pub why: String,
}

/// What a value says, read as an answer for a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// The answer it gives.
    Answer(String),
    /// It gives none; the reason, for a person.
    Nothing(String),
}

/// The answer in force for one key of one view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InForce<'a> {
    /// The key.
    pub spec: &'static KeySpec,
    /// The answer; `None` when nothing answers.
    pub answer: Option<String>,
    /// Where the answer comes from.
    pub from: AnswerFrom,
    /// The row the view resolves to for the key, if any (whether or not it
    /// answers).
    pub row: Option<&'a DecisionRow>,
    /// The sources before [`InForce::from`] that held something but did not
    /// answer, in source order.
    pub passed_over: Vec<PassedOver>,
}

/// A row's value as the console reads it: every `*` and backtick removed,
/// then ASCII spaces, tabs and CR trimmed (SPEC §3.3's trimming), as the
/// reader reads a key or state cell ([`crate::markdown::table::stripped`]).
pub fn clean_value(value: &str) -> Cow<'_, str> {
    crate::markdown::table::stripped(value)
}

/// Why `value`, a row's value, says nothing, when it does (SPEC §5.4):
/// cleaned as the console cleans it ([`clean_value`]) it is empty; or what
/// it shows once rendered as a GFM table cell
/// ([`crate::markdown::inline::visible`]: entities decoded, HTML dropped,
/// then spaces and invisible characters dropped) is nothing, a lone dash
/// (`—`, `–`, `-`) or a lone `…` (the template's placeholder). `&nbsp;`,
/// a zero-width space, `<!-- -->`, `<br>` and `[]()` say nothing. `None`
/// when the value shows something else.
pub fn says_nothing(value: &str) -> Option<String> {
    let plain = clean_value(value);
    if plain.is_empty() {
        return Some("the value is empty".to_string());
    }
    let shown = crate::markdown::inline::visible(value);
    match &*shown {
        "" => Some(format!(
            "the value \"{}\" shows nothing once rendered",
            quoted(&plain)
        )),
        "—" | "–" | "-" | "…" => {
            Some(format!("the value \"{}\" says nothing", quoted(&plain)))
        }
        _ => None,
    }
}

/// Why the value `value` of an `answered` row for `key` gives no answer,
/// when it does not (SPEC §5.4): it [`says_nothing`] — unless `key` is a
/// word key ([`KeySpec::is_word_key`]) and the console reads an answer
/// word in it (`<!-- off -->` reads as `off`, SPEC §5.5); or, for a word
/// key, it holds no answer word as the console reads it ([`read_value`]:
/// `TBD`, `?` for `relay`). The value of any other key (free text, or a
/// description such as `credentials | telemetry-key`, which the console
/// answers from its default) gives an answer when it shows anything.
/// `None` when the value gives an answer.
pub fn no_answer_for(key: &str, value: &str) -> Option<String> {
    let word_key = vocab::key_spec(key).filter(|spec| spec.is_word_key());
    let reading = word_key.map(|spec| read_value(spec, value));
    match (says_nothing(value), reading) {
        (_, Some(Reading::Answer(_))) => None,
        (Some(why), _) => Some(why),
        (None, Some(Reading::Nothing(why))) => Some(why),
        (None, None) => None,
    }
}

/// The answer tokens of a value (SPEC §5.5): runs of `[A-Za-z0-9._@/-]`,
/// each with its byte range in `text`.
pub fn answer_tokens(text: &str) -> impl Iterator<Item = (Range<usize>, &str)> {
    let token = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '@' | '/' | '-');
    let mut at = 0;
    std::iter::from_fn(move || {
        let rest = &text[at..];
        let skip = rest.find(token)?;
        let start = at + skip;
        let len = text[start..]
            .find(|c| !token(c))
            .unwrap_or(text.len() - start);
        at = start + len;
        Some((start..start + len, &text[start..start + len]))
    })
}

/// The answer tokens of a cleaned value, without their ranges.
fn tokens(plain: &str) -> impl Iterator<Item = &str> {
    answer_tokens(plain).map(|(_, token)| token)
}

/// Whether `value`, cleaned, holds a token that is one of `spec`'s answer
/// words in other letters (`Off` for `off`).
pub fn holds_word_in_other_letters(spec: &KeySpec, value: &str) -> bool {
    tokens(&clean_value(value))
        .any(|t| !spec.is_answer_word(t) && spec.words.iter().any(|w| w.eq_ignore_ascii_case(t)))
}

/// How many tokens `value` holds once cleaned, as [`read_value`] splits it
/// (`sometimes` 1, `** **` 0, `ask the lead` 3).
pub fn token_count(value: &str) -> usize {
    tokens(&clean_value(value)).count()
}

/// A row's value read as an answer for `spec` (SPEC §5.5): the value
/// cleaned ([`clean_value`]); empty is no answer; a free-text key answers
/// with its first 200 characters, unless the value [`says_nothing`] (a
/// lone dash, `&nbsp;`, a zero-width space: no answer); a closed key with the first token that is
/// one of its answer words (exact case); an owner key also with the whole
/// value when it is one owner name. Anything else answers nothing.
pub fn read_value(spec: &KeySpec, value: &str) -> Reading {
    let plain = clean_value(value);
    if plain.is_empty() {
        return Reading::Nothing("the value is empty".to_string());
    }
    if spec.is_free_text() {
        if let Some(why) = says_nothing(value) {
            return Reading::Nothing(why);
        }
        return Reading::Answer(plain.chars().take(vocab::ANSWER_MAX_CHARS).collect());
    }
    if let Some(word) = tokens(&plain).find(|t| spec.is_answer_word(t)) {
        return Reading::Answer(word.to_string());
    }
    if spec.owner_answer && vocab::is_owner_name(&plain) {
        return Reading::Answer(plain.into_owned());
    }
    Reading::Nothing(no_word(spec, &plain))
}

/// Why `plain` (a cleaned value with no answer word) answers nothing for
/// the closed key `spec`.
fn no_word(spec: &KeySpec, plain: &str) -> String {
    let verb = if tokens(plain).nth(1).is_none() {
        "is not one of"
    } else {
        "holds none of"
    };
    let owner = if spec.owner_answer {
        ", nor is it one owner name"
    } else {
        ""
    };
    let cased = tokens(plain)
        .find_map(|t| {
            spec.words
                .iter()
                .find(|w| w.eq_ignore_ascii_case(t))
                .map(|w| {
                    format!(
                        " (the words are case-sensitive: \"{}\" is not {w})",
                        quoted(t)
                    )
                })
        })
        .unwrap_or_default();
    format!(
        "\"{}\" {verb}: {}{owner}{cased}",
        quoted(plain),
        spec.word_list()
    )
}

/// `text` as a reason quotes it: invisible characters escaped, cut to 60
/// characters with `…`.
fn quoted(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(QUOTE_MAX_CHARS).collect();
    let more = if chars.next().is_some() { "…" } else { "" };
    format!("{}{more}", escape_invisible(&head))
}

/// A resolved row read as an answer for `spec`: no answer unless its state
/// is exactly `answered` (SPEC §5.5), else its value as [`read_value`]
/// reads it.
pub fn read_row(spec: &KeySpec, row: &DecisionRow) -> Reading {
    match row.state.as_str() {
        vocab::STATE_ANSWERED => read_value(spec, &row.value),
        vocab::STATE_OUTSTANDING | vocab::STATE_WAIVED => {
            Reading::Nothing(format!("the row is {}, not answered", row.state))
        }
        "" => Reading::Nothing("the row has no state, so it is not answered".to_string()),
        other => Reading::Nothing(format!(
            "the row's state \"{}\" is not answered",
            escape_invisible(other)
        )),
    }
}

/// A word given whole (the console's preference, the run's `relay`) read as
/// an answer for `spec`: a free-text key takes it trimmed when it is not
/// empty and at most 200 characters; a closed key when it is one of its
/// words, or, for an owner key, an owner name.
pub fn read_word(spec: &KeySpec, word: &str) -> Reading {
    let word = word.trim_matches([' ', '\t']);
    if spec.is_free_text() {
        return if word.is_empty() {
            Reading::Nothing("the answer is empty".to_string())
        } else if word.chars().count() > vocab::ANSWER_MAX_CHARS {
            Reading::Nothing(format!(
                "the answer is longer than {} characters",
                vocab::ANSWER_MAX_CHARS
            ))
        } else {
            Reading::Answer(word.to_string())
        };
    }
    if spec.is_answer_word(word) || (spec.owner_answer && vocab::is_owner_name(word)) {
        return Reading::Answer(word.to_string());
    }
    if word.is_empty() {
        return Reading::Nothing("the answer is empty".to_string());
    }
    let owner = if spec.owner_answer {
        " nor an owner name"
    } else {
        ""
    };
    Reading::Nothing(format!(
        "\"{}\" is not one of: {}{owner}",
        quoted(word),
        spec.word_list()
    ))
}

/// The answer in force for `spec` (SPEC §5.5), given `row`, the row the
/// view resolves to for the key (if any), the run's fields and the
/// console's policy.
pub fn answer_in_force<'a>(
    spec: &'static KeySpec,
    row: Option<&'a DecisionRow>,
    run: &RunFields,
    policy: &ConsolePolicy,
) -> InForce<'a> {
    let mut passed_over = Vec::new();
    let found = |answer: String, from: AnswerFrom, passed_over: Vec<PassedOver>| InForce {
        spec,
        answer: Some(answer),
        from,
        row,
        passed_over,
    };

    let resume = vocab::RUN_RESUME_ON_RESTART;
    if spec.key == resume.key
        && let Some(on) = run.resume_on_restart
    {
        return found(resume.answer(on).to_string(), AnswerFrom::Run, passed_over);
    }
    if spec.key == vocab::RUN_RELAY_KEY
        && let Some(relay) = &run.relay
        && let Some(answer) = consider(
            &mut passed_over,
            AnswerFrom::Run,
            relay,
            read_word(spec, relay),
        )
    {
        return found(answer, AnswerFrom::Run, passed_over);
    }
    if let Some(row) = row {
        let from = AnswerFrom::Row(row.origin);
        if let Some(answer) = consider(&mut passed_over, from, &row.value, read_row(spec, row)) {
            return found(answer, from, passed_over);
        }
    }
    if let Some(preference) = policy.answer(spec.key)
        && let Some(answer) = consider(
            &mut passed_over,
            AnswerFrom::Console,
            preference,
            read_word(spec, preference),
        )
    {
        return found(answer, AnswerFrom::Console, passed_over);
    }
    let legacy = vocab::LEGACY_DELEGATE_HUMAN_GATES;
    if spec.key == legacy.key
        && let Some(on) = policy.delegate_human_gates
    {
        return found(
            legacy.answer(on).to_string(),
            AnswerFrom::Legacy,
            passed_over,
        );
    }
    if let Some(default) = spec.default {
        return found(default.to_string(), AnswerFrom::Default, passed_over);
    }
    InForce {
        spec,
        answer: None,
        from: AnswerFrom::None,
        row,
        passed_over,
    }
}

/// The answer `reading` gives; when it gives none, `from` and what it
/// `held` go to `passed_over` with the reason.
fn consider(
    passed_over: &mut Vec<PassedOver>,
    from: AnswerFrom,
    held: &str,
    reading: Reading,
) -> Option<String> {
    match reading {
        Reading::Answer(answer) => Some(answer),
        Reading::Nothing(why) => {
            passed_over.push(PassedOver {
                from,
                held: held.to_string(),
                why,
            });
            None
        }
    }
}

/// The answer in force for every key of the vocabulary, in canonical
/// order, given the resolved `rows` of a view (SPEC §4; rows of keys
/// outside the vocabulary are not read).
pub fn answers_in_force<'a>(
    rows: &[&'a DecisionRow],
    run: &RunFields,
    policy: &ConsolePolicy,
) -> Vec<InForce<'a>> {
    vocab::KEYS
        .iter()
        .map(|spec| {
            let row = rows.iter().copied().find(|r| r.key == spec.key);
            answer_in_force(spec, row, run, policy)
        })
        .collect()
}

/// What answers a key once the console passes over its row, for messages:
/// the console's policy when it names an answer (or, for `gates`, its
/// `delegateHumanGates` switch), else the shipped default, else nothing.
pub fn what_answers_instead(spec: &KeySpec) -> String {
    let policy = if spec.key == vocab::LEGACY_DELEGATE_HUMAN_GATES.key {
        format!(
            "the console's policy for {} (or its delegateHumanGates switch)",
            spec.key
        )
    } else {
        format!("the console's policy for {}", spec.key)
    };
    match spec.default {
        Some(default) => {
            format!("{policy} if it names one, else the shipped default \"{default}\"")
        }
        None => format!(
            "{policy} if it names one, else nothing ({} has no shipped default)",
            spec.key
        ),
    }
}

/// The answers a closed key takes, for advice: `one of: <words>`, and for
/// an owner key `or one owner name`.
pub fn answer_advice(spec: &KeySpec) -> String {
    if spec.owner_answer {
        format!("one of: {}, or one owner name", spec.word_list())
    } else {
        format!("one of: {}", spec.word_list())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::decisions::PhaseScope;

    fn spec(key: &str) -> &'static KeySpec {
        vocab::key_spec(key).expect("a key of the vocabulary")
    }

    fn row(key: &str, value: &str, state: &str, file: FileKind, line: usize) -> DecisionRow {
        DecisionRow {
            key: key.into(),
            value: value.into(),
            owner: "keeper".into(),
            state: state.into(),
            blocking: false,
            blocking_cell: crate::plan::decisions::BlockingCell::No,
            source: "plan".into(),
            evidence: Default::default(),
            phase: PhaseScope::PlanWide,
            origin: Origin { file, line },
        }
    }

    fn policy(answers: &[(&'static str, &str)], delegate: Option<bool>) -> ConsolePolicy {
        ConsolePolicy {
            answers: answers.iter().map(|(k, v)| (*k, v.to_string())).collect(),
            delegate_human_gates: delegate,
        }
    }

    fn run(resume: Option<bool>, relay: Option<&str>) -> RunFields {
        RunFields {
            resume_on_restart: resume,
            relay: relay.map(str::to_string),
        }
    }

    /// `(answer, from)` of `key` with `row`, `run` and `policy`.
    fn resolved(
        key: &str,
        row: Option<&DecisionRow>,
        run: &RunFields,
        policy: &ConsolePolicy,
    ) -> (Option<String>, String) {
        let got = answer_in_force(spec(key), row, run, policy);
        (got.answer, got.from.to_string())
    }

    fn some(answer: &str, from: &str) -> (Option<String>, String) {
        (Some(answer.to_string()), from.to_string())
    }

    #[test]
    fn reading_values() {
        let read = |key: &str, value: &str| read_value(spec(key), value);
        let answer = |a: &str| Reading::Answer(a.to_string());
        assert_eq!(
            read("gates", "**operator** for the sluice gates"),
            answer("operator")
        );
        assert_eq!(
            read("relay", "`last-resort`, then off"),
            answer("last-resort")
        );
        assert_eq!(read("qa.exhausted", "dev-lead"), answer("dev-lead"));
        assert_eq!(read("qa.exhausted", "halt, ask dev-lead"), answer("halt"));
        assert_eq!(
            read("budgets", " **40 € per run** "),
            answer("40 € per run")
        );
        assert_eq!(read("budgets", &"é".repeat(300)), answer(&"é".repeat(200)));
        assert_eq!(
            read("relay", "sometimes"),
            Reading::Nothing("\"sometimes\" is not one of: off last-resort".into())
        );
        assert_eq!(
            read("relay", "now and then"),
            Reading::Nothing("\"now and then\" holds none of: off last-resort".into())
        );
        assert_eq!(
            read("relay", "Off"),
            Reading::Nothing(
                "\"Off\" is not one of: off last-resort (the words are case-sensitive: \"Off\" is not off)"
                    .into()
            )
        );
        assert_eq!(
            read("qa.exhausted", "n/a — QA off"),
            Reading::Nothing(
                "\"n/a — QA off\" holds none of: waive halt, nor is it one owner name".into()
            )
        );
        assert_eq!(
            read("stop", "** ``"),
            Reading::Nothing("the value is empty".into())
        );
        assert_eq!(
            ["sometimes", "** **", "n/a!", "ask the lead"].map(token_count),
            [1, 0, 1, 3]
        );
        assert!(holds_word_in_other_letters(
            spec("relay"),
            "**Off** for now"
        ));
        assert!(!holds_word_in_other_letters(spec("relay"), "off"));
        assert!(!holds_word_in_other_letters(spec("relay"), "sometimes"));
        let long = "x ".repeat(40);
        let Reading::Nothing(why) = read("relay", &long) else {
            panic!("no answer word");
        };
        assert!(why.contains("…\" holds none of"), "{why}");
    }

    #[test]
    fn each_source_in_its_order() {
        let none = ConsolePolicy::default();
        let no_run = RunFields::default();
        // default, then console over it, then the row over both, then the run.
        assert_eq!(
            resolved("relay", None, &no_run, &none),
            some("off", "default")
        );
        let console = policy(&[("relay", "last-resort")], None);
        assert_eq!(
            resolved("relay", None, &no_run, &console),
            some("last-resort", "console")
        );
        let plan_row = row("relay", "off", "answered", FileKind::Plan, 24);
        assert_eq!(
            resolved("relay", Some(&plan_row), &no_run, &console),
            some("off", "plan:24")
        );
        let twin_row = row("relay", "last-resort", "answered", FileKind::Twin, 9);
        assert_eq!(
            resolved("relay", Some(&twin_row), &no_run, &console),
            some("last-resort", "twin:9")
        );
        assert_eq!(
            resolved("relay", Some(&twin_row), &run(None, Some("off")), &console),
            some("off", "run")
        );
        // resumeOnRestart: true is continue, false is hold, over the row.
        let resume = row("resume.on-restart", "ask", "answered", FileKind::Plan, 3);
        assert_eq!(
            resolved(
                "resume.on-restart",
                Some(&resume),
                &run(Some(false), None),
                &none
            ),
            some("hold", "run")
        );
        assert_eq!(
            resolved(
                "resume.on-restart",
                Some(&resume),
                &run(Some(true), None),
                &none
            ),
            some("continue", "run")
        );
        assert_eq!(
            resolved("resume.on-restart", Some(&resume), &no_run, &none),
            some("ask", "plan:3")
        );
        // The run answers only its two keys.
        assert_eq!(
            resolved("ambiguity", None, &run(Some(false), Some("off")), &none),
            some("ruling", "default")
        );
        // legacy: gates only, below the console, above the default.
        let legacy = policy(&[], Some(false));
        assert_eq!(
            resolved("gates", None, &no_run, &legacy),
            some("operator", "legacy")
        );
        let both = policy(&[("gates", "delegated")], Some(false));
        assert_eq!(
            resolved("gates", None, &no_run, &both),
            some("delegated", "console")
        );
        assert_eq!(
            resolved("gates", None, &no_run, &policy(&[], Some(true))),
            some("delegated", "legacy")
        );
        assert_eq!(
            resolved("relay", None, &no_run, &legacy),
            some("off", "default")
        );
        // none: no default, nothing else.
        assert_eq!(
            resolved("issues", None, &no_run, &none),
            (None, "none".to_string())
        );
        assert_eq!(
            resolved("plan-approval", None, &no_run, &none),
            (None, "none".to_string())
        );
        assert_eq!(
            resolved(
                "stop",
                None,
                &no_run,
                &policy(&[("stop", "halt and page")], None)
            ),
            some("halt and page", "console")
        );
        // an owner name from the console, for an owner key.
        assert_eq!(
            resolved(
                "verification.person-check",
                None,
                &no_run,
                &policy(&[("verification.person-check", "qa-lead")], None)
            ),
            some("qa-lead", "console")
        );
        assert_eq!(
            resolved("verification.person-check", None, &no_run, &none),
            some("operator", "default")
        );
    }

    /// Every reason a source is passed over, and that a source that answers
    /// or holds nothing is never listed.
    #[test]
    fn every_passed_over_reason() {
        let passed =
            |key: &str, row: Option<&DecisionRow>, run: &RunFields, policy: &ConsolePolicy| {
                answer_in_force(spec(key), row, run, policy)
                    .passed_over
                    .into_iter()
                    .map(|p| format!("{} [{}] {}", p.from, p.held, p.why))
                    .collect::<Vec<_>>()
            };
        let none = ConsolePolicy::default();
        let no_run = RunFields::default();
        assert!(passed("relay", None, &no_run, &none).is_empty());
        // run relay, manifest value, console word: each not a relay word.
        let sometimes = row("relay", "sometimes", "answered", FileKind::Plan, 24);
        assert_eq!(
            passed(
                "relay",
                Some(&sometimes),
                &run(None, Some("always")),
                &policy(&[("relay", "never")], None)
            ),
            [
                "run [always] \"always\" is not one of: off last-resort",
                "plan:24 [sometimes] \"sometimes\" is not one of: off last-resort",
                "console [never] \"never\" is not one of: off last-resort",
            ]
        );
        // rows that are not answered.
        for (state, why) in [
            ("outstanding", "the row is outstanding, not answered"),
            ("waived", "the row is waived, not answered"),
            ("", "the row has no state, so it is not answered"),
            ("answerd", "the row's state \"answerd\" is not answered"),
        ] {
            let r = row("ambiguity", "not here", state, FileKind::Twin, 5);
            assert_eq!(
                passed("ambiguity", Some(&r), &no_run, &none),
                [format!("twin:5 [not here] {why}")],
                "{state}"
            );
            assert_eq!(
                resolved("ambiguity", Some(&r), &no_run, &none),
                some("ruling", "default")
            );
        }
        // an empty answered value.
        let empty = row("stop", "**", "answered", FileKind::Plan, 7);
        assert_eq!(
            passed("stop", Some(&empty), &no_run, &none),
            ["plan:7 [**] the value is empty"]
        );
        // owner key: not a word and not one owner name.
        let prose = row(
            "qa.exhausted",
            "ask the lead",
            "answered",
            FileKind::Plan,
            8,
        );
        assert_eq!(
            passed("qa.exhausted", Some(&prose), &no_run, &none),
            [
                "plan:8 [ask the lead] \"ask the lead\" holds none of: waive halt, nor is it one owner name"
            ]
        );
        assert_eq!(
            passed(
                "qa.exhausted",
                None,
                &no_run,
                &policy(&[("qa.exhausted", "ask the lead")], None)
            ),
            ["console [ask the lead] \"ask the lead\" is not one of: waive halt nor an owner name"]
        );
        // console free text: empty, or too long.
        assert_eq!(
            passed("stop", None, &no_run, &policy(&[("stop", " ")], None)),
            ["console [ ] the answer is empty"]
        );
        let long = "y".repeat(201);
        assert_eq!(
            passed("stop", None, &no_run, &policy(&[("stop", &long)], None)),
            [format!(
                "console [{long}] the answer is longer than 200 characters"
            )]
        );
        assert_eq!(
            passed("relay", None, &no_run, &policy(&[("relay", "")], None)),
            ["console [] the answer is empty"]
        );
        // sources after the winner are not looked at.
        let answered = row("relay", "off", "answered", FileKind::Plan, 2);
        assert!(
            passed(
                "relay",
                Some(&answered),
                &no_run,
                &policy(&[("relay", "never")], None)
            )
            .is_empty()
        );
    }

    #[test]
    fn every_key_in_canonical_order() {
        let plan_rows = [
            row("zeta", "x", "answered", FileKind::Plan, 1),
            row("stop", "halt", "answered", FileKind::Plan, 2),
        ];
        let rows: Vec<&DecisionRow> = plan_rows.iter().collect();
        let all = answers_in_force(&rows, &RunFields::default(), &ConsolePolicy::default());
        assert_eq!(all.len(), 19);
        assert_eq!(all[0].spec.key, "permission.policy");
        let stop = all.iter().find(|f| f.spec.key == "stop").expect("stop");
        assert_eq!(
            (stop.answer.as_deref(), stop.from.to_string()),
            (Some("halt"), "plan:2".into())
        );
        assert_eq!(stop.row.map(|r| r.origin.line), Some(2));
    }

    #[test]
    fn instead_and_advice() {
        assert_eq!(
            what_answers_instead(spec("relay")),
            "the console's policy for relay if it names one, else the shipped default \"off\""
        );
        assert!(
            what_answers_instead(spec("issues"))
                .ends_with("else nothing (issues has no shipped default)")
        );
        assert!(what_answers_instead(spec("gates")).contains("delegateHumanGates"));
        assert_eq!(answer_advice(spec("relay")), "one of: off last-resort");
        assert_eq!(
            answer_advice(spec("qa.exhausted")),
            "one of: waive halt, or one owner name"
        );
    }
}
