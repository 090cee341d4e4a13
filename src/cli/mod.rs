//! The command line: clap definitions (also used for completions and the man
//! page) and the dispatch of each command to the library.
//!
//! A thin adapter at the top: it parses arguments, calls the layers below
//! (each command is one call into them) and prints through
//! [`crate::output`]. Nothing below it imports it.

pub mod argv;
mod completions;
mod decisions;
mod gate;
mod listing;
mod man;
mod needs;
mod new;
mod phase_graph;
mod prompt;
mod resolve;
mod server;
mod validate;
mod write;

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use clap_complete::ArgValueCompleter;

pub use completions::complete_if_asked;
pub use decisions::{
    AnswerArgs, CheckArgs, DecisionsArgs, GateFormat, Hinted, ListArgs, ListFormat, PromoteArgs,
    PromptArgs, ResolveArgs, ResolveFormat, Verb, WaiveArgs, WriteOptions,
};

use crate::error::Result;
use crate::output::color::ColorChoice;
use crate::root::{DocsRoot, PlanLocation};

/// The heading of the options every command takes.
const GLOBAL: &str = "Global options";

/// Reads, lints and writes the decision manifest of phased-execution plan
/// files (`docs/plans/<slug>.md` and their twins).
#[derive(Debug, Parser)]
#[command(name = "planfile", version, about, max_term_width = 100)]
pub struct Cli {
    /// The docs root (the folder holding docs/plans/); default: $DOCS_ROOT,
    /// else the nearest ancestor with docs/plans/, else the working directory.
    #[arg(long, global = true, value_name = "DIR", value_hint = clap::ValueHint::DirPath, help_heading = GLOBAL)]
    pub root: Option<PathBuf>,

    /// When to colour the output: auto (on a terminal, unless $NO_COLOR is
    /// set; always when $FORCE_COLOR is set), always or never.
    #[arg(
        long,
        global = true,
        value_enum,
        value_name = "WHEN",
        default_value_t = ColorChoice::Auto,
        hide_possible_values = true,
        help_heading = GLOBAL
    )]
    pub color: ColorChoice,

    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The plan engine: reference-compatible views of one plan — the status
    /// board, ready sets, dependencies, gates, sizes and scopes, its
    /// resolved decisions as TSV (--decisions [N]), its lint verdict (--lint).
    #[command(name = "phase-graph")]
    PhaseGraph(PhaseGraphArgs),

    /// List, check, prompt, resolve (the answer in force of each key), or
    /// write (answer / waive / promote) the decision manifest of one plan.
    Decisions(Box<DecisionsArgs>),

    /// Write a new plan, docs/plans/<SLUG>.md, from the plan template: all
    /// nineteen decision keys, shipped defaults answered, the rest
    /// outstanding.
    New(NewArgs),

    /// Print the shell completion script for SHELL on stdout.
    Completions(CompletionsArgs),

    /// Print the manual page (roff) on stdout: planfile(1), or with COMMAND
    /// the page planfile-COMMAND(1) (with a verb: planfile-COMMAND-VERB(1)).
    Man(ManArgs),

    /// Lint plans (F14, F24, F25 and the structure checks); no SLUG|PATH:
    /// every plan under docs/plans/. Exit 1 when a finding gates.
    Validate(ValidateArgs),

    /// Print what a lint check looks for, why, and an example that fails and
    /// one that passes; with no CHECK, list every check.
    Explain(ExplainArgs),

    /// Run the language server for editors (LSP 3.17 on stdin and stdout):
    /// diagnostics, hover, completion and quick fixes in plans and twins.
    Server(ServerArgs),

    /// Check a --needs word of a declaration: a decision key, or a blocker
    /// class as its short form. Prints the key and the class the runner
    /// files it under (`credential` → `credentials<TAB>credential`).
    Needs(NeedsArgs),
}

/// Arguments of `server`.
#[derive(Debug, Args)]
pub struct ServerArgs {
    /// Speak over stdin and stdout (the only transport; accepted because
    /// editor clients pass it).
    #[arg(long)]
    pub stdio: bool,
}

/// Arguments of `needs`.
#[derive(Debug, Args)]
pub struct NeedsArgs {
    /// A decision key (`credentials`) or a blocker class (`credential`,
    /// `permission`, `gate`, `external`, `lock`).
    #[arg(value_name = "WORD")]
    pub word: String,

    /// Accept keys only, as a ruling's decisionKey (a ruling names a real
    /// key, never a class).
    #[arg(long)]
    pub ruling: bool,

    /// How the answer is printed.
    #[arg(long, value_enum, default_value_t = NeedsFormat::Tsv)]
    pub format: NeedsFormat,
}

/// The output formats of `needs` (SPEC §5.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum NeedsFormat {
    /// `key<TAB>class`.
    Tsv,
    /// One JSON object: word, is (key or class), key, class.
    Json,
}

/// Arguments of `new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The new plan's slug: letters, digits, '.', '_' and '-', starting with a
    /// letter or digit.
    #[arg(value_name = "SLUG", value_hint = clap::ValueHint::Other)]
    pub slug: String,

    /// The plan's title (its `#` heading); default: the slug with '-' and '_'
    /// as spaces, first letter upper-case.
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
}

/// Arguments of `man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// A command whose own page to print (e.g. phase-graph, decisions), and
    /// one of its verbs (e.g. decisions answer).
    #[arg(value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// Arguments of `completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// What `validate --help` and its manual page say after the options: the
/// exit codes and the settings file.
const VALIDATE_AFTER_HELP: &str = "\
Exit status:
  0  no finding gates (or --exit-zero)
  1  a finding gates
  2  a usage error, a planfile.toml that cannot be used, or a plan that cannot be read

Settings: planfile.toml at the docs root, else in the nearest ancestor of the working
directory that has one (--config FILE reads another, --no-config none). The command
line wins over the file. A planfile.toml deeper down (docs/plans/legacy/planfile.toml)
is not read, and validate says so; --show-settings prints the file each plan reads.
  [lint]
  advisory = [\"F21\"]                  # checks that print but never fail
  select = [\"ALL\"]                    # the checks that run (names, codes or ALL)
  extend-select = []                  # added to select
  ignore = [\"gate-date-invalid\"]      # removed
  exclude = [\"docs/plans/archive\"]    # globs, relative to the file: not plans
  [lint.per-file-ignores]
  \"docs/plans/legacy-*.md\" = [\"F21\"]  # glob -> checks
  [policy]                            # the console's answers (decisions resolve)

A code shared by several checks (F20, F21, F24, F25) stands for all of them;
`planfile explain CODE` lists them.";

/// Arguments of `validate`.
#[derive(Debug, Args)]
#[command(after_help = VALIDATE_AFTER_HELP)]
pub struct ValidateArgs {
    /// Plans to lint: slugs, paths of .md files, folders (the plans under
    /// them: in a folder holding docs/plans/, only the .md files of
    /// docs/plans/ folders), globs (expanded when the shell did not), a
    /// twin, handoff or planfile.toml (the plans it belongs to), or - for
    /// stdin (default: every plan under docs/plans/).
    // Paths as the system gives them: a name that is not UTF-8 is a path
    // like any other (SPEC §10.1), not a parse error.
    #[arg(value_name = "SLUG|PATH", add = ArgValueCompleter::new(completions::plans_or_paths))]
    pub plans: Vec<PathBuf>,

    /// How findings are printed.
    #[arg(long, value_enum, default_value_t = FindingsFormat::Human)]
    pub format: FindingsFormat,

    /// Print the findings only: no summary, no notes.
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// Write the report to FILE instead of stdout.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output_file: Option<PathBuf>,

    /// Exit 0 even when a finding gates or --diff has fixes to show (2
    /// still means an error).
    #[arg(long)]
    pub exit_zero: bool,

    /// Run only these checks: names, codes (a shared code means every check
    /// with it) or ALL, comma-separated.
    #[arg(long, value_name = "CHECKS", add = ArgValueCompleter::new(completions::check_list))]
    pub select: Option<Vec<String>>,

    /// Also run these checks (names or codes, comma-separated).
    #[arg(long, value_name = "CHECKS", add = ArgValueCompleter::new(completions::check_list))]
    pub extend_select: Vec<String>,

    /// Do not run these checks (names or codes, comma-separated).
    #[arg(long, value_name = "CHECKS", add = ArgValueCompleter::new(completions::check_list))]
    pub ignore: Vec<String>,

    /// Print one line per check that found something (count, code, name),
    /// most found first, instead of the findings: as text (--format human
    /// or concise) or JSON.
    #[arg(long)]
    pub statistics: bool,

    /// Read the settings from FILE instead of finding planfile.toml.
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    pub config: Option<PathBuf>,

    /// Read no settings file: every check runs with its own severity.
    #[arg(long)]
    pub no_config: bool,

    /// The path of the file read from stdin (-), for messages and for
    /// finding the files it comes with: a plan, or its twin or a handoff
    /// (the buffer then stands for that file, its plan read from disk).
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,

    /// Apply the fixes the tool is sure of to the plans (never to twins),
    /// keeping every other byte, then report the findings that remain; for
    /// a plan on stdin (-), print the fixed plan on stdout and the report
    /// on stderr.
    #[arg(long)]
    pub fix: bool,

    /// Print the fixes as a unified diff instead of applying them (nothing
    /// is written); exit 1 when there is any (0 with --exit-zero).
    #[arg(long)]
    pub diff: bool,

    /// With --fix or --diff, also apply (or show) the unsafe fixes: repairs
    /// that may change what the author meant, such as a misspelled state,
    /// source or key that the finding names (`answerd` -> `answered`).
    #[arg(long)]
    pub unsafe_fixes: bool,

    /// Leave out a plan named on the command line when a folder search
    /// would (an `exclude` glob, README.md, INDEX.md), as the pre-commit
    /// hook does.
    #[arg(long)]
    pub force_exclude: bool,

    /// Print, for each plan, the settings file in use and the checks that
    /// run, are advisory and are ignored for it, then exit; nothing is
    /// linted.
    #[arg(long)]
    pub show_settings: bool,
}

/// The output formats of `validate` (SPEC §6, §10.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FindingsFormat {
    /// Each finding with its source line and the span marked.
    Human,
    /// `path:line:col: CODE name: message`, one per line.
    Concise,
    /// One JSON object: the plans, their findings, a summary.
    Json,
    /// A SARIF 2.1.0 log.
    Sarif,
    /// GitHub Actions `::error` / `::warning` workflow commands.
    Github,
    /// JUnit XML: a test suite per plan, a test case per finding.
    Junit,
    /// GitLab Code Quality JSON.
    Gitlab,
}

/// Arguments of `explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// A check's code (`F14`) or name (`verification-empty-open`).
    #[arg(value_name = "CODE|NAME", add = ArgValueCompleter::new(completions::check_names))]
    pub check: Option<String>,
}

/// Arguments of `phase-graph`. Its list of modes (the help's last part)
/// is added by [`command`], only when help is shown.
#[derive(Debug, Args)]
pub struct PhaseGraphArgs {
    /// The folder the commands the modes print name the workflow's scripts
    /// in (the reference's own folder); default: $PE_SCRIPTS, else the
    /// folder of the planfile binary.
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub scripts_dir: Option<PathBuf>,

    /// How the answer is printed: the reference's text, or one JSON object
    /// whose `mode` field names the mode.
    #[arg(long, value_enum, default_value_t = EngineFormat::Text)]
    pub format: EngineFormat,

    /// The plan's slug, or the path of its .md file.
    #[arg(value_name = "SLUG", add = ArgValueCompleter::new(completions::plan_slugs))]
    pub slug: String,

    /// The mode (below); none: the status board.
    #[arg(
        value_name = "MODE",
        allow_hyphen_values = true,
        add = ArgValueCompleter::new(completions::engine_modes)
    )]
    pub mode: Option<String>,

    /// The mode's argument: a phase number for most modes.
    #[arg(value_name = "ARG", allow_hyphen_values = true)]
    pub arg: Option<String>,

    /// Words after the argument, ignored as the reference ignores them.
    #[arg(hide = true, trailing_var_arg = true, allow_hyphen_values = true)]
    pub rest: Vec<String>,
}

/// The output formats of `phase-graph` (SPEC §11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineFormat {
    /// The reference's text.
    Text,
    /// One JSON object: the mode's answer as data.
    Json,
}

/// The whole command-line definition, help texts included: [`Cli`]'s,
/// with the list of `phase-graph` modes after that command's help. The
/// manual pages and a line that asks for help read it.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    Cli::command().mut_subcommand("phase-graph", |c| c.after_help(phase_graph::after_help()))
}

/// Parses the command line `args` (the program's name first). A line that
/// may ask for help (`-h`, `--help` or `help` anywhere in it) is parsed
/// with [`command`]; any other without the list of modes, which only help
/// prints and which costs as much to build as the rest of the definition.
/// Errors: clap's, to print as they are (usage errors exit 2, help and
/// version 0).
pub fn parse(args: Vec<std::ffi::OsString>) -> std::result::Result<Cli, clap::Error> {
    use clap::{CommandFactory, FromArgMatches};
    let asks_help = args
        .iter()
        .skip(1)
        .any(|word| word == "-h" || word == "--help" || word == "help");
    let mut definition = if asks_help { command() } else { Cli::command() };
    let mut matches = definition.try_get_matches_from_mut(args)?;
    Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut definition))
}

/// Runs a parsed command line; returns the process exit code (SPEC §8).
/// Output goes to stdout and stderr; errors are returned, not printed.
pub fn run(cli: Cli) -> Result<u8> {
    if let Command::PhaseGraph(args) = &cli.command {
        return phase_graph::phase_graph(cli.root.as_deref(), args);
    }
    let root = DocsRoot::from_env(cli.root.as_deref())?;
    match cli.command {
        Command::PhaseGraph(_) => Ok(0),
        Command::Decisions(args) => {
            let result = decisions(&root, cli.root.as_deref(), cli.color, &args);
            // A verdict asked for as JSON is JSON even when it cannot be
            // given: the error object on stdout, the message on stderr.
            if let (Verb::Check(check), Err(e)) = (&args.verb, &result)
                && check.format == GateFormat::Json
                && !e.is_broken_pipe()
            {
                let mut buf = Vec::new();
                crate::output::gate::write_json_error(&mut buf, args.plan(), e)?;
                print_stdout(&buf)?;
            }
            result
        }
        Command::New(args) => new::new_plan(&root, &args),
        Command::Completions(args) => completions::print_completions(args.shell),
        Command::Man(args) => man::print_man(&args.command),
        Command::Validate(args) => validate::validate(&root, &args, cli.color),
        Command::Explain(args) => validate::explain(&args),
        Command::Server(args) => server::server(&args),
        Command::Needs(args) => needs::needs(&args),
    }
}

/// Runs a `decisions` command: locates the plan (refusing one whose docs
/// root is not known, or whose twin another plan reads), then runs the
/// verb. Errors carry their exit code (SPEC §8).
fn decisions(
    root: &DocsRoot,
    root_flag: Option<&std::path::Path>,
    color: ColorChoice,
    args: &DecisionsArgs,
) -> Result<u8> {
    let location = PlanLocation::resolve(root, args.plan())?;
    let root_given =
        root_flag.is_some() || std::env::var_os("DOCS_ROOT").is_some_and(|r| !r.is_empty());
    location.check_root_known(root_given)?;
    location.check_own_twin()?;
    let phase = args.phase.as_deref();
    match &args.verb {
        Verb::List(list) => listing::decisions_list(&location, phase, list, color),
        Verb::Check(check) => {
            let advice = gate::advice_root(root, &location, root_flag);
            gate::decisions_check(&location, phase, check, advice.as_deref())
        }
        Verb::Prompt(_) => {
            let advice = gate::advice_root(root, &location, root_flag);
            prompt::decisions_prompt(&location, phase, advice.as_deref())
        }
        Verb::Resolve(r) => resolve::decisions_resolve(&location, phase, r, color),
        Verb::Answer(a) => write::run(&location, phase, write::WriteVerb::Answer(a)),
        Verb::Waive(w) => write::run(&location, phase, write::WriteVerb::Waive(w)),
        Verb::Promote(p) => write::run(&location, phase, write::WriteVerb::Promote(p)),
    }
}

/// Writes `bytes` to stdout and flushes.
pub(crate) fn print_stdout(bytes: &[u8]) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}
