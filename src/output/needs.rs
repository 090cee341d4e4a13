//! The output of `needs WORD` (SPEC §5.6): the key a `--needs` word stands
//! for and the class the runner files it under.

use std::io::Write;

use serde::Serialize;

use crate::needs::Need;

/// Writes `key<TAB>class`, `\n`-terminated; either field is empty when the
/// word has none (`lock` names no key, `budgets` has no class).
pub fn write_tsv(out: &mut dyn Write, need: &Need) -> std::io::Result<()> {
    writeln!(
        out,
        "{}\t{}",
        need.key.unwrap_or_default(),
        need.class.unwrap_or_default()
    )
}

/// A `--needs` word as JSON.
#[derive(Debug, Serialize)]
struct JsonNeed<'a> {
    /// The word as given.
    word: &'a str,
    /// `key` or `class`: what the word is.
    is: &'static str,
    /// The key it stands for; `null` for `lock`.
    key: Option<&'static str>,
    /// The class; `null` for a key the runner files under no class.
    class: Option<&'static str>,
}

/// Writes the word, what it is, its key and its class as one pretty-printed
/// JSON object, then a newline.
pub fn write_json(out: &mut dyn Write, word: &str, need: &Need) -> std::io::Result<()> {
    let object = JsonNeed {
        word,
        is: if need.is_class { "class" } else { "key" },
        key: need.key,
        class: need.class,
    };
    super::write_json(out, &object)
}
