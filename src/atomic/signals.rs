//! Signals held while a file is replaced (SPEC §7 Safety: no temporary
//! file is ever left behind). A request to end the process — `SIGTERM`
//! (`kill`), `SIGINT` (Ctrl-C), `SIGHUP` (the terminal closed) — that
//! arrives between the creation of the temporary file and the end of the
//! replacement (renamed over the file, or removed after a failure) is held
//! and acted on once the replacement is over: the process then ends by that
//! same signal, its default action, so a shell reports the conventional
//! status 128+N and a parent sees the signal. At any other time the signal
//! acts at once, as if none of this were installed; a signal the process
//! was started ignoring (`nohup`) stays ignored.
//!
//! A write the system stops (SPEC §7) must end the same way as any other
//! failed write: a file-size limit (`ulimit -f`) would otherwise kill the
//! process with `SIGXFSZ` in the middle of writing the temporary file and
//! leave it behind. So from the first replacement on, `SIGXFSZ` is
//! ignored: the write then fails with `EFBIG`, the temporary file is
//! removed, and the error names the file (exit 2), as for a full disk.

#[cfg(unix)]
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
#[cfg(unix)]
use std::sync::{Mutex, OnceLock};

/// The signals held: those that ask a process to end.
#[cfg(unix)]
pub const HELD: [i32; 3] = [libc::SIGTERM, libc::SIGINT, libc::SIGHUP];

/// Whether a held signal acts at once (no replacement under way).
#[cfg(unix)]
static ACT_AT_ONCE: AtomicBool = AtomicBool::new(true);

/// The signal that arrived while held; 0 for none.
#[cfg(unix)]
static ARRIVED: AtomicUsize = AtomicUsize::new(0);

/// Set once the handlers are installed (they stay for the process's life).
#[cfg(unix)]
static INSTALLED: OnceLock<()> = OnceLock::new();

/// How many [`Hold`]s live (replacements under way on several threads
/// hold the signals until the last one ends).
#[cfg(unix)]
static HOLDS: Mutex<usize> = Mutex::new(0);

/// A replacement under way: while a `Hold` lives, the [`HELD`] signals are
/// held. [`Hold::finish`] ends it and acts on a signal that arrived;
/// dropping it (on a panic, say) does the same without a note.
#[derive(Debug)]
pub struct Hold {
    /// Whether the hold has ended (it ends once).
    ended: bool,
}

impl Hold {
    /// Starts holding the [`HELD`] signals (installing the handlers on
    /// first use). Where the handlers cannot be installed, or off Unix,
    /// nothing is held and signals act as they always do.
    pub fn start() -> Hold {
        #[cfg(unix)]
        {
            INSTALLED.get_or_init(install);
            let mut holds = HOLDS
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            *holds += 1;
            ACT_AT_ONCE.store(false, Ordering::SeqCst);
        }
        Hold { ended: false }
    }

    /// Ends the hold. When a signal arrived meanwhile, writes
    /// `planfile: <note(name)>` on stderr (`name` is the signal's name,
    /// such as `SIGTERM`) and ends the process by that signal; otherwise
    /// returns.
    pub fn finish(mut self, note: impl FnOnce(&str) -> String) {
        if let Some(signal) = self.stop() {
            let name = signal_name(signal);
            let line = format!("planfile: {}\n", note(&name));
            let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
            deliver(signal);
        }
    }

    /// Ends the hold: signals act at once again, unless another hold
    /// lives. The signal that arrived meanwhile, if one did and this was
    /// the last hold.
    fn stop(&mut self) -> Option<i32> {
        if std::mem::replace(&mut self.ended, true) {
            return None;
        }
        #[cfg(unix)]
        {
            let mut holds = HOLDS
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            *holds = holds.saturating_sub(1);
            if *holds > 0 {
                return None;
            }
            ACT_AT_ONCE.store(true, Ordering::SeqCst);
            match ARRIVED.swap(0, Ordering::SeqCst) {
                0 => None,
                signal => i32::try_from(signal).ok(),
            }
        }
        #[cfg(not(unix))]
        None
    }
}

impl Drop for Hold {
    fn drop(&mut self) {
        if let Some(signal) = self.stop() {
            deliver(signal);
        }
    }
}

/// Installs, for each of [`HELD`] that the process does not ignore, an
/// action that ends the process by the signal's default action unless a
/// replacement is under way, and one that records the signal.
#[cfg(unix)]
fn install() {
    use signal_hook::flag;
    // SAFETY: setting a signal's disposition to SIG_IGN installs no handler
    // code; it only makes a write past the file-size limit return EFBIG.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
    for signal in HELD {
        if ignored(signal) {
            continue;
        }
        // Registered in this order: the first ends the process when no
        // replacement is under way, so the second records only held ones.
        let Ok(_) = flag::register_conditional_default(signal, &ACT_AT_ONCE) else {
            continue;
        };
        let value = usize::try_from(signal).unwrap_or_default();
        let _ = flag::register_usize(signal, &ARRIVED, value);
    }
}

/// Whether `signal` is ignored by the process (as `nohup` sets `SIGHUP`).
#[cfg(unix)]
fn ignored(signal: i32) -> bool {
    // SAFETY: with a null new action, `sigaction` only writes the current
    // action into `old`, a plain C struct for which all zeroes is valid.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut old) == 0
            && old.sa_sigaction == libc::SIG_IGN
    }
}

/// Ends the process by `signal`'s default action (the process's status then
/// says it was ended by that signal); exits with 128+`signal` should that
/// not end it.
fn deliver(signal: i32) {
    #[cfg(unix)]
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    std::process::exit(128 + signal);
}

/// The name of `signal`, such as `SIGTERM`.
fn signal_name(signal: i32) -> String {
    #[cfg(unix)]
    if let Some(name) = signal_hook::low_level::signal_name(signal) {
        return name.to_string();
    }
    format!("signal {signal}")
}
