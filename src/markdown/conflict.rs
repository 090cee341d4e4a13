//! Merge-conflict markers (SPEC §6 `merge-conflict-marker`): the lines a
//! merge that was never finished leaves in a file, with both sides of the
//! conflict between them.

use super::MarkdownFile;

/// The four marker runs a merge writes: the start of one side, the common
/// base (diff3 style), the divider, and the end of the other side.
pub const CONFLICT_MARKERS: [&str; 4] = ["<<<<<<<", "|||||||", "=======", ">>>>>>>"];

/// Whether `line` (without its line ending) is a merge-conflict marker
/// line: it starts with one of [`CONFLICT_MARKERS`], followed by a space or
/// the end of the line (`========`, a longer run, is not one).
pub fn is_conflict_marker(line: &str) -> bool {
    CONFLICT_MARKERS.iter().any(|marker| {
        line.strip_prefix(marker)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    })
}

impl MarkdownFile {
    /// The 1-based lines of the file that are merge-conflict markers
    /// ([`is_conflict_marker`]) outside fenced code blocks, in order. The
    /// frontmatter is searched too.
    pub fn conflict_marker_lines(&self) -> Vec<usize> {
        (1..=self.lines.len())
            .filter(|&line| is_conflict_marker(self.line_text(line)))
            .filter(|&line| {
                let start = self.lines.line_start(line);
                !self.doc.code_block_at(start).is_some_and(|b| b.fenced)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn marker_lines() {
        for marker in [
            "<<<<<<< HEAD",
            "<<<<<<<",
            "||||||| base",
            "=======",
            ">>>>>>> relay-answer",
        ] {
            assert!(is_conflict_marker(marker), "{marker}");
        }
        for other in [
            "========",
            "<<<<<<<< HEAD",
            "<<<<<<<HEAD",
            " =======",
            ">>>>>>",
            "| ======= |",
        ] {
            assert!(!is_conflict_marker(other), "{other}");
        }
    }

    #[test]
    fn markers_outside_fenced_code() {
        let text = "---\nslug: x\n=======\n---\n# T\n\n<<<<<<< HEAD\na\n=======\nb\n>>>>>>> x\n\n```\n=======\n```\n\n    =======\n";
        let file = MarkdownFile::from_text(PathBuf::from("t.md"), text.to_string());
        assert_eq!(file.conflict_marker_lines(), vec![3, 7, 9, 11]);
    }
}
