//! Synthetic plans and twins of any size, for the benchmarks, the fuzz seeds
//! and the scaling tests. The generated plan is clean under every lint: a
//! phase graph where each phase depends on the one before, every fifth phase
//! GATED with a Gate-check on its predecessor, a runnable Verification in
//! every block (a backticked command, or a fenced block in even phases), and a Decisions table with all 19 keys plus one row scoped to
//! each phase.
//!
//! It may use every layer up to [`crate::writer`]; nothing but the
//! benchmarks, the tests and the example generator uses it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::vocab::{KEYS, KeySpec};

/// The size of a generated plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanShape {
    /// Number of phases (1 or more).
    pub phases: usize,
    /// Number of rows in the twin (0: no twin is written).
    pub twin_rows: usize,
}

/// The text of a generated plan with slug `slug` and `shape.phases` phases.
pub fn plan_text(slug: &str, shape: PlanShape) -> String {
    let phases = shape.phases.max(1);
    let mut out = String::with_capacity(300 * phases + 4000);
    let _ = write!(
        out,
        "---\nslug: {slug}\nstatus: active\nphases: {phases}\n---\n\n# Generated plan {slug}\n\nA synthetic plan of {phases} phases.\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos | Exit criteria |\n|------:|-------|------------|-------|---------------|\n"
    );
    for p in 1..=phases {
        let depends = if p == 1 {
            "—".to_string()
        } else {
            (p - 1).to_string()
        };
        let gated = if is_gated(p) { " *(GATED)*" } else { "" };
        let _ = writeln!(
            out,
            "| {p} | Step {p}{gated} | {depends} | repo-{r} | step {p} passes |",
            r = p % 7
        );
    }
    out.push_str("\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n");
    for spec in &KEYS {
        let value = spec
            .default
            .map(str::to_string)
            .unwrap_or_else(|| answer(spec, "decided at kickoff"));
        let _ = writeln!(
            out,
            "| `{}` | {value} | lead | answered | {} | plan | kickoff | — |",
            spec.key,
            if spec.template_blocking { "yes" } else { "no" }
        );
    }
    for p in 1..=phases {
        let spec = &KEYS[p % KEYS.len()];
        let _ = writeln!(
            out,
            "| `{}` | {} | lead-{p} | answered | no | plan | memo {p} | {p} |",
            spec.key,
            answer(spec, &format!("phase {p} answer"))
        );
    }
    out.push_str("\n## Phases\n");
    for p in 1..=phases {
        let gated = if is_gated(p) { " *(GATED)*" } else { "" };
        let _ = write!(
            out,
            "\n### Phase {p} — Step {p}{gated}\n- **Goal:** step {p} is done.\n"
        );
        if is_gated(p) {
            let _ = writeln!(out, "- **Gate-check:** phase {}", p - 1);
        }
        if p % 2 == 0 {
            let _ = writeln!(
                out,
                "- **Verification:**\n  ```sh\n  grep -q step-{p} build.log\n  ```"
            );
        } else {
            let _ = writeln!(out, "- **Verification:** `grep -q step-{p} build.log`");
        }
    }
    out
}

/// A value that answers `spec` (SPEC §5.5): for a closed key its first
/// answer word followed by `text` in parentheses, so that no row is one the
/// console passes over; for a free-text key, `text`.
fn answer(spec: &KeySpec, text: &str) -> String {
    match spec.words.first() {
        Some(word) => format!("{word} ({text})"),
        None => text.to_string(),
    }
}

/// Whether generated phase `p` is GATED (every fifth phase after the first).
fn is_gated(p: usize) -> bool {
    p > 1 && p.is_multiple_of(5)
}

/// The text of a generated twin with `rows` rows for a plan of `phases`
/// phases: one row per (key, phase) pair, plan-wide rows first, so no two
/// rows share a key and a phase as long as `rows <= 19 * (phases + 1)`.
pub fn twin_text(slug: &str, rows: usize, phases: usize) -> String {
    let mut out = String::with_capacity(110 * rows + 400);
    let _ = write!(
        out,
        "# Decisions — {slug}\n\nRows written at run time.\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n"
    );
    let scopes = phases.max(1) + 1;
    for i in 0..rows {
        let spec = &KEYS[i % KEYS.len()];
        let scope = (i / KEYS.len()) % scopes;
        let phase = if scope == 0 {
            "—".to_string()
        } else {
            scope.to_string()
        };
        let _ = writeln!(
            out,
            "| `{}` | {} | op | answered | no | run | decisions.sh 2026-09-14 | {phase} |",
            spec.key,
            answer(spec, &format!("answer number {i}"))
        );
    }
    out
}

/// Writes a generated plan (and, when `shape.twin_rows > 0`, its twin) under
/// the docs root `root`; returns the plan's path. Errors are the file
/// system's.
pub fn write_docs_root(root: &Path, slug: &str, shape: PlanShape) -> std::io::Result<PathBuf> {
    let plans = root.join("docs").join("plans");
    std::fs::create_dir_all(&plans)?;
    let plan = plans.join(format!("{slug}.md"));
    std::fs::write(&plan, plan_text(slug, shape))?;
    if shape.twin_rows > 0 {
        let handoffs = root.join("docs").join("handoffs").join(slug);
        std::fs::create_dir_all(&handoffs)?;
        std::fs::write(
            handoffs.join("decisions.md"),
            twin_text(slug, shape.twin_rows, shape.phases),
        )?;
    }
    Ok(plan)
}

/// An input shaped to find cost that grows faster than the input (SPEC §8,
/// "Cost grows with the input"): a clean 12-phase generated plan with one
/// shape added, `n` times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Adversarial {
    /// One line of `<!--x` repeated `n` times at the end of the plan.
    CommentLine,
    /// `n` fence lines (`` ``` ``) at the end of the plan.
    FenceLines,
    /// A twin of `n` plan-wide rows of one key (`stop`).
    OneKeyRows,
    /// A twin row whose value cell is `n` bytes long.
    LongCell,
    /// A twin of `n` rows of distinct unknown keys: `n` findings.
    ManyFindings,
}

impl Adversarial {
    /// Every shape, with the name the example generator takes.
    pub const ALL: [(&'static str, Adversarial); 5] = [
        ("comment-line", Adversarial::CommentLine),
        ("fence-lines", Adversarial::FenceLines),
        ("one-key-rows", Adversarial::OneKeyRows),
        ("long-cell", Adversarial::LongCell),
        ("many-findings", Adversarial::ManyFindings),
    ];

    /// The shape named `name` (see [`Adversarial::ALL`]).
    pub fn named(name: &str) -> Option<Adversarial> {
        Self::ALL.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
    }
}

/// Writes the plan `slug` of `shape` at size `n` (and its twin, for the
/// twin shapes) under the docs root `root`; returns the plan's path.
/// Errors are the file system's.
pub fn write_adversarial(
    root: &Path,
    slug: &str,
    shape: Adversarial,
    n: usize,
) -> std::io::Result<PathBuf> {
    let base = PlanShape {
        phases: 12,
        twin_rows: 0,
    };
    let plan = write_docs_root(root, slug, base)?;
    let header = format!(
        "# Decisions — {slug}\n\nRows written at run time.\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n"
    );
    let stop = KEYS.iter().find(|k| k.key == "stop");
    let stop_value = stop.map_or_else(|| "halt".to_string(), |s| answer(s, "halt"));
    let (plan_tail, twin) = match shape {
        Adversarial::CommentLine => (format!("\n{}\n", "<!--x".repeat(n)), None),
        Adversarial::FenceLines => (format!("\n{}", "```\n".repeat(n)), None),
        Adversarial::OneKeyRows => {
            let row = format!("| `stop` | {stop_value} | op | answered | no | run | e | — |\n");
            (String::new(), Some(header + &row.repeat(n)))
        }
        Adversarial::LongCell => {
            let value = format!("{stop_value} {}", "word ".repeat(n / 5));
            let row = format!(
                "| `stop` | {} | op | answered | no | run | e | — |\n",
                value.trim_end()
            );
            (String::new(), Some(header + &row))
        }
        Adversarial::ManyFindings => {
            let mut twin = header;
            for i in 0..n {
                let _ = writeln!(
                    twin,
                    "| `unknown-key-{i}` | x | op | answered | no | run | e | — |"
                );
            }
            (String::new(), Some(twin))
        }
    };
    if !plan_tail.is_empty() {
        let mut text = std::fs::read_to_string(&plan)?;
        text.push_str(&plan_tail);
        std::fs::write(&plan, text)?;
    }
    if let Some(twin) = twin {
        let handoffs = root.join("docs").join("handoffs").join(slug);
        std::fs::create_dir_all(&handoffs)?;
        std::fs::write(handoffs.join("decisions.md"), twin)?;
    }
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manifest::{Manifest, View};
    use crate::root::{DocsRoot, PlanLocation};

    #[test]
    fn generated_plan_reads_back() {
        let dir = tempfile::tempdir().expect("a folder");
        write_docs_root(
            dir.path(),
            "gen",
            PlanShape {
                phases: 12,
                twin_rows: 100,
            },
        )
        .expect("written");
        let root = DocsRoot(dir.path().to_path_buf());
        let location = PlanLocation::resolve(&root, "gen").expect("a valid slug");
        let manifest = Manifest::load(&location).expect("it reads");
        assert_eq!(manifest.plan.graph_phases().len(), 12);
        assert_eq!(manifest.plan.phases().len(), 12);
        assert_eq!(manifest.plan_rows().len(), 19 + 12);
        assert_eq!(manifest.twin_rows().len(), 100);
        assert_eq!(manifest.resolve(View::Phase(3)).len(), 19);
        let report =
            crate::lint::lint_location(&location, &crate::lint::settings::LintSettings::default())
                .expect("it lints");
        assert!(report.findings.is_empty(), "{:?}", report.findings);
    }
}
