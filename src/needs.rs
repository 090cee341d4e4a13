//! `--needs` words (SPEC §5.6): what a declaration's `--needs WORD` names.
//! A word is a decision key, or a blocker class as its short form (SPEC §2);
//! each key has the class the runner files a block on it under (its
//! classifier kind), and `lock` names no key at all.
//!
//! It may use [`crate::vocab`] and [`crate::error`] only.

use crate::error::{Error, Result, escape_invisible};
use crate::vocab;
use crate::vocab::{closest_key, closest_word};

/// What a `--needs` word stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Need {
    /// The key; `None` for `lock`, which names none.
    pub key: Option<&'static str>,
    /// The class: the word itself for a class; for a key, its classifier
    /// kind, or `None` when the runner files it under no class.
    pub class: Option<&'static str>,
    /// Whether the word was a blocker class rather than a key.
    pub is_class: bool,
}

/// Reads `word` (exact case) as a `--needs` word. With `ruling`, only a
/// key is accepted: a ruling names a real key. [`Error::Usage`] (exit 2)
/// for anything else, listing the keys (and, without `ruling`, the
/// classes) and the likeliest one meant.
pub fn read_needs_word(word: &str, ruling: bool) -> Result<Need> {
    if let Some(spec) = vocab::key_spec(word) {
        return Ok(Need {
            key: Some(spec.key),
            class: spec.class(),
            is_class: false,
        });
    }
    let class = vocab::BLOCKER_CLASSES
        .iter()
        .find(|(class, _)| *class == word);
    match (class, ruling) {
        (Some(&(class, key)), false) => Ok(Need {
            key,
            class: Some(class),
            is_class: true,
        }),
        (Some(&(class, Some(key))), true) => Err(Error::Usage(format!(
            "--ruling takes a decision key, and \"{class}\" is a blocker class: a ruling names the key itself ({key})"
        ))),
        (Some(&(class, None)), true) => Err(Error::Usage(format!(
            "--ruling takes a decision key, and \"{class}\" names none: a peer's lock is nobody's decision, so no ruling answers it"
        ))),
        (None, _) => {
            let meant = closest_key(word).or_else(|| {
                (!ruling)
                    .then(|| closest_word(word, vocab::BLOCKER_CLASSES.iter().map(|(c, _)| *c)))
                    .flatten()
            });
            let hint = meant
                .map(|m| format!(" (did you mean {m}?)"))
                .unwrap_or_default();
            let (what, classes) = if ruling {
                ("a decision key (--ruling takes keys only)", String::new())
            } else {
                (
                    "a decision key or a blocker class",
                    format!("; the classes are {}", vocab::blocker_class_list()),
                )
            };
            Err(Error::Usage(format!(
                "\"{}\" is not {what}{hint}: the keys are {}{classes}",
                escape_invisible(word),
                vocab::key_list()
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn need(word: &str) -> (Option<&'static str>, Option<&'static str>) {
        let n = read_needs_word(word, false).expect("a needs word");
        (n.key, n.class)
    }

    #[test]
    fn classes_and_keys() {
        assert_eq!(
            need("credential"),
            (Some("credentials"), Some("credential"))
        );
        assert_eq!(
            need("permission"),
            (Some("permission.policy"), Some("permission"))
        );
        assert_eq!(need("gate"), (Some("gates"), Some("gate")));
        assert_eq!(need("external"), (Some("waits"), Some("external")));
        assert_eq!(need("lock"), (None, Some("lock")));
        assert_eq!(
            need("credentials"),
            (Some("credentials"), Some("credential"))
        );
        assert_eq!(
            need("permission.destructive"),
            (Some("permission.destructive"), Some("permission"))
        );
        assert_eq!(need("plan-approval"), (Some("plan-approval"), Some("gate")));
        assert_eq!(need("human-acts"), (Some("human-acts"), Some("human-acts")));
        assert_eq!(need("budgets"), (Some("budgets"), None));
        assert!(read_needs_word("lock", false).expect("lock").is_class);
        assert!(!read_needs_word("waits", true).expect("a key").is_class);
    }

    #[test]
    fn refusals() {
        let refused = |word: &str, ruling: bool| {
            let err = read_needs_word(word, ruling).expect_err("refused");
            assert_eq!(err.exit_code(), 2);
            err.to_string()
        };
        let err = refused("credentail", false);
        assert!(err.contains("(did you mean credential?)"), "{err}");
        assert!(
            err.contains("the classes are credential permission gate external lock"),
            "{err}"
        );
        let err = refused("Relay", true);
        assert!(
            err.contains("(did you mean relay?)") && !err.contains("classes"),
            "{err}"
        );
        assert!(refused("credential", true).contains("names the key itself (credentials)"));
        assert!(refused("lock", true).contains("nobody's decision"));
        assert!(refused("", false).starts_with("\"\" is not a decision key or a blocker class"));
    }
}
