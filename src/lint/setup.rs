//! F39 `setup-deps-missing` (SPEC-PARITY.md section D): an open phase whose
//! §Verification runs a package script (`npm run`, `npx`, `pnpm <script>`,
//! `yarn <script>`) or a `.venv/bin/*` program in a folder for which no
//! Setup command installs that ecosystem's dependencies. A run's isolated
//! checkout has no `node_modules` and no `.venv`, so such a command fails
//! before it tests anything.
//!
//! Folders are followed as a shell would: a command starts where
//! §Verification runs (the phase's `Verify in`, else the root), `cd`
//! moves it, and `--prefix`, `-C`, `--dir`, `--cwd` move one call. Setup
//! commands (the plan's `Setup (every phase)` line, then the phase's
//! `Setup` bullet) run from the same folder. A folder nobody can place
//! (absolute, `~`, `..`, `$…`) is not judged.

use std::collections::HashSet;
use std::ops::Range;

use super::{Hit, LintInput};
use crate::plan::decisions::FileKind;
use crate::plan::readers::setup_commands_of;
use crate::plan::verification::{Reach, backtick_spans};
use crate::vocab::console::{SETUP_LABEL, VERIFY_IN_LABEL};
use crate::vocab::packages::{
    Ecosystem, FOLDER_FLAGS, PACKAGE_MANAGERS, Scripts, VENV_BIN, VENV_DIR, VENV_MAKERS,
    VENV_PYTHONS, WRAPPING_SHELLS,
};

/// A folder relative to the docs root (`.` for the root), or `None` when
/// nobody can place it.
type Folder = Option<String>;

/// What one call of a command line does to a folder's dependencies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Call {
    /// Runs something that needs the ecosystem's dependencies in the folder.
    Needs(Ecosystem, String),
    /// Installs the ecosystem's dependencies in the folder.
    Installs(Ecosystem, String),
}

/// One command of a reach: its text and where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Command {
    /// The command as written (continued fenced lines joined by a space).
    text: String,
    /// Where it was written in the plan.
    span: Range<usize>,
}

/// F39 `setup-deps-missing`: see the module documentation. One finding per
/// phase, folder and ecosystem, at the first command that needs it.
pub fn setup_deps_missing(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    let text = &plan.file.text;
    let every_phase = plan.every_phase_setup();
    for (phase, block, reach) in input.open_verifications() {
        let (phase, block) = (*phase, *block);
        if !may_need_dependencies(&reach.text) {
            continue;
        }
        let verify_in = match plan.phase_directive(phase, VERIFY_IN_LABEL) {
            Some(d) if d.value.contains(char::is_whitespace) => continue,
            Some(d) => join(&Some(".".to_string()), &d.value),
            None => Some(".".to_string()),
        };
        let Some(verify_in) = verify_in else {
            continue;
        };
        let start = Some(verify_in.clone());
        let mut installed: Option<HashSet<(Ecosystem, String)>> = None;
        let mut named = HashSet::new();
        for command in verification_commands(text, reach) {
            if !may_need_dependencies(&command.text) {
                continue;
            }
            for call in calls(&command.text, &start) {
                let Call::Needs(eco, folder) = call else {
                    continue;
                };
                let installed = installed.get_or_insert_with(|| {
                    let setup = Reach::of(&plan.file, block, SETUP_LABEL);
                    every_phase
                        .iter()
                        .chain(&setup_commands_of(text, &setup))
                        .flat_map(|command| calls(command, &start))
                        .filter_map(|call| match call {
                            Call::Installs(eco, folder) => Some((eco, folder)),
                            Call::Needs(..) => None,
                        })
                        .collect()
                });
                if installed.contains(&(eco, folder.clone()))
                    || !named.insert((eco, folder.clone()))
                {
                    continue;
                }
                out.push(Hit {
                    file: FileKind::Plan,
                    span: input.on_one_line(command.span.clone()),
                    message: message(phase, &command.text, eco, &folder, &verify_in),
                    fix: None,
                });
            }
        }
    }
}

/// Whether `command` names a package manager or a `.venv` program at all:
/// a command that names none needs no dependencies, and is not read
/// further.
fn may_need_dependencies(command: &str) -> bool {
    command.contains(VENV_BIN) || PACKAGE_MANAGERS.iter().any(|m| command.contains(m.command))
}

/// The finding's message: the command, what it runs and where, where Setup
/// runs, and the Setup line that installs for it.
fn message(phase: u32, command: &str, eco: Ecosystem, folder: &str, verify_in: &str) -> String {
    let below = if folder == verify_in {
        None
    } else if verify_in == "." {
        Some(folder)
    } else {
        folder.strip_prefix(&format!("{verify_in}/"))
    };
    let fix = match below {
        None => eco.install_here().to_string(),
        Some(dir) => eco.install_in(dir),
    };
    let runs_in = if verify_in == "." {
        String::new()
    } else {
        format!(" (Setup runs where §Verification does, in `{verify_in}`)")
    };
    format!(
        "phase {phase}: setup-deps-missing — `{command}` runs {} in `{folder}`, but the phase's Setup installs nothing for `{folder}`{runs_in}: a fresh checkout has no {} there, so the command fails before it tests anything; add \"- **Setup:** {fix}\"",
        eco.runs(),
        eco.lacks(),
    )
}

/// The commands of a §Verification reach: the backtick spans holding a
/// blank, and the fenced lines (a line ending in `\` continued by the
/// next, a comment skipped).
fn verification_commands(text: &str, reach: &Reach) -> Vec<Command> {
    let mut out = Vec::new();
    let mut pending: Option<Command> = None;
    for line in &reach.lines {
        let body = &text[line.span.clone()];
        if line.fenced && !body.contains('`') {
            let piece = body.trim();
            let (piece, continues) = match piece.strip_suffix('\\') {
                Some(kept) => (kept.trim_end(), true),
                None => (piece, false),
            };
            let command = match pending.take() {
                Some(mut c) => {
                    if !piece.is_empty() {
                        c.text.push(' ');
                        c.text.push_str(piece);
                    }
                    c.span.end = line.span.end;
                    c
                }
                None if piece.is_empty() || piece.starts_with('#') => continue,
                None => Command {
                    text: piece.to_string(),
                    span: line.span.clone(),
                },
            };
            if continues {
                pending = Some(command);
            } else {
                out.push(command);
            }
            continue;
        }
        out.extend(pending.take());
        for span in backtick_spans(body) {
            let command = &body[span.clone()];
            if command.contains([' ', '\t']) {
                out.push(Command {
                    text: command.trim().to_string(),
                    span: (line.span.start + span.start)..(line.span.start + span.end),
                });
            }
        }
    }
    out.extend(pending);
    out
}

/// `path` joined onto `folder` and normalised (`./` and empty parts
/// dropped); `None` when either cannot be placed: an absolute path, `~`,
/// `-`, a `..` part, or a `$` or backtick expansion.
pub fn join(folder: &Folder, path: &str) -> Folder {
    let folder = folder.as_ref()?;
    let path = path.trim_matches(['"', '\'']);
    if path.is_empty()
        || path == "-"
        || path.starts_with(['/', '~'])
        || path.contains(['$', '`'])
        || path.split('/').any(|part| part == "..")
    {
        return None;
    }
    let parts: Vec<&str> = folder
        .split('/')
        .chain(path.split('/'))
        .filter(|part| !part.is_empty() && *part != ".")
        .collect();
    Some(if parts.is_empty() {
        ".".to_string()
    } else {
        parts.join("/")
    })
}

/// What the calls of `command`, run from `folder`, need and install, in
/// order. `cd` moves the folder for the calls after it; a shell's
/// `-c '…'` is read as its own command line from the same folder.
pub fn calls(command: &str, folder: &Folder) -> Vec<Call> {
    let mut out = Vec::new();
    let mut here = folder.clone();
    for words in steps(command) {
        let words = command_words(&words);
        let Some(first) = words.first() else {
            continue;
        };
        if *first == "cd" || *first == "pushd" {
            let target = words[1..].iter().find(|w| !w.starts_with('-'));
            here = target.and_then(|t| join(&here, t));
            continue;
        }
        if WRAPPING_SHELLS.contains(first)
            && let Some(at) = words
                .iter()
                .position(|w| w.starts_with('-') && w.contains('c'))
            && let Some(inner) = words.get(at + 1)
        {
            out.extend(calls(inner, &here));
            continue;
        }
        out.extend(call(&words, &here));
    }
    out
}

/// The words of one call, without leading `NAME=value` assignments, a `!`
/// negation, a `$` prompt and the wrappers that only run what follows.
fn command_words(words: &[String]) -> Vec<&str> {
    let mut rest: Vec<&str> = words.iter().map(String::as_str).collect();
    while let Some(first) = rest.first() {
        let assignment =
            first.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') && first.contains('=');
        if assignment || matches!(*first, "!" | "$" | "time" | "exec" | "command" | "env") {
            rest.remove(0);
        } else {
            break;
        }
    }
    rest
}

/// What one call does: a package manager's script or install, a `.venv`
/// program, or a virtual environment made.
fn call(words: &[&str], here: &Folder) -> Option<Call> {
    let first = *words.first()?;
    let placed = |folder: Folder, f: fn(Ecosystem, String) -> Call, eco| folder.map(|d| f(eco, d));
    if let Some(manager) = PACKAGE_MANAGERS.iter().find(|m| m.command == first) {
        let (folder, verb) = folder_and_verb(&words[1..], here);
        let installs = match verb {
            None => manager.bare_installs,
            Some(v) => manager.installs.contains(&v),
        };
        if installs {
            return placed(folder, Call::Installs, manager.ecosystem);
        }
        let script = match (manager.scripts, verb) {
            (Scripts::Always, _) => true,
            (Scripts::Verbs(verbs), Some(v)) => verbs.contains(&v),
            (Scripts::AllBut(not), Some(v)) => !not.contains(&v),
            (_, None) => false,
        };
        return if script {
            placed(folder, Call::Needs, manager.ecosystem)
        } else {
            None
        };
    }
    let program = first.strip_prefix("./").unwrap_or(first);
    if let Some(at) = program.find(VENV_BIN)
        && (at == 0 || program[..at].ends_with('/'))
    {
        let dir = program[..at].trim_end_matches('/');
        let folder = if dir.is_empty() {
            here.clone()
        } else {
            join(here, dir)
        };
        return placed(folder, Call::Needs, Ecosystem::Venv);
    }
    let python = VENV_PYTHONS.iter().any(|p| {
        first == *p
            || first
                .strip_prefix(p)
                .is_some_and(|v| v.starts_with('.') && v[1..].bytes().all(|b| b.is_ascii_digit()))
    });
    if python && let Some(at) = words.windows(2).position(|w| w == ["-m", "venv"]) {
        let target = words[at + 2..].iter().find(|w| !w.starts_with('-'))?;
        return placed(venv_folder(here, target), Call::Installs, Ecosystem::Venv);
    }
    let (_, verbs) = VENV_MAKERS.iter().find(|(tool, _)| *tool == first)?;
    let (folder, verb) = folder_and_verb(&words[1..], here);
    if verbs.is_empty() {
        let target = words[1..].iter().find(|w| !w.starts_with('-'))?;
        return placed(venv_folder(here, target), Call::Installs, Ecosystem::Venv);
    }
    let verb = verb.filter(|v| verbs.contains(v))?;
    let target = words
        .iter()
        .skip_while(|w| **w != verb)
        .skip(1)
        .find(|w| !w.starts_with('-'));
    match target {
        Some(target) if verb == "venv" => placed(
            venv_folder(&folder, target),
            Call::Installs,
            Ecosystem::Venv,
        ),
        _ => placed(folder, Call::Installs, Ecosystem::Venv),
    }
}

/// The folder a virtual environment at `target` serves: the folder holding
/// `target` when its last part is `.venv`; `None` for another name (its
/// programs are not `.venv/bin/*`).
fn venv_folder(here: &Folder, target: &str) -> Folder {
    let target = target.trim_end_matches('/');
    let dir = match target.rsplit_once('/') {
        Some((dir, VENV_DIR)) => dir,
        None if target == VENV_DIR => ".",
        _ => return None,
    };
    join(here, dir)
}

/// The folder a package manager's call runs in (`here`, moved by a folder
/// flag) and its subcommand: the first word that is not a flag or a
/// folder flag's value.
fn folder_and_verb<'w>(args: &[&'w str], here: &Folder) -> (Folder, Option<&'w str>) {
    let mut folder = here.clone();
    let mut verb = None;
    let mut i = 0;
    while i < args.len() {
        let word = args[i];
        if let Some((flag, value)) = word.split_once('=')
            && FOLDER_FLAGS.contains(&flag)
        {
            folder = join(here, value);
        } else if FOLDER_FLAGS.contains(&word) {
            folder = args.get(i + 1).and_then(|v| join(here, v));
            i += 1;
        } else if !word.starts_with('-') && verb.is_none() {
            verb = Some(word);
        }
        i += 1;
    }
    (folder, verb)
}

/// The calls of a command line, each as its words: split at `&&`, `||`,
/// `;` and `|` outside quotes; words split at blanks outside quotes, with
/// the quotes and backslash escapes removed.
pub fn steps(command: &str) -> Vec<Vec<String>> {
    let mut steps = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = command.chars().peekable();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match quote {
            Some(q) if c == q => quote = None,
            Some('"') if c == '\\' => {
                let next = chars.next().unwrap_or('\\');
                word.get_or_insert_with(String::new).push(next);
            }
            Some(_) => word.get_or_insert_with(String::new).push(c),
            None => match c {
                '\'' | '"' => {
                    quote = Some(c);
                    word.get_or_insert_with(String::new);
                }
                '\\' => {
                    let next = chars.next().unwrap_or('\\');
                    word.get_or_insert_with(String::new).push(next);
                }
                ';' | '&' | '|' => {
                    if chars.peek() == Some(&c) {
                        chars.next();
                    }
                    words.extend(word.take());
                    steps.push(std::mem::take(&mut words));
                }
                c if c.is_whitespace() => words.extend(word.take()),
                c => word.get_or_insert_with(String::new).push(c),
            },
        }
    }
    words.extend(word.take());
    steps.push(words);
    steps.retain(|s| !s.is_empty());
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> Folder {
        Some(".".to_string())
    }

    #[test]
    fn folders() {
        assert_eq!(join(&root(), "web"), Some("web".into()));
        assert_eq!(join(&Some("a".into()), "./b/c/"), Some("a/b/c".into()));
        assert_eq!(join(&Some("a".into()), "."), Some("a".into()));
        assert_eq!(join(&root(), "/opt/x"), None);
        assert_eq!(join(&root(), "~/x"), None);
        assert_eq!(join(&root(), "../x"), None);
        assert_eq!(join(&root(), "$(git rev-parse --show-toplevel)"), None);
        assert_eq!(join(&None, "x"), None);
    }

    #[test]
    fn command_lines() {
        assert_eq!(
            steps("cd a && FOO=1 npm run x | tee 'l o g'; echo \"a\\\"b\""),
            vec![
                vec!["cd", "a"],
                vec!["FOO=1", "npm", "run", "x"],
                vec!["tee", "l o g"],
                vec!["echo", "a\"b"]
            ]
        );
    }

    #[test]
    fn calls_follow_folders() {
        let c = |cmd: &str| calls(cmd, &root());
        let needs = |eco, dir: &str| Call::Needs(eco, dir.to_string());
        let installs = |eco, dir: &str| Call::Installs(eco, dir.to_string());
        assert_eq!(
            c("cd web && npm run build"),
            vec![needs(Ecosystem::Npm, "web")]
        );
        assert_eq!(
            c("npm --prefix web ci"),
            vec![installs(Ecosystem::Npm, "web")]
        );
        assert_eq!(
            c("npm ci && node --version"),
            vec![installs(Ecosystem::Npm, ".")]
        );
        assert_eq!(c("npx tsc --noEmit"), vec![needs(Ecosystem::Npm, ".")]);
        assert_eq!(
            c("pnpm -C app vitest run"),
            vec![needs(Ecosystem::Pnpm, "app")]
        );
        assert_eq!(
            c("pnpm --dir=app install"),
            vec![installs(Ecosystem::Pnpm, "app")]
        );
        assert_eq!(c("yarn --cwd ui"), vec![installs(Ecosystem::Yarn, "ui")]);
        assert_eq!(
            c("bash -c 'cd admin-ui && yarn test'"),
            vec![needs(Ecosystem::Yarn, "admin-ui")]
        );
        assert_eq!(c(".venv/bin/pytest -q"), vec![needs(Ecosystem::Venv, ".")]);
        assert_eq!(
            c("./api/.venv/bin/pytest"),
            vec![needs(Ecosystem::Venv, "api")]
        );
        assert_eq!(
            c("python3 -m venv .venv && .venv/bin/pip install -r r.txt"),
            vec![installs(Ecosystem::Venv, "."), needs(Ecosystem::Venv, ".")]
        );
        assert_eq!(
            c("python3.12 -m venv api/.venv"),
            vec![installs(Ecosystem::Venv, "api")]
        );
        assert_eq!(c("python3 -m venv env"), vec![]);
        assert_eq!(
            c("uv --directory api sync"),
            vec![installs(Ecosystem::Venv, "api")]
        );
        assert_eq!(c("uv venv"), vec![installs(Ecosystem::Venv, ".")]);
        assert_eq!(c("cd ~/elsewhere && npm test"), vec![]);
        assert_eq!(c("npm --prefix /opt/tool run check"), vec![]);
        assert_eq!(c("npm --version"), vec![]);
        assert_eq!(c("pnpm dlx create-x"), vec![]);
    }
}
