//! What the advisories share (SPEC-PARITY.md section D): the open phases
//! they read, in graph order, and the line a finding about a phase marks.

use std::ops::Range;

use super::{LintInput, line_span};
use crate::plan::PhaseBlock;
use crate::plan::verification::Reach;
use crate::vocab::console::VERIFICATION_LABEL;

impl<'a> LintInput<'a> {
    /// The open phases of the graph (SPEC-PARITY.md A.6), in graph order,
    /// each with its `### Phase N` block; a phase without a block is
    /// skipped.
    pub fn open_blocks(&self) -> Vec<(u32, &'a PhaseBlock)> {
        let plan = &self.manifest.plan;
        plan.graph_phases()
            .into_iter()
            .filter(|p| !self.done.contains(p))
            .filter_map(|p| plan.phase_block(p).map(|b| (p, b)))
            .collect()
    }

    /// The open phases with the reach of their §Verification bullet, in
    /// graph order; a phase without such a bullet is skipped. The reaches
    /// are read once per input.
    pub fn open_verifications(&self) -> Vec<(u32, &'a PhaseBlock, &Reach)> {
        let plan = &self.manifest.plan;
        let reaches = self.verifications.get_or_init(|| {
            self.open_blocks()
                .into_iter()
                .map(|(p, b)| (p, Reach::of(&plan.file, b, VERIFICATION_LABEL)))
                .filter(|(_, r)| r.bullet_line.is_some())
                .collect()
        });
        reaches
            .iter()
            .filter_map(|(p, r)| plan.phase_block(*p).map(|b| (*p, b, r)))
            .collect()
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
