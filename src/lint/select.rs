//! Which checks run (SPEC §10.1): sets of checks, the selectors that name
//! them, and the one resolution of `select` / `extend-select` / `ignore`
//! that `planfile.toml` and the command line share.
//!
//! A selector is a check's name (`gate-phase-self`), a code (`F24`, every
//! check with that code) or `ALL`. The enabled set is resolved in layers,
//! the settings file first and the command line last, as ruff does: a layer
//! with `select` starts again from its selection, otherwise from the set the
//! layer before left; `extend-select` adds and `ignore` removes. Within one
//! layer a check named by both a selection and an ignore follows the more
//! specific selector (a name over a code, a code over `ALL`); on a tie the
//! ignore wins.

use std::fmt;
use std::path::PathBuf;

use super::{CHECKS, Check};
use crate::error::{Error, Result, escape_invisible};

/// A set of checks of the registry [`CHECKS`], one bit per registry index.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CheckSet(u128);

impl CheckSet {
    /// No check.
    pub const EMPTY: CheckSet = CheckSet(0);

    /// Every check of the registry.
    pub fn all() -> CheckSet {
        CheckSet::from_indexes(0..CHECKS.len())
    }

    /// The checks at registry `indexes`.
    pub fn from_indexes(indexes: impl IntoIterator<Item = usize>) -> CheckSet {
        CheckSet(indexes.into_iter().fold(0, |bits, i| bits | (1u128 << i)))
    }

    /// The set holding `checks` (entries of [`CHECKS`]).
    pub fn of(checks: &[&Check]) -> CheckSet {
        CheckSet::from_indexes(checks.iter().filter_map(|c| index_of(c)))
    }

    /// Whether the check at registry `index` is in the set.
    pub fn contains(self, index: usize) -> bool {
        index < 128 && self.0 & (1u128 << index) != 0
    }

    /// Whether the set holds the check named `name`.
    pub fn contains_name(self, name: &str) -> bool {
        CHECKS
            .iter()
            .position(|c| c.name == name)
            .is_some_and(|i| self.contains(i))
    }

    /// The checks in both sets.
    pub fn intersect(self, other: CheckSet) -> CheckSet {
        CheckSet(self.0 & other.0)
    }

    /// The checks in either set.
    pub fn union(self, other: CheckSet) -> CheckSet {
        CheckSet(self.0 | other.0)
    }

    /// The checks of this set that are not in `other`.
    pub fn minus(self, other: CheckSet) -> CheckSet {
        CheckSet(self.0 & !other.0)
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of checks in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The checks of the set, in registry order.
    pub fn checks(self) -> impl Iterator<Item = &'static Check> {
        CHECKS
            .iter()
            .enumerate()
            .filter(move |(i, _)| self.contains(*i))
            .map(|(_, c)| c)
    }
}

/// The registry index of `check`.
fn index_of(check: &Check) -> Option<usize> {
    CHECKS.iter().position(|c| std::ptr::eq(c, check))
}

/// Where a selector was written, for messages: a command-line option, or a
/// line of a settings file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A command-line option, e.g. `--select`.
    Option(&'static str),
    /// `[lint] <key>` at `line` of the settings file `path`.
    File {
        /// The settings file.
        path: PathBuf,
        /// 1-based line of the entry.
        line: usize,
        /// The key under `[lint]`, e.g. `select`.
        key: String,
    },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Option(option) => write!(f, "{option}"),
            Source::File { path, line, key } => write!(
                f,
                "{}:{line}: [lint] {key}",
                crate::error::escape_path(path)
            ),
        }
    }
}

/// How specific a selector is: `ALL` < a code < a check's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Specificity {
    All,
    Code,
    Name,
}

/// One entry of `select`, `extend-select`, `ignore`, `advisory` or a
/// per-file ignore: the checks it names and where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selector {
    /// The entry as written.
    pub text: String,
    /// The checks it names.
    pub checks: CheckSet,
    /// Where it was written.
    pub source: Source,
    specificity: Specificity,
}

impl Selector {
    /// Reads one entry: `ALL`, a check's name or a code (any case).
    /// [`Error::Usage`] (from an option) or [`Error::Config`] (from a file)
    /// naming where it was written when it names no check; both exit 2.
    pub fn parse(text: &str, source: Source) -> Result<Selector> {
        let trimmed = text.trim();
        let (checks, specificity) = if trimmed.eq_ignore_ascii_case("ALL") {
            (CheckSet::all(), Specificity::All)
        } else {
            let found = super::lookup(trimmed);
            let specificity = match found.first() {
                Some(c) if c.name.eq_ignore_ascii_case(trimmed) => Specificity::Name,
                _ => Specificity::Code,
            };
            (CheckSet::of(&found), specificity)
        };
        if checks.is_empty() {
            let message = format!(
                "{source} names \"{}\", which is no check; use a check's name or code from `planfile explain` (e.g. {} or {}), or ALL",
                escape_invisible(text),
                CHECKS.first().map(|c| c.name).unwrap_or_default(),
                CHECKS.first().map(|c| c.code).unwrap_or_default(),
            );
            return Err(match source {
                Source::Option(_) => Error::Usage(message),
                Source::File { .. } => Error::Config(message),
            });
        }
        Ok(Selector {
            text: trimmed.to_string(),
            checks,
            source,
            specificity,
        })
    }

    /// Reads a command-line list: every comma-separated entry of every
    /// value of `option` (empty entries are skipped).
    pub fn parse_option(option: &'static str, values: &[String]) -> Result<Vec<Selector>> {
        values
            .iter()
            .flat_map(|v| v.split(','))
            .filter(|entry| !entry.trim().is_empty())
            .map(|entry| Selector::parse(entry, Source::Option(option)))
            .collect()
    }

    /// Refuses (exit 2) a selector that names a certainty check by its name
    /// where it would hide it (`ignore`, `advisory`, `per-file-ignores`,
    /// `--ignore`, written in `key`): no setting hides such a check (SPEC
    /// §6 "Validate agrees with the gate"). A code (`F25`) is no error: it
    /// leaves the certainty checks on and applies to the others.
    pub fn refuse_hiding_certainty(&self, key: &str) -> Result<()> {
        let [check] = self.checks.checks().collect::<Vec<_>>()[..] else {
            return Ok(());
        };
        if self.specificity != Specificity::Name
            || !super::certainty::is_certainty_check(check.name)
        {
            return Ok(());
        }
        let message = format!(
            "{} names {}, which no setting can {key}: its findings mean a Decisions section cannot be read with certainty, and the start gate refuses while one stands; remove it here and fix what it finds",
            self.source, check.name
        );
        Err(match self.source {
            Source::Option(_) => Error::Usage(message),
            Source::File { .. } => Error::Config(message),
        })
    }

    /// When this selector is a code shared by several checks, a one-line
    /// note saying so and pointing at `planfile explain CODE`, which lists
    /// them (`F20` names eight checks, not one). A settings file is shown
    /// as every output shows a path.
    pub fn shared_code_note(&self) -> Option<String> {
        if self.specificity != Specificity::Code || self.checks.len() < 2 {
            return None;
        }
        let place = match &self.source {
            Source::Option(option) => option.to_string(),
            Source::File { path, line, key } => format!(
                "{}:{line}: [lint] {key}",
                escape_invisible(&crate::root::shown_path(path))
            ),
        };
        let code = self.checks.checks().next().map_or("", |c| c.code);
        Some(format!(
            "{place}: \"{}\" stands for {} checks; `planfile explain {code}` lists them",
            escape_invisible(&self.text),
            self.checks.len(),
        ))
    }
}

/// The union of the checks that `selectors` name.
pub fn union(selectors: &[Selector]) -> CheckSet {
    selectors
        .iter()
        .fold(CheckSet::EMPTY, |set, s| set.union(s.checks))
}

/// One layer of the selection: the settings file's `[lint]` or the
/// command line's options.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// `select`: when given, the layer starts from these checks alone.
    pub select: Option<Vec<Selector>>,
    /// `extend-select`: checks added to what the layer starts from.
    pub extend_select: Vec<Selector>,
    /// `ignore`: checks removed.
    pub ignore: Vec<Selector>,
}

impl Selection {
    /// The enabled set after this layer, given the set `before` it (every
    /// check, for the first layer). See the module documentation.
    pub fn apply(&self, before: CheckSet) -> CheckSet {
        let start = if self.select.is_some() {
            CheckSet::EMPTY
        } else {
            before
        };
        let selected: Vec<&Selector> = self
            .select
            .iter()
            .flatten()
            .chain(&self.extend_select)
            .collect();
        let mut enabled = CheckSet::EMPTY;
        for index in 0..CHECKS.len() {
            let best = |selectors: &mut dyn Iterator<Item = &Selector>| {
                selectors
                    .filter(|s| s.checks.contains(index))
                    .map(|s| s.specificity)
                    .max()
            };
            let chosen = best(&mut selected.iter().copied());
            let ignored = best(&mut self.ignore.iter());
            let on = match (chosen, ignored) {
                (Some(s), Some(i)) => s > i,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => start.contains(index),
            };
            if on {
                enabled = enabled.union(CheckSet::from_indexes([index]));
            }
        }
        enabled
    }

    /// Every selector of the layer, for notes about shared codes.
    pub fn selectors(&self) -> impl Iterator<Item = &Selector> {
        self.select
            .iter()
            .flatten()
            .chain(&self.extend_select)
            .chain(&self.ignore)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sel(text: &str) -> Selector {
        Selector::parse(text, Source::Option("--select")).expect("a known check")
    }

    fn names(set: CheckSet) -> Vec<&'static str> {
        set.checks().map(|c| c.name).collect()
    }

    #[test]
    fn registry_fits_the_set() {
        assert!(CHECKS.len() <= 128, "CheckSet holds at most 128 checks");
        assert_eq!(CheckSet::all().len(), CHECKS.len());
    }

    #[test]
    fn selectors_by_name_code_and_all() {
        assert_eq!(names(sel("gate-phase-self").checks), ["gate-phase-self"]);
        assert_eq!(sel("f24").checks.len(), super::super::lookup("F24").len());
        assert_eq!(sel("all").checks, CheckSet::all());
        let err = Selector::parse("F99", Source::Option("--ignore")).expect_err("unknown");
        assert_eq!(err.exit_code(), 2);
        assert!(
            err.to_string().starts_with("--ignore names \"F99\""),
            "{err}"
        );
        assert!(sel("F20").shared_code_note().is_some());
        assert!(sel("F14").shared_code_note().is_none());
        assert!(sel("gate-phase-self").shared_code_note().is_none());
    }

    #[test]
    fn layers_resolve_as_ruff_does() {
        let all = CheckSet::all();
        let layer = |select: Option<&[&str]>, extend: &[&str], ignore: &[&str]| Selection {
            select: select.map(|s| s.iter().map(|t| sel(t)).collect()),
            extend_select: extend.iter().map(|t| sel(t)).collect(),
            ignore: ignore.iter().map(|t| sel(t)).collect(),
        };
        assert_eq!(Selection::default().apply(all), all);
        let f24 = sel("F24").checks;
        assert_eq!(layer(Some(&["F24"]), &[], &[]).apply(all), f24);
        assert_eq!(
            layer(Some(&["F24"]), &["F14"], &[]).apply(all),
            f24.union(sel("F14").checks)
        );
        // A name is more specific than a code: it survives the code's ignore.
        assert_eq!(
            names(
                layer(None, &["gate-phase-self"], &["F24"])
                    .apply(all)
                    .intersect(f24)
            ),
            ["gate-phase-self"]
        );
        // On a tie the ignore wins.
        assert!(layer(Some(&["F24"]), &[], &["F24"]).apply(all).is_empty());
        // The command line's layer wins over the file's.
        let file = layer(None, &[], &["F14"]).apply(all);
        assert!(!file.contains_name("verification-empty-open"));
        let cli = layer(None, &["F14"], &[]).apply(file);
        assert!(cli.contains_name("verification-empty-open"));
        assert_eq!(
            layer(Some(&["F14"]), &[], &[]).apply(file),
            sel("F14").checks
        );
    }
}
