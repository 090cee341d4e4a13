//! The README's walkthrough, run line by line exactly as written: every
//! `planfile …` line between the walkthrough markers, in an empty folder,
//! with the exit code its trailing `# exit N` comment names (0 otherwise).

use std::path::Path;
use std::process::Command;

/// The command lines of the README's walkthrough block, with their expected
/// exit codes.
fn walkthrough() -> Vec<(String, i32)> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md reads");
    let start = readme
        .find("<!-- walkthrough:start -->")
        .expect("the README has a walkthrough start marker");
    let end = readme
        .find("<!-- walkthrough:end -->")
        .expect("the README has a walkthrough end marker");
    readme[start..end]
        .lines()
        .filter(|l| l.starts_with("planfile "))
        .map(|l| match l.split_once("# exit ") {
            Some((cmd, code)) => {
                let code = code
                    .split(|c: char| !c.is_ascii_digit())
                    .next()
                    .and_then(|d| d.parse().ok())
                    .expect("a number after # exit");
                (cmd.trim().to_string(), code)
            }
            None => (l.trim().to_string(), 0),
        })
        .collect()
}

#[test]
fn readme_walkthrough_runs_as_written() {
    let lines = walkthrough();
    assert!(lines.len() >= 6, "the walkthrough has its steps: {lines:?}");
    let dir = tempfile::tempdir().expect("an empty folder");
    let bin = assert_cmd::cargo::cargo_bin("planfile");
    let bin_dir = bin.parent().expect("the binary's folder");
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("a PATH");
    let mut last_stdout = String::new();
    let mut checks = Vec::new();
    for (line, want) in &lines {
        let out = Command::new("bash")
            .arg("-c")
            .arg(line)
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("PE_OWNER", "alex")
            .env("NO_COLOR", "1")
            .env_remove("DOCS_ROOT")
            .env_remove("PE_TODAY")
            .output()
            .expect("bash runs");
        assert_eq!(
            out.status.code(),
            Some(*want),
            "`{line}` exited {:?}\nstdout: {}\nstderr: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        last_stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        if line.ends_with(" check") {
            checks.push(last_stdout.clone());
        }
    }
    // SPEC §5.7: the gate refuses a new plan on its six blocking keys, and
    // passes once the six are answered.
    assert_eq!(checks.len(), 2, "{checks:?}");
    let refused: Vec<&str> = checks[0]
        .lines()
        .skip(1)
        .filter_map(|l| l.strip_prefix("  - "))
        .filter_map(|l| l.split(':').next())
        .collect();
    assert_eq!(
        refused,
        [
            "permission.policy",
            "permission.destructive",
            "credentials",
            "accounts",
            "human-acts",
            "relay"
        ],
        "{}",
        checks[0]
    );
    assert!(checks[1].contains("may start"), "{}", checks[1]);
    assert!(dir.path().join("docs/plans/lighthouse.md").is_file());
    assert!(
        dir.path()
            .join("docs/handoffs/lighthouse/decisions.md")
            .is_file()
    );
    // The final listing shows all 19 keys, the six answers among them.
    assert_eq!(last_stdout.lines().count(), 1 + 19, "{last_stdout}");
    assert!(last_stdout.contains("the team account only"));
    assert!(!last_stdout.contains("outstanding  operator  yes"));
}
