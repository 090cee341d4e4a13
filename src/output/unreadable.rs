//! Plans that `validate` could not read (SPEC §6, fix): not UTF-8, a
//! folder, no permission, missing, a name that is not a slug, a twin or
//! handoff that cannot be read. Every findings format names each one with
//! its file (and line), so that a report never reads "no findings" for a
//! file nobody looked at.

use std::path::{Path, PathBuf};

use crate::error::{Error, escape_path};

/// A plan that could not be linted, as the outputs print it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// The file that could not be read (the plan, or its twin or handoff).
    pub path: PathBuf,
    /// The 1-based line of the problem, where there is one.
    pub line: Option<usize>,
    /// What went wrong and what to do, without the file's name.
    pub message: String,
    /// The exit code the error calls for (SPEC §8).
    pub exit: u8,
    /// Whether the file was read but could not be written (`validate
    /// --fix` stopped by a full disk or a file-size limit): it is named as
    /// not written, not as unread.
    pub unwritten: bool,
}

impl Unreadable {
    /// The record of `error`, met while linting the plan at `plan` (the
    /// file named when the error names none).
    pub fn new(error: &Error, plan: &Path) -> Unreadable {
        let full = error.to_string();
        let (path, line) = match error.file() {
            Some((path, line)) => (path.to_path_buf(), line),
            None => (plan.to_path_buf(), None),
        };
        let shown = escape_path(&path);
        let message = full
            .strip_prefix(&shown)
            .map(|rest| match line {
                Some(line) => rest
                    .strip_prefix(&format!(":{line}"))
                    .unwrap_or(rest)
                    .to_string(),
                None => rest.to_string(),
            })
            .and_then(|rest| rest.strip_prefix(": ").map(str::to_string))
            .unwrap_or(full);
        Unreadable {
            path,
            line,
            message,
            exit: error.exit_code(),
            unwritten: matches!(error, Error::Write { .. }),
        }
    }

    /// The line to point at: the problem's, else 1.
    pub fn line_or_first(&self) -> usize {
        self.line.unwrap_or(1)
    }

    /// `path[:line]: message`, with the path as [`crate::root::display_path`]
    /// shows it, invisible characters escaped (for stderr).
    pub fn describe(&self, base: Option<&Path>) -> String {
        let path = crate::error::escape_invisible(&crate::root::display_path(&self.path, base));
        match self.line {
            Some(line) => format!("{path}:{line}: {}", self.message),
            None => format!("{path}: {}", self.message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_loses_its_place() {
        let error = Error::NotUtf8 {
            path: PathBuf::from("docs/plans/legacy.md"),
            line: 6,
            offset: 42,
        };
        let u = Unreadable::new(&error, Path::new("elsewhere.md"));
        assert_eq!(u.path, PathBuf::from("docs/plans/legacy.md"));
        assert_eq!(u.line, Some(6));
        assert!(
            u.message.starts_with("the file is not valid UTF-8"),
            "{}",
            u.message
        );
        assert_eq!(u.describe(None), error.to_string());
        let usage = Error::Usage("something else".into());
        let u = Unreadable::new(&usage, Path::new("docs/plans/x.md"));
        assert_eq!(
            (u.path.to_str(), u.message.as_str()),
            (Some("docs/plans/x.md"), "something else")
        );
    }
}
