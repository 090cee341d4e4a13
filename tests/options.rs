//! Every option of the command line, as the clap definition has it, is
//! used by at least one test besides this one (a new option comes with the
//! test that shows what it does).

use std::path::Path;

use clap::CommandFactory;

/// The long options of `cmd` and its subcommands, hidden ones included,
/// clap's own `--help` and `--version` aside.
fn long_options(cmd: &clap::Command, out: &mut Vec<String>) {
    for arg in cmd.get_arguments() {
        if let Some(long) = arg.get_long()
            && !["help", "version"].contains(&long)
            && !out.iter().any(|o| o == long)
        {
            out.push(long.to_string());
        }
    }
    for sub in cmd.get_subcommands() {
        long_options(sub, out);
    }
}

#[test]
fn every_option_is_used_by_a_test() {
    let mut cmd = planfile::cli::Cli::command();
    cmd.build();
    let mut options = Vec::new();
    long_options(&cmd, &mut options);
    assert!(options.len() > 10, "{options:?}");

    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut sources = String::new();
    for entry in std::fs::read_dir(&tests).expect("tests/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("options.rs") {
            sources.push_str(&std::fs::read_to_string(&path).expect("a test source"));
        }
    }
    let unused: Vec<&String> = options
        .iter()
        .filter(|o| {
            !sources.contains(&format!("\"--{o}\"")) && !sources.contains(&format!("\"--{o}="))
        })
        .collect();
    assert!(
        unused.is_empty(),
        "options no test uses (write the test that shows what each does): {unused:?}"
    );
}
