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

mod reading;

pub use reading::{
    Reading, answer_tokens, answer_words, clean_value, empty_answer, holds_word_in_other_letters,
    no_answer_for, only_placeholder, read_row, read_value, read_word, says_nothing, token_count,
};

use crate::manifest::policy::{ConsolePolicy, RunFields};
use crate::plan::decisions::{DecisionRow, FileKind, Origin};
use crate::vocab::{self, KeySpec};
use std::fmt;

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
