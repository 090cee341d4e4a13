//! The model vocabulary the plan engine reads (SPEC §11): the model
//! aliases, which of them are in the big budget class, the suffix that
//! selects a 1M-token window, and what a run may do to a phase's model.
//!
//! The values are those of the reference's shipped `scripts/models.env`.

/// The model aliases, strongest first.
pub const MODEL_ALIASES: [&str; 4] = ["fable", "opus", "sonnet", "haiku"];

/// The model families in the big budget class
/// ([`super::sizing::BUDGET_BIG`]).
pub const MODEL_BIG: [&str; 4] = ["fable", "opus", "sonnet", "mythos"];

/// The cheap, fast model family ([`super::sizing::BUDGET_HAIKU`]).
pub const MODEL_SMALL: &str = "haiku";

/// The suffix of a model name that selects a 1M-token window
/// ([`super::sizing::BUDGET_1M`]).
pub const MODEL_1M_SUFFIX: &str = "[1m]";

/// The prefix a full model id may carry before its family word.
pub const MODEL_ID_PREFIX: &str = "claude-";

/// What a run may do to a phase's model: `ladder` steps it, `pinned`
/// keeps it.
pub const MODEL_POLICIES: [&str; 2] = ["ladder", "pinned"];

/// Every family word a §Session budget line may name a model by: the
/// aliases and the big class, each once, sorted (the order the reference's
/// pattern lists them in).
pub fn model_families() -> Vec<&'static str> {
    let mut words: Vec<&'static str> = MODEL_ALIASES.iter().chain(&MODEL_BIG).copied().collect();
    words.sort_unstable();
    words.dedup();
    words
}
