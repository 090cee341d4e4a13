//! The plan model (SPEC §3), built once per file: frontmatter, phase graph,
//! phase blocks and the `## Decisions` section.
//!
//! What belongs here: the model of one plan file and of the files read
//! beside it for its phases' state (handoffs, QA verdicts): the graph, the
//! phase blocks and their directives, the Decisions section read into rows
//! ([`decisions`]), the front matter. Nothing here merges, judges or
//! writes. It may use [`crate::markdown`], [`crate::root`],
//! [`crate::error`] and [`crate::vocab`].

pub mod decisions;

pub mod directive;
pub mod duration;
pub mod frontmatter;
pub mod gate_check;
pub mod gate_cmd;
pub mod readers;

pub mod graph;

pub mod handoff;
pub mod handoff_state;
pub mod human_steps;
pub mod landing;
pub mod notes;

pub mod phase;

pub mod progress;
pub mod qa;
pub mod status;

pub mod verification;

use crate::error::{Error, Result};
use crate::markdown::MarkdownFile;
use crate::plan::decisions::{DecisionSection, FileKind};
use crate::root::PlanLocation;
pub use frontmatter::{Frontmatter, FrontmatterError, FrontmatterProblem, Scalar};
pub use graph::PhaseGraph;
pub use phase::PhaseBlock;
pub use status::PlanStatus;
use std::path::Path;

/// A plan file, read and parsed once.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The plan's slug.
    pub slug: String,
    /// The file and its one parse.
    pub file: MarkdownFile,
    /// The frontmatter fields, read on first use (listings need none); see
    /// [`Plan::frontmatter`].
    frontmatter: std::sync::OnceLock<Frontmatter>,
    /// The status as the reference reads it, read on first use; see
    /// [`Plan::status`].
    status: std::sync::OnceLock<PlanStatus>,
    /// The `## Phase graph` section, if any.
    pub graph: Option<PhaseGraph>,
    /// The `### Phase N` blocks, in document order, read on first use
    /// (listings need none); see [`Plan::phases`].
    phases: std::sync::OnceLock<PhaseBlocks>,
    /// The `## Decisions` section, if any, read on first use (most plan
    /// engine modes need none); see [`Plan::decisions`].
    decisions: std::sync::OnceLock<Option<DecisionSection>>,
}

/// The phase blocks of a plan and an index of them by phase number.
#[derive(Debug, Clone, Default)]
struct PhaseBlocks {
    /// The blocks, in document order.
    blocks: Vec<PhaseBlock>,
    /// Phase number → index into `blocks` of the first block for that phase.
    index: PhaseIndex,
    /// Every (phase number, index into `blocks`) pair, sorted: the blocks
    /// of one phase, in document order, are a run of it.
    by_phase: Vec<(u32, usize)>,
    /// The lines of each block that may be directive bullets, read on first
    /// use (see [`Plan::phase_directive`]).
    bullets: std::sync::OnceLock<Vec<Vec<directive::BulletLine>>>,
}

/// Phase numbers to positions in a list, the first position of each phase
/// kept: a sorted list searched by bisection (lookups are many and cheap).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct PhaseIndex(Vec<(u32, usize)>);

impl PhaseIndex {
    /// The index of `(phase, position)` pairs in list order.
    pub(crate) fn new(pairs: impl IntoIterator<Item = (u32, usize)>) -> PhaseIndex {
        let mut pairs: Vec<(u32, usize)> = pairs.into_iter().collect();
        pairs.sort_unstable();
        pairs.dedup_by_key(|(phase, _)| *phase);
        PhaseIndex(pairs)
    }

    /// The first position of `phase`.
    pub(crate) fn get(&self, phase: u32) -> Option<usize> {
        self.0
            .binary_search_by_key(&phase, |(p, _)| *p)
            .ok()
            .map(|i| self.0[i].1)
    }
}

impl Plan {
    /// Builds the plan model of an already-read file.
    pub fn from_file(slug: &str, file: MarkdownFile) -> Plan {
        Plan {
            slug: slug.to_string(),
            frontmatter: std::sync::OnceLock::new(),
            status: std::sync::OnceLock::new(),
            graph: PhaseGraph::read(&file),
            phases: std::sync::OnceLock::new(),
            decisions: std::sync::OnceLock::new(),
            file,
        }
    }

    /// Reads the plan at `location`. [`Error::PlanMissing`] when there is no
    /// such file; [`Error::Read`] / [`Error::NotUtf8`] when it cannot be read.
    pub fn load(location: &PlanLocation) -> Result<Plan> {
        Plan::load_path(&location.slug, &location.plan)
    }

    /// Reads the plan file at `path` with slug `slug` (see [`Plan::load`]).
    pub fn load_path(slug: &str, path: &Path) -> Result<Plan> {
        match MarkdownFile::read(path)? {
            Some(file) => Ok(Plan::from_file(slug, file)),
            None => Err(Error::PlanMissing {
                slug: slug.to_string(),
                path: path.to_path_buf(),
            }),
        }
    }

    /// The phases of the phase graph, in table order, each once.
    pub fn graph_phases(&self) -> Vec<u32> {
        self.graph
            .as_ref()
            .map(PhaseGraph::phases)
            .unwrap_or_default()
    }

    /// Whether the phase graph has a row for `phase` (whether
    /// [`Plan::graph_phases`] holds it, without a scan).
    pub fn in_graph(&self, phase: u32) -> bool {
        self.graph.as_ref().is_some_and(|g| g.row(phase).is_some())
    }

    /// The frontmatter fields (read on first use).
    pub fn frontmatter(&self) -> &Frontmatter {
        self.frontmatter
            .get_or_init(|| Frontmatter::read(&self.file))
    }

    /// The `### Phase N` blocks, in document order (read on first use).
    pub fn phases(&self) -> &[PhaseBlock] {
        &self.phase_blocks().blocks
    }

    /// The phase block for `phase` (the first one, if the plan repeats it).
    pub fn phase_block(&self, phase: u32) -> Option<&PhaseBlock> {
        let blocks = self.phase_blocks();
        blocks.index.get(phase).map(|i| &blocks.blocks[i])
    }

    /// Every `### Phase N` block of `phase`, in document order, with its
    /// index in [`Plan::phases`] (a binary search, not a scan of every
    /// block).
    pub fn blocks_of(&self, phase: u32) -> impl Iterator<Item = (usize, &PhaseBlock)> + '_ {
        let blocks = self.phase_blocks();
        let first = blocks.by_phase.partition_point(|&(p, _)| p < phase);
        blocks.by_phase[first..]
            .iter()
            .take_while(move |&&(p, _)| p == phase)
            .map(|&(_, i)| (i, &blocks.blocks[i]))
    }

    /// The phase blocks and their index, read on first use.
    fn phase_blocks(&self) -> &PhaseBlocks {
        self.phases.get_or_init(|| {
            let blocks = phase::read_phase_blocks(&self.file);
            let mut by_phase: Vec<(u32, usize)> = blocks
                .iter()
                .enumerate()
                .map(|(i, b)| (b.number, i))
                .collect();
            by_phase.sort_unstable();
            let index = PhaseIndex::new(by_phase.iter().copied());
            PhaseBlocks {
                blocks,
                index,
                by_phase,
                bullets: std::sync::OnceLock::new(),
            }
        })
    }

    /// The `## Decisions` section, if the plan has one (SPEC §3.3; read
    /// on first use).
    pub fn decisions(&self) -> Option<&DecisionSection> {
        self.decisions
            .get_or_init(|| DecisionSection::read(&self.file, FileKind::Plan))
            .as_ref()
    }

    /// The rows of the plan's `## Decisions` table (empty when it has none).
    pub fn decision_rows(&self) -> &[crate::plan::decisions::DecisionRow] {
        self.decisions().map(DecisionSection::rows).unwrap_or(&[])
    }

    /// The plan's status as the reference reads it (read on first use).
    pub fn status(&self) -> &PlanStatus {
        self.status.get_or_init(|| PlanStatus::read(&self.file))
    }

    /// Whether the plan is closed (SPEC §6 "Closed plans"): its status, as
    /// the reference reads it ([`PlanStatus`]), is terminal.
    pub fn is_closed(&self) -> bool {
        self.status().is_closed()
    }
}

/// The plan model of `text`, as the file `t.md` with slug `t`: the one
/// builder of the unit tests' plans.
#[cfg(test)]
pub(crate) fn test_plan(text: &str) -> Plan {
    Plan::from_file(
        "t",
        MarkdownFile::from_text(std::path::PathBuf::from("t.md"), text.to_string()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::plan::test_plan as plan;

    #[test]
    fn frontmatter_fields_and_errors() {
        let p = plan("---\nslug: t\nstatus: Complete\nphases: 3\n---\n# T\n");
        assert_eq!(p.frontmatter().slug.as_deref(), Some("t"));
        assert!(p.is_closed());
        assert_eq!(p.frontmatter().phases, Some(Scalar::Int(3)));
        assert_eq!(p.frontmatter().phases_line, Some(4));
        let bad = plan("---\nslug: t\nstatus: [unclosed\n---\n# T\n");
        let err = bad.frontmatter().error.clone().expect("a YAML error");
        assert!(err.line >= 2, "{err:?}");
        assert!(!err.message.contains("line"), "{err:?}");
        let todo = plan("---\nphases: TODO\n---\n");
        assert_eq!(todo.frontmatter().phases, Some(Scalar::Str("TODO".into())));
    }

    #[test]
    fn a_duplicate_key_names_the_key_and_both_lines() {
        let p = plan("---\nslug: t\nstatus: active\nphases: 2\nstatus: complete\n---\n# T\n");
        assert!(!p.is_closed());
        let err = p.frontmatter().error.clone().expect("a YAML error");
        assert_eq!(err.line, 5);
        assert_eq!(err.message, "status");
        assert_eq!(
            err.kind,
            FrontmatterProblem::DuplicateKey { first: Some(3) }
        );
        let nested = plan("---\nslug: t\nextra:\n  status: a\nstatus: b\n\"status\": c\n---\n");
        let err = nested.frontmatter().error.clone().expect("a YAML error");
        assert_eq!(
            err.kind,
            FrontmatterProblem::DuplicateKey { first: Some(5) }
        );
        assert_eq!(err.line, 6);
    }

    #[test]
    fn graph_and_blocks() {
        let p = plan(
            "# T\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | A | — | r |\n| 02 | B *(GATED)* | 1 | r |\n\n## Phases\n\n### Phase 1 — A\n- **Verification:** `x`\n\n### Phase 02 — B\n- **Gate-check:** phase 1\n",
        );
        assert_eq!(p.graph_phases(), vec![1, 2]);
        assert!(
            p.graph
                .as_ref()
                .and_then(|g| g.row(2))
                .is_some_and(|r| r.gated)
        );
        assert_eq!(p.phases().len(), 2);
        assert_eq!(p.phases()[1].number, 2);
        assert_eq!(
            p.phase_block(2)
                .and_then(|b| b.directive("gate-check"))
                .map(|d| d.value.as_str()),
            Some("phase 1")
        );
    }
}
