//! F14 `verification-empty-open` (SPEC §6): every open phase proves its
//! work with something a machine can run.

use std::ops::Range;

use super::{Hit, LintInput, line_span};
use crate::markdown::MarkdownFile;
use crate::plan::PhaseBlock;
use crate::plan::decisions::FileKind;

/// Why a phase's verification holds nothing runnable.
enum Gap {
    /// The graph names the phase but no `### Phase N` block exists.
    NoBlock,
    /// The block has a Verification label, but not bold.
    NotBold,
    /// The block has no Verification bullet at all.
    NoBullet,
    /// From the bullet to the end of the block there is no fence and no
    /// backtick span holding a letter.
    NothingRunnable,
}

/// F14 `verification-empty-open`: for every open phase of the graph, the
/// phase block must hold a bold `Verification` bullet and, from it to the
/// end of the block, at least one fenced code block or one backtick span
/// containing a letter. Done phases (SPEC §3.2) are not checked. Points at
/// the Verification bullet, or the heading when there is none (the graph
/// row when there is no block).
pub fn verification_empty_open(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    for phase in plan.graph_phases() {
        if input.done.contains(&phase) {
            continue;
        }
        let (gap, span) = match plan.phase_block(phase) {
            None => {
                let line = plan
                    .graph
                    .as_ref()
                    .and_then(|g| g.row(phase))
                    .map(|r| r.line)
                    .unwrap_or(1);
                (Gap::NoBlock, line_span(&plan.file, line))
            }
            Some(block) => match check_block(&plan.file, block) {
                Ok(()) => continue,
                Err(found) => found,
            },
        };
        let why = match gap {
            Gap::NoBlock => format!(
                "the plan has no \"### Phase {phase}\" block; add one with a \"- **Verification:**\" bullet holding the command that proves the phase done"
            ),
            Gap::NotBold => {
                "its Verification label is not bold, so it does not count; write it as \"- **Verification:**\" followed by a `command` or a fenced block".to_string()
            }
            Gap::NoBullet => {
                "the block has no \"- **Verification:**\" bullet; add one holding the command that proves the phase done, as a `command` or a fenced block".to_string()
            }
            Gap::NothingRunnable => {
                "from the Verification bullet to the end of the block there is no `command` holding a letter and no fenced block; write the command that proves the phase done".to_string()
            }
        };
        out.push(Hit {
            file: FileKind::Plan,
            span,
            message: format!(
                "phase {phase}: verification-empty-open — no runnable §Verification on an open phase: {why}"
            ),
            fix: None,
        });
    }
}

/// Checks one phase block; the gap and the span to mark when it holds no
/// runnable verification.
fn check_block(file: &MarkdownFile, block: &PhaseBlock) -> Result<(), (Gap, Range<usize>)> {
    let heading = line_span(file, block.heading_line);
    let labelled =
        |d: &&crate::plan::phase::Directive| d.label.eq_ignore_ascii_case("verification");
    let Some(bullet) = block.directives.iter().filter(labelled).find(|d| d.bold) else {
        let gap = if block.directives.iter().any(|d| labelled(&d)) {
            Gap::NotBold
        } else {
            Gap::NoBullet
        };
        return Err((gap, heading));
    };
    let from = bullet.range.start;
    let to = block.range.end;
    let fence = file.doc.code_blocks_in(from..to).iter().any(|b| b.fenced);
    let span = file.doc.code_spans_in(from..to).iter().any(|r| {
        file.text
            .get(r.clone())
            .is_some_and(|t| t.chars().any(char::is_alphabetic))
    });
    if fence || span {
        Ok(())
    } else {
        Err((Gap::NothingRunnable, line_span(file, bullet.line)))
    }
}
