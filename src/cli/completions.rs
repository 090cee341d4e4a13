//! `completions <SHELL>` and `man`: the shell completion scripts and the
//! manual page, generated from the clap definition of the command line.

use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, print_stdout};
use crate::error::Result;

/// The completion script of `planfile` for `shell`, as bytes.
fn completion_script(shell: Shell) -> Vec<u8> {
    let mut command = Cli::command();
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut command, "planfile", &mut buf);
    buf
}

/// The manual page of `planfile` in roff, as bytes. Errors only when the
/// renderer fails to write to memory.
fn man_page() -> Result<Vec<u8>> {
    let mut buf = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut buf)?;
    Ok(buf)
}

/// Prints the completion script for `shell` on stdout; exit 0.
pub(super) fn print_completions(shell: Shell) -> Result<u8> {
    print_stdout(&completion_script(shell))?;
    Ok(0)
}

/// Prints the manual page on stdout; exit 0.
pub(super) fn print_man() -> Result<u8> {
    print_stdout(&man_page()?)?;
    Ok(0)
}
