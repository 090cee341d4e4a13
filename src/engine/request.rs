//! A mode to run (SPEC §11): what a mode is — the argument it takes, its
//! usage line, what it reads when it starts, its function — and a request
//! for one, its argument read as the reference reads `$3` (a phase
//! argument normalised at the door: `08` is 8).
//!
//! **(fix)** A phase argument that is not a number (`x`, `-1`, `1x`, `2 3`)
//! is refused (exit 2, naming the plan's phases): the reference evaluates
//! it as bash arithmetic, so `x` dies on an unbound variable, `-1` names the
//! last phase, `1+1` phase 2, and `1x` prints an error and then the whole
//! board.

use crate::engine::{Answer, Reading};
use crate::error::{Error, Result};

/// What argument a mode takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    /// None (an argument given is ignored, as the reference ignores `$3`).
    None,
    /// An optional phase number.
    OptionalPhase,
    /// A phase number; without one the mode prints its usage line and
    /// exits 2.
    Phase,
    /// A list of phase numbers, one word (`--boot-fanout "2 3"`).
    Phases,
    /// A word that is not a phase (`--session-plan opus`), not normalised.
    Word,
}

/// What a mode reads besides the plan and its graph, when the mode starts
/// (the rest is read on first use).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Needs {
    /// The twin, `docs/handoffs/<slug>/decisions.md`.
    pub twin: bool,
    /// The writer of the decisions blocks its boot prompts carry
    /// ([`crate::engine::Reading::with_decisions_writer`]).
    pub decisions: bool,
}

impl Needs {
    /// Nothing besides the plan.
    pub const PLAN: Needs = Needs {
        twin: false,
        decisions: false,
    };
    /// The plan and its twin.
    pub const TWIN: Needs = Needs {
        twin: true,
        decisions: false,
    };
    /// The plan, its twin and the decisions blocks of its boot prompts.
    pub const BOOT: Needs = Needs {
        twin: true,
        decisions: true,
    };
}

/// The function that computes a mode's answer.
pub type RunFn = fn(&Reading, &Request) -> Result<Answer>;

/// One mode of the table.
#[derive(Debug, Clone, Copy)]
pub struct ModeSpec {
    /// The mode as typed (`--ready`), or `board`.
    pub name: &'static str,
    /// The argument it takes.
    pub arg: ArgKind,
    /// Its usage line, printed (exit 2) when a required argument is
    /// missing.
    pub usage: &'static str,
    /// What it reads when it starts.
    pub needs: Needs,
    /// What it answers, in a few words (for `--help`).
    pub summary: &'static str,
    /// Its function; `None` for a mode planfile does not serve yet.
    pub run: Option<RunFn>,
}

/// A mode to run, with its argument (`$3`) as given, normalised.
#[derive(Debug, Clone)]
pub struct Request {
    /// The mode.
    pub mode: &'static ModeSpec,
    /// Its argument: `None` when absent or empty; a number written with
    /// leading zeros has them removed.
    pub arg: Option<String>,
}

impl Request {
    /// The request for `mode` with argument `arg` (the reference's `$3`),
    /// normalised as the mode reads it.
    pub fn new(mode: &'static ModeSpec, arg: Option<&str>) -> Request {
        let arg = arg.filter(|a| !a.is_empty()).map(|a| match mode.arg {
            ArgKind::Word => a.to_string(),
            _ => normalise_number(a),
        });
        Request { mode, arg }
    }

    /// The phase argument, when one is given: a whole number (one too
    /// large for a phase names no phase of any plan). Errors:
    /// [`Error::NotAPhaseNumber`] (exit 2) for anything else.
    pub fn phase(&self, reading: &Reading) -> Result<Option<u64>> {
        let Some(arg) = self.arg.as_deref() else {
            return Ok(None);
        };
        if !arg.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Error::NotAPhaseNumber {
                phase: arg.to_string(),
                slug: reading.slug().to_string(),
                phases: reading.graph.listed(),
            });
        }
        Ok(Some(arg.parse().unwrap_or(u64::MAX)))
    }

    /// The phase argument of a mode that needs one: without it,
    /// [`Error::EngineRefused`] with the mode's usage line (exit 2); errors
    /// as [`Request::phase`].
    pub fn required_phase(&self, reading: &Reading) -> Result<u64> {
        self.phase(reading)?
            .ok_or_else(|| Error::EngineRefused(format!("{}\n", self.mode.usage)))
    }
}

/// `arg` with the leading zeros of a whole number removed (`08` is `8`,
/// `00` is `0`); anything else as it is.
pub fn normalise_number(arg: &str) -> String {
    if arg.is_empty() || !arg.bytes().all(|b| b.is_ascii_digit()) {
        return arg.to_string();
    }
    let trimmed = arg.trim_start_matches('0');
    if trimmed.is_empty() {
        "0".to_string()
    } else {
        trimmed.to_string()
    }
}

/// The phase `n` names, when it fits a phase number.
pub fn as_phase(n: u64) -> Option<u32> {
    u32::try_from(n).ok()
}
