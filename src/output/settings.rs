//! `validate --show-settings` (SPEC §10.1, as ruff's option of that name):
//! for the plans a run names, the settings file each one reads and how it
//! was found, and the checks that run, are advisory and are ignored for
//! it. Plans that read the same settings with the same result share one
//! block.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::escape_invisible;
use crate::lint::CHECKS;
use crate::lint::select::CheckSet;
use crate::lint::settings::LintSettings;
use crate::root::display_path;

/// Where the settings of a plan come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingsSource {
    /// `--config FILE`.
    Option(PathBuf),
    /// `--no-config`: none.
    NoConfig,
    /// The `planfile.toml` of the plan's docs root.
    DocsRoot(PathBuf),
    /// The `planfile.toml` of the nearest ancestor of the working directory
    /// that has one (the docs root has none).
    Ancestor(PathBuf),
    /// No settings file was found: the defaults.
    Defaults,
}

impl SettingsSource {
    /// The source in words, with the file shown as every output shows a
    /// path (relative to `base` when under it).
    pub fn describe(&self, base: Option<&Path>) -> String {
        let shown = |path: &Path| escape_invisible(&display_path(path, base));
        match self {
            SettingsSource::Option(path) => format!("{} (--config)", shown(path)),
            SettingsSource::NoConfig => {
                "none (--no-config): every check runs with its own severity".to_string()
            }
            SettingsSource::DocsRoot(path) => format!("{} (at the docs root)", shown(path)),
            SettingsSource::Ancestor(path) => format!(
                "{} (the docs root has none; the nearest ancestor of the working directory with one)",
                shown(path)
            ),
            SettingsSource::Defaults => "none found (no planfile.toml at the docs root or in an ancestor of the working directory): every check runs with its own severity".to_string(),
        }
    }
}

/// The settings of one plan, as `--show-settings` prints them.
#[derive(Debug, Clone)]
pub struct PlanSettings<'a> {
    /// The plan (`-` for stdin without a name).
    pub plan: &'a Path,
    /// Where its settings come from.
    pub source: SettingsSource,
    /// The settings, the command line's selection applied.
    pub lint: &'a LintSettings,
}

/// What a block prints, once per set of plans it holds.
#[derive(Debug, PartialEq, Eq)]
struct Resolved {
    source: String,
    run: CheckSet,
    advisory: CheckSet,
    gating: CheckSet,
    per_file: CheckSet,
    exclude: Vec<String>,
}

/// `checks` by code and name, comma-separated; `none` when empty.
fn listed(checks: CheckSet) -> String {
    if checks.is_empty() {
        return "none".to_string();
    }
    checks
        .checks()
        .map(|c| format!("{} {}", c.code, c.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The checks that run, in words: all of them, every one but a few, or
/// the few that run.
fn running(run: CheckSet) -> String {
    let all = CHECKS.len();
    let off = CheckSet::all().minus(run);
    if off.is_empty() {
        format!("all {all} checks")
    } else if run.len() >= off.len() {
        format!(
            "{} of {all} checks: every check but {}",
            run.len(),
            listed(off)
        )
    } else {
        format!("{} of {all} checks: {}", run.len(), listed(run))
    }
}

/// Writes one block per group of `plans` that resolve to the same
/// settings: the plans, the settings file, the checks that run, those
/// `advisory` makes advisory and `gating` gating, those `per-file-ignores` turns off for these
/// plans, and the `exclude` globs. Paths are shown relative to `base` when
/// under it. Errors are the writer's.
pub fn write(
    out: &mut dyn Write,
    plans: &[PlanSettings],
    base: Option<&Path>,
) -> std::io::Result<()> {
    let mut groups: Vec<(Resolved, Vec<String>)> = Vec::new();
    for p in plans {
        let run = p.lint.checks_for(p.plan);
        let resolved = Resolved {
            source: p.source.describe(base),
            run,
            advisory: p.lint.advisory().intersect(run),
            gating: p.lint.gating().intersect(run),
            per_file: p.lint.enabled().minus(run),
            exclude: p.lint.exclude().map(escape_invisible).collect(),
        };
        let shown = escape_invisible(&display_path(p.plan, base));
        match groups.iter_mut().find(|(r, _)| *r == resolved) {
            Some((_, names)) => names.push(shown),
            None => groups.push((resolved, vec![shown])),
        }
    }
    for (i, (r, names)) in groups.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "Settings for {}", names.join(", "))?;
        writeln!(out, "  settings file:    {}", r.source)?;
        writeln!(out, "  checks that run:  {}", running(r.run))?;
        writeln!(out, "  made advisory:    {}", listed(r.advisory))?;
        writeln!(out, "  made gating:      {}", listed(r.gating))?;
        writeln!(out, "  per-file-ignores: {}", listed(r.per_file))?;
        let exclude = if r.exclude.is_empty() {
            "none".to_string()
        } else {
            r.exclude.join(", ")
        };
        writeln!(out, "  exclude:          {exclude}")?;
    }
    Ok(())
}
