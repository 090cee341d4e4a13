//! Shell completions (SPEC §10.3), for every shell from one source:
//! clap_complete's dynamic completion ([`CompleteEnv`]). A shell's script
//! only registers `planfile` as its own completer; when TAB is pressed the
//! shell runs `PLANFILE_COMPLETE=<shell> planfile -- <words>`, and the binary
//! answers from the clap definition of the command line, where the value
//! candidates are attached: the possible values of the keys, the formats,
//! `--blocking` and `--color` (`value_enum` and [`super::Hinted`]), the
//! value hints of paths, and the completers here for the plans' slugs
//! ([`plan_slugs`], [`plans_or_paths`]) and the checks of the lint
//! registry ([`check_names`], [`check_list`]).
//!
//! clap_complete's engine reads a line the way clap does. Two things of
//! planfile's line it does not read as planfile does, and [`Adapter`]
//! adapts them before the engine runs ([`read_as_planfile`]):
//!
//! - `decisions <SLUG> [--phase N] <VERB>`: the engine offers (and reads)
//!   a command's subcommands wherever a word may follow, so the verbs
//!   would be offered where the plan goes and a plan named like a verb
//!   would be read as the verb; and it knows a verb's options only after
//!   the verb, while planfile takes them before it as well
//!   ([`super::argv::normalise`]). The engine is given `decisions` with no
//!   verbs until the plan is written ([`before_the_plan`]), then the plan
//!   as `--slug=PLAN` ([`after_the_plan`]), and every verb's options on
//!   `decisions` itself.
//! - bash splits `--format=json` into `--format`, `=`, `json` (the `=` of
//!   `COMP_WORDBREAKS`), and the engine would take `=` for the value; the
//!   words are read as the option and its value.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use clap::builder::PossibleValue;
use clap::{Arg, Command, CommandFactory};
use clap_complete::engine::{ValueCompleter, possible_value_candidates};
use clap_complete::env::{Bash, Elvish, EnvCompleter, Fish, Powershell, Shells, Zsh};
use clap_complete::{
    ArgValueCandidates, ArgValueCompleter, CompleteEnv, CompletionCandidate, PathCompleter, Shell,
};

use super::{Cli, argv, print_stdout};
use crate::config::discover::{self, Request, Target};
use crate::error::{Error, Result};
use crate::lint::CHECKS;
use crate::root::{DocsRoot, normalize_lexically};

/// The environment variable that asks the binary for completions
/// (`PLANFILE_COMPLETE=bash planfile` prints bash's registration script).
const VAR: &str = "PLANFILE_COMPLETE";

/// The shells completed: clap_complete's own, each through [`Adapter`].
const SHELLS: Shells<'static> = Shells(&[
    &Adapter {
        shell: &Bash,
        cursor_in_env: true,
        splits_at_equals: true,
    },
    &Adapter {
        shell: &Elvish,
        cursor_in_env: true,
        splits_at_equals: false,
    },
    &Adapter {
        shell: &Fish,
        cursor_in_env: false,
        splits_at_equals: false,
    },
    &Adapter {
        shell: &Powershell,
        cursor_in_env: false,
        splits_at_equals: false,
    },
    &Adapter {
        shell: &Zsh,
        cursor_in_env: true,
        splits_at_equals: false,
    },
]);

/// Answers a completion request and exits, when the process was started
/// as one (`PLANFILE_COMPLETE=<shell>` in the environment, as the registration
/// script of [`print_completions`] runs it); returns at once otherwise.
/// Call it first in `main`, before anything is written to stdout (SPEC
/// §10.3).
///
/// Output: with no words after `--`, the registration script for the
/// shell; else the candidates for the word at the cursor, in the form
/// that shell's script reads. Exits 0, or 2 with a message on stderr when
/// `PLANFILE_COMPLETE` names no shell it knows (`PLANFILE_COMPLETE=` or `PLANFILE_COMPLETE=0` is a
/// plain run).
pub fn complete_if_asked() {
    CompleteEnv::with_factory(Cli::command)
        .var(VAR)
        .shells(SHELLS)
        .complete();
}

/// Prints on stdout the script that registers `planfile`'s completions
/// in `shell` (SPEC §10.3): the one `PLANFILE_COMPLETE=<shell> planfile` prints.
/// The script runs the binary it was printed by, as that was invoked: a
/// bare `planfile` is looked up on `PATH` when TAB is pressed, a path is
/// made absolute. Exit 0; an error when stdout cannot be written.
pub(super) fn print_completions(shell: Shell) -> Result<u8> {
    let name = shell.to_string();
    let adapter = SHELLS
        .completer(&name)
        .ok_or_else(|| Error::Usage(format!("no completions for the shell {name}")))?;
    let cmd = Cli::command();
    let bin = cmd.get_name();
    let mut script = Vec::new();
    adapter.write_registration(VAR, bin, bin, &completer(bin), &mut script)?;
    print_stdout(&script)?;
    Ok(0)
}

/// The program the registration script runs: this one, as it was invoked
/// (`args_os()[0]`; a path of more than one component made absolute
/// against the working directory), else `bin`: the rule `CompleteEnv`
/// follows for `PLANFILE_COMPLETE=<shell> planfile`.
fn completer(bin: &str) -> String {
    let Some(invoked) = std::env::args_os().next().map(PathBuf::from) else {
        return bin.to_string();
    };
    let path = match std::env::current_dir() {
        Ok(cwd) if invoked.components().count() > 1 => cwd.join(invoked),
        _ => invoked,
    };
    path.to_string_lossy().into_owned()
}

/// A shell of clap_complete with the words of the line read as planfile
/// reads them before the engine completes them ([`read_as_planfile`]).
/// Its registration script, and the form of its candidates, are the
/// shell's own.
struct Adapter {
    /// clap_complete's adapter for the shell.
    shell: &'static dyn EnvCompleter,
    /// Whether the shell's script passes the cursor's index in
    /// `_CLAP_COMPLETE_INDEX` (bash, elvish, zsh); else the cursor is on
    /// the last word (fish, PowerShell).
    cursor_in_env: bool,
    /// Whether the shell splits `--name=value` into three words (bash).
    splits_at_equals: bool,
}

impl EnvCompleter for Adapter {
    fn name(&self) -> &'static str {
        self.shell.name()
    }

    fn is(&self, name: &str) -> bool {
        self.shell.is(name)
    }

    fn write_registration(
        &self,
        var: &str,
        name: &str,
        bin: &str,
        completer: &str,
        buf: &mut dyn std::io::Write,
    ) -> std::result::Result<(), std::io::Error> {
        self.shell
            .write_registration(var, name, bin, completer, buf)
    }

    fn write_complete(
        &self,
        cmd: &mut Command,
        args: Vec<OsString>,
        current_dir: Option<&Path>,
        buf: &mut dyn std::io::Write,
    ) -> std::result::Result<(), std::io::Error> {
        let cursor = match self.cursor_in_env {
            true => std::env::var("_CLAP_COMPLETE_INDEX")
                .ok()
                .and_then(|i| i.parse().ok())
                .unwrap_or_default(),
            false => args.len().saturating_sub(1),
        };
        // `cmd` comes built, and a built command cannot be reshaped: the
        // shaped one is made anew, and built by the engine.
        let (mut shaped, words) = read_as_planfile(args, cursor, self.splits_at_equals);
        self.shell
            .write_complete(&mut shaped, words, current_dir, buf)?;
        *cmd = shaped;
        Ok(())
    }
}

/// The docs root written on the line being completed (`--root DIR`), set
/// once per completion by [`read_as_planfile`], read by [`plan_slugs`].
static ROOT_ON_THE_LINE: OnceLock<PathBuf> = OnceLock::new();

/// The command line, and the words (the program first, the cursor on
/// `words[cursor]`), that the engine completes: [`Cli`]'s, read as
/// planfile reads them (only the words before the cursor change):
///
/// - with bash, `--name`, `=`, `value` as `--name=`, `--name`, `value`
///   (an empty value, then the option with its value: the words keep
///   their number, so that the cursor's index holds);
/// - `decisions` before its plan is written: no verbs, every verb's
///   options ([`before_the_plan`]);
/// - once its plan is written: the plan passed as `--slug=PLAN`, as
///   [`argv::normalise`] passes a plan named like a verb, so that only the
///   verb is read as the verb ([`after_the_plan`]).
///
/// Records the `--root` written before the cursor for [`plan_slugs`].
fn read_as_planfile(
    mut words: Vec<OsString>,
    cursor: usize,
    splits_at_equals: bool,
) -> (Command, Vec<OsString>) {
    let end = cursor.min(words.len());
    if splits_at_equals {
        for i in 2..end {
            if words[i] == "=" && is_long_option(&words[i - 1]) {
                let option = words[i - 1].clone();
                words[i - 1].push("=");
                words[i] = option;
            }
        }
    }
    if let Some(root) = root_on_the_line(&words[..end]) {
        let _ = ROOT_ON_THE_LINE.set(root);
    }
    let cli = Cli::command();
    let Some(plan) = plan_word(&cli, &words[..end]) else {
        return (cli.mut_subcommand(argv::COMMAND, before_the_plan), words);
    };
    let mut option = OsString::from(format!("--{SLUG_OPTION}="));
    option.push(&words[plan]);
    words[plan] = option;
    (cli.mut_subcommand(argv::COMMAND, after_the_plan), words)
}

/// The hidden option of `decisions` that names its plan (`--slug PLAN`).
const SLUG_OPTION: &str = "slug";

/// Whether `word` is a long option without its value (`--name`).
fn is_long_option(word: &OsStr) -> bool {
    word.to_str()
        .is_some_and(|w| w.len() > 2 && w.starts_with("--") && !w.contains('='))
}

/// The index in `words` of the plan of a `decisions` command: the first
/// word after `decisions` that is neither an option nor an option's value
/// (of `decisions`, of its verbs, or of `planfile` itself), as
/// [`argv::normalise`] finds it; `None` when `words` hold no such word.
fn plan_word(cli: &Command, words: &[OsString]) -> Option<usize> {
    let decisions = cli.find_subcommand(argv::COMMAND)?;
    let in_decisions = || {
        decisions
            .get_arguments()
            .chain(decisions.get_subcommands().flat_map(Command::get_arguments))
            .chain(cli.get_arguments().filter(|a| a.is_global_set()))
    };
    let mut in_command = false;
    let mut i = 1;
    while let Some(word) = words.get(i) {
        let text = word.to_str()?;
        if text == "--" {
            return None;
        }
        if text.len() > 1 && text.starts_with('-') {
            let value = match in_command {
                true => takes_value(in_decisions(), text),
                false => takes_value(cli.get_arguments(), text),
            };
            i += if value { 2 } else { 1 };
            continue;
        }
        if in_command {
            return Some(i);
        }
        if text != argv::COMMAND {
            return None;
        }
        in_command = true;
        i += 1;
    }
    None
}

/// Whether `word` names one of `args` that takes its value from the next
/// word (`--name` or `-x`, not `--name=value`).
fn takes_value<'a>(mut args: impl Iterator<Item = &'a Arg>, word: &str) -> bool {
    args.any(|arg| argv::arg_takes_value(arg, word))
}

/// The last `--root` written in `words` (`--root DIR`, `--root=DIR`), a
/// leading `~` as `$HOME`.
fn root_on_the_line(words: &[OsString]) -> Option<PathBuf> {
    let mut root = None;
    for (i, word) in words.iter().enumerate() {
        let value = match word.to_str() {
            Some("--root") => match words.get(i + 1) {
                Some(next) => next.clone(),
                None => continue,
            },
            Some(text) => match text.strip_prefix("--root=") {
                Some(value) => OsString::from(value),
                None => continue,
            },
            None => continue,
        };
        root = Some(with_home(&value));
    }
    root
}

/// `path` with a leading `~` (alone or before `/`) as `$HOME`, as the
/// shell expands it when the line runs.
fn with_home(path: &OsStr) -> PathBuf {
    let text = path.to_string_lossy();
    let rest = match text.strip_prefix('~') {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => rest,
        _ => return PathBuf::from(path),
    };
    match std::env::var_os("HOME") {
        Some(home) => PathBuf::from(format!("{}{rest}", home.to_string_lossy())),
        None => PathBuf::from(path),
    }
}

/// `decisions` before its plan is written, for the engine: its own
/// arguments (the plan, `--phase`) and every verb's options, and no verb,
/// so that none is offered, or read, where the plan goes.
fn before_the_plan(decisions: Command) -> Command {
    let options = verb_options(&decisions);
    Command::new(decisions.get_name().to_string())
        .args(decisions.get_arguments().cloned())
        .args(options)
}

/// `decisions` once its plan is written (as `--slug=PLAN`), for the
/// engine: its verbs, its SLUG argument completing nothing (the plan is
/// written), and every verb's options, which may come before the verb.
fn after_the_plan(decisions: Command) -> Command {
    let options = verb_options(&decisions);
    let slug = decisions
        .get_positionals()
        .next()
        .map(|a| a.get_id().clone());
    let shaped = decisions.args(options);
    match slug {
        Some(id) => shaped.mut_arg(id, |a| {
            a.add(ArgValueCompleter::new(|_: &OsStr| Vec::new()))
        }),
        None => shaped,
    }
}

/// Every option of the verbs of `decisions`, once per name and hidden (so
/// that `decisions -<TAB>` offers its own), with the values of all the
/// verbs' options of that name (`--format`: those of `list`, `check` and
/// `resolve`): planfile takes them before the verb too.
fn verb_options(decisions: &Command) -> Vec<Arg> {
    let mut options: Vec<(Arg, Vec<PossibleValue>)> = Vec::new();
    for arg in decisions
        .get_subcommands()
        .flat_map(Command::get_arguments)
        .filter(|a| !a.is_positional())
    {
        let Some(long) = arg.get_long() else {
            continue;
        };
        match options.iter_mut().find(|(o, _)| o.get_long() == Some(long)) {
            Some((_, known)) => {
                for value in arg.get_possible_values() {
                    if !known.iter().any(|k| k.get_name() == value.get_name()) {
                        known.push(value);
                    }
                }
            }
            None => {
                let copy = arg
                    .clone()
                    .id(format!("before the verb: {long}"))
                    .required(false)
                    .hide(true);
                options.push((copy, arg.get_possible_values()));
            }
        }
    }
    options
        .into_iter()
        .map(|(option, values)| match values.is_empty() {
            true => option,
            false => option.add(ArgValueCandidates::new(move || {
                possible_value_candidates(values.iter().cloned())
            })),
        })
        .collect()
}

/// The slugs of the plans under the docs root that start with `current`
/// (SPEC §10.3): the completer of the arguments that name a plan. The
/// docs root is the one the line names (`--root`), else `$DOCS_ROOT`,
/// else the nearest folder up with `docs/plans/` ([`DocsRoot::from_env`]);
/// its plans are those `validate` finds there ([`discover::discover`])
/// that a slug names (in `docs/plans/` itself). None when the working
/// directory or `docs/plans/` cannot be read.
pub(super) fn plan_slugs(current: &OsStr) -> Vec<CompletionCandidate> {
    let Ok(root) = DocsRoot::from_env(ROOT_ON_THE_LINE.get().map(PathBuf::as_path)) else {
        return Vec::new();
    };
    let current = current.to_string_lossy();
    slugs_under(&root)
        .into_iter()
        .filter(|slug| slug.starts_with(current.as_ref()))
        .map(CompletionCandidate::new)
        .collect()
}

/// The slugs of the plans in `root`'s `docs/plans/`, in the order
/// discovery finds them (by file name).
fn slugs_under(root: &DocsRoot) -> Vec<String> {
    let Ok(found) = discover::discover(root, Request::default(), &mut |_| Ok(false)) else {
        return Vec::new();
    };
    let plans_dir = normalize_lexically(&root.plans_dir());
    found
        .targets
        .iter()
        .filter_map(|target| match target {
            Target::File(location) => Some(location),
            Target::Stdin { .. } => None,
        })
        .filter(|l| normalize_lexically(&l.plan) == plans_dir.join(format!("{}.md", l.slug)))
        .map(|l| l.slug.clone())
        .collect()
}

/// The modes of `phase-graph` that start with `current` (the engine's
/// table, [`crate::engine::MODES`]).
pub(super) fn engine_modes(current: &OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    crate::engine::MODES
        .iter()
        .filter(|m| m.name != "board" && m.name.starts_with(current.as_ref()))
        .map(|m| CompletionCandidate::new(m.name).help(Some(m.summary.into())))
        .collect()
}

/// [`plan_slugs`], then the paths that start with `current`: the
/// completer of `validate`'s plans (slugs, files and folders).
pub(super) fn plans_or_paths(current: &OsStr) -> Vec<CompletionCandidate> {
    let mut candidates = plan_slugs(current);
    candidates.extend(PathCompleter::any().complete(current));
    candidates
}

/// The checks of the lint registry that start with `current`, by code
/// (each once, its checks' names as help) and by name (its code as help):
/// the completer of `explain` (SPEC §10.1, §10.3).
pub(super) fn check_names(current: &OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    check_words(false)
        .into_iter()
        .filter(|c| {
            c.get_value()
                .to_string_lossy()
                .starts_with(current.as_ref())
        })
        .collect()
}

/// The checks (and `ALL`) that complete the last entry of the
/// comma-separated list `current` (`F14,gate-d` → `F14,gate-date-invalid`,
/// …), each after the entries before it: the completer of `--select`,
/// `--extend-select` and `--ignore` (SPEC §10.1, §10.3).
pub(super) fn check_list(current: &OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    let (head, last) = match current.rfind(',') {
        Some(at) => current.split_at(at + 1),
        None => ("", current.as_ref()),
    };
    check_words(true)
        .into_iter()
        .filter(|c| c.get_value().to_string_lossy().starts_with(last))
        .map(|c| c.add_prefix(head))
        .collect()
}

/// The words that name checks (SPEC §10.1): with `all`, `ALL` first; every
/// code of the registry once; then every check's name.
fn check_words(all: bool) -> Vec<CompletionCandidate> {
    let mut words = Vec::new();
    if all {
        words.push(CompletionCandidate::new("ALL").help(Some("every check".into())));
    }
    let mut codes: Vec<&str> = Vec::new();
    for check in CHECKS {
        if codes.contains(&check.code) {
            continue;
        }
        codes.push(check.code);
        let names: Vec<&str> = CHECKS
            .iter()
            .filter(|c| c.code == check.code)
            .map(|c| c.name)
            .collect();
        words.push(CompletionCandidate::new(check.code).help(Some(names.join(", ").into())));
    }
    words.extend(
        CHECKS
            .iter()
            .map(|c| CompletionCandidate::new(c.name).help(Some(c.code.into()))),
    );
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<OsString> {
        line.split(' ').map(OsString::from).collect()
    }

    /// The words the engine completes for `line` (the cursor on its last
    /// word), and whether `decisions` has its verbs.
    fn read(line: &str, bash: bool) -> (String, bool) {
        let words = words(line);
        let cursor = words.len() - 1;
        let (cli, words) = read_as_planfile(words, cursor, bash);
        let verbs = cli
            .find_subcommand(argv::COMMAND)
            .is_some_and(|d| d.has_subcommands());
        let words: Vec<String> = words
            .iter()
            .map(|w| w.to_string_lossy().into_owned())
            .collect();
        (words.join(" "), verbs)
    }

    #[test]
    fn bash_words_split_at_equals_are_joined_back() {
        assert_eq!(
            read("planfile decisions demo list --format = t", true).0,
            "planfile decisions --slug=demo list --format= --format t"
        );
        assert_eq!(
            read("planfile validate --format = t", false).0,
            "planfile validate --format = t"
        );
        assert_eq!(
            read("planfile --root = r decisions ", true),
            ("planfile --root= --root r decisions ".to_string(), false)
        );
        assert_eq!(
            read("planfile decisions --root = r demo ", true),
            (
                "planfile decisions --root= --root r --slug=demo ".to_string(),
                true
            )
        );
    }

    #[test]
    fn the_plan_is_passed_as_slug_once_written() {
        assert_eq!(
            read("planfile decisions ", false),
            ("planfile decisions ".to_string(), false)
        );
        assert_eq!(
            read("planfile decisions li", false),
            ("planfile decisions li".to_string(), false)
        );
        assert_eq!(
            read("planfile decisions --phase 1 --format ", false),
            ("planfile decisions --phase 1 --format ".to_string(), false)
        );
        assert_eq!(
            read("planfile decisions list ", false),
            ("planfile decisions --slug=list ".to_string(), true)
        );
        assert_eq!(
            read(
                "planfile --root r decisions --phase 1 --by op check --format ",
                false
            ),
            (
                "planfile --root r decisions --phase 1 --by op --slug=check --format ".to_string(),
                true
            )
        );
        assert_eq!(
            read("planfile validate list ", false).0,
            "planfile validate list "
        );
    }

    #[test]
    fn the_root_on_the_line_is_found_in_either_form() {
        let root = |line: &str| root_on_the_line(&words(line));
        assert_eq!(
            root("planfile --root r decisions"),
            Some(PathBuf::from("r"))
        );
        assert_eq!(
            root("planfile decisions --root=s"),
            Some(PathBuf::from("s"))
        );
        assert_eq!(
            root("planfile --root= --root t decisions"),
            Some(PathBuf::from("t"))
        );
        assert_eq!(root("planfile decisions demo"), None);
    }

    #[test]
    fn check_lists_complete_their_last_entry() {
        let values = |c: Vec<CompletionCandidate>| -> Vec<String> {
            c.iter()
                .map(|c| c.get_value().to_string_lossy().into_owned())
                .collect()
        };
        let got = values(check_list(OsStr::new("F14,gate-d")));
        assert!(!got.is_empty());
        assert!(got.iter().all(|w| w.starts_with("F14,gate-d")), "{got:?}");
        assert_eq!(
            values(check_list(OsStr::new("")))
                .first()
                .map(String::as_str),
            Some("ALL")
        );
        assert!(!values(check_names(OsStr::new(""))).contains(&"ALL".to_string()));
    }
}
