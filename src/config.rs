//! `planfile.toml` at the docs root: the project's lint settings (SPEC §6).
//!
//! ```toml
//! [lint]
//! advisory = ["decision-row-duplicate", "F21"]
//! ```
//!
//! `advisory` names checks (by name or code) whose findings print but never
//! fail. The file is optional; an unknown field, a bad value or an unknown
//! check is an error naming the file and line (exit 2).

use std::collections::BTreeSet;
use std::path::Path;

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::lint::{CHECKS, Check, Severity};

/// The name of the settings file at the docs root.
pub const CONFIG_FILE: &str = "planfile.toml";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    #[serde(default)]
    lint: RawLint,
    /// The console's policy, read and checked by [`crate::policy`].
    #[serde(default, rename = "policy")]
    _policy: Option<toml::Value>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLint {
    #[serde(default)]
    advisory: Vec<toml::Spanned<String>>,
}

/// The lint settings: which checks are advisory.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LintConfig {
    /// Names of the checks made advisory.
    advisory: BTreeSet<&'static str>,
}

impl LintConfig {
    /// The severity of `check` under these settings.
    pub fn severity(&self, check: &Check) -> Severity {
        if self.advisory.contains(check.name) {
            Severity::Advisory
        } else {
            check.severity
        }
    }

    /// Reads `<root>/planfile.toml`; the default settings when there is no
    /// such file. [`Error::Read`] / [`Error::NotUtf8`] when it cannot be
    /// read, [`Error::Config`] naming the file and line when it is not valid.
    pub fn load(root: &Path) -> Result<LintConfig> {
        let path = root.join(CONFIG_FILE);
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(LintConfig::default());
            }
            Err(source) => return Err(Error::Read { path, source }),
        };
        let text = crate::markdown::decode_utf8(&path, bytes)?;
        LintConfig::parse(&path, &text)
    }

    /// Parses the text of a settings file read from `path` (named in errors).
    pub fn parse(path: &Path, text: &str) -> Result<LintConfig> {
        let raw: RawConfig = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(text, s.start));
            config_error(path, line, e.message().trim_end())
        })?;
        crate::policy::ConsolePolicy::from_toml(path, text)?;
        let mut advisory = BTreeSet::new();
        for entry in &raw.lint.advisory {
            let checks = crate::lint::lookup(entry.get_ref());
            if checks.is_empty() {
                return Err(config_error(
                    path,
                    Some(line_of(text, entry.span().start)),
                    &format!(
                        "[lint] advisory names \"{}\", which is no check; use a name or code from `planfile explain` (e.g. {})",
                        crate::error::escape_invisible(entry.get_ref()),
                        CHECKS.first().map(|c| c.name).unwrap_or_default()
                    ),
                ));
            }
            advisory.extend(checks.into_iter().map(|c| c.name));
        }
        Ok(LintConfig { advisory })
    }
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    1 + text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
}

fn config_error(path: &Path, line: Option<usize>, message: &str) -> Error {
    let place = match line {
        Some(line) => format!("{}:{line}", path.display()),
        None => path.display().to_string(),
    };
    Error::Config(format!(
        "{place}: {message}; fix {CONFIG_FILE} (it holds [lint] advisory = [\"<check>\", …] and the console's [policy] table)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<LintConfig> {
        LintConfig::parse(Path::new("planfile.toml"), text)
    }

    #[test]
    fn names_and_codes() {
        let config =
            parse("[lint]\nadvisory = [\"decision-row-duplicate\", \"f21\"]\n").expect("valid");
        let dup = crate::lint::lookup("decision-row-duplicate")[0];
        assert_eq!(config.severity(dup), Severity::Advisory);
        for check in crate::lint::lookup("F21") {
            assert_eq!(config.severity(check), Severity::Advisory);
        }
        let f14 = crate::lint::lookup("F14")[0];
        assert_eq!(config.severity(f14), Severity::Gating);
        assert_eq!(parse("").expect("empty is valid"), LintConfig::default());
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
    }
}
