//! `decisions <SLUG> [--phase N] answer|waive|promote` (SPEC §7): the verbs
//! that write the twin. Every refusal that needs no twin (usage, key, phase,
//! plan, ledger) happens before anything is created.

use std::path::Path;

use super::decisions::{ANSWER_USAGE, PROMOTE_USAGE, WAIVE_USAGE};
use super::{AnswerArgs, PromoteArgs, WaiveArgs, WriteOptions, print_stdout};
use crate::error::{Error, Result, escape_invisible, escape_path};
use crate::lint::gates::is_real_date;
use crate::manifest::in_force::{
    Reading, answer_advice, answer_words, read_value, says_nothing, token_count,
    what_answers_instead,
};
use crate::manifest::ledger;
use crate::manifest::merge::View;
use crate::output;
use crate::plan::Plan;
use crate::root::PlanLocation;
use crate::vocab;
use crate::writer;
use crate::writer::cells::{Cell, Source, cell_text, give_it_a_value};
use crate::writer::{NewRow, hygiene};

/// The three write verbs, with their arguments.
#[derive(Debug, Clone, Copy)]
pub(super) enum WriteVerb<'a> {
    /// `answer KEY --value TEXT`: state answered, source run.
    Answer(&'a AnswerArgs),
    /// `waive KEY --reason TEXT`: state waived, source run.
    Waive(&'a WaiveArgs),
    /// `promote --from-ruling ID [--key KEY]`: state answered, source ruling.
    Promote(&'a PromoteArgs),
}

impl<'a> WriteVerb<'a> {
    fn word(self) -> &'static str {
        match self {
            WriteVerb::Answer(_) => "answer",
            WriteVerb::Waive(_) => "waive",
            WriteVerb::Promote(_) => "promote",
        }
    }

    /// The options every write verb takes.
    fn options(self) -> &'a WriteOptions {
        match self {
            WriteVerb::Answer(args) => &args.write,
            WriteVerb::Waive(args) => &args.write,
            WriteVerb::Promote(args) => &args.write,
        }
    }
}

/// What the command line says the row is about.
enum Subject<'a> {
    /// `answer` / `waive`: a key and its text (value or reason), cleaned.
    Text {
        /// The key.
        key: String,
        /// The value or reason.
        value: String,
    },
    /// `promote`: a ruling id and, with `--key`, the key it answers.
    Ruling {
        /// The ruling's id.
        id: String,
        /// `--key`, when given.
        key: Option<String>,
        /// `--rulings`, when given.
        rulings: Option<&'a Path>,
    },
}

/// Runs a write verb: builds the row from the options and their defaults
/// (SPEC §7), then prints the unified diff (`--dry-run`) or writes the twin
/// and prints the key's TSV line as read back (SPEC §5.1). Returns exit 0;
/// every refusal is an error carrying its exit code (SPEC §8).
pub(super) fn run(location: &PlanLocation, phase: Option<&str>, verb: WriteVerb<'_>) -> Result<u8> {
    check_options(phase, verb)?;
    let options = verb.options();
    let mut notes = Vec::new();
    let owner = owner(options.by.as_deref(), &mut notes)?;
    let blocking = options
        .blocking
        .as_deref()
        .map(parse_blocking)
        .transpose()?;
    let evidence = options
        .evidence
        .as_deref()
        .map(|e| {
            cell_text(
                Cell::Evidence,
                e,
                source("--evidence", false),
                false,
                &mut notes,
            )
        })
        .transpose()?;
    let subject = match verb {
        WriteVerb::Answer(args) => {
            let key = known_key(args.key.as_deref(), verb)?;
            let command = format!("decisions answer {key}");
            let value = cell_text(
                Cell::Value,
                args.value.as_deref().unwrap_or_default(),
                Source {
                    command: Some(&command),
                    ..source("--value", true)
                },
                !is_word_key(&key),
                &mut notes,
            )?;
            Subject::Text { key, value }
        }
        WriteVerb::Waive(args) => Subject::Text {
            key: known_key(args.key.as_deref(), verb)?,
            value: cell_text(
                Cell::Reason,
                args.reason.as_deref().unwrap_or_default(),
                source("--reason", true),
                true,
                &mut notes,
            )?,
        },
        WriteVerb::Promote(args) => Subject::Ruling {
            id: args.from_ruling.clone().unwrap_or_default(),
            key: match args.key.as_deref() {
                Some(key) => Some(known_key(Some(key), verb)?),
                None => None,
            },
            rulings: args.rulings.as_deref(),
        },
    };

    let plan = Plan::load(location)?;
    let view = View::from_arg(phase, &plan.slug, &plan.graph_phases())?;
    let (key, value, default_evidence) = match subject {
        Subject::Text { key, value } => {
            let default = match &evidence {
                Some(_) => String::new(),
                None => format!("decisions.sh {}", today()?),
            };
            (key, value, default)
        }
        Subject::Ruling { id, key, rulings } => {
            let (key, value, made_in) = promoted(location, rulings, &id, key, &mut notes)?;
            if let Some(phase) = made_in.filter(|&p| view.phase() != Some(p)) {
                notes.push(match view.phase() {
                    Some(asked) => format!(
                        "ruling \"{}\" was made in phase {phase}; the row is written for phase {asked}, as --phase asks",
                        escape_invisible(&id)
                    ),
                    None => format!(
                        "ruling \"{}\" was made in phase {phase}; promote makes it the plan's standing answer, so the row is plan-wide (pass --phase {phase} to scope it to that phase)",
                        escape_invisible(&id)
                    ),
                });
            }
            (key, value, format!("ruling {id}"))
        }
    };
    check_answer_word(verb, &key, &value, &mut notes)?;
    let evidence = match evidence {
        Some(evidence) => evidence,
        None => cell_text(
            Cell::Evidence,
            &default_evidence,
            source("the default evidence", false),
            false,
            &mut notes,
        )?,
    };

    let row = NewRow {
        key,
        value,
        owner,
        state: match verb {
            WriteVerb::Waive(_) => vocab::STATE_WAIVED,
            WriteVerb::Answer(_) | WriteVerb::Promote(_) => vocab::STATE_ANSWERED,
        },
        blocking,
        source: match verb {
            WriteVerb::Promote(_) => vocab::SOURCE_RULING,
            WriteVerb::Answer(_) | WriteVerb::Waive(_) => vocab::SOURCE_RUN,
        },
        evidence,
        view,
    };

    if options.dry_run {
        let edit = writer::prepare(&plan, location, &row)?;
        let diff = edit.diff(&diff_label(location));
        if diff.is_empty() {
            notes.push(format!(
                "{} already holds this row; the write would change nothing",
                escape_path(&edit.twin.named)
            ));
        } else if edit.has_lone_cr_endings() {
            notes.push(format!(
                "{}: the twin's lines end in a lone CR (\\r); the diff shows them ending in LF so that it reads as lines, which a patch tool cannot apply to the file; the write itself keeps the CR endings",
                escape_path(&edit.twin.named)
            ));
        }
        print_stdout(diff.as_bytes())?;
        print_notes(&notes)?;
        return Ok(0);
    }
    let committed = writer::commit(&plan, location, &row)?;
    print_stdout(output::tsv::line(&committed.read_back).as_bytes())?;
    notes.extend(committed.notes);
    print_notes(&notes)?;
    Ok(0)
}

/// Where a cell's text comes from, for the writer's messages.
fn source(name: &str, required: bool) -> Source<'_> {
    Source {
        name,
        required,
        command: None,
    }
}

/// Whether `key` is a word key (SPEC §6), whose value is judged by the
/// answer words the console reads in it rather than by what it shows.
fn is_word_key(key: &str) -> bool {
    vocab::key_spec(key).is_some_and(|spec| spec.is_word_key())
}

/// Prints each note on stderr, one line each (`planfile: note: …`).
fn print_notes(notes: &[String]) -> Result<()> {
    let mut err = std::io::stderr().lock();
    for note in notes {
        std::io::Write::write_all(&mut err, format!("planfile: note: {note}\n").as_bytes())?;
    }
    Ok(())
}

/// The key and value `promote` writes, and the phase the ruling was made
/// in when the ledger says: ruling `id` from the ledger
/// (`--rulings`, else `$PE_RULINGS_FILE`, else the console's state folder),
/// its `what` as the value and `key` (from `--key`) or its `decisionKey` as
/// the key. [`Error::Ledger`] (exit 2) when the ledger, the ruling, its key
/// or its text is missing; [`Error::UnknownKey`] for a key outside the
/// vocabulary.
fn promoted(
    location: &PlanLocation,
    rulings: Option<&Path>,
    id: &str,
    key: Option<String>,
    notes: &mut Vec<String>,
) -> Result<(String, String, Option<u32>)> {
    let path = location.ledger(rulings);
    let ledger::Loaded { ruling, note } = ledger::load_ruling(&path, id)?;
    notes.extend(note);
    let key = match key.or(ruling.key) {
        Some(key) if writer::is_known_key(&key) => key,
        Some(key) => return Err(Error::UnknownKey(key)),
        None => {
            return Err(Error::Ledger(format!(
                "{}:{}: ruling \"{}\" names no decisionKey; pass --key KEY to say which decision it answers",
                escape_path(&path),
                ruling.line,
                escape_invisible(id)
            )));
        }
    };
    let written = ruling.what.as_deref().unwrap_or_default();
    if hygiene::clean(written, hygiene::VALUE_MAX_CHARS).is_empty() {
        return Err(Error::Ledger(format!(
            "{}:{}: ruling \"{}\" has no \"what\" text to promote; promote a ruling that says what was decided",
            escape_path(&path),
            ruling.line,
            escape_invisible(id)
        )));
    }
    let what = cell_text(
        Cell::Value,
        written,
        source("the ruling's \"what\"", true),
        !is_word_key(&key),
        notes,
    )?;
    Ok((key, what, ruling.phase))
}

/// Refuses empty option values and missing required options (exit 2);
/// clap has already refused the options the verb does not take.
fn check_options(phase: Option<&str>, verb: WriteVerb<'_>) -> Result<()> {
    let word = verb.word();
    let options = verb.options();
    let (key, text) = match verb {
        WriteVerb::Answer(args) => (args.key.as_deref(), ("--value", args.value.as_deref())),
        WriteVerb::Waive(args) => (args.key.as_deref(), ("--reason", args.reason.as_deref())),
        WriteVerb::Promote(args) => (None, ("--from-ruling", args.from_ruling.as_deref())),
    };
    let (promote_key, rulings) = match verb {
        WriteVerb::Promote(args) => (
            args.key.as_deref(),
            args.rulings
                .as_deref()
                .map(|p| if p.as_os_str().is_empty() { "" } else { "x" }),
        ),
        WriteVerb::Answer(_) | WriteVerb::Waive(_) => (None, None),
    };
    let empty = [
        ("KEY", key),
        ("--phase", phase),
        text,
        ("--by", options.by.as_deref()),
        ("--blocking", options.blocking.as_deref()),
        ("--evidence", options.evidence.as_deref()),
        ("--key", promote_key),
        ("--rulings", rulings),
    ];
    for (option, value) in empty {
        if value == Some("") {
            return Err(Error::Usage(format!(
                "decisions {word}: {option} is empty; {}",
                give_it_a_value(required_options(verb).contains(&option))
            )));
        }
    }

    let required: &[(&str, bool)] = match verb {
        WriteVerb::Answer(args) => &[
            ("a KEY argument", args.key.is_some()),
            ("--value TEXT", args.value.is_some()),
        ],
        WriteVerb::Waive(args) => &[
            ("a KEY argument", args.key.is_some()),
            ("--reason TEXT", args.reason.is_some()),
        ],
        WriteVerb::Promote(args) => &[("--from-ruling ID", args.from_ruling.is_some())],
    };
    for &(what, given) in required {
        if !given {
            return Err(Error::Usage(format!(
                "decisions {word} needs {what}: {}",
                usage(verb)
            )));
        }
    }
    Ok(())
}

/// The word keys' rule (SPEC §7): `answer` refuses a word key's value that
/// names two or more different answer words (exit 2: the console would
/// take the first). A `value` that answers nothing for the
/// closed key `key`, read as the console reads it (SPEC §5.5), is refused
/// by `answer` for a word key when it is one word or none (`sometimes`,
/// `Off`: exit 2, listing the words), or says nothing once rendered
/// ([`says_nothing`]: `<!-- a b -->`). A longer value of a word key and a
/// promoted ruling's text are written, with a note in `notes` saying what
/// the console will use instead; an answered value of the other closed
/// keys (`credentials`, `mcp`, `waits`, descriptions that may carry no
/// word) is written without a note. A waiver's reason is not an answer and
/// is not checked.
fn check_answer_word(
    verb: WriteVerb,
    key: &str,
    value: &str,
    notes: &mut Vec<String>,
) -> Result<()> {
    let Some(spec) = vocab::key_spec(key) else {
        return Ok(());
    };
    if matches!(verb, WriteVerb::Waive(_)) || spec.is_free_text() {
        return Ok(());
    }
    let words = answer_words(spec, value);
    if matches!(verb, WriteVerb::Answer(_)) && spec.is_word_key() && words.len() > 1 {
        return Err(Error::Usage(format!(
            "decisions answer {key}: the value names {} answer words ({}), and the console would take the first, {}; write the one you mean",
            words.len(),
            words.join(", "),
            words[0]
        )));
    }
    let Reading::Nothing(why) = read_value(spec, value) else {
        return Ok(());
    };
    if matches!(verb, WriteVerb::Answer(_))
        && spec.is_word_key()
        && (token_count(value) <= 1 || says_nothing(value).is_some())
    {
        return Err(Error::Usage(format!(
            "decisions answer {key}: {why}, so the console would pass over this answer; write {}",
            answer_advice(spec)
        )));
    }
    // A description key's value (`credentials`, `mcp`, `waits`) may name
    // no word and still be the normal answer (`gh:acme/widgets#run/1 ·
    // 45m`): `answer` writes it without a note, so its output stays the
    // reference's (SPEC §7).
    if matches!(verb, WriteVerb::Answer(_)) && !spec.is_word_key() {
        return Ok(());
    }
    notes.push(format!(
        "the {key} row's value answers nothing: {why}; the answer in force will be {}",
        what_answers_instead(spec)
    ));
    Ok(())
}

/// The arguments `verb` cannot do without (the rest may be left out).
fn required_options(verb: WriteVerb<'_>) -> &'static [&'static str] {
    match verb {
        WriteVerb::Answer(_) => &["KEY", "--value"],
        WriteVerb::Waive(_) => &["KEY", "--reason"],
        WriteVerb::Promote(_) => &["--from-ruling"],
    }
}

/// The one-line usage of a write verb (its `--help` shows the same).
fn usage(verb: WriteVerb<'_>) -> &'static str {
    match verb {
        WriteVerb::Answer(_) => ANSWER_USAGE,
        WriteVerb::Waive(_) => WAIVE_USAGE,
        WriteVerb::Promote(_) => PROMOTE_USAGE,
    }
}

/// The key argument, which must be a key of the vocabulary (exact case).
fn known_key(key: Option<&str>, verb: WriteVerb<'_>) -> Result<String> {
    let Some(key) = key else {
        return Err(Error::Usage(format!(
            "decisions {} needs a KEY argument: {}",
            verb.word(),
            usage(verb)
        )));
    };
    if writer::is_known_key(key) {
        Ok(key.to_string())
    } else {
        Err(Error::UnknownKey(key.to_string()))
    }
}

/// `--blocking`: `yes` or `no` in any case (exit 2 otherwise).
fn parse_blocking(word: &str) -> Result<bool> {
    if word.eq_ignore_ascii_case("yes") {
        Ok(true)
    } else if word.eq_ignore_ascii_case("no") {
        Ok(false)
    } else {
        Err(Error::Usage(format!(
            "--blocking takes yes or no, not \"{}\"",
            escape_invisible(word)
        )))
    }
}

/// The owner (SPEC §7): `--by`, else `$PE_OWNER`, else `user@host`;
/// through the writer's cell rules ([`cell_text`]: cut to 64 characters
/// with a note in `notes`; refused, exit 2, when empty, when it opens an
/// HTML comment, or when it holds `*`, a backtick or `|`).
fn owner(by: Option<&str>, notes: &mut Vec<String>) -> Result<String> {
    let (raw, from) = match by {
        Some(by) => (by.to_string(), "--by"),
        None => match std::env::var("PE_OWNER").ok().filter(|o| !o.is_empty()) {
            Some(owner) => (owner, "$PE_OWNER"),
            None => (default_owner(), "the user@host default"),
        },
    };
    cell_text(Cell::Owner, &raw, source(from, true), false, notes)
}

/// `user@host` of the running process.
fn default_owner() -> String {
    let host = whoami::fallible::hostname().unwrap_or_else(|_| "localhost".to_string());
    format!("{}@{host}", whoami::username())
}

/// Today's date for the default evidence: `$PE_TODAY` when set (and not
/// empty), else the local date, as `YYYY-MM-DD`. [`Error::InvalidEnv`]
/// (exit 2) when `$PE_TODAY` is not a real `YYYY-MM-DD` date.
fn today() -> Result<String> {
    let Some(day) = std::env::var_os("PE_TODAY").filter(|d| !d.is_empty()) else {
        return Ok(jiff::Zoned::now().date().to_string());
    };
    match day.to_str() {
        Some(day) if is_real_date(day) => Ok(day.to_string()),
        _ => Err(Error::InvalidEnv {
            variable: "PE_TODAY",
            value: day.to_string_lossy().into_owned(),
            expected: "a real YYYY-MM-DD date",
        }),
    }
}

/// The twin's path for diff headers: relative to the docs root when it is
/// under it.
fn diff_label(location: &PlanLocation) -> String {
    let twin = location.twin();
    twin.strip_prefix(&location.root.0)
        .unwrap_or(Path::new(&twin))
        .to_string_lossy()
        .replace('\\', "/")
}
