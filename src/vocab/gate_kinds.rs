//! What kind of gate a Gate-check type is (SPEC §11): who or what clears
//! it. The values are those of the reference's shipped `scripts/gates.env`
//! (`GATE_TYPES_HUMAN`, `GATE_TYPES_AI`, `GATE_DEFAULT`); the types
//! themselves are [`super::GATE_TYPES`]. It also holds the deny list of
//! `cmd` gates (`GATE_CMD_DENY`).

/// The kind of a phase's gate, as `phase-graph --gate-kind` prints it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GateKind {
    /// A person must act: a `manual` gate, or a type that is not a
    /// Gate-check type (fail-safe).
    Human,
    /// A session may verify and clear it (a person may still approve).
    Ai,
    /// The engine evaluates it by itself.
    Auto,
    /// The phase is not gated.
    None,
}

impl GateKind {
    /// The word `--gate-kind` prints.
    pub fn word(self) -> &'static str {
        match self {
            GateKind::Human => "human",
            GateKind::Ai => "ai",
            GateKind::Auto => "auto",
            GateKind::None => "none",
        }
    }
}

/// The Gate-check types a person must clear.
pub const GATE_TYPES_HUMAN: [&str; 1] = ["manual"];

/// The Gate-check types a session may clear.
pub const GATE_TYPES_AI: [&str; 1] = ["ai"];

/// The landing state a `landed N` gate wants under each land policy
/// (`policy`, `state`), as the reference's `landing.env` ships them.
pub const LANDED_BY_POLICY: [(&str, &str); 4] = [
    ("hold", "held"),
    ("integrate", "integrated"),
    ("pr", "pr-merged"),
    ("trunk", "landed"),
];

/// The landing states that clear a `pr-merged N` gate.
pub const PR_MERGED_STATES: [&str; 1] = ["pr-merged"];

/// What a GATED phase without a Gate-check reads as.
pub const GATE_DEFAULT: &str = "ai";

/// The kind of a gate of Gate-check type `word` (the first word of the
/// directive's value): human for [`GATE_TYPES_HUMAN`], ai for
/// [`GATE_TYPES_AI`], auto for any other Gate-check type, and human for a
/// word that is no Gate-check type at all.
pub fn kind_of_type(word: &str) -> GateKind {
    if GATE_TYPES_HUMAN.contains(&word) {
        GateKind::Human
    } else if GATE_TYPES_AI.contains(&word) {
        GateKind::Ai
    } else if super::GATE_TYPES.contains(&word) {
        GateKind::Auto
    } else {
        GateKind::Human
    }
}
/// The commands a `cmd` gate must never run: a gate asks whether the world
/// is in the required state and never changes it (removing, moving or
/// killing; `sudo`; git that moves refs or the tree; `terraform apply`;
/// docker removals; deploy tasks; package publishing; cloud verbs that
/// create or delete; a redirect into an absolute path).
pub const GATE_CMD_DENY: &str = concat!(
    r"(^|[;&|[:space:]])(rm|mv|dd|mkfs|shutdown|reboot|kill|pkill|chown|chmod|sudo)([[:space:]]|$)",
    r"|terraform[[:space:]]+(apply|destroy)",
    r"|git([[:space:]]+(-[Cc][[:space:]]+[^[:space:]]+|--?[[:alnum:]_-]+(=[^[:space:]]+)?))*[[:space:]]+(push|reset|clean|checkout|commit|rebase|merge)(-(file|index|one-file))?([^-[:alnum:]_]|$)",
    r"|docker[[:space:]]+(rm|rmi|kill|stop|system[[:space:]]+prune)",
    r"|task[[:space:]]+[a-z:]*(deploy|ship|update|apply|destroy)",
    r"|(npm|pnpm|yarn|cargo|gem|twine|poetry|uv)[[:space:]]+(publish|version|deprecate|unpublish|dist-tag|owner|access)",
    r"|[[:space:]](delete|put|create|set|modify|terminate|reboot)-",
    r"|>[[:space:]]*/|>>[[:space:]]*/",
);
