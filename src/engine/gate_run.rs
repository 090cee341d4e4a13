//! Running a `cmd` gate's command (SPEC §11), as `--gate-status` does when
//! `PHASE_EXEC_GATES=1`: under `bash -c`, bounded in time, its stdout and
//! stderr read as one stream. Whether the command may run at all is the
//! plan model's reading ([`crate::plan::gate_cmd::mutates`]).

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long a `cmd` gate may run when `PHASE_GATE_TIMEOUT` does not say,
/// in seconds.
pub const GATE_TIMEOUT_SECONDS: u64 = 15;

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
