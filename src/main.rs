//! The `planfile` binary: parses the command line, runs the library, and maps
//! the outcome to an exit code (SPEC §8).

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    planfile::cli::complete_if_asked();
    #[cfg(feature = "failpoints")]
    let _failpoints = fail::FailScenario::setup();
    let args = match planfile::cli::argv::normalise(std::env::args_os().collect()) {
        Ok(args) => args,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "planfile: {e}");
            return ExitCode::from(e.exit_code());
        }
    };
    let cli = match planfile::cli::parse(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match planfile::cli::run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "planfile: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
