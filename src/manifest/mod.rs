//! The decision manifest: a plan's `## Decisions` table and its twin, read
//! (SPEC §3.3), merged into views (SPEC §4), and written (SPEC §7).

pub mod gate;
pub mod in_force;
pub mod ledger;
pub mod merge;
pub mod read;
pub mod row;
pub mod write;

use std::path::Path;

use crate::error::Result;
use crate::markdown::MarkdownFile;
use crate::plan::Plan;
use crate::root::PlanLocation;

pub use merge::{View, resolve};
pub use read::{Column, DecisionSection, DecisionTable, ProblemKind, TableProblem};
pub use row::{BlockingCell, DecisionRow, FileKind, Origin, PhaseScope};

/// The twin file, `docs/handoffs/<slug>/decisions.md`, read and parsed once.
#[derive(Debug, Clone)]
pub struct Twin {
    /// The file and its one parse.
    pub file: MarkdownFile,
    /// Its `## Decisions` section, if any.
    pub decisions: Option<DecisionSection>,
}

impl Twin {
    /// Builds the twin model of an already-read file.
    pub fn from_file(file: MarkdownFile) -> Twin {
        Twin {
            decisions: DecisionSection::read(&file, FileKind::Twin),
            file,
        }
    }

    /// Reads the twin at `path`: `Ok(None)` when there is none (a dangling
    /// symlink reads as none); [`crate::Error::Read`] or
    /// [`crate::Error::NotUtf8`] when it cannot be read.
    pub fn load(path: &Path) -> Result<Option<Twin>> {
        Ok(MarkdownFile::read(path)?.map(Twin::from_file))
    }

    /// The rows of the twin's manifest table.
    pub fn rows(&self) -> &[DecisionRow] {
        self.decisions
            .as_ref()
            .map(DecisionSection::rows)
            .unwrap_or(&[])
    }
}

/// A plan together with its twin: everything a listing, a lint or a write
/// reads.
#[derive(Debug, Clone)]
pub struct Manifest {
    /// The plan.
    pub plan: Plan,
    /// The twin, when it exists.
    pub twin: Option<Twin>,
}

impl Manifest {
    /// Reads the plan at `location` and its twin. Errors as [`Plan::load`]
    /// and [`Twin::load`].
    pub fn load(location: &PlanLocation) -> Result<Manifest> {
        let plan = Plan::load(location)?;
        let twin = Twin::load(&location.twin())?;
        Ok(Manifest { plan, twin })
    }

    /// The rows of the plan's manifest table.
    pub fn plan_rows(&self) -> &[DecisionRow] {
        self.plan.decision_rows()
    }

    /// The rows of the twin's manifest table.
    pub fn twin_rows(&self) -> &[DecisionRow] {
        self.twin.as_ref().map(Twin::rows).unwrap_or(&[])
    }

    /// Parses a phase argument against the plan's graph (see
    /// [`View::from_arg`]).
    pub fn view(&self, phase: Option<&str>) -> Result<View> {
        View::from_arg(phase, &self.plan.slug, &self.plan.graph_phases())
    }

    /// The resolved rows of `view`, in output order (SPEC §4).
    pub fn resolve(&self, view: View) -> Vec<&DecisionRow> {
        resolve(self.plan_rows(), self.twin_rows(), view)
    }

    /// The file a row was read from (`None` for the twin when there is
    /// none, and for a handoff, which the manifest does not hold).
    pub fn file_of(&self, kind: FileKind) -> Option<&Path> {
        match kind {
            FileKind::Plan => Some(self.plan.file.path.as_path()),
            FileKind::Twin => self.twin.as_ref().map(|t| t.file.path.as_path()),
            FileKind::Handoff(_) => None,
        }
    }
}
