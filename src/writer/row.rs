//! The row a write puts into the twin (SPEC §7): its cells, already
//! through [`super::hygiene`], with its blocking settled, and how a row read
//! back is compared with it.

use super::hygiene;
use crate::error::escape_invisible;
use crate::manifest::merge::View;
use crate::plan::decisions::{Column, DecisionRow};

/// A row to write, its cells already through [`hygiene::clean`] (logical
/// text: a `|` is still a `|` here; it is escaped when the row is rendered).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRow {
    /// The decision key (one of the vocabulary).
    pub key: String,
    /// The value (answer, waiver reason, or ruling text).
    pub value: String,
    /// Who decided.
    pub owner: String,
    /// `answered` or `waived`.
    pub state: &'static str,
    /// `Some` when given; `None` takes the blocking the start gate counts
    /// for the row the same view resolves to when the edit is prepared
    /// ([`crate::manifest::owed::counts_as_blocking`]: an empty cell on a key the template
    /// marks blocking, or `✓`, is yes), else no (SPEC §7).
    pub blocking: Option<bool>,
    /// `run` or `ruling`.
    pub source: &'static str,
    /// What proves the decision.
    pub evidence: String,
    /// The view written to: plan-wide, or one phase (the row's scope).
    pub view: View,
}

/// The cells of a row as written: [`NewRow`] with its blocking settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowCells {
    /// The decision key.
    pub key: String,
    /// The value, logical text.
    pub value: String,
    /// The owner.
    pub owner: String,
    /// The state word.
    pub state: &'static str,
    /// Whether the row blocks the start.
    pub blocking: bool,
    /// The source word.
    pub source: &'static str,
    /// The evidence, logical text.
    pub evidence: String,
    /// The phase the row is scoped to; `None` for plan-wide.
    pub phase: Option<u32>,
}

impl RowCells {
    /// The text of the cell in `column` as written to the file: the key in
    /// backticks, `|` escaped as `\|`, blocking as `yes`/`no`, a plan-wide
    /// phase as `—` (U+2014).
    pub fn cell(&self, column: Column) -> String {
        match column {
            Column::Key => format!("`{}`", self.key),
            Column::Value => hygiene::escape_pipes(&self.value),
            Column::Owner => hygiene::escape_pipes(&self.owner),
            Column::State => self.state.to_string(),
            Column::Blocking => if self.blocking { "yes" } else { "no" }.to_string(),
            Column::Source => self.source.to_string(),
            Column::Evidence => hygiene::escape_pipes(&self.evidence),
            Column::Phase => match self.phase {
                Some(p) => p.to_string(),
                None => "—".to_string(),
            },
        }
    }

    /// Where the row is scoped, for messages.
    pub(super) fn scope(&self) -> String {
        match self.phase {
            Some(p) => format!("phase {p}"),
            None => "plan-wide".to_string(),
        }
    }

    /// A description of what a read row shows that differs from these
    /// cells (state, owner, blocking, source, value: what SPEC §7's
    /// read-back compares), or `None` when it shows all of them.
    pub fn mismatch(&self, read: Option<&DecisionRow>) -> Option<String> {
        let wrote = format!(
            "state {}, owner \"{}\", blocking {}, source {}, value \"{}\"",
            self.state,
            escape_invisible(&self.owner),
            if self.blocking { "yes" } else { "no" },
            self.source,
            escape_invisible(&self.value)
        );
        let Some(row) = read else {
            return Some(format!(
                "wrote {wrote}; read no row for `{}` in this view",
                self.key
            ));
        };
        let same = row.state == self.state
            && row.owner == self.owner
            && row.blocking == self.blocking
            && row.source == self.source
            && row.value == self.value;
        if same {
            None
        } else {
            Some(format!(
                "wrote {wrote}; read state {}, owner \"{}\", blocking {}, source {}, value \"{}\" (line {})",
                escape_invisible(&row.state),
                escape_invisible(&row.owner),
                row.blocking_word(),
                escape_invisible(&row.source),
                escape_invisible(&row.value),
                row.origin.line
            ))
        }
    }
}
