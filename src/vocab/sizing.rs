//! The plan engine's sizing vocabulary (SPEC §11): what a phase of each
//! size weighs, the per-session budgets of each model class, the session
//! model that predicts a session's peak context, the measured sessions per
//! phase, and what an attached MCP server adds to a phase's weight.
//!
//! The values are those of the reference's shipped `scripts/sizing.env`
//! and `scripts/mcp.env` (which the reference's own built-in defaults
//! repeat). The board's SUGGESTED BATCHES and the session plan read them
//! from here; nothing else spells them.

/// A phase's `- **Size:**` word: its working-set weight class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Size {
    /// Small.
    S,
    /// Medium: also what a phase without a readable Size bullet is.
    M,
    /// Large.
    L,
}

impl Size {
    /// The size of a phase that names none (`M`).
    pub const DEFAULT: Size = Size::M;

    /// The letter, as the reference prints it (`S`, `M`, `L`).
    pub fn letter(self) -> &'static str {
        match self {
            Size::S => "S",
            Size::M => "M",
            Size::L => "L",
        }
    }

    /// The size a letter names (`S`, `M` or `L`, upper-case), or `None`.
    pub fn from_letter(letter: char) -> Option<Size> {
        match letter {
            'S' => Some(Size::S),
            'M' => Some(Size::M),
            'L' => Some(Size::L),
            _ => None,
        }
    }

    /// The working-set weight of a phase of this size, in tokens
    /// (`SIZE_S`, `SIZE_M`, `SIZE_L`).
    pub fn weight(self) -> u64 {
        match self {
            Size::S => SIZE_S,
            Size::M => SIZE_M,
            Size::L => SIZE_L,
        }
    }

    /// The measured sessions a phase of this size takes under the console
    /// (`SESSIONS_<X>_X100`, `SESSIONS_<X>_WRAP_X100`, `WRAP_<X>_PCT`).
    pub fn sessions(self) -> Sessions {
        match self {
            Size::S => Sessions {
                x100: 169,
                wrap_x100: 200,
                wrap_pct: 7,
            },
            Size::M => Sessions {
                x100: 146,
                wrap_x100: 278,
                wrap_pct: 15,
            },
            Size::L => Sessions {
                x100: 148,
                wrap_x100: 254,
                wrap_pct: 42,
            },
        }
    }
}

/// The sessions a phase of one size takes, measured: in hundredths, when
/// it does not wrap and when it does, and the share (percent) that wraps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sessions {
    /// Sessions per phase that does not wrap, ×100.
    pub x100: u64,
    /// Sessions per phase that wraps, ×100.
    pub wrap_x100: u64,
    /// Percent of the phases of this size that wrap.
    pub wrap_pct: u64,
}

/// Weight of an `S` phase, tokens.
pub const SIZE_S: u64 = 15_000;
/// Weight of an `M` phase, tokens.
pub const SIZE_M: u64 = 40_000;
/// Weight of an `L` phase, tokens.
pub const SIZE_L: u64 = 90_000;

/// Per-session budget (tokens of summed weight) of the cheap, fast model
/// class (`haiku`).
pub const BUDGET_HAIKU: u64 = 40_000;
/// Per-session budget of the big model class ([`super::models::MODEL_BIG`]).
pub const BUDGET_BIG: u64 = 200_000;
/// Per-session budget when the model is unknown or unnamed.
pub const BUDGET_DEFAULT: u64 = 40_000;
/// Per-session budget of any model carrying the 1M window suffix
/// ([`super::models::MODEL_1M_SUFFIX`]).
pub const BUDGET_1M: u64 = 200_000;

/// The first call's context of a fresh phase session (the shipped value;
/// a console that measured its repository passes `PE_BOOT_FLOOR`).
pub const SESSION_BOOT_FLOOR: u64 = 121_000;
/// What every phase session adds above its boot, whatever its size.
pub const SESSION_WORK_FLOOR: u64 = 198_000;
/// Context per token of weight, in hundredths (2.17).
pub const SESSION_SLOPE_PCT: u64 = 217;
/// The share of the window (percent) a session is sized to stay under.
pub const SESSION_TARGET_PCT: u64 = 60;

/// What one attached MCP server adds to a phase's weight, tokens.
pub const MCP_SURCHARGE: u64 = 1_500;
/// The most the MCP servers of one phase add, tokens.
pub const MCP_SURCHARGE_MAX: u64 = 12_000;
