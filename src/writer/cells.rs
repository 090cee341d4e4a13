//! What the writer may put in each cell of the row it writes (SPEC §7
//! "Every cell the writer writes gets the same care"): the owner (`--by`,
//! `$PE_OWNER`, the `user@host` default), the value of an answer, the
//! reason of a waiver, the evidence and a promoted ruling's text all pass
//! the same hygiene ([`super::hygiene`]) and the same refusals, here, in
//! one place:
//!
//! - a cell that is empty once cleaned counts as missing;
//! - text that opens an HTML comment (`<!--`) is refused wherever it would
//!   land: in the twin a reader would not see what follows it, and a
//!   `planfile-ignore` comment there would silence checks;
//! - an owner holding `*`, a backtick or `|` is refused (the reader strips
//!   or splits on them);
//! - a value or reason that says nothing once rendered, or is only a
//!   placeholder (SPEC §5.4: `TBD`, `?`, `<fill in>`), is refused: the start
//!   gate would count such an answer as still owed.
//!
//! Every refusal is [`Error::Usage`] (exit 2), before anything is written.

use crate::error::{Error, Result, escape_invisible};
use crate::manifest::in_force::empty_answer;

use super::hygiene;

/// A cell the writer fills, and the most characters it holds (SPEC §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// The value of an answer, or a promoted ruling's text.
    Value,
    /// The value cell of a waiver: its reason.
    Reason,
    /// The owner.
    Owner,
    /// The evidence.
    Evidence,
}

impl Cell {
    /// The cell's name in messages.
    fn name(self) -> &'static str {
        match self {
            Cell::Value | Cell::Reason => "value",
            Cell::Owner => "owner",
            Cell::Evidence => "evidence",
        }
    }

    /// The most characters the cell holds.
    fn max_chars(self) -> usize {
        match self {
            Cell::Value | Cell::Reason => hygiene::VALUE_MAX_CHARS,
            Cell::Owner => hygiene::OWNER_MAX_CHARS,
            Cell::Evidence => hygiene::EVIDENCE_MAX_CHARS,
        }
    }
}

/// Where a cell's text comes from, for messages: `--value`, `$PE_OWNER`,
/// `the ruling's "what"`; and whether the command needs it (an empty one
/// is then "give it a value" rather than "give it a value or leave it
/// out").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Source<'a> {
    /// What the text was given as.
    pub name: &'a str,
    /// Whether the command cannot do without it.
    pub required: bool,
    /// The command a refusal of what the text says is about (`decisions
    /// answer relay`), when it is not the option alone.
    pub command: Option<&'a str>,
}

/// What to do about an empty option: give it a value; an option the verb
/// can do without may also be left out.
pub fn give_it_a_value(required: bool) -> &'static str {
    if required {
        "give it a value"
    } else {
        "give it a value or leave it out"
    }
}

/// `text` as the writer writes it in `cell` (SPEC §7): through the cell
/// hygiene, with a note in `notes` when the cut to the cell's length dropped
/// text, and refused (exit 2) when it is empty once cleaned, opens an HTML
/// comment, is an owner holding `*`, a backtick or `|`, or is a value or
/// reason that says nothing or is only a placeholder (see the module
/// documentation). The value of a word key is judged by what the console
/// reads in it instead (the caller's check of its answer words), so
/// `value_says_something` is false for it.
pub fn cell_text(
    cell: Cell,
    text: &str,
    from: Source<'_>,
    value_says_something: bool,
    notes: &mut Vec<String>,
) -> Result<String> {
    let max = cell.max_chars();
    let cleaned = hygiene::clean_noting(text, max);
    if cleaned.cut {
        notes.push(format!(
            "the {} cell was cut to {max} characters, the most it holds (the text from {} is longer)",
            cell.name(),
            from.name
        ));
    }
    let text = cleaned.text;
    if text.is_empty() {
        return Err(Error::Usage(match cell {
            Cell::Owner => format!(
                "the owner from {} is empty once control characters and spaces are removed; pass --by WHO",
                from.name
            ),
            _ => format!(
                "{} is empty once control characters and spaces are removed; {}",
                from.name,
                give_it_a_value(from.required)
            ),
        }));
    }
    if text.contains("<!--") {
        return Err(Error::Usage(format!(
            "{} holds \"<!--\", which opens an HTML comment in the twin: a reader would not see what follows it, and a `planfile-ignore` comment there would silence checks; write the text without it",
            from.name
        )));
    }
    if cell == Cell::Owner && text.contains(['*', '`', '|']) {
        return Err(Error::Usage(format!(
            "the owner \"{}\" from {} holds `*`, a backtick or `|`, which an owner cell cannot keep; pass --by WHO with a plain name",
            escape_invisible(&text),
            from.name
        )));
    }
    if matches!(cell, Cell::Value | Cell::Reason)
        && value_says_something
        && let Some(why) = empty_answer(&text)
    {
        let what = if cell == Cell::Reason {
            "a waiver must say why the decision does not apply"
        } else {
            "the start gate would count the decision as still owed"
        };
        return Err(Error::Usage(format!(
            "{}: {why}, so {what}; give it a value that says it",
            from.command.unwrap_or(from.name)
        )));
    }
    Ok(text)
}
