//! What the advisories share (SPEC-PARITY.md section D): the open phases
//! they read, in graph order, and the line a finding about a phase marks.

use std::ops::Range;

use super::{LintInput, line_span};
use crate::plan::PhaseBlock;
use crate::plan::verification::Reach;
use crate::vocab::console::VERIFICATION_LABEL;

/// The open phases of a lint input, read once: each with its block and
/// the reach of its §Verification bullet.
#[derive(Debug, Default)]
pub struct OpenPhases<'a> {
    /// The open phases of the graph, in graph order, with their blocks.
    blocks: Vec<(u32, &'a PhaseBlock)>,
    /// Those whose block has a §Verification bullet, with its reach.
    verifications: Vec<(u32, &'a PhaseBlock, Reach)>,
}

impl<'a> LintInput<'a> {
    /// The open phases, read on first use.
    fn open(&self) -> &OpenPhases<'a> {
        self.open.get_or_init(|| {
            let plan = &self.manifest.plan;
            let blocks: Vec<(u32, &'a PhaseBlock)> = plan
                .graph_phases()
                .into_iter()
                .filter(|p| !self.done.contains(p))
                .filter_map(|p| plan.phase_block(p).map(|b| (p, b)))
                .collect();
            let verifications = blocks
                .iter()
                .map(|&(p, b)| (p, b, Reach::of(&plan.file, b, VERIFICATION_LABEL)))
                .filter(|(_, _, r)| r.bullet_line.is_some())
                .collect();
            OpenPhases {
                blocks,
                verifications,
            }
        })
    }

    /// The open phases of the graph (SPEC-PARITY.md A.6), in graph order,
    /// each with its `### Phase N` block; a phase without a block is
    /// skipped.
    pub fn open_blocks(&self) -> &[(u32, &'a PhaseBlock)] {
        &self.open().blocks
    }

    /// The open phases with the reach of their §Verification bullet, in
    /// graph order; a phase without such a bullet is skipped.
    pub fn open_verifications(&self) -> &[(u32, &'a PhaseBlock, Reach)] {
        &self.open().verifications
    }

    /// The span of the heading of `block`: what a finding about the whole
    /// phase marks.
    pub fn heading_span(&self, block: &PhaseBlock) -> Range<usize> {
        line_span(&self.manifest.plan.file, block.heading_line)
    }

    /// The span of `range` of the plan when it lies on one line, else of
    /// the rest of the line it starts on.
    pub fn on_one_line(&self, range: Range<usize>) -> Range<usize> {
        let file = &self.manifest.plan.file;
        let line = file.lines.line_range(&file.text, file.line_of(range.start));
        range.start..range.end.min(line.end).max(range.start)
    }
}
