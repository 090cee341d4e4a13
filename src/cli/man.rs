//! `man [COMMAND [VERB]]`: the manual pages, generated from the clap
//! definition of the command line by `clap_mangen`, with the EXIT STATUS,
//! ENVIRONMENT and FILES sections every page carries (SPEC §1, §8, §9,
//! §10.3).

use clap_mangen::roff::{Roff, bold, italic, roman};

use super::print_stdout;
use crate::error::{Error, Result, escape_invisible};

/// The exit codes (SPEC §8): the code and what it means.
const EXIT_STATUS: [(&str, &str); 3] = [
    (
        "0",
        "Done; nothing gates; the start gate lets the run start.",
    ),
    (
        "1",
        "Lint findings that gate; a start gate that refuses; a twin written but read back differently; a hand-edited twin refused; phase-graph on a missing plan or a plan without a phase graph.",
    ),
    (
        "2",
        "Usage errors; an unknown key, phase or verb; an invalid slug; a missing plan (except as above); a missing ledger or ruling; an unreadable or non-UTF-8 file.",
    ),
];

/// The environment variables read (SPEC §1, §7, §9, §10.1).
const ENVIRONMENT: [(&str, &str); 12] = [
    (
        "DOCS_ROOT",
        "The docs root when --root is not given (else the nearest folder up from the working directory that has docs/plans/, else the working directory; for phase-graph's engine modes, as the reference finds it: the main working tree of the repository that holds the working directory, else the nearest folder up that has docs/plans/).",
    ),
    (
        "PE_OWNER",
        "The owner of the rows written when --by is not given (else user@host).",
    ),
    (
        "PE_TODAY",
        "The date (YYYY-MM-DD) in the default evidence of a row written, decisions.sh <date> (else today).",
    ),
    (
        "PE_RULINGS_FILE",
        "The rulings ledger promote reads when --rulings is not given.",
    ),
    (
        "XDG_STATE_HOME",
        "Where the console's rulings ledgers are by default (else ~/.local/state).",
    ),
    (
        "XDG_CACHE_HOME",
        "Where planfile server writes the check pages its diagnostics link to, planfile/<version>/checks/ (else ~/.cache).",
    ),
    (
        "NO_COLOR",
        "Set and not empty: no colour, unless --color always.",
    ),
    (
        "FORCE_COLOR",
        "Set and not empty (and NO_COLOR is not): colour even when the output is not a terminal, unless --color never.",
    ),
    (
        "COLUMNS",
        "The width of the table of list and resolve --format table (else the terminal's, else 100).",
    ),
    (
        "PE_SCRIPTS",
        "The folder phase-graph names the workflow's scripts in, in the commands it prints, when --scripts-dir is not given (else the folder of the planfile binary).",
    ),
    (
        "PE_NOW, PE_TODAY",
        "The time (YYYY-MM-DDTHH:MM:SSZ) and the date (YYYY-MM-DD) phase-graph takes as now and today (else the clock).",
    ),
    (
        "PE_BOOT_FLOOR",
        "The first call's context this repository measured, in tokens: the session floor phase-graph's suggested batches are sized with (else the shipped 121000).",
    ),
];

/// The files read and written, relative to the docs root (SPEC §1, §7,
/// §10.1).
const FILES: [(&str, &str); 8] = [
    ("docs/plans/<slug>.md", "A plan."),
    (
        "docs/handoffs/<slug>/decisions.md",
        "The plan's twin: the rows written by answer, waive and promote (only planfile writes it).",
    ),
    (
        "docs/handoffs/<slug>/decisions.md.lock",
        "The lock a write holds while it changes the twin; it may stay behind and need not be committed (add it to .gitignore).",
    ),
    (
        "docs/handoffs/<slug>/phase-<NN>-*.md",
        "The phases' handoffs, read for their status.",
    ),
    (
        "docs/handoffs/<slug>/test-status.md",
        "The QA verdicts (## QA status); when it exists, QA gates a phase's dependents.",
    ),
    (
        "docs/handoffs/<slug>/gate-status.md",
        "The gate approvals (## Gate approvals) phase-graph's board marks.",
    ),
    (
        "planfile.toml",
        "Settings: [lint] (which checks run and which are advisory or gating, which files are not plans: advisory, gating, select, extend-select, ignore, exclude, per-file-ignores) and [policy] (the console's preferences that resolve and prompt read); at the docs root, else in the nearest folder up from the working directory that has one.",
    ),
    (
        "${XDG_STATE_HOME:-~/.local/state}/phase-console/runs/<instance>/<slug>/rulings.ndjson",
        "The rulings ledger promote reads by default.",
    ),
];

/// The manual page in roff, as bytes: `planfile(1)`, or for `command` (a
/// command, or a command and one of its verbs) the page
/// `planfile-<command>[-<verb>](1)` that the page above it refers to.
/// Errors: [`Error::Usage`] for a command `planfile` does not have.
fn man_page(command: &[String]) -> Result<Vec<u8>> {
    let mut top = super::command();
    top.build();
    let version = top.get_version().unwrap_or_default().to_string();
    let mut page = top.clone();
    let mut name = String::from("planfile");
    let mut line = String::from("planfile");
    for word in command {
        let names: Vec<String> = page
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        let Some(sub) = page.find_subcommand(word) else {
            return Err(Error::Usage(format!(
                "{} has no command \"{}\": man takes one of {}",
                name.replace('-', " "),
                escape_invisible(word),
                names.join(", ")
            )));
        };
        // The synopsis reads as the line is typed: a command's positionals
        // (decisions' SLUG) come before its verb.
        for positional in page.get_positionals().filter(|a| !a.is_hide_set()) {
            let value = positional
                .get_value_names()
                .and_then(|v| v.first().cloned());
            line = format!("{line} <{}>", value.unwrap_or_default());
        }
        line = format!("{line} {}", sub.get_name());
        name = format!("{name}-{}", sub.get_name());
        page = sub
            .clone()
            .name(name.clone())
            .bin_name(line.clone())
            .version(version.clone());
    }

    let mut buf = Vec::new();
    clap_mangen::Man::new(page).render(&mut buf)?;
    let mut text = String::from_utf8_lossy(&buf).into_owned();
    let extra = sections()?;
    match text.find("\n.SH VERSION\n") {
        Some(at) => text.insert_str(at + 1, &extra),
        None => text.push_str(&extra),
    }
    Ok(text.into_bytes())
}

/// The EXIT STATUS, ENVIRONMENT and FILES sections, as roff lines (without
/// the preamble the page already has).
fn sections() -> Result<String> {
    let mut roff = Roff::new();
    roff.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in EXIT_STATUS {
        roff.control("TP", [])
            .text([bold(code)])
            .text([roman(meaning)]);
    }
    roff.control("SH", ["ENVIRONMENT"]);
    for (variable, use_) in ENVIRONMENT {
        roff.control("TP", [])
            .text([bold(variable)])
            .text([roman(use_)]);
    }
    roff.control("SH", ["FILES"]);
    for (file, what) in FILES {
        roff.control("TP", [])
            .text([italic(file)])
            .text([roman(what)]);
    }
    let mut buf = Vec::new();
    roff.to_writer(&mut buf)?;
    let mut preamble = Vec::new();
    Roff::new().to_writer(&mut preamble)?;
    let text = String::from_utf8_lossy(&buf);
    Ok(text
        .strip_prefix(String::from_utf8_lossy(&preamble).as_ref())
        .unwrap_or(&text)
        .to_string())
}

/// Prints the manual page (of `command`, when given) on stdout; exit 0.
pub(super) fn print_man(command: &[String]) -> Result<u8> {
    print_stdout(&man_page(command)?)?;
    Ok(0)
}
