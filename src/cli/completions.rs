//! `completions <SHELL>`: the shell completion scripts, generated from the
//! clap definition of the command line (SPEC §10.3). bash's comes from
//! [`super::bash_completion`]; the other shells' from `clap_complete`, to
//! which zsh's and fish's get what it leaves out: the slugs of the plans
//! under the docs root, found when TAB is pressed, and (fish) the values of
//! positional arguments, the keys after `answer` and `waive`.

use std::fmt::Write as _;

use clap::{Command, CommandFactory};
use clap_complete::Shell;

use super::bash_completion::{Values, values_of};
use super::{Cli, print_stdout};
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
        Shell::Fish => script + &fish_extras(&command),
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

/// The lines the fish script gets: the plans for each positional that
/// takes one, and the values of each positional that has a closed set.
fn fish_extras(cmd: &Command) -> String {
    let mut found = Vec::new();
    positionals(cmd, &[], &mut found);
    let mut value_options: Vec<String> = Vec::new();
    gather_value_options(cmd, &mut value_options);
    let mut out = FISH_SLUGS.replace("@VOPTS@", &value_options.join(" "));
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
    out
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
