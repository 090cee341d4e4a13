//! The linter's settings, resolved (SPEC §10.1): which checks run, which
//! are advisory or gating, which are ignored for which files, and which
//! files are not plans. The settings file (`planfile.toml`) and the command
//! line build them ([`crate::config`]); the linter only reads them.

use std::path::{Path, PathBuf};

use super::select::{CheckSet, Selection};
use super::{Check, Severity};
use crate::manifest::policy::ConsolePolicy;
use crate::root::{PathGlob, relative_to};

/// The lint settings, resolved: which checks run, which are advisory, which
/// are ignored for which files, and which files are not plans.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintSettings {
    /// The checks made advisory.
    pub advisory: CheckSet,
    /// The checks made gating (checks that are advisory by default, such
    /// as `decision-value-unknown`, SPEC §6).
    pub gating: CheckSet,
    /// The checks that run (before per-file ignores).
    pub enabled: CheckSet,
    /// `per-file-ignores`: a glob and the checks it turns off.
    pub per_file_ignores: Vec<(PathGlob, CheckSet)>,
    /// `exclude`: globs of files that are not plans.
    pub exclude: Vec<PathGlob>,
    /// The folder the globs start from (the settings file's).
    pub base: Option<PathBuf>,
    /// Notes about the settings (a shared code standing for several checks).
    pub notes: Vec<String>,
    /// The console's policy preferences of the settings file's `[policy]`
    /// table (SPEC §5.5), for the checks that judge as the start gate does
    /// (`decision-key-missing`).
    pub policy: ConsolePolicy,
}

impl Default for LintSettings {
    /// Every check runs with its own severity; nothing is excluded.
    fn default() -> Self {
        LintSettings {
            advisory: CheckSet::EMPTY,
            gating: CheckSet::EMPTY,
            enabled: CheckSet::all(),
            per_file_ignores: Vec::new(),
            exclude: Vec::new(),
            base: None,
            notes: Vec::new(),
            policy: ConsolePolicy::default(),
        }
    }
}

impl LintSettings {
    /// The severity of `check` under these settings.
    pub fn severity(&self, check: &Check) -> Severity {
        if self.advisory.contains_name(check.name) {
            Severity::Advisory
        } else if self.gating.contains_name(check.name) {
            Severity::Gating
        } else {
            check.severity
        }
    }

    /// The checks that run, before per-file ignores.
    pub fn enabled(&self) -> CheckSet {
        self.enabled
    }

    /// The checks `gating` names (made gating whatever their own
    /// severity).
    pub fn gating(&self) -> CheckSet {
        self.gating
    }

    /// The checks `advisory` names (made advisory whatever their own
    /// severity).
    pub fn advisory(&self) -> CheckSet {
        self.advisory
    }

    /// The `exclude` globs, as written.
    pub fn exclude(&self) -> impl Iterator<Item = &str> {
        self.exclude.iter().map(|g| g.text.as_str())
    }

    /// The checks that run on the file at `path` (a plan or a twin): the
    /// enabled ones less those a matching `per-file-ignores` glob names.
    pub fn checks_for(&self, path: &Path) -> CheckSet {
        if self.per_file_ignores.is_empty() {
            return self.enabled;
        }
        let Some(relative) = self.relative(path) else {
            return self.enabled;
        };
        self.per_file_ignores
            .iter()
            .filter(|(glob, _)| glob.matches(&relative))
            .fold(self.enabled, |set, (_, ignored)| set.minus(*ignored))
    }

    /// Whether an `exclude` glob names the file at `path`.
    pub fn is_excluded(&self, path: &Path) -> bool {
        if self.exclude.is_empty() {
            return false;
        }
        self.relative(path)
            .is_some_and(|relative| self.exclude.iter().any(|g| g.matches(&relative)))
    }

    /// `path` relative to the settings file's folder (its file name alone
    /// when it is not below it).
    fn relative(&self, path: &Path) -> Option<PathBuf> {
        let base = self.base.as_deref()?;
        relative_to(path, base).or_else(|| path.file_name().map(PathBuf::from))
    }

    /// These settings with the command line's `selection` applied on top
    /// (the command line wins, SPEC §10.1).
    pub fn with_selection(mut self, selection: &Selection) -> LintSettings {
        self.enabled = selection.apply(self.enabled);
        self
    }

    /// These settings with `checks` left out of the checks that run (those
    /// a command does not report).
    pub fn without(mut self, checks: CheckSet) -> LintSettings {
        self.enabled = self.enabled.minus(checks);
        self
    }

    /// Notes about these settings for the user (each names its file and
    /// line): a code that stands for several checks.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }
}
