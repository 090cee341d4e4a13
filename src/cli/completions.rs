//! `completions <SHELL>`: the shell completion scripts, generated from the
//! clap definition of the command line.

use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, print_stdout};
use crate::error::Result;

/// The completion script of `planfile` for `shell`, as bytes: bash's from
/// [`super::bash_completion`] (context-aware, with the plans' slugs), the
/// other shells' from `clap_complete`.
fn completion_script(shell: Shell) -> Vec<u8> {
    let mut command = Cli::command();
    if shell == Shell::Bash {
        return super::bash_completion::script(&mut command, "planfile").into_bytes();
    }
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut command, "planfile", &mut buf);
    buf
}

/// Prints the completion script for `shell` on stdout; exit 0.
pub(super) fn print_completions(shell: Shell) -> Result<u8> {
    print_stdout(&completion_script(shell))?;
    Ok(0)
}
