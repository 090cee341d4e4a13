//! The inode flags of a file on Linux (`chattr` / `lsattr`, the
//! `FS_IOC_GETFLAGS` and `FS_IOC_SETFLAGS` ioctls): what the user set on
//! the twin survives a write (SPEC §7), so the file that replaces it is
//! given the same flags, and a file whose flags forbid replacing it
//! (immutable, append-only) is refused before anything is written.
//!
//! Off Linux, and on file systems without inode flags, a file has none.

use std::fs::File;

/// One inode flag: its bit in `FS_IOC_GETFLAGS`, the letter `chattr` and
/// `lsattr` show for it, and what it means, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flag {
    /// The flag's bit (`FS_*_FL` of `linux/fs.h`).
    pub bit: u32,
    /// Its `chattr` letter.
    pub letter: char,
    /// What it does, in a few words.
    pub meaning: &'static str,
}

/// `i`: the file may not be changed, renamed, removed or linked to.
pub const IMMUTABLE: Flag = Flag {
    bit: 0x10,
    letter: 'i',
    meaning: "immutable",
};

/// `a`: the file may only be appended to.
pub const APPEND_ONLY: Flag = Flag {
    bit: 0x20,
    letter: 'a',
    meaning: "append-only",
};

/// The flags that forbid replacing a file with a rewritten copy: such a
/// file is refused, not rewritten.
pub const FORBIDDING: [Flag; 2] = [IMMUTABLE, APPEND_ONLY];

/// The flags a person sets on a file with `chattr` and a rewritten copy
/// keeps. The others are the file system's own (extents, inline data,
/// encryption, verity, casefolding, …), which it sets on every new file as
/// it sees fit, or [`FORBIDDING`].
pub const KEPT: [Flag; 14] = [
    Flag {
        bit: 0x1,
        letter: 's',
        meaning: "secure deletion",
    },
    Flag {
        bit: 0x2,
        letter: 'u',
        meaning: "undeletable",
    },
    Flag {
        bit: 0x4,
        letter: 'c',
        meaning: "compressed",
    },
    Flag {
        bit: 0x8,
        letter: 'S',
        meaning: "synchronous updates",
    },
    Flag {
        bit: 0x40,
        letter: 'd',
        meaning: "no dump",
    },
    Flag {
        bit: 0x80,
        letter: 'A',
        meaning: "no atime updates",
    },
    Flag {
        bit: 0x400,
        letter: 'm',
        meaning: "no compression",
    },
    Flag {
        bit: 0x4000,
        letter: 'j',
        meaning: "data journalling",
    },
    Flag {
        bit: 0x8000,
        letter: 't',
        meaning: "no tail-merging",
    },
    Flag {
        bit: 0x1_0000,
        letter: 'D',
        meaning: "synchronous directory updates",
    },
    Flag {
        bit: 0x2_0000,
        letter: 'T',
        meaning: "top of directory hierarchies",
    },
    Flag {
        bit: 0x80_0000,
        letter: 'C',
        meaning: "no copy on write",
    },
    Flag {
        bit: 0x200_0000,
        letter: 'x',
        meaning: "direct access",
    },
    Flag {
        bit: 0x2000_0000,
        letter: 'P',
        meaning: "project hierarchy",
    },
];

/// The bits of [`KEPT`].
fn kept_mask() -> u32 {
    KEPT.iter().fold(0, |mask, flag| mask | flag.bit)
}

/// The inode flags of the open `file`; `None` where the platform or the
/// file system has none (or they cannot be read).
pub fn read(file: &File) -> Option<u32> {
    #[cfg(target_os = "linux")]
    {
        rustix::fs::ioctl_getflags(file).ok().map(|f| f.bits())
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = file;
        None
    }
}

/// The first of [`FORBIDDING`] set in `flags`.
pub fn forbidding(flags: u32) -> Option<Flag> {
    FORBIDDING.into_iter().find(|f| flags & f.bit != 0)
}

/// Gives the new file `file` the [`KEPT`] flags of `old` (the flags of the
/// file it replaces), clearing those it took from its folder that `old`
/// does not have; the file system's own flags are left as they are. What
/// cannot be set (a flag only a privileged process sets, one the file
/// system does not take) is left out: the flags lost, each with the
/// system's reason, for a note. Empty when all were kept.
pub fn keep(file: &File, old: u32) -> Vec<(Flag, String)> {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{IFlags, ioctl_getflags, ioctl_setflags};
        let get = || ioctl_getflags(file).map(|f| f.bits());
        let set = |bits: u32| ioctl_setflags(file, IFlags::from_bits_retain(bits));
        let current = match get() {
            Ok(flags) => flags,
            Err(e) => {
                return KEPT
                    .into_iter()
                    .filter(|f| old & f.bit != 0)
                    .map(|f| (f, e.to_string()))
                    .collect();
            }
        };
        let wanted = (current & !kept_mask()) | (old & kept_mask());
        let mut refused = Vec::new();
        if wanted != current && set(wanted).is_err() {
            // Flag by flag, to keep what may be kept and learn why the
            // others may not.
            let mut now = current;
            for flag in KEPT {
                if (now ^ wanted) & flag.bit == 0 {
                    continue;
                }
                let next = now ^ flag.bit;
                match set(next) {
                    Ok(()) => now = next,
                    Err(e) => refused.push((flag, e.to_string())),
                }
            }
        }
        // What the file holds now: a file system may also drop a flag it
        // does not keep for this kind of file without an error.
        let got = get().unwrap_or(current);
        KEPT.into_iter()
            .filter(|f| wanted & f.bit != 0 && got & f.bit == 0)
            .map(|f| {
                let why = refused.iter().find(|(r, _)| *r == f).map_or_else(
                    || "the file system did not keep it".to_string(),
                    |(_, why)| why.clone(),
                );
                (f, why)
            })
            .collect()
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (file, old, kept_mask());
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_do_not_overlap() {
        let mut seen = 0u32;
        let mut letters = Vec::new();
        for flag in KEPT.iter().chain(FORBIDDING.iter()) {
            assert_eq!(flag.bit.count_ones(), 1, "{flag:?}");
            assert_eq!(seen & flag.bit, 0, "{flag:?} listed twice");
            seen |= flag.bit;
            assert!(!letters.contains(&flag.letter), "{flag:?}");
            letters.push(flag.letter);
        }
        assert_eq!(forbidding(0x10 | 0x80), Some(IMMUTABLE));
        assert_eq!(forbidding(0x20), Some(APPEND_ONLY));
        assert_eq!(forbidding(0x80 | 0x8_0000), None);
    }
}
