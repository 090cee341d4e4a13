//! The words of a human step (SPEC-PARITY.md section B, F37, and section D,
//! F38 and F40): the `- **Human step:** <kind> · <what> · key: value …`
//! bullet of a phase, or of the plan's `## Operator errands` section.
//!
//! The lint reads the kinds, the keyed fields, the places, the reasons and
//! the watch-ref schemes from here; nothing else spells them.

/// The label of a human-step bullet.
pub const STEP_LABEL: &str = "Human step";

/// The heading prefix of the plan's own steps, read as phase 0.
pub const OPERATOR_ERRANDS: &str = "Operator errands";

/// A kind of act only a person can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepKind {
    /// The kind as written first in the bullet (`browser-login`).
    pub name: &'static str,
    /// Where the act is done when the bullet does not say (`host` or `any`).
    pub default_where: &'static str,
    /// The reasons a step of this kind may give in `why:`; the first is the
    /// reason it is given when it names none.
    pub reasons: &'static [&'static str],
    /// What the person does, in one line.
    pub meaning: &'static str,
}

/// The eighteen step kinds, in the catalogue's order (messages list them
/// so).
pub const KINDS: [StepKind; 18] = [
    StepKind {
        name: "browser-login",
        default_where: "host",
        reasons: &["identity", "secret"],
        meaning: "signs a tool in through a browser",
    },
    StepKind {
        name: "device-code",
        default_where: "any",
        reasons: &["identity"],
        meaning: "enters a code a tool printed on another device",
    },
    StepKind {
        name: "one-time-code",
        default_where: "host",
        reasons: &["identity", "secret"],
        meaning: "types a one-time code a service sent",
    },
    StepKind {
        name: "secret-entry",
        default_where: "any",
        reasons: &["secret", "identity", "money"],
        meaning: "stores a secret in the console's registry (the only kind with a credential:)",
    },
    StepKind {
        name: "claude-login",
        default_where: "host",
        reasons: &["identity"],
        meaning: "signs the model's command-line tool in",
    },
    StepKind {
        name: "mcp-login",
        default_where: "host",
        reasons: &["identity", "secret"],
        meaning: "signs an MCP server in",
    },
    StepKind {
        name: "os-prompt",
        default_where: "host",
        reasons: &["physical", "identity", "secret"],
        meaning: "answers a prompt of the operating system",
    },
    StepKind {
        name: "os-permission",
        default_where: "host",
        reasons: &["physical", "permission"],
        meaning: "grants a program a permission in the system settings",
    },
    StepKind {
        name: "third-party-approval",
        default_where: "any",
        reasons: &["third-party", "decision"],
        meaning: "waits for someone outside the run to approve",
    },
    StepKind {
        name: "physical",
        default_where: "host",
        reasons: &["physical"],
        meaning: "does something with the hands (plugs in a key, flips a switch)",
    },
    StepKind {
        name: "person-check",
        default_where: "any",
        reasons: &["decision", "reserved"],
        meaning: "looks at something and says whether it is right",
    },
    StepKind {
        name: "decision",
        default_where: "any",
        reasons: &["decision", "money", "legal", "reserved"],
        meaning: "decides something the plan leaves open",
    },
    StepKind {
        name: "protected-path",
        default_where: "host",
        reasons: &["reserved", "permission"],
        meaning: "changes a path a session may not touch",
    },
    StepKind {
        name: "interactive-prompt",
        default_where: "host",
        reasons: &["identity", "secret", "decision", "physical"],
        meaning: "answers a program that waits for typed input",
    },
    StepKind {
        name: "captcha",
        default_where: "any",
        reasons: &["identity"],
        meaning: "passes a test meant to keep programs out",
    },
    StepKind {
        name: "email-link",
        default_where: "any",
        reasons: &["identity", "reach"],
        meaning: "clicks a link a service sent by e-mail",
    },
    StepKind {
        name: "operator-act",
        default_where: "host",
        reasons: &[
            "reserved",
            "permission",
            "identity",
            "secret",
            "money",
            "legal",
            "decision",
            "physical",
            "reach",
            "third-party",
        ],
        meaning: "an act the operator keeps for themself (publish, restart, pay)",
    },
    StepKind {
        name: "permission",
        default_where: "any",
        reasons: &["permission"],
        meaning: "grants or denies a permission the run met",
    },
];

/// The step kind named `name` (already lower-cased), if it is one.
pub fn kind(name: &str) -> Option<&'static StepKind> {
    KINDS.iter().find(|k| k.name == name)
}

/// Every step kind, space-separated, in catalogue order (for messages).
pub fn kind_list() -> String {
    KINDS.iter().map(|k| k.name).collect::<Vec<_>>().join(" ")
}

/// The keyed fields a step may carry after its kind and what to do, in the
/// order messages list them, each with what it says.
pub const FIELDS: [(&str, &str); 11] = [
    ("open", "the link or command the step opens"),
    ("proof", "the watch ref that proves the act happened"),
    ("where", "where the act can be done: host or any"),
    ("window", "how long the step stays open, a duration"),
    ("auto-open", "host: the console opens the step itself"),
    ("credential", "the registry id a secret-entry step stores"),
    ("due", "the watch ref the step waits on before it is due"),
    ("why", "the reason only a person fits the act"),
    ("effort", "how long the act takes, a duration"),
    ("unblocks", "the phases the act unblocks, comma-separated"),
    ("guide", "a Markdown guide under the docs root"),
];

/// Whether `key` (already lower-cased) is a keyed field of a step.
pub fn is_field(key: &str) -> bool {
    FIELDS.iter().any(|(name, _)| *name == key)
}

/// Every keyed field, space-separated (for messages).
pub fn field_list() -> String {
    FIELDS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(" ")
}

/// Where an act can be done: `host` (at the machine) or `any` (anywhere).
pub const WHERE: [&str; 2] = ["host", "any"];

/// The one value `auto-open:` takes: the console opens the step on the
/// host.
pub const AUTO_OPEN: [&str; 1] = ["host"];

/// The ten reasons only a person fits an act, each with what it means.
pub const REASONS: [(&str, &str); 10] = [
    ("permission", "only a person may grant it"),
    ("identity", "it proves who someone is"),
    ("secret", "it handles a secret no session may see"),
    ("money", "it spends money"),
    ("legal", "it binds someone legally"),
    ("decision", "it is a person's choice"),
    ("physical", "it needs hands at the machine"),
    ("reach", "it needs an account or place the run cannot reach"),
    ("third-party", "someone outside the run must act"),
    ("reserved", "the operator keeps it for themself"),
];

/// Whether `reason` (already lower-cased) is one of [`REASONS`].
pub fn is_reason(reason: &str) -> bool {
    REASONS.iter().any(|(r, _)| *r == reason)
}

/// Every reason, space-separated (for messages).
pub fn reason_list() -> String {
    REASONS
        .iter()
        .map(|(r, _)| *r)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The watch-ref schemes a `due:` value may use (the refs the console
/// polls), each with its shape.
pub const WATCH_SCHEMES: [(&str, &str); 8] = [
    ("gh", "gh:<owner/repo>#run/<id> or gh:<owner/repo>#pr/<n>"),
    ("date", "date:<ISO8601 instant>"),
    ("until", "until:<ISO8601 instant>"),
    ("lock", "lock:<slug>/<phase>"),
    ("phase", "phase:<slug>/<phase>"),
    ("verify", "verify:<slug>/<phase>"),
    ("cmd", "cmd:\"<command>\""),
    ("unit", "unit:<host>/<unit>"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_a_place_and_a_reason() {
        for k in KINDS {
            assert!(WHERE.contains(&k.default_where), "{}", k.name);
            assert!(!k.reasons.is_empty(), "{}", k.name);
            assert!(k.reasons.iter().all(|r| is_reason(r)), "{}", k.name);
        }
        assert_eq!(kind("operator-act").map(|k| k.reasons[0]), Some("reserved"));
        assert!(kind("credential").is_none());
        assert_eq!(field_list().split(' ').count(), 11);
    }
}
