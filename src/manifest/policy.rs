//! What the console brings to the answer in force (SPEC §5.5) besides the
//! plan, as data: its own policy preferences, and the fields of the run.
//! Where they are read from (`--policy FILE`, the `[policy]` table of
//! `planfile.toml`, `--run FILE`) is the settings' business
//! ([`crate::config::policy`]).

use std::collections::BTreeMap;

/// The console's policy preferences (SPEC §5.5, source 3 and 4).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ConsolePolicy {
    /// The preferred answer of each key that has one, as written (one line),
    /// by key of the vocabulary.
    pub answers: BTreeMap<&'static str, String>,
    /// The legacy switch `delegateHumanGates` (JSON only), when set: `true`
    /// answers `gates` with `delegated`, `false` with `operator`.
    pub delegate_human_gates: Option<bool>,
}

/// The run's own fields (SPEC §5.5, source 1).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunFields {
    /// `resumeOnRestart`: `true` answers `resume.on-restart` with `continue`,
    /// `false` with `hold`.
    pub resume_on_restart: Option<bool>,
    /// `relay`: answers `relay` when it is one of its answer words.
    pub relay: Option<String>,
}

impl ConsolePolicy {
    /// The console's preferred answer for `key`, if it has one.
    pub fn answer(&self, key: &str) -> Option<&str> {
        self.answers.get(key).map(String::as_str)
    }
}
