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

/// Whether a marker line opens (`<<<<<<<`) or closes (`>>>>>>>`) one
/// side of a conflict: these count wherever they stand. The divider
/// (`=======`) and the base marker (`|||||||`) count only between the two:
/// a lone `=======` under a paragraph is a setext heading.
fn is_side_marker(line: &str) -> bool {
    line.starts_with(CONFLICT_MARKERS[0]) || line.starts_with(CONFLICT_MARKERS[3])
}

impl MarkdownFile {
    /// The 1-based lines of the file that are merge-conflict markers
    /// ([`is_conflict_marker`]) outside fenced code blocks, in order: every
    /// `<<<<<<<` and `>>>>>>>` line, and each `=======` or `|||||||` line
    /// that stands after a `<<<<<<<` line and before the `>>>>>>>` line
    /// that closes it (SPEC §6). The frontmatter is searched too.
    pub fn conflict_marker_lines(&self) -> Vec<usize> {
        let mut found = Vec::new();
        let mut open = false;
        let mut inside = Vec::new();
        let mut fences = self.doc.code_blocks.iter().filter(|b| b.fenced).peekable();
        for line in 1..=self.lines.len() {
            let text = self.line_text(line);
            if !is_conflict_marker(text) {
                continue;
            }
            let start = self.lines.line_start(line);
            while fences.peek().is_some_and(|b| b.range.end <= start) {
                fences.next();
            }
            if fences.peek().is_some_and(|b| b.range.contains(&start)) {
                continue;
            }
            if !is_side_marker(text) {
                if open {
                    inside.push(line);
                }
                continue;
            }
            if text.starts_with(CONFLICT_MARKERS[0]) {
                open = true;
            } else {
                found.append(&mut inside);
                open = false;
            }
            found.push(line);
        }
        found.sort_unstable();
        found
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
        assert_eq!(file.conflict_marker_lines(), vec![7, 9, 11]);
        let file = |text: &str| MarkdownFile::from_text(PathBuf::from("t.md"), text.to_string());
        // A setext heading, and a divider with no conflict around it.
        assert!(
            file("Summary\n=======\n\nText.\n")
                .conflict_marker_lines()
                .is_empty()
        );
        assert!(
            file("a\n||||||| base\nb\n")
                .conflict_marker_lines()
                .is_empty()
        );
        // A divider after an opening line that is never closed is not
        // known to be one; the opening line is.
        assert_eq!(
            file("<<<<<<< ours\na\n=======\nb\n").conflict_marker_lines(),
            vec![1]
        );
        // diff3 style: the base marker counts between the sides.
        assert_eq!(
            file("<<<<<<< a\nx\n||||||| base\ny\n=======\nz\n>>>>>>> b\n").conflict_marker_lines(),
            vec![1, 3, 5, 7]
        );
        // A closing line alone counts.
        assert_eq!(file("x\n>>>>>>> b\n").conflict_marker_lines(), vec![2]);
    }
}
