//! The advisories on a phase's Repos cell (SPEC-PARITY.md section D): F33
//! (a repository outside the docs root, in a plan whose other repositories
//! are inside it) and F34 (the root's own name, in a phase that writes only
//! in submodules and under `docs/`).
//!
//! A Repos cell is read as the console reads it: asides in parentheses
//! dropped, split at commas, `+` and blanks, each token lower-cased and
//! kept to `[a-z0-9._/-]`, `.` and `..` parts folded, 2 to 64 characters;
//! an empty cell is `all`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{LazyLock, Mutex};

use super::{Hit, LintInput, trimmed_span};
use crate::plan::decisions::FileKind;
use crate::plan::verification::Reach;
use crate::vocab::console::{
    DOCS_FOLDER, FILES_LABEL, GITMODULES, REPOS_ALL, REPOS_CONJUNCTION, REPOS_NEUTRAL,
};

/// The tokens of a Repos cell, normalised and each once, in order; `all`
/// for a cell that names nothing.
pub fn repos_tokens(cell: &str) -> Vec<String> {
    let cell = cell.replace(['\u{2013}', '\u{2014}'], "-");
    let mut without_asides = String::with_capacity(cell.len());
    let mut in_aside = false;
    for c in cell.chars() {
        match c {
            '(' => {
                in_aside = true;
                without_asides.push(' ');
            }
            ')' if in_aside => in_aside = false,
            _ if in_aside => {}
            ',' | '+' => without_asides.push(' '),
            _ => without_asides.push(c),
        }
    }
    let mut out: Vec<String> = Vec::new();
    for token in without_asides.split([' ', '\t']) {
        if let Some(t) = normalise(token)
            && !out.contains(&t)
        {
            out.push(t);
        }
    }
    if out.is_empty() {
        out.push(REPOS_ALL.to_string());
    }
    out
}

/// One Repos token as the console reads it, or `None` when it names
/// nothing.
pub fn normalise(token: &str) -> Option<String> {
    let lower = token.to_lowercase();
    if lower == "*" {
        return Some(REPOS_ALL.to_string());
    }
    if lower == REPOS_CONJUNCTION {
        return None;
    }
    let kept: String = lower
        .chars()
        .filter(|c| {
            c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '.' | '_' | '/' | '-')
        })
        .collect();
    let folded = if kept.contains('.') {
        let mut parts: Vec<&str> = Vec::new();
        for part in kept.split('/') {
            match part {
                "" | "." => {}
                ".." => {
                    parts.pop();
                }
                _ => parts.push(part),
            }
        }
        parts.join("/")
    } else {
        let mut s = kept;
        while s.contains("//") {
            s = s.replace("//", "/");
        }
        s
    };
    let trimmed = folded
        .trim_start_matches(|c: char| !c.is_ascii_alphanumeric())
        .trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
    (2..=64)
        .contains(&trimmed.len())
        .then(|| trimmed.to_string())
}

/// The Repos cell of `phase`'s graph row, and its byte range in the plan
/// (`None` when the table has no Repos column or no row for the phase).
fn repos_cell<'a>(input: &LintInput<'a>, phase: u32) -> Option<(&'a str, std::ops::Range<usize>)> {
    let graph = input.manifest.plan.graph.as_ref()?;
    let table = graph.table.as_ref()?;
    let col = table.repos_col?;
    let row = graph.row(phase)?;
    let cell = row.cells.get(col)?;
    let file = &input.manifest.plan.file;
    let line = &file.text[row.range.clone()];
    let span = line
        .find(cell.as_str())
        .filter(|_| !cell.is_empty())
        .map(|at| (row.range.start + at)..(row.range.start + at + cell.len()))
        .unwrap_or_else(|| trimmed_span(file, row.range.clone()));
    Some((cell.as_str(), span))
}

/// Which side of the docs root a Repos token names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    /// The root itself, or a path under it.
    Inside,
    /// No such path under the root.
    Outside,
    /// A token that names no tree (`all`).
    Neutral,
}

/// The side of `token` for the docs root whose physical path is `top` and
/// whose own folder name (normalised) is `own`.
fn side(top: &Path, own: Option<&str>, token: &str) -> Side {
    if REPOS_NEUTRAL.contains(&token) {
        return Side::Neutral;
    }
    if Some(token) == own {
        return Side::Inside;
    }
    let path = top.join(token);
    let physical = match std::fs::metadata(&path) {
        Ok(meta) if meta.is_dir() => std::fs::canonicalize(&path).ok(),
        Ok(_) => path.parent().and_then(|p| std::fs::canonicalize(p).ok()),
        Err(_) => None,
    };
    match physical {
        Some(p) if p.starts_with(top) => Side::Inside,
        _ => Side::Outside,
    }
}

/// The physical docs root (symlinks resolved) and its own name as a Repos
/// token. A root is resolved once per process (`validate` lints many plans
/// of one root).
fn physical_root(input: &LintInput) -> Option<(PathBuf, Option<String>)> {
    static RESOLVED: LazyLock<Mutex<HashMap<PathBuf, Option<PathBuf>>>> =
        LazyLock::new(|| Mutex::new(HashMap::new()));
    let cached = RESOLVED
        .lock()
        .ok()
        .and_then(|roots| roots.get(input.root).cloned());
    let top = match cached {
        Some(top) => top?,
        None => {
            let top = std::fs::canonicalize(input.root).ok();
            if let Ok(mut roots) = RESOLVED.lock() {
                roots.insert(input.root.to_path_buf(), top.clone());
            }
            top?
        }
    };
    let own = top.file_name().and_then(|n| n.to_str()).and_then(normalise);
    Some((top, own))
}

/// F33 `repos-outside-root`: when some phase's Repos cell (done phases
/// included) names a folder under the docs root, every token of an open
/// phase that names no path under it. One finding per token.
pub fn repos_outside_root(input: &LintInput, out: &mut Vec<Hit>) {
    let Some((top, own)) = physical_root(input) else {
        return;
    };
    let plan = &input.manifest.plan;
    let phases: Vec<(u32, Vec<String>)> = plan
        .graph_phases()
        .into_iter()
        .map(|p| {
            let tokens = repos_cell(input, p)
                .map(|(c, _)| repos_tokens(c))
                .unwrap_or_else(|| vec![REPOS_ALL.to_string()]);
            (p, tokens)
        })
        .collect();
    let mut sides: HashMap<String, Side> = HashMap::new();
    let mut side_of = |token: &str| {
        *sides
            .entry(token.to_string())
            .or_insert_with(|| side(&top, own.as_deref(), token))
    };
    let any_inside = phases
        .iter()
        .any(|(_, tokens)| tokens.iter().any(|t| side_of(t) == Side::Inside));
    if !any_inside {
        return;
    }
    let shown = top.display();
    for (phase, tokens) in phases {
        if input.done.contains(&phase) {
            continue;
        }
        let span = repos_cell(input, phase)
            .map(|(_, s)| s)
            .unwrap_or_else(|| row_or_heading(input, phase));
        for token in tokens {
            if side_of(&token) != Side::Outside {
                continue;
            }
            out.push(Hit {
                file: FileKind::Plan,
                span: span.clone(),
                message: format!(
                    "phase {phase}: repos-outside-root — the Repos cell names `{token}`, which is no path under {shown}, while other cells of this plan are; the console cannot isolate this phase in the run's checkout, so it runs there with a lock claim on everything and waits for every claim it meets (the other phases stay isolated); name only what this root holds, and say in the phase's text which outside repository it works in"
                ),
                fix: None,
            });
        }
    }
}

/// The span of `phase`'s graph row, for a finding about its Repos cell.
fn row_or_heading(input: &LintInput, phase: u32) -> std::ops::Range<usize> {
    let plan = &input.manifest.plan;
    plan.graph
        .as_ref()
        .and_then(|g| g.row(phase))
        .map(|r| trimmed_span(&plan.file, r.range.clone()))
        .unwrap_or(0..0)
}

/// F34 `repos-root-token`: in a docs root with a `.gitmodules`, an open
/// phase whose Repos cell names the root itself, while every path its
/// `Files` bullet names (backticked, holding a `/` or an extension; at
/// least one) lies under `docs/` or in a submodule.
pub fn repos_root_token(input: &LintInput, out: &mut Vec<Hit>) {
    let Some((top, Some(own))) = physical_root(input) else {
        return;
    };
    let Ok(gitmodules) = std::fs::read_to_string(top.join(GITMODULES)) else {
        return;
    };
    let submodules = submodule_paths(&gitmodules);
    let plan = &input.manifest.plan;
    for &(phase, block) in input.open_blocks() {
        let Some((cell, span)) = repos_cell(input, phase) else {
            continue;
        };
        if !repos_tokens(cell).contains(&own) {
            continue;
        }
        let reach = Reach::of(&plan.file, block, FILES_LABEL);
        let paths = file_paths(&plan.file.text, &reach);
        let in_submodules = |path: &str| {
            path.starts_with(DOCS_FOLDER)
                || submodules.iter().any(|s| {
                    path == s
                        || path
                            .strip_prefix(s.as_str())
                            .is_some_and(|r| r.starts_with('/'))
                })
        };
        if paths.is_empty() || !paths.iter().all(|p| in_submodules(p)) {
            continue;
        }
        out.push(Hit {
            file: FileKind::Plan,
            span,
            message: format!(
                "phase {phase}: repos-root-token — the Repos cell names `{own}`, the superproject itself, but every file the phase lists lies in a submodule or under docs/; for this token an isolated run mounts the whole root with every submodule, and the phase waits for any run that holds the root repository on its branch; list the submodules it writes instead (its handoff, index and lock writes are in scope already, and a gitlink bump is committed by explicit path)"
            ),
            fix: None,
        });
    }
}

/// The `path = …` values of a `.gitmodules` file.
fn submodule_paths(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let rest = l.trim_start().strip_prefix("path")?;
            let value = rest.trim_start().strip_prefix('=')?;
            Some(value.trim().to_string())
        })
        .filter(|v| !v.is_empty())
        .collect()
}

/// The paths a `Files` reach names: backtick spans without a blank that
/// hold a `/` or an extension, a leading `./` dropped.
fn file_paths(text: &str, reach: &Reach) -> Vec<String> {
    let mut out = Vec::new();
    for line in &reach.lines {
        let body = &text[line.span.clone()];
        for span in crate::plan::verification::backtick_spans(body) {
            let word = &body[span];
            if word.contains([' ', '`']) {
                continue;
            }
            let path = word.strip_prefix("./").unwrap_or(word);
            let extension = path
                .as_bytes()
                .windows(2)
                .any(|w| w[0] == b'.' && w[1].is_ascii_alphanumeric());
            if path.contains('/') || extension {
                out.push(path.to_string());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_as_the_console_reads_them() {
        assert_eq!(
            repos_tokens("boiler-ctl, Far-Pipes"),
            vec!["boiler-ctl", "far-pipes"]
        );
        assert_eq!(repos_tokens(""), vec!["all"]);
        assert_eq!(repos_tokens("—"), vec!["all"]);
        assert_eq!(
            repos_tokens("`app` (the web one) + api and x"),
            vec!["app", "api"]
        );
        assert_eq!(
            repos_tokens("packages/../docs, ./web/"),
            vec!["docs", "web"]
        );
        assert_eq!(repos_tokens("*"), vec!["all"]);
        assert_eq!(normalise("a"), None);
    }

    #[test]
    fn gitmodules_paths() {
        let text =
            "[submodule \"a\"]\n\tpath = vent-fw\n\turl = x\n[submodule \"b\"]\n  path=lib/b  \n";
        assert_eq!(submodule_paths(text), vec!["vent-fw", "lib/b"]);
    }
}
