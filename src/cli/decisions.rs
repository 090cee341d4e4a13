//! The command line of `decisions <SLUG> [--phase N] <VERB>` (SPEC §5.2–§5.4,
//! §7): each verb is a clap subcommand with its own options, so its `--help`,
//! its completions and its manual page list what it takes and nothing else.
//!
//! A new verb is one [`Verb`] variant with its arguments struct (and its arm
//! in `cli::run`). Options written before the verb are moved after it by
//! [`super::argv::normalise`] before clap reads the line.

use std::ffi::OsStr;
use std::path::PathBuf;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Args, Subcommand, ValueEnum};
use clap_complete::ArgValueCompleter;

use crate::vocab;

/// Arguments of `decisions`. Options may come before or after the verb.
#[derive(Debug, Args)]
#[command(
    override_usage = "planfile decisions <SLUG> [--phase N] <VERB> [OPTIONS]",
    subcommand_value_name = "VERB",
    subcommand_help_heading = "Verbs",
    disable_help_subcommand = true
)]
pub struct DecisionsArgs {
    /// The plan's slug, or the path of its .md file.
    #[arg(
        value_name = "SLUG",
        required_unless_present = "slug_option",
        add = ArgValueCompleter::new(super::completions::plan_slugs)
    )]
    pub slug: Option<String>,

    /// The plan's slug when it is also a verb's name (`decisions list list`
    /// is read as `decisions --slug list list`).
    #[arg(
        long = "slug",
        value_name = "SLUG",
        hide = true,
        conflicts_with = "slug"
    )]
    pub slug_option: Option<String>,

    /// The phase whose view to use (rows written with --phase are scoped to it).
    #[arg(long, global = true, value_name = "N", allow_hyphen_values = true)]
    pub phase: Option<String>,

    /// What to do.
    #[command(subcommand)]
    pub verb: Verb,
}

impl DecisionsArgs {
    /// The plan as named on the command line (the SLUG argument, or the
    /// hidden `--slug` a verb-named slug is passed with).
    pub fn plan(&self) -> &str {
        self.slug
            .as_deref()
            .or(self.slug_option.as_deref())
            .unwrap_or_default()
    }
}

/// The verbs of `decisions`.
#[derive(Debug, Subcommand)]
pub enum Verb {
    /// Print the resolved decisions of the view as TSV, JSON or a table.
    #[command(override_usage = LIST_USAGE)]
    List(ListArgs),

    /// The start gate: exit 0 when the run may start, 1 when it is refused,
    /// naming each decision that stops it.
    #[command(override_usage = CHECK_USAGE)]
    Check(CheckArgs),

    /// Print the decisions block of a phase's boot prompt.
    #[command(override_usage = PROMPT_USAGE)]
    Prompt(PromptArgs),

    /// Print the answer in force of each key (or KEY), as the console
    /// decides it mid-run: from the run, the resolved row, the console's
    /// policy, the legacy gates switch or the shipped default.
    #[command(override_usage = RESOLVE_USAGE)]
    Resolve(ResolveArgs),

    /// Answer a decision: write an `answered` row (source run) into the twin.
    #[command(override_usage = ANSWER_USAGE)]
    Answer(AnswerArgs),

    /// Waive a decision: write a `waived` row (source run) into the twin.
    #[command(override_usage = WAIVE_USAGE)]
    Waive(WaiveArgs),

    /// Promote a ruling of the rulings ledger: write an `answered` row
    /// (source ruling) into the twin.
    #[command(override_usage = PROMOTE_USAGE)]
    Promote(PromoteArgs),
}

/// The one-line usage of `list`.
pub const LIST_USAGE: &str = "planfile decisions SLUG [--phase N] list [--format tsv|json|table]";
/// The one-line usage of `check`.
pub const CHECK_USAGE: &str =
    "planfile decisions SLUG [--phase N] check [--ack KEY]... [--format text|json]";
/// The one-line usage of `prompt`.
pub const PROMPT_USAGE: &str = "planfile decisions SLUG [--phase N] prompt";
/// The one-line usage of `resolve`.
pub const RESOLVE_USAGE: &str = "planfile decisions SLUG [--phase N] resolve [KEY] [--policy FILE] [--run FILE] [--format tsv|json|table]";
/// The one-line usage of `answer`.
pub const ANSWER_USAGE: &str = "planfile decisions SLUG [--phase N] answer KEY --value TEXT [--by WHO] [--blocking yes|no] [--evidence TEXT]";
/// The one-line usage of `waive`.
pub const WAIVE_USAGE: &str =
    "planfile decisions SLUG [--phase N] waive KEY --reason TEXT [--by WHO] [--blocking yes|no]";
/// The one-line usage of `promote`.
pub const PROMOTE_USAGE: &str =
    "planfile decisions SLUG [--phase N] promote --from-ruling ID [--key KEY] [--by WHO]";

/// Arguments of `list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// Output format.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = ListFormat::Tsv)]
    pub format: ListFormat,
}

/// The formats of `list` (SPEC §5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// `key<TAB>state<TAB>owner<TAB>blocking<TAB>source<TAB>value`, as
    /// `phase-graph --decisions`.
    Tsv,
    /// An array of objects with every field and where each row came from.
    Json,
    /// An aligned table for a person, as wide as the terminal.
    Table,
}

/// Arguments of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// A waived key the start gate may accept (repeatable).
    #[arg(long, value_name = "KEY", value_parser = Hinted::keys(), hide_possible_values = true)]
    pub ack: Vec<String>,

    /// Output format.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = GateFormat::Text)]
    pub format: GateFormat,
}

/// The formats of `check` (SPEC §5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GateFormat {
    /// The verdict and each refusal, for a person.
    Text,
    /// `{verdict, slug, view, every_view, refusals, missing, acknowledged,
    /// unreadable}`.
    Json,
}

/// Arguments of `prompt` (it takes none of its own).
#[derive(Debug, Args)]
pub struct PromptArgs {}

/// Arguments of `resolve`.
#[derive(Debug, Args)]
pub struct ResolveArgs {
    /// Only this decision key.
    #[arg(value_name = "KEY", value_parser = Hinted::keys(), hide_possible_values = true)]
    pub key: Option<String>,

    /// The console's policy, a JSON file ({"policy": {"<key>": "<answer>",
    /// …}, "delegateHumanGates": true|false}); default: the [policy] table
    /// of planfile.toml.
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub policy: Option<PathBuf>,

    /// The run's own fields, a JSON file ({"resumeOnRestart": true|false,
    /// "relay": "<word>"}).
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub run: Option<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = ResolveFormat::Tsv)]
    pub format: ResolveFormat,
}

/// The formats of `resolve` (SPEC §5.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ResolveFormat {
    /// `key<TAB>answer<TAB>from`, one line per key.
    Tsv,
    /// An array of objects: the answer, where it comes from, the shipped
    /// default, the answer words, the row and the sources passed over.
    Json,
    /// An aligned table for a person, with the sources passed over under
    /// each key.
    Table,
}

/// The options every write verb takes (SPEC §7).
#[derive(Debug, Args)]
pub struct WriteOptions {
    /// Who decided; default: $PE_OWNER, else user@host.
    #[arg(long, value_name = "WHO")]
    pub by: Option<String>,

    /// Whether the row blocks the start (any case); default: yes when the
    /// start gate counts the row the view resolves to today as blocking,
    /// else no.
    #[arg(long, value_name = "yes|no", value_parser = Hinted::blocking(), hide_possible_values = true)]
    pub blocking: Option<String>,

    /// What proves the row; default: `ruling <id>` for promote, else
    /// `decisions.sh <today>`.
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    pub evidence: Option<String>,

    /// Print the unified diff the write would make; write nothing.
    #[arg(long = "dry-run")]
    pub dry_run: bool,
}

/// Arguments of `answer`.
#[derive(Debug, Args)]
pub struct AnswerArgs {
    /// The decision key.
    #[arg(value_name = "KEY", value_parser = Hinted::keys(), hide_possible_values = true)]
    pub key: Option<String>,

    /// The answer.
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    pub value: Option<String>,

    /// Who, blocking, evidence, dry run.
    #[command(flatten)]
    pub write: WriteOptions,
}

/// Arguments of `waive`.
#[derive(Debug, Args)]
pub struct WaiveArgs {
    /// The decision key.
    #[arg(value_name = "KEY", value_parser = Hinted::keys(), hide_possible_values = true)]
    pub key: Option<String>,

    /// Why the decision does not apply.
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    pub reason: Option<String>,

    /// Who, blocking, evidence, dry run.
    #[command(flatten)]
    pub write: WriteOptions,
}

/// Arguments of `promote`.
#[derive(Debug, Args)]
pub struct PromoteArgs {
    /// The ruling id to promote.
    #[arg(long = "from-ruling", value_name = "ID")]
    pub from_ruling: Option<String>,

    /// The key to write; default: the ruling's decisionKey.
    #[arg(long = "key", value_name = "KEY", value_parser = Hinted::keys(), hide_possible_values = true)]
    pub key: Option<String>,

    /// The rulings ledger; default: $PE_RULINGS_FILE, else the console's
    /// state folder.
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub rulings: Option<PathBuf>,

    /// Who, blocking, evidence, dry run.
    #[command(flatten)]
    pub write: WriteOptions,
}

/// Any text, with a closed set of words as its possible values: they show
/// in completions (and help), while the verb checks the text with its own
/// message (SPEC §7: a key outside the vocabulary, a `--blocking` word that
/// is not yes or no, in any case).
#[derive(Debug, Clone, Copy)]
pub struct Hinted(fn() -> Vec<PossibleValue>);

impl Hinted {
    /// A decision key: the nineteen keys, each with the question it
    /// answers (double quotes as single ones, which every shell's script
    /// can hold).
    pub fn keys() -> Hinted {
        Hinted(|| {
            vocab::KEYS
                .iter()
                .map(|spec| PossibleValue::new(spec.key).help(spec.answers.replace('"', "'")))
                .collect()
        })
    }

    /// A `--blocking` word: yes or no.
    pub fn blocking() -> Hinted {
        Hinted(|| ["yes", "no"].into_iter().map(PossibleValue::new).collect())
    }
}

impl TypedValueParser for Hinted {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.0)().into_iter()))
    }
}
