//! The bash completion script (SPEC §10.3), generated from the clap
//! definition of the command line: what can be typed next, in context —
//! commands and verbs, each option of the command at hand, the values of
//! every option and argument with a closed set (`--format`, `--blocking`,
//! `--color`, the nineteen keys, the checks of the lint registry after
//! `--select`, `--ignore`, `--extend-select` and `explain`), file names
//! only where a path is taken, and the slugs of the plans under the docs
//! root, found when TAB is pressed.
//!
//! The script is plain bash (3.2 and later, no bash-completion package
//! needed): a table of the commands (one `case` arm each) and a small
//! walker that reads the words before the cursor the way [`super::argv`]
//! and clap read them — an option's value is skipped, the positionals of a
//! command come before its subcommand, options may come before the verb of
//! `decisions`.

use std::fmt::Write as _;

use clap::{Arg, ArgAction, Command, ValueHint};

use super::argv;
use crate::lint::CHECKS;

/// What completes a value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Values {
    /// One of these words.
    Words(Vec<String>),
    /// The slugs of the plans under the docs root; with `paths`, file
    /// names too.
    Slugs {
        /// Whether a path is accepted as well.
        paths: bool,
    },
    /// File names.
    Files,
    /// Folder names.
    Dirs,
    /// The checks of the registry, by code and by name; with `list`, a
    /// comma-separated list of them (`--select F14,gate-`), where `ALL`
    /// is one too.
    Checks {
        /// Whether a comma-separated list is taken.
        list: bool,
    },
    /// Free text: nothing to offer.
    Nothing,
}

/// What the script knows of one command.
#[derive(Debug)]
struct Spec {
    /// The command's words from `planfile` on, space-separated
    /// (`planfile decisions answer`).
    path: String,
    /// Every visible option (`--long`, `-s`).
    options: Vec<String>,
    /// The options that take a value (hidden ones too, and for
    /// `decisions` those of every verb, which may come before the verb).
    value_options: Vec<String>,
    /// The visible subcommands.
    subcommands: Vec<String>,
    /// What completes each positional argument, in order.
    positionals: Vec<Values>,
    /// Whether the last positional takes more than one value.
    last_repeats: bool,
    /// What completes the value of each option that takes one (global
    /// options only in the top command's spec).
    option_values: Vec<(String, Values)>,
    /// Whether this is the top command, whose global options' values hold
    /// under every command.
    top: bool,
}

/// The bash completion script for `cmd` (the top-level command, named
/// `bin`).
pub(super) fn script(cmd: &mut Command, bin: &str) -> String {
    cmd.build();
    let mut specs = Vec::new();
    let globals: Vec<String> = cmd
        .get_arguments()
        .filter(|a| a.is_global_set())
        .map(|a| a.get_id().to_string())
        .collect();
    collect(cmd, bin, &globals, &mut specs);
    let fn_name = format!(
        "_{}",
        bin.replace(|c: char| !c.is_ascii_alphanumeric(), "_")
    );

    let mut table = String::new();
    for spec in &specs {
        let _ = write!(
            table,
            "        {})\n            opts={}\n            vopts={}\n            subs={}\n            npos={}\n            repeats={}\n            ;;\n",
            quote(&spec.path),
            quote(&spec.options.join(" ")),
            quote(&spec.value_options.join(" ")),
            quote(&spec.subcommands.join(" ")),
            spec.positionals.len(),
            u8::from(spec.last_repeats),
        );
    }
    let mut values = String::new();
    let mut globals = Vec::new();
    for spec in &specs {
        let arms = spec
            .option_values
            .iter()
            .map(|(option, v)| match spec.top {
                true => (format!("*{}", quote(&format!(" {option}"))), v),
                false => (quote(&format!("{} {option}", spec.path)), v),
            })
            .chain(
                spec.positionals
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (quote(&format!("{} #{i}", spec.path)), v)),
            );
        let arms: Vec<String> = arms
            .filter_map(|(pattern, v)| {
                Some(format!("        {pattern}) {} ;;\n", reply(v, &fn_name)?))
            })
            .collect();
        // The top command's arms match under every command: they go last.
        match spec.top {
            true => globals.extend(arms),
            false => values.extend(arms),
        }
    }
    values.extend(globals);

    TEMPLATE
        .replace("@FN@", &fn_name)
        .replace("@BIN@", bin)
        .replace("@TABLE@", table.trim_end())
        .replace("@VALUES@", values.trim_end())
}

/// Gathers the [`Spec`] of `cmd` (named `path`) and of its subcommands;
/// `globals` are the ids of the top command's global options, whose values
/// the top command's spec completes everywhere.
fn collect(cmd: &Command, path: &str, globals: &[String], specs: &mut Vec<Spec>) {
    let top = !path.contains(' ');
    let visible = |a: &&Arg| !a.is_hide_set();
    let mut options = Vec::new();
    let mut value_options = Vec::new();
    let mut option_values: Vec<(String, Values)> = Vec::new();
    let mut own_and_verbs: Vec<&Command> = vec![cmd];
    let before_verb = cmd.get_name() == argv::COMMAND;
    if before_verb {
        own_and_verbs.extend(cmd.get_subcommands());
    }
    for (depth, c) in own_and_verbs.iter().enumerate() {
        for arg in c.get_arguments().filter(|a| !a.is_positional()) {
            let names = option_names(arg);
            if depth == 0 && !arg.is_hide_set() {
                options.extend(names.iter().cloned());
            }
            if !arg.get_action().takes_values() {
                continue;
            }
            let v = values_of(arg);
            for name in names {
                if !value_options.contains(&name) {
                    value_options.push(name.clone());
                }
                if !top && globals.iter().any(|g| g == arg.get_id()) {
                    continue;
                }
                match option_values.iter_mut().find(|(n, _)| *n == name) {
                    Some((_, Values::Words(words))) => {
                        if let Values::Words(more) = &v {
                            for w in more {
                                if !words.contains(w) {
                                    words.push(w.clone());
                                }
                            }
                        }
                    }
                    Some(_) => {}
                    None => option_values.push((name, v.clone())),
                }
            }
        }
    }
    let positionals: Vec<&Arg> = cmd.get_positionals().filter(visible).collect();
    let last_repeats = positionals.last().is_some_and(|a| {
        matches!(a.get_action(), ArgAction::Append)
            || a.get_num_args().is_some_and(|n| n.max_values() > 1)
    });
    let subcommands: Vec<&Command> = cmd.get_subcommands().filter(|c| !c.is_hide_set()).collect();
    specs.push(Spec {
        path: path.to_string(),
        options,
        value_options,
        subcommands: subcommands
            .iter()
            .map(|c| c.get_name().to_string())
            .collect(),
        positionals: positionals.iter().map(|a| values_of(a)).collect(),
        last_repeats,
        option_values,
        top,
    });
    for sub in subcommands {
        collect(sub, &format!("{path} {}", sub.get_name()), globals, specs);
    }
}

/// `--long` and `-s` (and their visible aliases) of an option.
fn option_names(arg: &Arg) -> Vec<String> {
    let mut names: Vec<String> = arg
        .get_long_and_visible_aliases()
        .unwrap_or_default()
        .into_iter()
        .map(|l| format!("--{l}"))
        .collect();
    names.extend(
        arg.get_short_and_visible_aliases()
            .unwrap_or_default()
            .into_iter()
            .map(|s| format!("-{s}")),
    );
    names
}

/// What completes a value of `arg`: its possible values; for an argument
/// named SLUG the plans (and files, when a PATH is taken too); files or
/// folders where the argument says it takes a path; nothing for free
/// text and where the argument disables completion (`ValueHint::Other`,
/// e.g. the slug of a new plan).
pub(super) fn values_of(arg: &Arg) -> Values {
    let words: Vec<String> = arg
        .get_possible_values()
        .into_iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    if !words.is_empty() {
        return Values::Words(words);
    }
    let hint = arg.get_value_hint();
    let name = arg
        .get_value_names()
        .map(|n| n.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    let paths = name.contains("PATH") || matches!(hint, ValueHint::FilePath | ValueHint::AnyPath);
    match hint {
        ValueHint::Other => Values::Nothing,
        ValueHint::DirPath => Values::Dirs,
        _ if name == CHECK_LIST => Values::Checks { list: true },
        _ if name == CHECK => Values::Checks { list: false },
        _ if name.contains("SLUG") => Values::Slugs { paths },
        _ if paths => Values::Files,
        _ => Values::Nothing,
    }
}

/// The value name of an option that takes a comma-separated list of
/// checks (`--select`, `--ignore`, `--extend-select`).
pub(super) const CHECK_LIST: &str = "CHECKS";

/// The value name of an argument that takes one check (`explain`).
pub(super) const CHECK: &str = "CODE|NAME";

/// The words that name checks (SPEC §10.1): every code of the registry
/// once, then every check's name; with `list`, `ALL` first.
pub(super) fn check_words(list: bool) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    if list {
        words.push("ALL".to_string());
    }
    for check in CHECKS {
        if !words.iter().any(|w| w == check.code) {
            words.push(check.code.to_string());
        }
    }
    words.extend(CHECKS.iter().map(|c| c.name.to_string()));
    words
}

/// The bash that fills `COMPREPLY` for `values`, or `None` for nothing.
fn reply(values: &Values, fn_name: &str) -> Option<String> {
    match values {
        Values::Words(words) => Some(format!("{fn_name}_words {}", quote(&words.join(" ")))),
        Values::Checks { list } => Some(format!(
            "{fn_name}_checks {}",
            quote(&check_words(*list).join(" "))
        )),
        Values::Slugs { paths: false } => Some(format!("{fn_name}_slugs")),
        Values::Slugs { paths: true } => Some(format!("{fn_name}_slugs; {fn_name}_files -f")),
        Values::Files => Some(format!("{fn_name}_files -f")),
        Values::Dirs => Some(format!("{fn_name}_files -d")),
        Values::Nothing => None,
    }
}

/// `text` as one single-quoted bash word.
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// The script; `@FN@` is the function's name, `@BIN@` the command's,
/// `@TABLE@` the arms of the command table, `@VALUES@` those of the values.
const TEMPLATE: &str = r##"# bash completion for @BIN@, generated by `@BIN@ completions bash` from the
# definition of its command line. Load it with `source`, or copy it to
# ~/.local/share/bash-completion/completions/@BIN@

# @FN@_spec PATH: sets opts (the options of the command PATH), vopts (those
# that take a value), subs (its subcommands), npos (how many positionals it
# takes) and repeats (1 when the last one takes more than one value).
@FN@_spec() {
    opts="" vopts="" subs="" npos=0 repeats=0
    case "$1" in
@TABLE@
    esac
}

# @FN@_values PATH WHAT: fills COMPREPLY with the values of the option WHAT
# (--name) or the positional WHAT (#N) of the command PATH that start with $cur.
@FN@_values() {
    case "$1 $2" in
@VALUES@
    esac
}

@FN@_words() {
    local w
    for w in $1; do
        [[ $w == "$cur"* ]] && COMPREPLY+=("$w")
    done
}

# @FN@_checks WORDS: the checks that complete the last entry of the
# comma-separated list being typed (`F14,gate-` completes `gate-`).
@FN@_checks() {
    local head="" k
    [[ $cur == *,* ]] && head="${cur%,*},"
    local cur="${cur##*,}"
    @FN@_words "$1"
    for k in "${!COMPREPLY[@]}"; do
        COMPREPLY[k]="$head${COMPREPLY[k]}"
    done
}

@FN@_files() {
    local f
    while IFS= read -r f; do
        COMPREPLY+=("$f")
    done < <(compgen "$1" -- "$cur")
    type compopt >/dev/null 2>&1 && compopt -o filenames 2>/dev/null
    return 0
}

# The slugs of the plans under the docs root: --root on the line, else
# $DOCS_ROOT, else the nearest folder up from here with docs/plans/, else here.
@FN@_slugs() {
    local root="" dir f i
    [[ $cur == */* ]] && return 0
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${COMP_WORDS[i]}" in
            --root) [[ ${COMP_WORDS[i+1]} == "=" ]] && root="${COMP_WORDS[i+2]}" || root="${COMP_WORDS[i+1]}" ;;
            --root=*) root="${COMP_WORDS[i]#--root=}" ;;
        esac
    done
    [[ $root == "~"* ]] && root="$HOME${root#\~}"
    [[ -z $root ]] && root="${DOCS_ROOT:-}"
    if [[ -z $root ]]; then
        dir="$PWD"
        while [[ -n $dir ]]; do
            [[ -d $dir/docs/plans ]] && { root="$dir"; break; }
            dir="${dir%/*}"
        done
        [[ -z $root && -d /docs/plans ]] && root=/
        root="${root:-.}"
    fi
    for f in "$root"/docs/plans/*.md; do
        [[ -f $f ]] || continue
        f="${f##*/}"
        f="${f%.md}"
        [[ $f == "$cur"* ]] && COMPREPLY+=("$f")
    done
    return 0
}

@FN@() {
    local cur="${COMP_WORDS[COMP_CWORD]}" path="@BIN@" pos=0 value_of="" word i
    local opts vopts subs npos repeats
    COMPREPLY=()
    @FN@_spec "$path"
    for ((i = 1; i < COMP_CWORD; i++)); do
        word="${COMP_WORDS[i]}"
        if [[ -n $value_of ]]; then
            [[ $word == "=" ]] || value_of=""
            continue
        fi
        case "$word" in
            --) pos=$((pos + 1)); continue ;;
            --*=*) continue ;;
            -?*)
                [[ " $vopts " == *" $word "* ]] && value_of="$word"
                continue
                ;;
        esac
        if [[ -n $subs && $pos -ge $npos && " $subs " == *" $word "* ]]; then
            path="$path $word"
            pos=0
            @FN@_spec "$path"
        else
            pos=$((pos + 1))
        fi
    done

    if [[ $cur == "=" && $COMP_CWORD -ge 2 ]]; then
        value_of="${COMP_WORDS[COMP_CWORD-1]}"
        cur=""
    elif [[ $cur == --*=* ]]; then
        local option="${cur%%=*}" k
        cur="${cur#*=}"
        @FN@_values "$path" "$option"
        for k in "${!COMPREPLY[@]}"; do
            COMPREPLY[k]="$option=${COMPREPLY[k]}"
        done
        return 0
    fi
    if [[ -n $value_of ]]; then
        @FN@_values "$path" "$value_of"
        return 0
    fi
    if [[ $cur == -* ]]; then
        @FN@_words "$opts"
        return 0
    fi
    if [[ -n $subs && $pos -ge $npos ]]; then
        @FN@_words "$subs"
        return 0
    fi
    if [[ $pos -ge $npos && $repeats == 1 && $npos -gt 0 ]]; then
        pos=$((npos - 1))
    fi
    if [[ $pos -lt $npos ]]; then
        @FN@_values "$path" "#$pos"
    elif [[ -z $cur ]]; then
        @FN@_words "$opts"
    fi
    return 0
}

complete -F @FN@ @BIN@
"##;
