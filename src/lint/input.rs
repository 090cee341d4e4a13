//! What every check reads ([`LintInput`]): one parse of the plan, its twin
//! and its handoffs, the console's environment, and the docs root.

use std::collections::BTreeSet;
use std::path::Path;

use super::env::LintEnv;
use super::{human_steps, open};
use crate::error::Result;
use crate::manifest::Manifest;
use crate::markdown::MarkdownFile;
use crate::plan::decisions::FileKind;
use crate::plan::handoff::Handoffs;

/// Everything the checks read: one parse of the plan, its twin and its
/// handoffs, the done phases, and the docs root (for `plan` Gate-checks
/// naming other plans).
#[derive(Debug)]
pub struct LintInput<'a> {
    /// The plan and its twin.
    pub manifest: &'a Manifest,
    /// Every handoff file of the plan (SPEC §3.2), each read once.
    pub handoffs: &'a Handoffs,
    /// The phases of the graph whose newest handoff says they are done
    /// (SPEC §3.2); every other phase is open.
    pub done: BTreeSet<u32>,
    /// The docs root the plan belongs to.
    pub root: &'a Path,
    /// What the console's environment says (SPEC-PARITY.md section F); the
    /// checks never read the process environment themselves.
    pub env: &'a LintEnv,
    /// The open phases with their blocks and §Verification reaches, read
    /// once for every check that needs them (see [`LintInput::open_blocks`]
    /// and [`LintInput::open_verifications`]).
    pub open: std::sync::OnceLock<open::OpenPhases<'a>>,
    /// The plan's human-step bullets with what the reader makes of each,
    /// read once for the five human-step checks.
    pub human_steps: std::sync::OnceLock<Vec<(human_steps::StepLine, human_steps::Parsed)>>,
}

impl<'a> LintInput<'a> {
    /// The input for linting `manifest`: asks `handoffs` which of the
    /// graph's phases are done; `env` is what the console's environment
    /// says. Errors when a handoff cannot be read or is not UTF-8.
    pub fn new(
        manifest: &'a Manifest,
        handoffs: &'a Handoffs,
        root: &'a Path,
        env: &'a LintEnv,
    ) -> Result<Self> {
        let mut done = BTreeSet::new();
        for phase in manifest.plan.graph_phases() {
            if handoffs.is_done(phase)? {
                done.insert(phase);
            }
        }
        Ok(LintInput {
            manifest,
            handoffs,
            done,
            root,
            env,
            open: std::sync::OnceLock::new(),
            human_steps: std::sync::OnceLock::new(),
        })
    }

    /// The input for checks that read only the plan and the twin, not
    /// which phases are done (every phase counts as open).
    pub fn without_handoffs(manifest: &'a Manifest, root: &'a Path, env: &'a LintEnv) -> Self {
        LintInput {
            manifest,
            handoffs: &NO_HANDOFFS,
            done: BTreeSet::new(),
            root,
            env,
            open: std::sync::OnceLock::new(),
            human_steps: std::sync::OnceLock::new(),
        }
    }

    /// The plan file.
    pub fn plan_file(&self) -> &MarkdownFile {
        &self.manifest.plan.file
    }

    /// The file of `kind` (the twin or the handoff, when it exists and
    /// could be read).
    pub fn file(&self, kind: FileKind) -> Option<&MarkdownFile> {
        file_of(self.manifest, self.handoffs, kind)
    }
}

/// The handoffs of [`LintInput::without_handoffs`]: none.
static NO_HANDOFFS: Handoffs = Handoffs::NONE;

/// The file of `kind` among a plan, its twin and its handoffs.
pub(super) fn file_of<'a>(
    manifest: &'a Manifest,
    handoffs: &'a Handoffs,
    kind: FileKind,
) -> Option<&'a MarkdownFile> {
    match kind {
        FileKind::Plan => Some(&manifest.plan.file),
        FileKind::Twin => manifest.twin.as_ref().map(|t| &t.file),
        FileKind::Handoff(index) => handoffs.get(index)?.file.as_ref(),
    }
}
