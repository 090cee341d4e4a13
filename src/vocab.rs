//! The decision vocabulary (SPEC §2): the nineteen keys in canonical order, the
//! states, the sources, the blocker classes and the owner-name rule.
//!
//! This module is the one source of truth: every other module reads keys,
//! states and sources from here. The vocabularies of the other checks live
//! beside it, one submodule each.
//!
//! What belongs here: words and numbers as data, and lookups over them
//! ("did you mean" included, [`suggest`]). It is the bottom layer and
//! imports nothing of the crate.

pub mod console;
pub mod directives;
pub mod gate_kinds;
pub mod handoffs;
pub mod human_steps;
pub mod models;
pub mod packages;
pub mod sizing;
pub mod suggest;
pub mod verify;

pub use suggest::{closest_key, closest_word};

/// The units of a duration (`30m`, `6h`, `2d`; SPEC-PARITY.md F36, F37):
/// each spelling and how many minutes it is, the longest spelling of a
/// unit first, so that a reader trying them in order takes `minutes`
/// before `m`.
pub const DURATION_UNITS: [(&str, u64); 13] = [
    ("minutes", 1),
    ("minute", 1),
    ("mins", 1),
    ("min", 1),
    ("m", 1),
    ("hours", 60),
    ("hour", 60),
    ("hrs", 60),
    ("hr", 60),
    ("h", 60),
    ("days", 1440),
    ("day", 1440),
    ("d", 1440),
];

/// One decision key of the vocabulary (SPEC §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeySpec {
    /// The key as written in a `key` cell, e.g. `permission.policy`.
    pub key: &'static str,
    /// The question the key answers, in one line.
    pub answers: &'static str,
    /// The closed answer words; empty for a free-text key.
    pub words: &'static [&'static str],
    /// Whether an owner name is also an accepted answer (the two owner keys).
    pub owner_answer: bool,
    /// The shipped default answer, if the key has one.
    pub default: Option<&'static str>,
    /// Whether the plan template marks the key blocking.
    pub template_blocking: bool,
}

/// The nineteen decision keys, in canonical (output) order (SPEC §2).
pub const KEYS: [KeySpec; 19] = [
    KeySpec {
        key: "permission.policy",
        answers: "which tool calls are allowed / asked / denied, and whether \"ask\" reaches a person",
        words: &[],
        owner_answer: false,
        default: None,
        template_blocking: true,
    },
    KeySpec {
        key: "permission.destructive",
        answers: "publishing and destructive commands: denied unless named; which branches a phase may push",
        words: &[],
        owner_answer: false,
        default: None,
        template_blocking: true,
    },
    KeySpec {
        key: "issues",
        answers: "whether a session may write issues to a tracker outside its phase",
        words: &["off", "draft", "file"],
        owner_answer: false,
        default: None,
        template_blocking: false,
    },
    KeySpec {
        key: "credentials",
        answers: "which credential ids the phases need, and whether a missing one refuses the start",
        words: &["continue", "require"],
        owner_answer: false,
        default: Some("continue"),
        template_blocking: true,
    },
    KeySpec {
        key: "accounts",
        answers: "which model accounts may spend, in order, with a minimum headroom",
        words: &[],
        owner_answer: false,
        default: None,
        template_blocking: true,
    },
    KeySpec {
        key: "mcp",
        answers: "which MCP servers, and what happens when one will not connect",
        words: &["continue", "require"],
        owner_answer: false,
        default: Some("continue"),
        template_blocking: false,
    },
    KeySpec {
        key: "gates",
        answers: "whether gates without a person's check are delegated to the console",
        words: &["delegated", "operator"],
        owner_answer: false,
        default: Some("delegated"),
        template_blocking: false,
    },
    KeySpec {
        key: "verification.person-check",
        answers: "what to do with a verification step written as prose",
        words: &["allow", "halt"],
        owner_answer: true,
        default: Some("operator"),
        template_blocking: false,
    },
    KeySpec {
        key: "qa.exhausted",
        answers: "what happens once the QA round budget is spent",
        words: &["waive", "halt"],
        owner_answer: true,
        default: Some("waive"),
        template_blocking: false,
    },
    KeySpec {
        key: "waits",
        answers: "each expected external wait: what, whose clock, the watch ref, the maximum window",
        words: &["window", "refuse"],
        owner_answer: false,
        default: Some("window"),
        template_blocking: false,
    },
    KeySpec {
        key: "human-acts",
        answers: "acts only a person may do, each with the ref that proves it happened",
        words: &[],
        owner_answer: false,
        default: None,
        template_blocking: true,
    },
    KeySpec {
        key: "ambiguity",
        answers: "what to do where the plan did not decide",
        words: &["ruling", "ask", "halt"],
        owner_answer: false,
        default: Some("ruling"),
        template_blocking: false,
    },
    KeySpec {
        key: "budgets",
        answers: "cost ceilings per run, phase and turn",
        words: &[],
        owner_answer: false,
        default: None,
        template_blocking: false,
    },
    KeySpec {
        key: "resume.on-restart",
        answers: "after a console restart: continue, hold or ask",
        words: &["continue", "hold", "ask"],
        owner_answer: false,
        default: Some("continue"),
        template_blocking: false,
    },
    KeySpec {
        key: "plan-health",
        answers: "whether advisory lints should gate this plan",
        words: &[],
        owner_answer: false,
        default: None,
        template_blocking: false,
    },
    KeySpec {
        key: "stop",
        answers: "the autonomy level, and who is told when a run halts",
        words: &[],
        owner_answer: false,
        default: None,
        template_blocking: false,
    },
    KeySpec {
        key: "relay",
        answers: "whether a mid-run question is relayed to a person for a short window",
        words: &["off", "last-resort"],
        owner_answer: false,
        default: Some("off"),
        template_blocking: true,
    },
    KeySpec {
        key: "announce",
        answers: "which notifications are pushed, to whom",
        words: &[],
        owner_answer: false,
        default: None,
        template_blocking: false,
    },
    KeySpec {
        key: "plan-approval",
        answers: "whether a plan-mode phase's plan waits for a person's approval",
        words: &["hold", "continue"],
        owner_answer: false,
        default: None,
        template_blocking: false,
    },
];

/// The operator's four shipped defaults (SPEC §2, §5.7): the only keys a
/// new plan answers (owner `policy`, source `default`); every other key of a
/// new plan is outstanding.
pub const OPERATOR_DEFAULTS: [&str; 4] =
    ["gates", "qa.exhausted", "resume.on-restart", "ambiguity"];

/// The position of `key` in the canonical order, or `None` for a key outside
/// the vocabulary. Keys are case-sensitive (`Relay` is not `relay`).
pub fn key_index(key: &str) -> Option<usize> {
    KEYS.iter().position(|spec| spec.key == key)
}

/// The specification of `key`, or `None` for a key outside the vocabulary.
pub fn key_spec(key: &str) -> Option<&'static KeySpec> {
    KEYS.iter().find(|spec| spec.key == key)
}

/// Every key of the vocabulary, space-separated, in canonical order (used in
/// messages that list the accepted keys).
pub fn key_list() -> String {
    KEYS.iter().map(|k| k.key).collect::<Vec<_>>().join(" ")
}

/// The most characters of a free-text answer the console reads (SPEC §5.5):
/// a row's value is cut to it; a console preference longer than it is no
/// answer.
pub const ANSWER_MAX_CHARS: usize = 200;

/// The classifier kind of each key that has one (SPEC §5.6): the class the
/// runner files a block on that key under. Every other key has none.
pub const KEY_CLASSES: [(&str, &str); 7] = [
    ("credentials", "credential"),
    ("permission.policy", "permission"),
    ("permission.destructive", "permission"),
    ("gates", "gate"),
    ("plan-approval", "gate"),
    ("waits", "external"),
    ("human-acts", "human-acts"),
];

/// A true-or-false switch that answers a key with one of two of its words
/// (SPEC §5.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwitchAnswer {
    /// The key the switch answers.
    pub key: &'static str,
    /// The answer when the switch is `true`.
    pub if_true: &'static str,
    /// The answer when the switch is `false`.
    pub if_false: &'static str,
}

impl SwitchAnswer {
    /// The answer for the switch's value.
    pub fn answer(&self, on: bool) -> &'static str {
        if on { self.if_true } else { self.if_false }
    }
}

/// The run's `resumeOnRestart` (SPEC §5.5): `true` answers
/// `resume.on-restart` with `continue`, `false` with `hold`.
pub const RUN_RESUME_ON_RESTART: SwitchAnswer = SwitchAnswer {
    key: "resume.on-restart",
    if_true: "continue",
    if_false: "hold",
};

/// The key the run's `relay` field answers, when it is one of its words
/// (SPEC §5.5).
pub const RUN_RELAY_KEY: &str = "relay";

/// The console's legacy `delegateHumanGates` switch (SPEC §5.5): `true`
/// answers `gates` with `delegated`, `false` with `operator`.
pub const LEGACY_DELEGATE_HUMAN_GATES: SwitchAnswer = SwitchAnswer {
    key: "gates",
    if_true: "delegated",
    if_false: "operator",
};

impl KeySpec {
    /// Whether the key is answered in free text (it has no answer words).
    pub fn is_free_text(&self) -> bool {
        self.words.is_empty()
    }

    /// Whether the key is a word key (see [`WORD_KEYS`]).
    pub fn is_word_key(&self) -> bool {
        WORD_KEYS.contains(&self.key)
    }

    /// Whether `word` is one of the key's answer words (exact case).
    pub fn is_answer_word(&self, word: &str) -> bool {
        self.words.contains(&word)
    }

    /// The answer words, space-separated (`off last-resort`), for messages.
    pub fn word_list(&self) -> String {
        self.words.join(" ")
    }

    /// The classifier kind of the key (see [`KEY_CLASSES`]), if it has one.
    pub fn class(&self) -> Option<&'static str> {
        KEY_CLASSES
            .iter()
            .find(|(key, _)| *key == self.key)
            .map(|(_, class)| *class)
    }
}

/// The decision states (SPEC §2), in the order messages list them.
pub const STATES: [&str; 3] = ["answered", "outstanding", "waived"];
/// State of a row somebody answered.
pub const STATE_ANSWERED: &str = "answered";
/// State of a row somebody still owes; its owner says who.
pub const STATE_OUTSTANDING: &str = "outstanding";
/// State of a row that does not apply; its value is the reason.
pub const STATE_WAIVED: &str = "waived";

/// The decision sources (SPEC §2), in the order messages list them.
pub const SOURCES: [&str; 4] = ["plan", "run", "default", "ruling"];
/// Source of a row written in the plan itself.
pub const SOURCE_PLAN: &str = "plan";
/// Source of a row written at run time by `answer` or `waive`.
pub const SOURCE_RUN: &str = "run";
/// Source of a row written by `promote` from a ruling.
pub const SOURCE_RULING: &str = "ruling";
/// Source of a row that carries a shipped default.
pub const SOURCE_DEFAULT: &str = "default";

/// Whether `state` (already lower-cased) is one of [`STATES`].
pub fn is_state(state: &str) -> bool {
    STATES.contains(&state)
}

/// Whether `source` (already lower-cased) is one of [`SOURCES`].
pub fn is_source(source: &str) -> bool {
    SOURCES.contains(&source)
}

/// The words a `blocking` cell may hold, lower-cased (SPEC §3.3, §6): the
/// first three mean yes, the last three no.
pub const BLOCKING_WORDS: [&str; 6] = ["yes", "true", "y", "no", "false", "n"];

/// Whether a `blocking` cell (decoration stripped) means yes: `yes`,
/// `true` or `y`, any case.
pub fn is_blocking_yes(cell: &str) -> bool {
    BLOCKING_WORDS[..3]
        .iter()
        .any(|word| cell.eq_ignore_ascii_case(word))
}

/// Whether a `blocking` cell (decoration stripped) means no: `no`, `false`
/// or `n`, any case.
pub fn is_blocking_no(cell: &str) -> bool {
    BLOCKING_WORDS[3..]
        .iter()
        .any(|word| cell.eq_ignore_ascii_case(word))
}

/// The word keys (SPEC §6 `decision-value-unknown`): closed keys whose
/// value is the policy word itself. `credentials`, `mcp` and `waits` are
/// closed too, but their value describes something and may carry the word.
pub const WORD_KEYS: [&str; 8] = [
    "issues",
    "gates",
    "verification.person-check",
    "qa.exhausted",
    "ambiguity",
    "resume.on-restart",
    "relay",
    "plan-approval",
];

/// The words that, alone in an `answered` row's value (any case, decoration
/// stripped, punctuation around it dropped: `(TBD)`, `TODO:`, `FIXME.`),
/// only hold the answer's place (SPEC §5.4): the row counts as outstanding.
/// A run of three or more `x` (`XXXX`) is one too. A value made only of
/// [`is_placeholder_mark`]s (`?`, `...`, `---`, `- -`, `−`, `－`) and one
/// that is only `<…>`-style angle text (words in angle brackets: `<fill
/// in>`, `<owner>`) are placeholders too.
pub const PLACEHOLDER_WORDS: [&str; 4] = ["tbd", "todo", "fixme", "xxx"];

/// Whether `c` is a mark that, with others of its kind and blanks, only
/// holds an answer's place: `?`, `!`, `.`, `,`, `:`, `;`, `…`, `_`, `~`,
/// `*`, `\`, and every dash and minus of Unicode (the hyphen-minus, the
/// hyphens, figure dash, en and em dashes, horizontal bar, the two- and
/// three-em dashes, the minus sign, the small and fullwidth hyphen-minus
/// and dashes).
pub fn is_placeholder_mark(c: char) -> bool {
    matches!(
        c,
        '?' | '!'
            | '.'
            | ','
            | ':'
            | ';'
            | '…'
            | '_'
            | '~'
            | '*'
            | '\\'
            | '-'
            | '\u{058A}'
            | '\u{05BE}'
            | '\u{1400}'
            | '\u{1806}'
            | '\u{2010}'
            ..='\u{2015}'
                | '\u{2E17}'
                | '\u{2E1A}'
                | '\u{2E3A}'
                | '\u{2E3B}'
                | '\u{2E40}'
                | '\u{2E5D}'
                | '\u{301C}'
                | '\u{3030}'
                | '\u{30A0}'
                | '\u{2212}'
                | '\u{2053}'
                | '\u{FE31}'
                | '\u{FE32}'
                | '\u{FE58}'
                | '\u{FE63}'
                | '\u{FF0D}'
    )
}

/// Whether `value` (decoration already stripped, trimmed) is only a
/// placeholder (see [`PLACEHOLDER_WORDS`]).
pub fn is_placeholder(value: &str) -> bool {
    let value = value.trim_matches([' ', '\t']);
    if value.is_empty() {
        return false;
    }
    if value
        .chars()
        .all(|c| is_placeholder_mark(c) || matches!(c, ' ' | '\t'))
    {
        return true;
    }
    let angle = value
        .strip_prefix('<')
        .and_then(|v| v.strip_suffix('>'))
        .is_some_and(|inner| {
            inner.chars().any(char::is_alphanumeric)
                && inner
                    .chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '_' | '-' | '.' | '/' | '…'))
        });
    if angle {
        return true;
    }
    // The word alone, with the punctuation and brackets around it dropped.
    let word = value.trim_matches(|c: char| !c.is_alphanumeric());
    PLACEHOLDER_WORDS
        .iter()
        .any(|placeholder| word.eq_ignore_ascii_case(placeholder))
        || (word.len() >= 3 && word.chars().all(|c| c == 'x' || c == 'X'))
}

/// The keys a view owes when no row decides them (SPEC §5.4 "A missing key
/// is owed"): those the template marks blocking that have no shipped
/// default — `permission.policy`, `permission.destructive`, `accounts`,
/// `human-acts` — in canonical order.
pub fn owed_when_missing() -> impl Iterator<Item = &'static KeySpec> {
    KEYS.iter()
        .filter(|spec| spec.template_blocking && spec.default.is_none())
}

/// Blocker classes, short forms of a key (SPEC §2); `lock` names no key.
pub const BLOCKER_CLASSES: [(&str, Option<&str>); 5] = [
    ("credential", Some("credentials")),
    ("permission", Some("permission.policy")),
    ("gate", Some("gates")),
    ("external", Some("waits")),
    ("lock", None),
];

/// The blocker classes in the order a boot prompt names them (the
/// reference's `decisions.env` `NEED_CLASSES`).
pub const NEED_CLASSES: [&str; 5] = ["lock", "permission", "credential", "gate", "external"];

/// Every blocker class, space-separated, in the order of
/// [`BLOCKER_CLASSES`] (used in messages that list the accepted classes).
pub fn blocker_class_list() -> String {
    BLOCKER_CLASSES
        .iter()
        .map(|(class, _)| *class)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The longest owner name, in characters (SPEC §2).
pub const OWNER_MAX_CHARS: usize = 64;

/// Whether `name` is an owner name: `^[A-Za-z0-9][A-Za-z0-9._@/-]{0,63}$`
/// (SPEC §2).
pub fn is_owner_name(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    first.is_ascii_alphanumeric()
        && name.len() <= OWNER_MAX_CHARS
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '@' | '/' | '-'))
}

/// The words the tool writes in a `blocking` cell (SPEC §7), and offers
/// where one is typed: `yes` or `no` ([`BLOCKING_WORDS`] lists every word
/// a cell may hold).
pub const BLOCKING_WRITTEN: [&str; 2] = ["yes", "no"];

/// One Gate-check type (SPEC §3.2): the word, what its value names, and
/// what clears a gate of that type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GateType {
    /// The type as written after `Gate-check:`.
    pub name: &'static str,
    /// What the value after the type names.
    pub value: &'static str,
    /// What clears the gate.
    pub clears: &'static str,
}

/// The Gate-check types (SPEC §3.2) with their meaning, in the order
/// messages list them.
pub const GATE_TYPE_SPECS: [GateType; 11] = [
    GateType {
        name: "phase",
        value: "a phase number of this plan",
        clears: "that phase of this plan being done",
    },
    GateType {
        name: "phases",
        value: "phase numbers of this plan (`2,3`, `2 3` or a range `2-4`)",
        clears: "every one of those phases being done",
    },
    GateType {
        name: "plan",
        value: "another plan and its phases, `<slug>:<phases>`",
        clears: "those phases of the other plan being done",
    },
    GateType {
        name: "cmd",
        value: "a read-only command",
        clears: "the command exiting 0 (the console runs it only when it runs unattended)",
    },
    GateType {
        name: "date",
        value: "a date, `YYYY-MM-DD`",
        clears: "the calendar reaching that date",
    },
    GateType {
        name: "deadline",
        value: "a date, `YYYY-MM-DD`",
        clears: "nothing to approve before the date; once it has passed the gate is overdue",
    },
    GateType {
        name: "by",
        value: "a date, `YYYY-MM-DD`",
        clears: "as `deadline`: the gate is overdue once the date has passed",
    },
    GateType {
        name: "manual",
        value: "who approves, or what they check (optional)",
        clears: "a person's approval, never a session's, whatever the `gates` decision says",
    },
    GateType {
        name: "ai",
        value: "a one-line check",
        clears: "a session verifying the check and recording the clearance (a person may approve too)",
    },
    GateType {
        name: "landed",
        value: "one other phase number of this plan",
        clears: "that phase's landing record reaching the state its landing policy ends at",
    },
    GateType {
        name: "pr-merged",
        value: "one other phase number of this plan",
        clears: "that phase's landing record reaching `pr-merged`",
    },
];

/// The Gate-check types (SPEC §3.2), in the order messages list them.
pub const GATE_TYPES: [&str; 11] = gate_type_names();

/// The names of [`GATE_TYPE_SPECS`], in order.
const fn gate_type_names() -> [&'static str; 11] {
    let mut names = [""; 11];
    let mut i = 0;
    while i < names.len() {
        names[i] = GATE_TYPE_SPECS[i].name;
        i += 1;
    }
    names
}

/// The Gate-check type `name`, or `None` for a word that is not one.
pub fn gate_type(name: &str) -> Option<&'static GateType> {
    GATE_TYPE_SPECS.iter().find(|t| t.name == name)
}

/// Plan statuses that close a plan (SPEC §3.1); compared case-insensitively
/// on the status's first word.
pub const CLOSED_STATUSES: [&str; 3] = ["complete", "abandoned", "superseded"];

/// Whether a frontmatter `status:` value closes the plan: its first word,
/// lower-cased, is one of [`CLOSED_STATUSES`]. `None` (no status) is open.
pub fn is_closed_status(status: Option<&str>) -> bool {
    status
        .and_then(|s| s.split_whitespace().next())
        .map(|word| {
            let word = word.to_ascii_lowercase();
            CLOSED_STATUSES.contains(&word.as_str())
        })
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_and_the_keys_owed_when_missing() {
        for value in [
            "TBD",
            "tbd",
            "Todo",
            "FIXME",
            "xxx",
            "?",
            "...",
            "---",
            "- -",
            "??",
            "<fill in>",
            "…",
            "(TBD)",
            "[TBD]",
            "TBD?",
            "TODO:",
            "FIXME.",
            "XXXX",
            "\u{2010}",
            "\u{2212}",
            "\u{2015}",
            "\u{2012}",
            "\u{FF0D}",
            "\u{FE63}",
            "\u{2E3A}",
            "?!",
        ] {
            assert!(is_placeholder(value), "{value}");
        }
        for value in [
            "off",
            "TBD later: ask the lead",
            "who signs? the harbour master",
            "<a> and <b>",
            "n/a",
            "",
            "<!-- -->",
            "<>",
            "TBD: ask the lead",
            "x",
            "xx",
            "✓",
            "42",
        ] {
            assert!(!is_placeholder(value), "{value}");
        }
        let keys: Vec<&str> = owed_when_missing().map(|s| s.key).collect();
        assert_eq!(
            keys,
            [
                "permission.policy",
                "permission.destructive",
                "accounts",
                "human-acts"
            ]
        );
    }

    #[test]
    fn canonical_order_starts_and_ends_as_specified() {
        assert_eq!(KEYS.len(), 19);
        assert_eq!(KEYS[0].key, "permission.policy");
        assert_eq!(KEYS[18].key, "plan-approval");
        assert_eq!(key_index("stop"), Some(15));
        assert_eq!(key_index("Relay"), None);
    }

    #[test]
    fn nine_shipped_defaults_each_an_answer() {
        let with_default: Vec<&str> = KEYS
            .iter()
            .filter(|k| k.default.is_some())
            .map(|k| k.key)
            .collect();
        assert_eq!(
            with_default,
            [
                "credentials",
                "mcp",
                "gates",
                "verification.person-check",
                "qa.exhausted",
                "waits",
                "ambiguity",
                "resume.on-restart",
                "relay"
            ]
        );
        for spec in &KEYS {
            if let Some(default) = spec.default {
                assert!(
                    spec.is_answer_word(default) || (spec.owner_answer && is_owner_name(default)),
                    "{}",
                    spec.key
                );
            }
        }
    }

    #[test]
    fn word_keys_and_classes_name_closed_keys_of_the_vocabulary() {
        for key in WORD_KEYS {
            let spec = key_spec(key).expect("a key");
            assert!(!spec.is_free_text() && spec.is_word_key(), "{key}");
        }
        let closed_not_word: Vec<&str> = KEYS
            .iter()
            .filter(|k| !k.is_free_text() && !k.is_word_key())
            .map(|k| k.key)
            .collect();
        assert_eq!(closed_not_word, ["credentials", "mcp", "waits"]);
        for (key, _) in KEY_CLASSES {
            assert!(key_spec(key).is_some(), "{key}");
        }
        for (class, key) in BLOCKER_CLASSES {
            if let Some(key) = key {
                assert_eq!(key_spec(key).and_then(KeySpec::class), Some(class));
            }
        }
        assert_eq!(key_spec("budgets").and_then(KeySpec::class), None);
        assert_eq!(
            blocker_class_list(),
            "credential permission gate external lock"
        );
    }

    #[test]
    fn switches_answer_with_words_of_their_key() {
        for switch in [RUN_RESUME_ON_RESTART, LEGACY_DELEGATE_HUMAN_GATES] {
            let spec = key_spec(switch.key).expect("a key");
            assert!(spec.is_answer_word(switch.answer(true)), "{}", switch.key);
            assert!(spec.is_answer_word(switch.answer(false)), "{}", switch.key);
        }
        assert!(key_spec(RUN_RELAY_KEY).is_some_and(|k| !k.is_free_text()));
    }

    #[test]
    fn owner_names() {
        assert!(is_owner_name("op"));
        assert!(is_owner_name("a.b_c@d/e-f"));
        assert!(!is_owner_name(""));
        assert!(!is_owner_name("-op"));
        assert!(!is_owner_name("o p"));
        assert!(!is_owner_name(&"a".repeat(65)));
        assert!(is_owner_name(&"a".repeat(64)));
    }

    #[test]
    fn gate_types_in_message_order() {
        assert_eq!(GATE_TYPES[0], "phase");
        assert_eq!(GATE_TYPES[10], "pr-merged");
        assert_eq!(gate_type("manual").map(|t| t.name), Some("manual"));
        assert_eq!(gate_type("review"), None);
    }

    #[test]
    fn closed_statuses() {
        assert!(is_closed_status(Some("Complete — shipped")));
        assert!(is_closed_status(Some("superseded by x")));
        assert!(!is_closed_status(Some("active")));
        assert!(!is_closed_status(None));
    }
}
