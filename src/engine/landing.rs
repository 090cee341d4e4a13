//! `--landing N` (SPEC §11): the landing ledger's records of phase N, as
//! `phase-landing.sh` recorded them ([`crate::plan::landing`]) — not the
//! policy (`--land`), what happened. Nothing at all when the phase has no
//! record, which is the fact the `landed` gate blocks on.

use serde::Serialize;

use crate::engine::directives::{known_phase, not_in_plan};
use crate::engine::{Answer, Reading, Request};
use crate::error::Result;
use crate::plan::landing::read_ledger;

/// One record of the ledger, its columns named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Landed {
    /// The phase cell as written.
    pub phase: String,
    /// The repository.
    pub repo: String,
    /// What the landing reached (`held`, `landed`, `pr-open`, …).
    pub state: String,
    /// The policy it followed.
    pub policy: String,
    /// The ref it landed on.
    #[serde(rename = "ref")]
    pub git_ref: String,
    /// The commit.
    pub sha: String,
    /// The pull request.
    pub pr: String,
    /// Who landed it.
    pub by: String,
    /// When it was recorded.
    pub recorded: String,
    /// A note.
    pub note: String,
}

/// The answer of `--landing N`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Landing {
    /// The plan's slug.
    pub plan: String,
    /// The phase asked about.
    pub phase: u64,
    /// Its records, in the ledger's order.
    pub rows: Vec<Landed>,
}

impl Landed {
    /// The record's cells in the order the reference prints them.
    pub fn cells(&self) -> [&str; 10] {
        [
            &self.phase,
            &self.repo,
            &self.state,
            &self.policy,
            &self.git_ref,
            &self.sha,
            &self.pr,
            &self.by,
            &self.recorded,
            &self.note,
        ]
    }
}

/// `--landing N`. Errors: no phase; a phase the graph lacks.
pub fn landing(reading: &Reading, request: &Request) -> Result<Answer> {
    request.required_phase(reading)?;
    let Some((phase, _)) = known_phase(reading, request)? else {
        return Err(not_in_plan(request));
    };
    Ok(Answer::Landing(Landing {
        plan: reading.slug().to_string(),
        phase,
        rows: records(reading, phase),
    }))
}

/// The ledger's records of `phase` (a phase cell written with leading
/// zeros is the same phase), in the ledger's order; none when the ledger
/// does not exist or cannot be read.
pub fn records(reading: &Reading, phase: u64) -> Vec<Landed> {
    read_ledger(&reading.handoffs_dir())
        .into_iter()
        .filter(|row| {
            row.phase.trim_start_matches('0') == phase.to_string().trim_start_matches('0')
        })
        .map(|row| {
            let c = |i: usize| row.cells.get(i).cloned().unwrap_or_default();
            Landed {
                phase: row.phase.clone(),
                repo: c(0),
                state: c(1),
                policy: c(2),
                git_ref: c(3),
                sha: c(4),
                pr: c(5),
                by: c(6),
                recorded: c(7),
                note: c(8),
            }
        })
        .collect()
}
