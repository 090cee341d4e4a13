//! A `cmd` gate's command (SPEC §11): whether it would change anything
//! (the deny list the reference's `GATE_CMD_DENY` states: a gate asks
//! whether the world is in the required state and never changes it), and
//! running it bounded in time, its stdout and stderr read as one stream, as
//! `--gate-status` does when `PHASE_EXEC_GATES=1`.

use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use regex::Regex;

/// How long a `cmd` gate may run when `PHASE_GATE_TIMEOUT` does not say,
/// in seconds.
pub const GATE_TIMEOUT_SECONDS: u64 = 15;

/// The commands a `cmd` gate must never run: a gate asks whether the world
/// is in the required state and never changes it (removing, moving or
/// killing; `sudo`; git that moves refs or the tree; `terraform apply`;
/// docker removals; deploy tasks; package publishing; cloud verbs that
/// create or delete; a redirect into an absolute path).
pub const GATE_CMD_DENY: &str = concat!(
    r"(^|[;&|[:space:]])(rm|mv|dd|mkfs|shutdown|reboot|kill|pkill|chown|chmod|sudo)([[:space:]]|$)",
    r"|terraform[[:space:]]+(apply|destroy)",
    r"|git([[:space:]]+(-[Cc][[:space:]]+[^[:space:]]+|--?[[:alnum:]_-]+(=[^[:space:]]+)?))*[[:space:]]+(push|reset|clean|checkout|commit|rebase|merge)(-(file|index|one-file))?([^-[:alnum:]_]|$)",
    r"|docker[[:space:]]+(rm|rmi|kill|stop|system[[:space:]]+prune)",
    r"|task[[:space:]]+[a-z:]*(deploy|ship|update|apply|destroy)",
    r"|(npm|pnpm|yarn|cargo|gem|twine|poetry|uv)[[:space:]]+(publish|version|deprecate|unpublish|dist-tag|owner|access)",
    r"|[[:space:]](delete|put|create|set|modify|terminate|reboot)-",
    r"|>[[:space:]]*/|>>[[:space:]]*/",
);

/// The text the deny list is asked about: a redirect into `/dev/null`
/// writes nothing, and `>& file` is a write to the file.
fn deny_view(command: &str) -> String {
    static NULL: OnceLock<Option<Regex>> = OnceLock::new();
    static DUP: OnceLock<Option<Regex>> = OnceLock::new();
    let null = NULL
        .get_or_init(|| Regex::new(r"[0-9&]?>>?&?[[:space:]]*/dev/null([[:space:];&|)]|$)").ok());
    let dup = DUP.get_or_init(|| Regex::new(r">&([[:space:]]*[^[:space:]0-9-])").ok());
    let mut text = command.to_string();
    if let Some(re) = null {
        text = re.replace_all(&text, " ${1}").into_owned();
    }
    if let Some(re) = dup {
        text = re.replace_all(&text, ">${1}").into_owned();
    }
    text
}

/// Whether `command` would change something ([`GATE_CMD_DENY`]); a deny
/// list that cannot be built refuses every command.
pub fn mutates(command: &str) -> bool {
    static DENY: OnceLock<Option<Regex>> = OnceLock::new();
    match DENY.get_or_init(|| Regex::new(GATE_CMD_DENY).ok()) {
        Some(re) => re.is_match(&deny_view(command)),
        None => true,
    }
}

/// How a bounded command ended.
pub enum Ran {
    /// It exited with this status and printed this (stdout and stderr,
    /// trailing newlines removed).
    Exited(i32, String),
    /// It ran out of time and was killed.
    TimedOut,
}

/// Runs `bash -c command`, its stdout and stderr read together, killed
/// after `bound`. A command that cannot be started exits 127.
pub fn run_bounded(command: &str, bound: Duration) -> Ran {
    let Ok((mut reader, writer)) = std::io::pipe() else {
        return Ran::Exited(127, String::new());
    };
    let Ok(writer_err) = writer.try_clone() else {
        return Ran::Exited(127, String::new());
    };
    let child = Command::new("bash")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(writer_err)
        .spawn();
    let Ok(mut child) = child else {
        return Ran::Exited(127, String::new());
    };
    let collector = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = reader.read_to_end(&mut bytes);
        bytes
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() >= bound => break None,
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(_) => break None,
        }
    };
    let Some(status) = status else {
        let _ = child.kill();
        let _ = child.wait();
        return Ran::TimedOut;
    };
    let bytes = collector.join().unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes)
        .trim_end_matches('\n')
        .to_string();
    Ran::Exited(exit_status(status), text)
}

/// The status a shell reports for a finished child (128 + the signal for
/// one a signal ended).
fn exit_status(status: std::process::ExitStatus) -> i32 {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return 128 + signal;
        }
    }
    status.code().unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deny_list_refuses_what_changes_the_world() {
        for bad in [
            "rm -rf build",
            "git push origin main",
            "git -C x commit -m y",
            "echo hi > /etc/x",
            "aws s3api delete-bucket --bucket b",
            "cargo publish",
        ] {
            assert!(mutates(bad), "{bad}");
        }
        for good in [
            "test -f out.txt",
            "curl -sf https://x 2>/dev/null",
            "git status",
            "grep -q ok log >/dev/null",
        ] {
            assert!(!mutates(good), "{good}");
        }
    }
}
