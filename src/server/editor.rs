//! The editor's process (SPEC §10.2, "in the editor's world"): the server
//! exits when the process `initialize` named (`processId`) is gone, so that
//! a server whose editor crashed or was killed does not run on.
//!
//! The process is looked at with `kill(pid, 0)`, which sends nothing: it
//! fails with `ESRCH` once no such process exists (a process of another
//! user, `EPERM`, is alive). The serving loop asks at most once per
//! [`EditorProcess::INTERVAL`].

use std::time::{Duration, Instant};

/// The editor's process, as `initialize` named it.
#[derive(Debug)]
pub struct EditorProcess {
    pid: u32,
    last_look: Option<Instant>,
}

impl EditorProcess {
    /// How often the process is looked at, at most.
    pub const INTERVAL: Duration = Duration::from_secs(1);

    /// The process `pid`.
    pub fn new(pid: u32) -> EditorProcess {
        EditorProcess {
            pid,
            last_look: None,
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// Whether the process is gone; `false` when it was looked at less
    /// than [`EditorProcess::INTERVAL`] ago (it is not looked at again).
    pub fn is_gone(&mut self) -> bool {
        let now = Instant::now();
        if self
            .last_look
            .is_some_and(|last| now.duration_since(last) < Self::INTERVAL)
        {
            return false;
        }
        self.last_look = Some(now);
        !is_alive(self.pid)
    }
}

/// Whether process `pid` exists. A pid the system cannot name (0, or one
/// beyond `i32`) is taken as alive: the server then runs until `exit` or
/// the end of its input, as without a `processId`.
#[cfg(unix)]
fn is_alive(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    else {
        return true;
    };
    match rustix::process::test_kill_process(pid) {
        Ok(()) => true,
        Err(e) => e != rustix::io::Errno::SRCH,
    }
}

/// Elsewhere the process is not looked at.
#[cfg(not(unix))]
fn is_alive(_pid: u32) -> bool {
    true
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_running_process_is_alive_and_an_ended_one_gone() {
        let mut me = EditorProcess::new(std::process::id());
        assert!(!me.is_gone());
        let mut child = std::process::Command::new("true")
            .spawn()
            .expect("`true` runs");
        let pid = child.id();
        child.wait().expect("`true` ends");
        let mut ended = EditorProcess::new(pid);
        assert!(ended.is_gone(), "process {pid} has ended and been reaped");
        assert!(!ended.is_gone(), "not looked at again within the interval");
        assert!(!EditorProcess::new(0).is_gone());
        assert!(!EditorProcess::new(u32::MAX).is_gone());
    }
}
