//! Properties of the answer in force (SPEC §5.5) that hold for every key and
//! every value of its resolved row.

use planfile::manifest::in_force::{AnswerFrom, answer_in_force, clean_value, says_nothing};
use planfile::manifest::policy::{ConsolePolicy, RunFields};
use planfile::plan::decisions::BlockingCell;
use planfile::plan::decisions::{DecisionRow, FileKind, Origin, PhaseScope};
use planfile::vocab;
use proptest::prelude::*;

/// Pieces a value is made of: every answer word of the vocabulary, in and
/// out of case, owner-like names, decoration, separators, and any text.
fn piece() -> impl Strategy<Value = String> {
    let words: Vec<String> = vocab::KEYS
        .iter()
        .flat_map(|k| k.words.iter())
        .flat_map(|w| [w.to_string(), w.to_uppercase()])
        .collect();
    prop_oneof![
        proptest::sample::select(words),
        "[A-Za-z0-9][A-Za-z0-9._@/-]{0,70}",
        Just("**".to_string()),
        Just("`".to_string()),
        Just(" ".to_string()),
        Just(", ".to_string()),
        Just(" — ".to_string()),
        Just("\t".to_string()),
        ".{0,30}",
    ]
}

fn value() -> impl Strategy<Value = String> {
    proptest::collection::vec(piece(), 0..12).prop_map(|parts| parts.concat())
}

fn state() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("answered".to_string()),
        Just("outstanding".to_string()),
        Just("waived".to_string()),
        Just(String::new()),
        "[a-z]{1,12}",
    ]
}

fn row(key: &str, value: String, state: String) -> DecisionRow {
    DecisionRow {
        key: key.into(),
        value: value.into(),
        owner: "keeper".into(),
        state: state.into(),
        blocking: false,
        blocking_cell: BlockingCell::No,
        source: "plan".into(),
        evidence: Default::default(),
        phase: PhaseScope::PlanWide,
        origin: Origin {
            file: FileKind::Plan,
            line: 20,
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// For every key and any value: the row answers only when it is
    /// `answered`, and then with an answer word of the key (closed), an
    /// answer word or an owner name (owner keys), or the first 200
    /// characters of the cleaned value (free text).
    #[test]
    fn a_row_answers_with_a_word_a_name_or_its_cleaned_text(
        key in 0..vocab::KEYS.len(),
        value in value(),
        state in state(),
    ) {
        let spec = &vocab::KEYS[key];
        let r = row(spec.key, value.clone(), state.clone());
        let got = answer_in_force(spec, Some(&r), &RunFields::default(), &ConsolePolicy::default());
        let from_row = got.from == AnswerFrom::Row(r.origin);
        if state != "answered" {
            prop_assert!(!from_row, "{state:?} row answered: {got:?}");
            prop_assert_eq!(got.passed_over.len(), 1);
        }
        let cleaned = clean_value(&value);
        if from_row {
            let answer = got.answer.clone().unwrap_or_default();
            if spec.is_free_text() {
                let first: String = cleaned.chars().take(200).collect();
                prop_assert_eq!(&answer, &first);
            } else if spec.owner_answer {
                prop_assert!(
                    spec.is_answer_word(&answer) || vocab::is_owner_name(&answer),
                    "{} answered {answer:?}", spec.key
                );
            } else {
                prop_assert!(spec.is_answer_word(&answer), "{} answered {answer:?}", spec.key);
            }
            prop_assert!(got.passed_over.is_empty());
        } else {
            // Passed over, the next source answers: here the shipped default,
            // or nothing.
            prop_assert_eq!(got.answer.as_deref(), spec.default);
        }
        // A free-text row that is answered answers exactly when its value
        // shows something other than a lone dash or `…` once rendered.
        if state == "answered" && spec.is_free_text() {
            prop_assert_eq!(from_row, says_nothing(&value).is_none(), "{:?}", value);
        }
    }
}
