//! Reading a `decisions` command line the way SPEC §7 writes it: "options
//! may come before or after the verb".
//!
//! clap reads a verb's options only after the verb, so before clap sees the
//! line, [`normalise`] moves the options written between `decisions` and the
//! verb to just after the verb:
//!
//! ```text
//! planfile decisions demo --phase 2 --by op answer stop --value x
//! planfile decisions demo answer --phase 2 --by op stop --value x
//! ```
//!
//! Which options take a value is read from the clap definition (the
//! options of `decisions` and of every verb), so the help, the completions
//! and this step never disagree. The first word after `decisions` that is
//! not an option (or an option's value) is the plan, the second the verb.

use std::ffi::OsString;

use clap::CommandFactory;

use super::Cli;
use crate::error::{Error, Result, escape_invisible};

/// The command whose verbs may follow their options.
pub(super) const COMMAND: &str = "decisions";

/// `args` (the program name first) with the options written before the
/// verb of a `decisions` command moved after the verb; any other command
/// line is returned as it is. A plan named like a verb (`decisions list
/// list`) is passed as `--slug <plan>`, so clap does not read it as the
/// verb. Errors: [`Error::Usage`] (exit 2) when the word in the verb's place
/// is not a verb, naming it and the verbs.
pub fn normalise(args: Vec<OsString>) -> Result<Vec<OsString>> {
    // Only a line that holds the word `decisions` can be a `decisions`
    // command; any other is left as it is without building the clap
    // definition, which costs as much as the parse itself.
    if !args.iter().skip(1).any(|word| word == COMMAND) {
        return Ok(args);
    }
    let mut top = Cli::command();
    top.build();
    let Some(at) = command_position(&top, &args) else {
        return Ok(args);
    };
    let Some(decisions) = top.find_subcommand(COMMAND) else {
        return Ok(args);
    };
    let verbs: Vec<&clap::Command> = decisions.get_subcommands().collect();
    let takes_value = |word: &str| {
        std::iter::once(decisions)
            .chain(verbs.iter().copied())
            .any(|cmd| option_takes_value(cmd, word))
    };

    let mut moved = Vec::new();
    let mut plan = None;
    let mut i = at + 1;
    while i < args.len() {
        let word = args[i].to_string_lossy();
        if word == "--" {
            return Ok(args);
        }
        if is_option(&word) {
            moved.push(args[i].clone());
            if takes_value(&word) && i + 1 < args.len() {
                moved.push(args[i + 1].clone());
                i += 2;
            } else {
                i += 1;
            }
            continue;
        }
        let Some(plan) = plan else {
            plan = Some(i);
            i += 1;
            continue;
        };
        if !verbs.iter().any(|v| v.get_name() == word) {
            return Err(unknown_verb(&word, &verbs));
        }
        let mut out: Vec<OsString> = args[..=at].to_vec();
        if verbs.iter().any(|v| v.get_name() == args[plan]) {
            out.push("--slug".into());
        }
        out.push(args[plan].clone());
        out.push(args[i].clone());
        out.extend(moved);
        out.extend(args[i + 1..].iter().cloned());
        return Ok(out);
    }
    Ok(args)
}

/// The index of the `decisions` word in `args`, when the command is
/// `decisions` (after any options of `planfile` itself).
fn command_position(top: &clap::Command, args: &[OsString]) -> Option<usize> {
    let mut i = 1;
    while i < args.len() {
        let word = args[i].to_string_lossy();
        if !is_option(&word) {
            return (word == COMMAND).then_some(i);
        }
        i += if option_takes_value(top, &word) { 2 } else { 1 };
    }
    None
}

/// Whether `word` is written as an option (`--name`, `--name=value`, `-x`).
fn is_option(word: &str) -> bool {
    word.len() > 1 && word.starts_with('-')
}

/// Whether `word` is an option of `cmd` that takes its value from the next
/// word (`--name` or `-x`, not `--name=value`).
fn option_takes_value(cmd: &clap::Command, word: &str) -> bool {
    cmd.get_arguments().any(|arg| arg_takes_value(arg, word))
}

/// Whether `word` names `arg` (`--name` or `-x`) and `arg` takes its value
/// from the next word; never for `--name=value`.
pub(super) fn arg_takes_value(arg: &clap::Arg, word: &str) -> bool {
    if word.contains('=') {
        return false;
    }
    let named = match word.strip_prefix("--") {
        Some(long) => arg.get_long() == Some(long),
        None => word
            .strip_prefix('-')
            .is_some_and(|short| short.chars().eq(arg.get_short())),
    };
    named && arg.get_action().takes_values()
}

/// The usage error for `word` in the verb's place.
fn unknown_verb(word: &str, verbs: &[&clap::Command]) -> Error {
    let names: Vec<&str> = verbs
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name())
        .collect();
    let list = match names.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    Error::Usage(format!(
        "unknown verb \"{}\" for decisions: use {list}",
        escape_invisible(word)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<OsString> {
        std::iter::once("planfile")
            .chain(line.split(' '))
            .map(OsString::from)
            .collect()
    }

    fn normalised(line: &str) -> String {
        let out = normalise(words(line)).expect("a verb");
        out[1..]
            .iter()
            .map(|w| w.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn options_before_the_verb_move_after_it() {
        assert_eq!(
            normalised("decisions demo --phase 2 --by op answer stop --value x"),
            "decisions demo answer --phase 2 --by op stop --value x"
        );
        assert_eq!(
            normalised("--root r decisions demo --format=json --ack mcp check"),
            "--root r decisions demo check --format=json --ack mcp"
        );
        assert_eq!(
            normalised("decisions --phase -1 demo list"),
            "decisions demo list --phase -1"
        );
        assert_eq!(
            normalised("decisions demo --dry-run waive mcp --reason none"),
            "decisions demo waive --dry-run mcp --reason none"
        );
    }

    #[test]
    fn other_lines_are_left_as_they_are() {
        for line in [
            "decisions demo answer stop --value x",
            "decisions demo --help",
            "decisions --help",
            "decisions demo",
            "validate --format json",
            "--root decisions validate",
            "decisions demo -- --phase list",
        ] {
            assert_eq!(normalised(line), line);
        }
    }

    #[test]
    fn a_plan_named_like_a_verb_is_passed_as_slug() {
        assert_eq!(
            normalised("decisions list --phase 1 list"),
            "decisions --slug list list --phase 1"
        );
    }

    #[test]
    fn a_word_in_the_verbs_place_that_is_no_verb_is_refused() {
        let err = normalise(words("decisions demo --value off frobnicate")).expect_err("no verb");
        assert_eq!(err.exit_code(), 2);
        assert_eq!(
            err.to_string(),
            "unknown verb \"frobnicate\" for decisions: use list, check, prompt, resolve, answer, waive or promote"
        );
    }
}
