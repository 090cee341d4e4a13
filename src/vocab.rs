//! The decision vocabulary (SPEC §2): the nineteen keys in canonical order, the
//! states, the sources, the blocker classes and the owner-name rule.
//!
//! This module is the one source of truth: every other module reads keys,
//! states and sources from here. The vocabularies of the other checks live
//! beside it, one submodule each.

pub mod console;
pub mod directives;
pub mod packages;
pub mod verify;

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
        default: Some("off"),
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
        default: Some("hold"),
        template_blocking: false,
    },
];

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

/// Blocker classes, short forms of a key (SPEC §2); `lock` names no key.
pub const BLOCKER_CLASSES: [(&str, Option<&str>); 5] = [
    ("credential", Some("credentials")),
    ("permission", Some("permission.policy")),
    ("gate", Some("gates")),
    ("external", Some("waits")),
    ("lock", None),
];

/// The key a blocker class names: `Some(Some(key))` for a class with a key,
/// `Some(None)` for `lock`, `None` for a word that is not a class.
pub fn blocker_class_key(class: &str) -> Option<Option<&'static str>> {
    BLOCKER_CLASSES
        .iter()
        .find(|(name, _)| *name == class)
        .map(|(_, key)| *key)
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

/// The Gate-check types (SPEC §3.2), in the order messages list them.
pub const GATE_TYPES: [&str; 11] = [
    "phase",
    "phases",
    "plan",
    "cmd",
    "date",
    "deadline",
    "by",
    "manual",
    "ai",
    "landed",
    "pr-merged",
];

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
    fn canonical_order_starts_and_ends_as_specified() {
        assert_eq!(KEYS.len(), 19);
        assert_eq!(KEYS[0].key, "permission.policy");
        assert_eq!(KEYS[18].key, "plan-approval");
        assert_eq!(key_index("stop"), Some(15));
        assert_eq!(key_index("Relay"), None);
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
    fn closed_statuses() {
        assert!(is_closed_status(Some("Complete — shipped")));
        assert!(is_closed_status(Some("superseded by x")));
        assert!(!is_closed_status(Some("active")));
        assert!(!is_closed_status(None));
    }
}
