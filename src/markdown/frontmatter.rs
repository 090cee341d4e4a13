//! The front matter block (SPEC §3.1): a first line `---` (after an
//! optional BOM) up to the next `---` or `...` line, fences with trailing
//! blanks taken as the common readers take them.

use std::ops::Range;

use super::{line_ends, lines_with_offsets};

/// The YAML frontmatter block of a file (SPEC §3.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrontmatterBlock {
    /// Byte range of the YAML text between the two `---` lines.
    pub yaml: Range<usize>,
    /// 1-based line of the first YAML line.
    pub first_line: usize,
    /// Byte offset just after the closing `---` line (the body starts here).
    pub end: usize,
}

/// Whether `line` (without its line ending) is a frontmatter fence of
/// `marks` (`---`, or `...` for a closing fence): the marks, then nothing
/// but spaces or tabs (SPEC §3.1).
fn is_fence(line: &str, marks: &str) -> bool {
    line.strip_prefix(marks)
        .is_some_and(|rest| rest.bytes().all(|b| matches!(b, b' ' | b'\t')))
}

/// Whether `text` opens a frontmatter block: its first line (after an
/// optional UTF-8 BOM) is `---` (trailing blanks allowed) and another line
/// follows. With no closing line the block is never closed, and
/// [`split_frontmatter`] finds none.
pub fn opens_frontmatter(text: &str) -> bool {
    let rest = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut lines = lines_with_offsets(rest);
    lines
        .next()
        .is_some_and(|(_, first)| is_fence(first, "---"))
        && line_ends(rest.as_bytes()).next().is_some()
}

/// Finds the frontmatter (SPEC §3.1): a first line `---` (an optional UTF-8
/// BOM before it) and the next line that is `---` or `...`, either fence
/// with trailing spaces or tabs allowed; lines end as SPEC §3 says. `None`
/// when the file does not open with one or it is never closed.
pub fn split_frontmatter(text: &str) -> Option<FrontmatterBlock> {
    let start = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
    let mut lines = lines_with_offsets(&text[start..]).map(|(o, line)| (start + o, line));
    let (_, first) = lines.next()?;
    if !is_fence(first, "---") {
        return None;
    }
    let mut yaml_start = None;
    for (offset, line) in lines {
        let yaml = *yaml_start.get_or_insert(offset);
        if is_fence(line, "---") || is_fence(line, "...") {
            let after = offset + line.len();
            let end = line_ends(&text.as_bytes()[after..])
                .next()
                .map_or(text.len(), |e| after + e);
            return Some(FrontmatterBlock {
                yaml: yaml..offset,
                first_line: 2,
                end,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frontmatter_fences_as_common_readers_take_them() {
        let block = |text: &str| {
            split_frontmatter(text).map(|fm| {
                (
                    text[fm.yaml.clone()].to_string(),
                    text[fm.end..].to_string(),
                )
            })
        };
        assert_eq!(
            block("--- \t\nslug: x\n---  \n# T\n"),
            Some(("slug: x\n".into(), "# T\n".into()))
        );
        assert_eq!(
            block("---\nslug: x\n...\n# T\n"),
            Some(("slug: x\n".into(), "# T\n".into()))
        );
        assert_eq!(
            block("---\rslug: x\r---\r# T\r"),
            Some(("slug: x\r".into(), "# T\r".into()))
        );
        assert_eq!(
            block("---\n---\nbody"),
            Some((String::new(), "body".into()))
        );
        assert_eq!(
            block("---\nslug: x\n---"),
            Some(("slug: x\n".into(), String::new()))
        );
        assert_eq!(block("...\nslug: x\n---\n"), None);
        assert_eq!(block("--- x\nslug: x\n---\n"), None);
        assert_eq!(block("---\nslug: x\n ---\n"), None);
        assert!(opens_frontmatter("---\rslug: x\r"));
        assert!(opens_frontmatter("--- \nslug: x\n"));
        assert!(!opens_frontmatter("---"));
    }

    #[test]
    fn frontmatter_with_bom_and_crlf() {
        let text = "\u{FEFF}---\r\nslug: x\r\n---\r\n# T\r\n";
        let fm = split_frontmatter(text).expect("frontmatter");
        assert_eq!(&text[fm.yaml.clone()], "slug: x\r\n");
        assert_eq!(&text[fm.end..], "# T\r\n");
        assert!(split_frontmatter("---\nslug: x\n").is_none());
        assert!(split_frontmatter("# no\n---\n").is_none());
    }
}
