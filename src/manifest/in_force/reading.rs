//! Reading a value as the console reads an answer (SPEC §5.5): decoration
//! stripped, a free-text key's first 200 characters, a closed key's first
//! answer word, an owner key's word or owner name; and why a value gives no
//! answer (it says nothing once rendered, or holds no answer word).

use std::borrow::Cow;
use std::ops::Range;

use crate::error::escape_invisible;
use crate::plan::decisions::DecisionRow;
use crate::vocab::{self, KeySpec};

/// The most characters of a value quoted in a reason.
const QUOTE_MAX_CHARS: usize = 60;

/// What a value says, read as an answer for a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// The answer it gives.
    Answer(String),
    /// It gives none; the reason, for a person.
    Nothing(String),
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
    if shows_plainly(value) {
        return None;
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

/// Whether `value` shows an ASCII letter or digit once rendered, known
/// without rendering it: it holds one, and none of the characters by which
/// inline Markdown or a table row can hide text (`&` entities, `<` HTML,
/// `[`/`]`/`!` links and images, `\\` escapes, backticks, `|` cell
/// borders). Emphasis and strikethrough marks hide only themselves. The
/// render of every twin row's value is most of what a large twin costs.
fn shows_plainly(value: &str) -> bool {
    let bytes = value.as_bytes();
    bytes.iter().any(u8::is_ascii_alphanumeric)
        && !bytes
            .iter()
            .any(|b| matches!(b, b'&' | b'<' | b'[' | b']' | b'!' | b'\\' | b'`' | b'|'))
}

/// Why `value`, a row's value, is only a placeholder, when it is (SPEC
/// §5.4): decoration stripped (`*`, backticks, `_` emphasis), or as it
/// shows once rendered ([`crate::markdown::inline::visible`]: entities and
/// escapes decoded, comments and tags dropped, so `&#63;`, `\?`,
/// `&lt;fill in&gt;` and `<!-- x -->TBD` are read as they show), it is
/// `TBD`, `TODO`, `FIXME`, `XXX` (any case, punctuation around it
/// dropped), only `?`, `.` and dashes (`?`, `...`, `---`, `−`), or
/// `<…>`-style angle text ([`vocab::is_placeholder`]). `None` otherwise.
pub fn only_placeholder(value: &str) -> Option<String> {
    let plain = clean_value(value);
    let word = crate::markdown::table::strip_emphasis(&plain);
    // A value that shows plainly renders as itself, bar emphasis marks,
    // which `word` has already dropped.
    let placeholder = vocab::is_placeholder(word)
        || (!shows_plainly(value)
            && vocab::is_placeholder(&crate::markdown::inline::visible(value)));
    placeholder.then(|| format!("only a placeholder (\"{}\")", quoted(&plain)))
}

/// Why `value` gives no answer whatever the key: it [`says_nothing`], or
/// it is [`only_placeholder`].
pub fn empty_answer(value: &str) -> Option<String> {
    says_nothing(value).or_else(|| only_placeholder(value))
}

/// Why the value `value` of an `answered` row for `key` gives no answer,
/// when it does not (SPEC §5.4): it [`says_nothing`] or is
/// [`only_placeholder`] — unless `key` is a
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
    match (empty_answer(value), reading) {
        (_, Some(Reading::Answer(_))) => None,
        (Some(why), _) => Some(why),
        (None, Some(Reading::Nothing(why))) => Some(why),
        (None, None) => None,
    }
}

/// Whether the console's preferred answer in `policy` settles `key` when
/// no row decides it (SPEC §5.4 "A missing key is owed"): it has one, and
/// that answer gives an answer for the key as a row's value would
/// ([`no_answer_for`]: `TBD`, `—`, `&nbsp;` or `<!-- -->` settle nothing).
pub fn policy_settles(policy: &crate::manifest::policy::ConsolePolicy, key: &str) -> bool {
    policy
        .answer(key)
        .is_some_and(|answer| no_answer_for(key, answer).is_none())
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

/// The different answer words of `spec` that `value` holds, in order (each
/// once), as the console reads tokens (SPEC §5.5).
pub fn answer_words(spec: &KeySpec, value: &str) -> Vec<&'static str> {
    let mut words: Vec<&'static str> = Vec::new();
    for (_, token) in answer_tokens(&clean_value(value)) {
        if let Some(word) = spec.words.iter().find(|w| **w == token)
            && !words.contains(word)
        {
            words.push(word);
        }
    }
    words
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

#[cfg(test)]
mod tests {

    proptest::proptest! {
        /// A value [`shows_plainly`] passes renders as something that is
        /// neither empty nor a lone dash or `…`: the render would say the
        /// same.
        #[test]
        fn a_plain_value_shows_itself(pieces in proptest::collection::vec(proptest::sample::select(vec![
            "a", "7", " ", "*", "_", "~~", "-", "…", "|", "<a>", "<!--a-->", "&a;", "&#97;", "[a](b)",
            "![a](b)", "[a]", "\\a", "`a`", "\u{200B}", "&nbsp;", "#", ".",
        ]), 1..5)) {
            let value = pieces.concat();
            if shows_plainly(&value) {
                let shown = crate::markdown::inline::visible(&value);
                proptest::prop_assert!(!matches!(&*shown, "" | "—" | "–" | "-" | "…"), "{:?} shows {:?}", value, shown);
                proptest::prop_assert!(shown.bytes().any(|b| b.is_ascii_alphanumeric()));
            }
        }
    }
    use super::*;

    fn spec(key: &str) -> &'static KeySpec {
        vocab::key_spec(key).expect("a key of the vocabulary")
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
}
