//! A `cmd` Gate-check's command (SPEC §11): whether it would change
//! anything. A gate asks whether the world is in the required state and
//! never changes it, so a command that matches the deny list
//! ([`crate::vocab::gate_kinds::GATE_CMD_DENY`]) is refused by the gate
//! (`--gate-status`) and reported by the lint (F24 `gate-cmd-mutates`): one
//! reading, so `validate` never passes a command the gate refuses.

use std::sync::OnceLock;

use regex::Regex;

use crate::vocab::gate_kinds::GATE_CMD_DENY;

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
