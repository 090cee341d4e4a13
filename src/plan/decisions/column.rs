//! The columns of a manifest table, found by header name (SPEC §3.3).

use crate::error::is_invisible;
use crate::markdown::table::stripped;

/// A column of the manifest table, found by header name (SPEC §3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// `key`
    Key,
    /// `value`
    Value,
    /// `owner`
    Owner,
    /// `state`
    State,
    /// `blocking`
    Blocking,
    /// `source`
    Source,
    /// `evidence`
    Evidence,
    /// `phase`
    Phase,
}

impl Column {
    /// The eight columns in the order a new twin writes them (SPEC §7).
    pub const ALL: [Column; 8] = [
        Column::Key,
        Column::Value,
        Column::Owner,
        Column::State,
        Column::Blocking,
        Column::Source,
        Column::Evidence,
        Column::Phase,
    ];

    /// The header word of the column.
    pub fn name(self) -> &'static str {
        match self {
            Column::Key => "key",
            Column::Value => "value",
            Column::Owner => "owner",
            Column::State => "state",
            Column::Blocking => "blocking",
            Column::Source => "source",
            Column::Evidence => "evidence",
            Column::Phase => "phase",
        }
    }

    /// Reads a header cell: `*` and backticks stripped, trimmed, any case.
    /// `None` for a column the tool does not know (it is ignored).
    pub fn from_header(cell: &str) -> Option<Column> {
        let name = stripped(cell);
        Column::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(&name))
    }

    /// The column a header cell that names none ([`Column::from_header`])
    /// looks like to a person: once `*` and backticks are stripped and
    /// invisible characters dropped (a non-breaking or zero-width space,
    /// [`is_invisible`]), it is the column's name in any case, with letters
    /// of another script standing for Latin ones (a Cyrillic `а` in
    /// `phаse`, as [`crate::error::escape_lookalikes`] shows them), or that
    /// name with a plural `s` (`phases`). `None` for an unrelated column
    /// (`notes`, `scope`).
    pub fn near_miss(cell: &str) -> Option<Column> {
        let seen: Vec<char> = stripped(cell)
            .chars()
            .filter(|c| !is_invisible(*c))
            .collect();
        let looks_like = |name: &str| {
            name.len() == seen.len()
                && name.chars().zip(&seen).all(|(n, &c)| {
                    c.eq_ignore_ascii_case(&n) || (!c.is_ascii() && c.is_alphabetic())
                })
        };
        Column::ALL.into_iter().find(|c| {
            let name = c.name();
            looks_like(name) || looks_like(&format!("{name}s"))
        })
    }
}
