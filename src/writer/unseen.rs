//! A twin without a `## Decisions` section the reader finds, but with
//! something a person takes for one (SPEC §7, a twin the writer cannot
//! safely edit): a near-miss Decisions heading, table lines, or a Decisions
//! section swallowed by a code fence or an HTML comment that is never
//! closed. Appending a second, real section to such a twin would leave the
//! rows written by hand unread for good, so the writer refuses it instead.
//! The table lines and swallowed sections are those of the one detector of
//! unread decision rows ([`unread::find`]) that the lint and the start
//! gate use too.

use crate::error::{Error, Result, escape_invisible, escape_path};
use crate::markdown::MarkdownFile;
use crate::plan::decisions::FileKind;
use crate::plan::decisions::unread;
use crate::plan::decisions::unread::{Place, Unread};
use crate::plan::decisions::{is_decisions_heading_like, names_decisions};

/// Checks a twin that has no `## Decisions` section the reader finds
/// (SPEC §3.3) before the writer appends one. `slug` is the plan's slug: a
/// level-1 `# Decisions — <slug>`, the title the writer gives every new
/// twin, is not mistaken for a Decisions heading.
///
/// Refuses with [`Error::TwinRefused`] (exit 1), naming the file and the
/// line and saying what to fix, when the twin holds, in this order of
/// precedence:
/// - a fenced code block or `<!--` comment that is never closed and holds
///   a line written like a Decisions heading or a table line (it swallows
///   the section);
/// - outside frontmatter, code blocks and HTML blocks, a near-miss
///   Decisions heading: any line written like one
///   ([`is_decisions_heading_like`]: `##Decisions`, `##` and a non-breaking
///   space, `## \u{200B}Decisions`, `### Decisions`), or a setext heading
///   whose text [`names_decisions`];
/// - any other table line no reader takes as the manifest
///   ([`unread::find`]: in a twin every table is the manifest's).
pub fn check(file: &MarkdownFile, slug: &str) -> Result<()> {
    let unread = unread::find(file, FileKind::Twin, None);
    if let Some(refusal) = swallowed(file, &unread).or_else(|| near_miss(file, slug)) {
        return Err(refusal);
    }
    match unread.first() {
        Some(found) => Err(refuse_unread(file, found)),
        None => Ok(()),
    }
}

/// The refusal of a twin that holds `found`, rows no reader takes as the
/// manifest: where they are, why they are unread, what to do.
pub fn refuse_unread(file: &MarkdownFile, found: &Unread) -> Error {
    let (why, todo) = found.explain(file);
    refuse(
        file,
        found.line,
        &format!("{why}; the writer does not edit a twin that holds rows no reader takes; {todo}"),
    )
}

/// The refusal for `line`: `<path>:<line>: <why> and run again; nothing
/// written`.
fn refuse(file: &MarkdownFile, line: usize, why: &str) -> Error {
    Error::TwinRefused(format!(
        "{}:{line}: {why}, and run again; nothing written",
        escape_path(&file.path)
    ))
}

/// The text of `line`, trimmed and escaped, for a message.
fn shown(file: &MarkdownFile, line: usize) -> String {
    escape_invisible(file.line_text(line).trim_matches([' ', '\t']))
}

/// A line of the body that is outside frontmatter, code blocks and HTML
/// blocks: where a reader would see what the line says.
fn in_the_open(file: &MarkdownFile, line: usize) -> bool {
    let start = file.lines.line_start(line);
    let body = file.frontmatter.as_ref().map_or(0, |f| f.end);
    start >= body && !file.doc.in_code_or_html(start)
}

/// A fence or comment that is never closed and swallows a Decisions
/// heading or table lines (an [`unread::Place::Unclosed`] of `unread`).
fn swallowed(file: &MarkdownFile, unread: &[Unread]) -> Option<Error> {
    let (open, opener, hidden) = unread.iter().find_map(|u| match &u.place {
        Place::Unclosed { opener, line, .. } => Some((*line, opener.as_str(), u.line)),
        _ => None,
    })?;
    let why = if opener == "<!--" {
        format!(
            "the HTML comment opened here is never closed (no \"-->\"), so the Decisions section at line {hidden} and everything after it read as a comment, and the writer would add a second section; close the comment with \"-->\""
        )
    } else {
        format!(
            "the code fence opened here (\"{}\") is never closed, so the Decisions section at line {hidden} and everything after it read as code, and the writer would add a second section; close the fence",
            shown(file, open)
        )
    };
    Some(refuse(file, open, &why))
}

/// The first near-miss Decisions heading in the open, other than the twin's
/// own title `# Decisions — <slug>`.
fn near_miss(file: &MarkdownFile, slug: &str) -> Option<Error> {
    let title = format!("Decisions — {slug}");
    let is_title = |line: usize| {
        let text = file.line_text(line).trim_start_matches(' ');
        text.strip_prefix("# ")
            .is_some_and(|t| t.trim_matches([' ', '\t', '#']) == title)
    };
    let by_line = (1..=file.lines.len()).find(|&l| {
        in_the_open(file, l) && is_decisions_heading_like(file.line_text(l)) && !is_title(l)
    });
    let by_heading = file
        .doc
        .headings
        .iter()
        .filter(|h| names_decisions(&h.text) && !(h.level == 1 && h.text == title))
        .map(|h| file.line_of(h.range.start))
        .find(|&l| in_the_open(file, l));
    let line = [by_line, by_heading].into_iter().flatten().min()?;
    Some(refuse(
        file,
        line,
        &format!(
            "\"{}\" is almost a Decisions heading, but the reader only takes a level-2 heading, \"## Decisions\" (two #, an ASCII space), so rows under this line are never read and the writer would add a second section; fix the heading to read \"## Decisions\"",
            shown(file, line)
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn file(text: &str) -> MarkdownFile {
        MarkdownFile::from_text(PathBuf::from("d/decisions.md"), text.to_string())
    }

    #[test]
    fn plain_twins_pass() {
        for text in [
            "# Notes\n\ntext\n",
            "# Decisions — p\n\nWritten by planfile.\n",
            "# Decisions — p\n\n```\n## Decisions\n| a |\n```\n",
            "<!-- ## Decisions\n| a | b | -->\n\nnotes\n",
            "```\nnever closed, no heading\n",
        ] {
            assert!(check(&file(text), "p").is_ok(), "{text:?}");
        }
    }

    #[test]
    fn near_misses_tables_and_swallowed_sections_are_refused() {
        let cases = [
            ("# D\n\n##\u{A0}Decisions\n", ":3:"),
            ("# D\n\n##Decisions\n", ":3:"),
            ("# D\n\n## \u{200B}Decisions\n", ":3:"),
            ("# D\n\n### Decisions\n", ":3:"),
            ("# Decisions\n", ":1:"),
            ("# Decisions — p\n\n### Decisions\n", ":3:"),
            ("# D\n\nDecisions\n=========\n", ":3:"),
            ("# D\n\n| key | value |\n", ":3:"),
            ("# D\n\nkey | value\n--- | ---\nstop | x\n", ":3:"),
            ("# D\n\n```\n\n## Decisions\n", ":3:"),
            ("# D\n\n<!-- draft\n\n## Decisions\n", ":3:"),
        ];
        for (text, at) in cases {
            let err = check(&file(text), "p").expect_err(text);
            assert_eq!(err.exit_code(), 1);
            let message = err.to_string();
            assert!(message.starts_with("d/decisions.md"), "{message}");
            assert!(message.contains(at), "{text:?}: {message}");
            assert!(message.ends_with("nothing written"), "{message}");
        }
        let err = check(&file("# D\n\n##\u{A0}Decisions\n"), "p").expect_err("refused");
        assert!(err.to_string().contains("##\\u{A0}Decisions"), "{err}");
    }
}
