//! `planfile.toml`: the project's settings (SPEC §10.1).
//!
//! ```toml
//! [lint]
//! advisory = ["phase-duplicate", "F21"]          # print, never fail
//! gating = ["decision-value-unknown"]             # an advisory check that fails
//! select = ["ALL"]                               # the checks that run (default: all)
//! extend-select = []                             # added to select
//! ignore = ["gate-date-invalid"]                 # removed
//! exclude = ["docs/plans/archive"]               # not plans, when plans are discovered
//!
//! [lint.per-file-ignores]
//! "docs/plans/legacy-*.md" = ["F21"]
//!
//! [policy]                                       # the console's answers (SPEC §5.5)
//! ```
//!
//! Every list names checks by name or code (a code shared by several checks
//! stands for all of them) or `ALL`. Globs are relative to the folder of
//! the file. The file is found at the docs root, else in the nearest
//! ancestor of the working directory that has one; it is optional. An
//! unknown key, a bad value, an unknown check or a bad glob is an error
//! naming the file and line (exit 2).
//!
//! What belongs here: the settings file, which plans a `validate` run lints
//! ([`discover`]) and the console's policy files ([`policy`]). It builds
//! the linter's settings, as data; no layer below it reads it. It may use
//! [`crate::lint`] and the layers below it.

pub mod discover;
pub mod policy;

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::error::{Error, Result, escape_invisible, escape_path};
use crate::lint::select::{CheckSet, Selection, Selector, Source, union};
use crate::lint::settings::LintSettings;
use crate::root::PathGlob;
use crate::root::absolute;

/// The name of the settings file.
pub const CONFIG_FILE: &str = "planfile.toml";

/// What `planfile.toml` holds, for messages about a key it does not know.
const KEYS: &str = "planfile.toml holds [lint] (advisory, gating, select, extend-select, ignore, exclude, per-file-ignores) and [policy]";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    #[serde(default)]
    lint: RawLint,
    /// The console's policy: read and checked by [`crate::manifest::policy`].
    #[serde(default, rename = "policy")]
    _policy: Option<serde::de::IgnoredAny>,
}

type Entries = Vec<Spanned<String>>;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawLint {
    #[serde(default)]
    advisory: Entries,
    #[serde(default)]
    gating: Entries,
    #[serde(default)]
    select: Option<Entries>,
    #[serde(default)]
    extend_select: Entries,
    #[serde(default)]
    ignore: Entries,
    #[serde(default)]
    exclude: Entries,
    #[serde(default)]
    per_file_ignores: BTreeMap<Spanned<String>, Entries>,
}

/// `planfile.toml`, read and checked: where it was found, its `[lint]`
/// settings and its `[policy]` table.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// The file read; `None` when there is none (the defaults).
    pub file: Option<PathBuf>,
    /// The lint settings.
    pub lint: LintSettings,
    /// The console's preferences of its `[policy]` table (none when the
    /// file has no such table).
    pub policy: crate::manifest::policy::ConsolePolicy,
}

impl Config {
    /// The settings file for the docs root `root`: `<root>/planfile.toml`,
    /// else the nearest ancestor of `cwd` (itself included) holding a
    /// `planfile.toml`; `None` when there is none.
    pub fn find(root: &Path, cwd: &Path) -> Option<PathBuf> {
        std::iter::once(root)
            .chain(cwd.ancestors())
            .map(|dir| dir.join(CONFIG_FILE))
            .find(|file| file.is_file())
    }

    /// Finds (see [`Config::find`]) and reads the settings for `root`; the
    /// defaults when there is no file. Errors as [`Config::from_file`].
    pub fn discover(root: &Path, cwd: &Path) -> Result<Config> {
        match Config::find(root, cwd) {
            Some(file) => Config::from_file(&file),
            None => Ok(Config::default()),
        }
    }

    /// The `planfile.toml` files that lie deeper than `in_use` (the file
    /// [`Config::find`] chose for the docs root `root`; `None` when there
    /// is none) and so are not read (SPEC §10.1): one in a folder between
    /// `plan` and the docs root (a `docs/plans/legacy/planfile.toml`), or
    /// in an ancestor of the working directory `cwd` below the folder of
    /// `in_use`. Paths are absolute, normalised lexically, nearest first.
    pub fn unread_beside(
        root: &Path,
        cwd: &Path,
        plan: &Path,
        in_use: Option<&Path>,
    ) -> Vec<PathBuf> {
        let root = absolute(root);
        let in_use = in_use.map(absolute);
        let plan = absolute(plan);
        let plan_dirs = plan
            .ancestors()
            .skip(1)
            .take_while(|dir| *dir != root && dir.starts_with(&root));
        let top = in_use.as_deref().and_then(Path::parent);
        let cwd = absolute(cwd);
        let cwd_dirs = cwd
            .ancestors()
            .take_while(|dir| top.is_some_and(|top| *dir != top && dir.starts_with(top)));
        let mut unread: Vec<PathBuf> = Vec::new();
        for dir in plan_dirs.chain(cwd_dirs) {
            let file = dir.join(CONFIG_FILE);
            if Some(&file) != in_use.as_ref() && !unread.contains(&file) && file.is_file() {
                unread.push(file);
            }
        }
        unread
    }

    /// [`Config::discover`] from the process's working directory.
    pub fn load(root: &Path) -> Result<Config> {
        let cwd = std::env::current_dir().unwrap_or_else(|_| root.to_path_buf());
        Config::discover(root, &cwd)
    }

    /// Reads the settings file `path` (`--config FILE`). [`Error::Read`] /
    /// [`Error::NotUtf8`] when it cannot be read (a missing file included),
    /// [`Error::Config`] naming the file and line when it is not valid.
    pub fn from_file(path: &Path) -> Result<Config> {
        Config::parse(path, &read_text(path)?)
    }

    /// Parses the text of a settings file read from `path` (named in
    /// errors; its folder is where the globs start).
    pub fn parse(path: &Path, text: &str) -> Result<Config> {
        let raw: RawConfig = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(text, s.start));
            config_error(path, line, &format!("{}; {KEYS}", e.message().trim_end()))
        })?;
        let policy = policy::policy_from_toml(path, text)?;
        let base = path
            .parent()
            .map(|p| {
                if p.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    p
                }
            })
            .unwrap_or(Path::new("."))
            .to_path_buf();
        let place = Place { path, text };
        let lint = &raw.lint;
        let selection = Selection {
            select: lint
                .select
                .as_ref()
                .map(|s| place.selectors("select", s))
                .transpose()?,
            extend_select: place.selectors("extend-select", &lint.extend_select)?,
            ignore: place.selectors("ignore", &lint.ignore)?,
        };
        for selector in &selection.ignore {
            selector.refuse_hiding_certainty("ignore")?;
        }
        let advisory = place.selectors("advisory", &lint.advisory)?;
        for selector in &advisory {
            selector.refuse_hiding_certainty("make advisory")?;
        }
        let gating = place.selectors("gating", &lint.gating)?;
        place.refuse_both_severities(&lint.gating, union(&advisory), union(&gating))?;
        let mut per_file_ignores = Vec::new();
        let mut notes: Vec<String> = selection
            .selectors()
            .chain(&advisory)
            .chain(&gating)
            .filter_map(Selector::shared_code_note)
            .collect();
        for (glob, entries) in &lint.per_file_ignores {
            let selectors = place.selectors("per-file-ignores", entries)?;
            for selector in &selectors {
                selector.refuse_hiding_certainty("ignore for a file")?;
            }
            notes.extend(selectors.iter().filter_map(Selector::shared_code_note));
            per_file_ignores.push((place.glob("per-file-ignores", glob)?, union(&selectors)));
        }
        let exclude = lint
            .exclude
            .iter()
            .map(|g| place.glob("exclude", g))
            .collect::<Result<Vec<_>>>()?;
        Ok(Config {
            file: Some(path.to_path_buf()),
            lint: LintSettings {
                advisory: union(&advisory),
                gating: union(&gating),
                enabled: selection.apply(CheckSet::all()),
                per_file_ignores,
                exclude,
                base: Some(base),
                notes,
                policy: policy.clone(),
            },
            policy,
        })
    }
}

/// A settings file's path and text, to place its entries in messages.
struct Place<'a> {
    path: &'a Path,
    text: &'a str,
}

impl Place<'_> {
    fn line(&self, span: Range<usize>) -> usize {
        line_of(self.text, span.start)
    }

    /// The selectors of `[lint] key`.
    fn selectors(&self, key: &str, entries: &[Spanned<String>]) -> Result<Vec<Selector>> {
        entries
            .iter()
            .map(|entry| {
                let source = Source::File {
                    path: self.path.to_path_buf(),
                    line: self.line(entry.span()),
                    key: key.to_string(),
                };
                Selector::parse(entry.get_ref(), source)
            })
            .collect()
    }

    /// Refuses a check that `[lint] advisory` and `[lint] gating` both name
    /// (`advisory` and `gating` are their checks; `entries` the `gating`
    /// list, for the line): the settings would contradict each other.
    fn refuse_both_severities(
        &self,
        entries: &[Spanned<String>],
        advisory: CheckSet,
        gating: CheckSet,
    ) -> Result<()> {
        let both = advisory.intersect(gating);
        let Some(check) = both.checks().next() else {
            return Ok(());
        };
        let line = entries.first().map(|e| self.line(e.span()));
        Err(config_error(
            self.path,
            line,
            &format!(
                "[lint] advisory and [lint] gating both name {} ({}); keep it in one of the two lists",
                check.name, check.code
            ),
        ))
    }

    /// A glob of `[lint] key`.
    fn glob(&self, key: &str, glob: &Spanned<String>) -> Result<PathGlob> {
        PathGlob::new(glob.get_ref()).map_err(|why| {
            config_error(
                self.path,
                Some(self.line(glob.span())),
                &format!(
                    "[lint] {key} has \"{}\", which is not a glob ({why}); write a path relative to this file, with * ? [..] or ** as wildcards",
                    escape_invisible(glob.get_ref())
                ),
            )
        })
    }
}

/// The 1-based line of byte `offset` in `text` (a settings or policy
/// file, whose lines end in `\n`).
pub(crate) fn line_of(text: &str, offset: usize) -> usize {
    1 + text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
}

/// Reads the whole file at `path` as UTF-8 text: [`Error::Read`] when it
/// cannot be read, [`Error::NotUtf8`] when it is not UTF-8.
pub(crate) fn read_text(path: &Path) -> Result<String> {
    let bytes = std::fs::read(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })?;
    crate::markdown::decode_utf8(path, bytes)
}

/// Where in a settings or policy file a problem is, for its message:
/// `<path>:<line>`, or the path alone; the path relative to the working
/// directory when below it, as every path a report prints.
pub(crate) fn file_place(path: &Path, line: Option<usize>) -> String {
    let shown = escape_path(Path::new(&crate::root::shown_path(path)));
    match line {
        Some(line) => format!("{shown}:{line}"),
        None => shown,
    }
}

fn config_error(path: &Path, line: Option<usize>, message: &str) -> Error {
    Error::Config(format!("{}: {message}", file_place(path, line)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::Severity;

    fn parse(text: &str) -> Result<LintSettings> {
        Config::parse(Path::new("planfile.toml"), text).map(|c| c.lint)
    }

    #[test]
    fn names_and_codes() {
        let config = parse("[lint]\nadvisory = [\"phase-duplicate\", \"f21\"]\n").expect("valid");
        let dup = crate::lint::lookup("phase-duplicate")[0];
        assert_eq!(config.severity(dup), Severity::Advisory);
        for check in crate::lint::lookup("F21") {
            assert_eq!(config.severity(check), Severity::Advisory);
        }
        let f14 = crate::lint::lookup("F14")[0];
        assert_eq!(config.severity(f14), Severity::Gating);
        assert_eq!(config.notes().len(), 1, "{:?}", config.notes());
        let note = &config.notes()[0];
        let f21 = crate::lint::lookup("F21").len();
        assert_eq!(
            note,
            &format!(
                "planfile.toml:2: [lint] advisory: \"f21\" stands for {f21} checks; `planfile explain F21` lists them"
            )
        );
        let defaults = parse("").expect("empty is valid");
        assert_eq!(defaults.enabled(), CheckSet::all());
        assert_eq!(defaults.advisory, CheckSet::EMPTY);
    }

    #[test]
    fn errors_name_the_line() {
        let err = parse("[lint]\nadvisory = []\nstrict = true\n").expect_err("unknown field");
        assert!(err.to_string().starts_with("planfile.toml:3: "), "{err}");
        let err = parse("[lint]\nadvisory = [\n  \"F14\",\n  \"no-such\",\n]\n")
            .expect_err("unknown check");
        assert!(err.to_string().starts_with("planfile.toml:4: "), "{err}");
        assert!(err.to_string().contains("no-such"), "{err}");
        let err = parse("[lint]\nadvisory = \"F14\"\n").expect_err("not a list");
        assert!(err.to_string().starts_with("planfile.toml:2: "), "{err}");
        assert_eq!(err.exit_code(), 2);
        let err = parse("[lint]\nexclude = [\"a/[\"]\n").expect_err("a bad glob");
        assert!(err.to_string().starts_with("planfile.toml:2: "), "{err}");
        let err = parse("[lint.per-file-ignores]\n\"a/*.md\" = [\"F14\"]\n\"b/*.md\" = [\"F0\"]\n")
            .expect_err("an unknown check");
        assert!(err.to_string().starts_with("planfile.toml:3: "), "{err}");
        let err = parse("[lint]\nselect = [\"ALL\"]\n[lints]\n").expect_err("unknown table");
        assert!(err.to_string().starts_with("planfile.toml:3: "), "{err}");
    }

    #[test]
    fn selection_exclude_and_per_file_ignores() {
        let config = parse(
            "[lint]\nselect = [\"F24\", \"F14\"]\nignore = [\"gate-date-invalid\"]\nexclude = [\"docs/plans/archive\"]\n[lint.per-file-ignores]\n\"docs/plans/legacy-*.md\" = [\"F14\"]\n",
        )
        .expect("valid");
        let enabled = config.enabled();
        assert!(enabled.contains_name("gate-phase-self"));
        assert!(!enabled.contains_name("gate-date-invalid"));
        assert!(!enabled.contains_name("decision-key-unknown"));
        let here = std::env::current_dir().expect("cwd");
        let legacy = here.join("docs/plans/legacy-1.md");
        assert!(
            !config
                .checks_for(&legacy)
                .contains_name("verification-empty-open")
        );
        assert!(
            config
                .checks_for(&here.join("docs/plans/new.md"))
                .contains_name("verification-empty-open")
        );
        assert!(config.is_excluded(&here.join("docs/plans/archive/old.md")));
        assert!(!config.is_excluded(&legacy));
    }

    #[test]
    fn policy_is_kept_as_written() {
        let text = "[lint]\n\n[policy]\nrelay = \"off\"\n";
        let config = Config::parse(Path::new("planfile.toml"), text).expect("valid");
        assert_eq!(config.policy.answer("relay"), Some("off"));
    }
}
