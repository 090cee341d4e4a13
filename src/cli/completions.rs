//! `completions <SHELL>`: the shell completion scripts, generated from the
//! clap definition of the command line (SPEC §10.3). bash's comes from
//! [`super::bash_completion`]; the other shells' from `clap_complete`, to
//! which zsh's and fish's get what it leaves out: the slugs of the plans
//! under the docs root, found when TAB is pressed, and (fish) the values of
//! positional arguments, the keys after `answer` and `waive`, the checks
//! after `explain`, `--select`, `--ignore` and `--extend-select`, and the
//! verbs of `decisions` only once its plan is on the line.

use std::fmt::Write as _;

use clap::{Command, CommandFactory};
use clap_complete::Shell;

use super::bash_completion::{Values, check_words, values_of};
use super::{Cli, argv, print_stdout};
use crate::error::Result;

/// The completion script of `planfile` for `shell`, as bytes.
fn completion_script(shell: Shell) -> Vec<u8> {
    let mut command = Cli::command();
    if shell == Shell::Bash {
        return super::bash_completion::script(&mut command, "planfile").into_bytes();
    }
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut command, "planfile", &mut buf);
    let script = String::from_utf8_lossy(&buf).into_owned();
    match shell {
        Shell::Zsh => zsh_with_slugs(&script, &command),
        Shell::Fish => fish_verbs_after_the_plan(&script) + &fish_extras(&command),
        _ => script,
    }
    .into_bytes()
}

/// Each positional argument of `cmd` and its subcommands, with the words
/// that lead to its command (`["decisions", "answer"]`) and what completes
/// it.
fn positionals(cmd: &Command, path: &[String], out: &mut Vec<(Vec<String>, String, Values)>) {
    for arg in cmd.get_positionals().filter(|a| !a.is_hide_set()) {
        out.push((path.to_vec(), arg.get_id().to_string(), values_of(arg)));
    }
    for sub in cmd.get_subcommands().filter(|c| c.get_name() != "help") {
        let mut sub_path = path.to_vec();
        sub_path.push(sub.get_name().to_string());
        positionals(sub, &sub_path, out);
    }
}

/// The zsh script with the positionals that take a plan completed by
/// `_planfile_slugs` (and file names, where a path is taken too) instead
/// of file names alone.
fn zsh_with_slugs(script: &str, cmd: &Command) -> String {
    let mut found = Vec::new();
    positionals(cmd, &[], &mut found);
    let slug_ids: Vec<(String, bool)> = found
        .into_iter()
        .filter_map(|(_, id, v)| match v {
            Values::Slugs { paths } => Some((id, paths)),
            _ => None,
        })
        .collect();
    let mut out = String::new();
    for line in script.split_inclusive('\n') {
        let spec = line.trim_start_matches(['\'', '*', ':']);
        let slug = slug_ids
            .iter()
            .find(|(id, _)| spec.starts_with(&format!("{id} -- ")));
        match (slug, line.strip_suffix(":_default' \\\n")) {
            (Some((_, paths)), Some(head)) => {
                let function = if *paths {
                    "_planfile_slugs_or_files"
                } else {
                    "_planfile_slugs"
                };
                let _ = writeln!(out, "{head}:{function}' \\");
            }
            _ => out.push_str(line),
        }
        if line == "autoload -U is-at-least\n" {
            out.push_str(ZSH_SLUGS);
        }
    }
    out
}

/// The zsh functions that complete plans.
const ZSH_SLUGS: &str = r#"
# The slugs of the plans under the docs root: --root on the line, else
# $DOCS_ROOT, else the nearest folder up from here with docs/plans/, else here.
_planfile_slugs() {
    local root dir i
    local -a plans
    for (( i = 1; i < CURRENT; i++ )); do
        case ${words[i]} in
            (--root) root=${words[i+1]} ;;
            (--root=*) root=${words[i]#--root=} ;;
        esac
    done
    root=${~root}
    [[ -z $root ]] && root=$DOCS_ROOT
    if [[ -z $root ]]; then
        dir=$PWD
        while [[ -n $dir ]]; do
            if [[ -d $dir/docs/plans ]]; then root=$dir; break; fi
            dir=${dir%/*}
        done
        [[ -z $root ]] && root=.
    fi
    plans=( $root/docs/plans/*.md(N-.:t:r) )
    compadd -a plans
}

_planfile_slugs_or_files() {
    _planfile_slugs
    _files
}
"#;

/// The fish script with the verbs of `decisions` offered only once its
/// plan is on the line (clap's script offers them, and file names, in the
/// plan's place).
fn fish_verbs_after_the_plan(script: &str) -> String {
    let lead = format!(
        "complete -c planfile -n \"__fish_planfile_using_subcommand {}; and not __fish_seen_subcommand_from ",
        argv::COMMAND
    );
    let mut out = String::with_capacity(script.len());
    for line in script.split_inclusive('\n') {
        let verb = line
            .strip_prefix(&lead)
            .and_then(|rest| rest.split_once("\" -a \""))
            .filter(|(verbs, _)| !verbs.contains('"'));
        match verb {
            Some((verbs, rest)) => {
                let _ = write!(
                    out,
                    "{lead}{verbs}; and not __planfile_before_positional {}\" -f -a \"{rest}",
                    argv::COMMAND
                );
            }
            None => out.push_str(line),
        }
    }
    out
}

/// The lines the fish script gets: the plans for each positional that
/// takes one, the values of each positional that has a closed set, and
/// the checks after each option and argument that takes them.
fn fish_extras(cmd: &Command) -> String {
    let mut found = Vec::new();
    positionals(cmd, &[], &mut found);
    let mut value_options: Vec<String> = Vec::new();
    gather_value_options(cmd, &mut value_options);
    let mut out = FISH_SLUGS
        .replace("@VOPTS@", &value_options.join(" "))
        .replace("@CHECKS@", &check_words(false).join(" "));
    for (path, _, values) in found {
        let Some((last, parents)) = path.split_last() else {
            continue;
        };
        let mut condition = match parents.first() {
            Some(first) => format!(
                "__fish_planfile_using_subcommand {first}; and __fish_seen_subcommand_from {last}"
            ),
            None => format!("__fish_planfile_using_subcommand {last}"),
        };
        let (args, files) = match values {
            Values::Slugs { paths } => ("(__planfile_slugs)".to_string(), paths),
            Values::Words(words) if !parents.is_empty() => (words.join(" "), false),
            Values::Checks { .. } => ("(__planfile_checks)".to_string(), false),
            _ => continue,
        };
        if !files {
            let _ = write!(condition, "; and __planfile_before_positional {last}");
        }
        let _ = writeln!(
            out,
            "complete -c planfile -n \"{condition}\"{} -a \"{args}\"",
            if files { "" } else { " -f" }
        );
    }
    fish_check_options(cmd, &[], &mut out);
    out
}

/// A fish line completing the checks after each option of `cmd` (named
/// by `path`, its words after `planfile`) and its subcommands that takes
/// them (`--select`, `--ignore`, `--extend-select`).
fn fish_check_options(cmd: &Command, path: &[String], out: &mut String) {
    if let Some((first, rest)) = path.split_first() {
        let mut condition = format!("__fish_planfile_using_subcommand {first}");
        if let Some(last) = rest.last() {
            let _ = write!(condition, "; and __fish_seen_subcommand_from {last}");
        }
        for arg in cmd.get_arguments().filter(|a| !a.is_positional()) {
            let (Values::Checks { list }, Some(long)) = (values_of(arg), arg.get_long()) else {
                continue;
            };
            let words = if list { " list" } else { "" };
            let _ = writeln!(
                out,
                "complete -c planfile -n \"{condition}\" -l {long} -r -f -a \"(__planfile_checks{words})\""
            );
        }
    }
    for sub in cmd.get_subcommands().filter(|c| c.get_name() != "help") {
        let mut sub_path = path.to_vec();
        sub_path.push(sub.get_name().to_string());
        fish_check_options(sub, &sub_path, out);
    }
}

/// The options of `cmd` and its subcommands that take a value.
fn gather_value_options(cmd: &Command, out: &mut Vec<String>) {
    for arg in cmd.get_arguments() {
        if !arg.get_action().takes_values() {
            continue;
        }
        let longs = arg.get_long().map(|l| format!("--{l}"));
        let shorts = arg.get_short().map(|s| format!("-{s}"));
        for name in longs.into_iter().chain(shorts) {
            if !out.contains(&name) {
                out.push(name);
            }
        }
    }
    for sub in cmd.get_subcommands() {
        gather_value_options(sub, out);
    }
}

/// The fish functions that complete plans; `@VOPTS@` is the options that
/// take a value.
const FISH_SLUGS: &str = r#"
# The slugs of the plans under the docs root: --root on the line, else
# $DOCS_ROOT, else the nearest folder up from here with docs/plans/, else here.
function __planfile_slugs
    set -l tokens (commandline -opc)
    set -l root
    for i in (seq (count $tokens))
        switch $tokens[$i]
            case --root
                set -q tokens[(math $i + 1)]; and set root $tokens[(math $i + 1)]
            case '--root=*'
                set root (string replace -- '--root=' '' $tokens[$i])
        end
    end
    test -n "$root"; or set root $DOCS_ROOT
    if test -z "$root"
        set -l dir $PWD
        while test -n "$dir"
            if test -d "$dir/docs/plans"
                set root $dir
                break
            end
            set dir (string replace -r '/[^/]*$' '' -- $dir)
        end
        test -n "$root"; or set root .
    end
    for plan in $root/docs/plans/*.md
        test -f $plan; and basename $plan .md
    end
end

# The checks of the lint registry, by code and name (with "list", ALL too),
# each after the entries already typed before the last comma.
function __planfile_checks
    set -l token (string replace -r -- '^--[^=]*=' '' (commandline -ct))
    set -l head (string replace -r -- '[^,]*$' '' $token)
    set -l words @CHECKS@
    contains -- list $argv; and set -p words ALL
    for word in $words
        echo $head$word
    end
end

# Whether no positional argument follows the word $argv[1] yet (options and
# their values aside).
function __planfile_before_positional
    set -l seen 0
    set -l skip 0
    for token in (commandline -opc)
        if test $skip = 1
            set skip 0
            continue
        end
        if test $seen = 0
            test "$token" = "$argv[1]"; and set seen 1
            continue
        end
        switch $token
            case '--*=*'
            case @VOPTS@
                set skip 1
            case '-*'
            case '*'
                return 1
        end
    end
    test $seen = 1
end

"#;

/// Prints the completion script for `shell` on stdout; exit 0.
pub(super) fn print_completions(shell: Shell) -> Result<u8> {
    print_stdout(&completion_script(shell))?;
    Ok(0)
}
