//! Globs of paths (`planfile.toml`'s `exclude` and `per-file-ignores`,
//! SPEC §10.1), matched against paths relative to the folder of the file
//! that holds them.

use std::path::{Path, PathBuf};

use globset::{GlobBuilder, GlobMatcher};

use super::absolute;

/// A glob of `planfile.toml` (`exclude`, `per-file-ignores`), matched
/// against paths relative to the folder of the file that holds it.
///
/// A glob holding a `/` is matched against that relative path and each of
/// its parent folders (`docs/plans/archive` excludes everything in it); a
/// glob without one is matched against every component of the path
/// (`drafts` excludes any folder named `drafts`, `*-draft.md` any such
/// file). `*` and `?` never match `/`; `**` matches any number of folders.
#[derive(Debug, Clone)]
pub struct PathGlob {
    /// The glob as written.
    pub text: String,
    matcher: GlobMatcher,
    anchored: bool,
}

impl PartialEq for PathGlob {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for PathGlob {}

impl PathGlob {
    /// Compiles `text`; the glob library's message when it is not a glob.
    pub fn new(text: &str) -> std::result::Result<PathGlob, String> {
        let pattern = text.trim();
        let pattern = pattern.strip_prefix("./").unwrap_or(pattern);
        let pattern = pattern.trim_start_matches('/').trim_end_matches('/');
        if pattern.is_empty() {
            return Err("an empty glob matches nothing".to_string());
        }
        let matcher = compile(pattern)?;
        Ok(PathGlob {
            text: text.to_string(),
            matcher,
            anchored: pattern.contains('/'),
        })
    }

    /// Whether the glob matches `relative` (a path relative to the glob's
    /// folder) or, for a glob holding a `/`, one of its parent folders.
    pub fn matches(&self, relative: &Path) -> bool {
        if self.anchored {
            relative
                .ancestors()
                .filter(|p| !p.as_os_str().is_empty())
                .any(|p| self.matcher.is_match(p))
        } else {
            relative
                .components()
                .any(|c| self.matcher.is_match(Path::new(c.as_os_str())))
        }
    }
}

/// A glob where `*` and `?` never match `/`; the glob library's message
/// when `pattern` is not a glob.
pub fn compile(pattern: &str) -> std::result::Result<GlobMatcher, String> {
    GlobBuilder::new(pattern)
        .literal_separator(true)
        .backslash_escape(true)
        .build()
        .map(|g| g.compile_matcher())
        .map_err(|e| e.kind().to_string())
}

/// `path` relative to `base` (both made absolute against the working
/// directory and normalised lexically); `None` when it is not below it.
pub fn relative_to(path: &Path, base: &Path) -> Option<PathBuf> {
    absolute(path)
        .strip_prefix(absolute(base))
        .ok()
        .map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_with_and_without_a_slash() {
        let g = |t: &str| PathGlob::new(t).expect("a glob");
        assert!(g("docs/plans/old-*.md").matches(Path::new("docs/plans/old-a.md")));
        assert!(!g("docs/plans/*.md").matches(Path::new("docs/plans/sub/a.md")));
        assert!(g("docs/plans/**/*.md").matches(Path::new("docs/plans/sub/a.md")));
        assert!(g("docs/plans/archive").matches(Path::new("docs/plans/archive/a.md")));
        assert!(g("./docs/plans/archive/").matches(Path::new("docs/plans/archive/a.md")));
        assert!(g("drafts").matches(Path::new("docs/plans/drafts/a.md")));
        assert!(g("*-draft.md").matches(Path::new("docs/plans/x-draft.md")));
        assert!(!g("*-draft.md").matches(Path::new("docs/plans/x.md")));
        assert!(PathGlob::new("docs/[").is_err());
        assert!(PathGlob::new("").is_err());
    }
}
