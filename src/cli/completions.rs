//! `completions <SHELL>` and `man`: the shell completion scripts and the
//! manual page, generated from the clap definition of the command line.

use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, print_stdout};
use crate::error::{Error, Result};

/// The completion script of `planfile` for `shell`, as bytes.
fn completion_script(shell: Shell) -> Vec<u8> {
    let mut command = Cli::command();
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut command, "planfile", &mut buf);
    buf
}

/// The manual page in roff, as bytes: `planfile(1)`, or with `command`
/// the page `planfile-<command>(1)` that the main page's SUBCOMMANDS
/// section refers to. Errors: [`Error::Usage`] for a command `planfile`
/// does not have.
fn man_page(command: Option<&str>) -> Result<Vec<u8>> {
    let mut top = Cli::command();
    top.build();
    let page = match command {
        None => top,
        Some(name) => {
            let names: Vec<String> = top
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect();
            let Some(sub) = top.find_subcommand(name) else {
                return Err(Error::Usage(format!(
                    "planfile has no command \"{}\": man takes one of {}",
                    crate::error::escape_invisible(name),
                    names.join(", ")
                )));
            };
            let version = top.get_version().unwrap_or_default().to_string();
            sub.clone()
                .name(format!("planfile-{name}"))
                .version(version)
        }
    };
    let mut buf = Vec::new();
    clap_mangen::Man::new(page).render(&mut buf)?;
    Ok(buf)
}

/// Prints the completion script for `shell` on stdout; exit 0.
pub(super) fn print_completions(shell: Shell) -> Result<u8> {
    print_stdout(&completion_script(shell))?;
    Ok(0)
}

/// Prints the manual page (of `command`, when given) on stdout; exit 0.
pub(super) fn print_man(command: Option<&str>) -> Result<u8> {
    print_stdout(&man_page(command)?)?;
    Ok(0)
}
