//! The rows and twins the writer's unit tests start from.

use std::path::PathBuf;

use super::row::RowCells;
use crate::manifest::Twin;
use crate::markdown::MarkdownFile;
use crate::vocab;

/// A plan-wide or phase row answered by `op`, not blocking.
pub fn cells(key: &str, value: &str, phase: Option<u32>) -> RowCells {
    RowCells {
        key: key.into(),
        value: value.into(),
        owner: "op".into(),
        state: vocab::STATE_ANSWERED,
        blocking: false,
        source: vocab::SOURCE_RUN,
        evidence: "decisions.sh 2026-09-14".into(),
        phase,
    }
}

/// The twin of plan `t` holding `text`.
pub fn twin(text: &str) -> Twin {
    Twin::from_file(MarkdownFile::from_text(
        PathBuf::from("docs/handoffs/t/decisions.md"),
        text.to_string(),
    ))
}

/// The header and delimiter of a twin's table.
pub const TABLE: &str = "| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n";
