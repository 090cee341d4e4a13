//! `block-unclosed` (code F20, SPEC §3.3, §6): a fenced code block or an
//! HTML comment in the plan or its twin that is never closed. CommonMark
//! runs it to the end of the file, so the phase graph, the phase blocks and
//! the `## Decisions` section after it are read as code or as a comment.

use super::{Hit, LintInput, file_label, line_span};
use crate::markdown::UnclosedBlock;
use crate::plan::decisions::FileKind;

/// What an unclosed block is called in messages, and the line that closes
/// it.
fn describe(block: &UnclosedBlock) -> (&'static str, String) {
    if block.opener == "<!--" {
        ("HTML comment", "-->".to_string())
    } else {
        ("code block", block.opener.clone())
    }
}

/// F20 `block-unclosed`: a fenced code block (```` ``` ````, `~~~`) or an
/// HTML comment (`<!--`) that is never closed, in the plan or the twin;
/// points at the line that opens it.
pub fn block_unclosed(input: &LintInput, out: &mut Vec<Hit>) {
    for kind in [FileKind::Plan, FileKind::Twin] {
        let Some(file) = input.file(kind) else {
            continue;
        };
        for block in file.unclosed_blocks() {
            let (what, closer) = describe(&block);
            let last = file.line_of(block.range.end.saturating_sub(1).max(block.range.start));
            let swallowed = if last > block.line {
                format!(
                    ", so lines {}-{last} are read as part of it (no heading, table or phase block in them counts)",
                    block.line + 1
                )
            } else {
                String::new()
            };
            out.push(Hit {
                file: kind,
                span: line_span(file, block.line),
                message: format!(
                    "{what} in {} (line {}): block-unclosed — the {} opened here is never closed{}{swallowed}; close it with a {closer} line where it should end",
                    file_label(kind),
                    block.line,
                    block.opener,
                    block.near_closer_note(file)
                ),
                fix: None,
            });
        }
    }
}
