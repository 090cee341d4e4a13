//! F21 checks of the `### Phase N` blocks (SPEC §6 "More (fix) checks"):
//! two blocks for one phase (`phase-block-duplicate`), and a block for a
//! phase the graph lacks (`phase-block-unknown`).

use std::collections::BTreeMap;

use super::{Hit, LintInput, line_span};
use crate::plan::graph::PhaseCellValue;

/// F21 `phase-block-duplicate` (gating): a second `### Phase N` block for a
/// phase that already has one. Which of them a reader takes is a guess —
/// the reference's readers take the first, or both run together — so a
/// run could follow the directives and verification of either. Points at
/// the later block's heading.
pub fn phase_block_duplicate(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    let mut first: BTreeMap<u32, usize> = BTreeMap::new();
    for block in plan.phases() {
        match first.get(&block.number) {
            None => {
                first.insert(block.number, block.heading_line);
            }
            Some(&line) => out.push(Hit::in_plan(
                line_span(&plan.file, block.heading_line),
                format!(
                    "phase {}: phase-block-duplicate — the block at line {} is a second block for phase {} (the first is at line {line}); which one a reader takes is a guess, so merge them into one block, or renumber the heading that is not phase {}'s",
                    block.number, block.heading_line, block.number, block.number
                ),
            )),
        }
    }
}

/// F21 `phase-block-unknown` (advisory): a `### Phase N` block for a phase
/// the phase graph lacks; nothing runs it. Only when the plan has a graph
/// whose phase cells all read as phases (a malformed one is F1's, and may
/// be the row meant). Points at the block's heading.
pub fn phase_block_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    let Some(graph) = &plan.graph else {
        return;
    };
    let malformed = graph.table.as_ref().is_some_and(|t| {
        t.rows
            .iter()
            .any(|r| matches!(r.phase, PhaseCellValue::Malformed(_)))
    });
    if malformed {
        return;
    }
    let phases = graph.phases();
    if phases.is_empty() {
        return;
    }
    let mut seen = Vec::new();
    for block in plan.phases() {
        if phases.contains(&block.number) || seen.contains(&block.number) {
            continue;
        }
        seen.push(block.number);
        out.push(Hit::in_plan(
            line_span(&plan.file, block.heading_line),
            format!(
                "phase {}: phase-block-unknown — the block at line {} is for phase {}, which the Phase graph does not list (it has phases: {}), so no run starts it; add its row to the graph, or renumber the heading",
                block.number,
                block.heading_line,
                block.number,
                super::phase_list(&phases)
            ),
        ));
    }
}
