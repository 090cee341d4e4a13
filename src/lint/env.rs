//! What the console's environment tells the checks (SPEC-PARITY.md section
//! F): the MCP servers, credentials and accounts it has registered, its MCP
//! policy, its wait timeouts, and the `PATH` a §Verification command would
//! run with.
//!
//! A variable that is unset means "no console here": the check that reads
//! it says nothing. A variable that is set but empty is an answer (nothing
//! registered). The checks never read the process environment themselves;
//! the caller fills a [`LintEnv`] (from the process with
//! [`LintEnv::from_process`], or by hand in tests and the language server).

use std::collections::{BTreeMap, HashMap};
use std::ffi::{OsStr, OsString};
use std::path::Path;
use std::sync::{LazyLock, Mutex};

use crate::manifest::policy::ConsolePolicy;
use crate::vocab::verify::SHELL_BUILTINS;

/// The console's environment as the checks see it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LintEnv {
    /// `PE_MCP_SERVERS`: the MCP server ids registered on this machine
    /// (F15), split on spaces and commas.
    pub mcp_servers: Option<Vec<String>>,
    /// `PE_CREDENTIALS`: the credential ids the console holds (F15).
    pub credentials: Option<Vec<String>>,
    /// `PE_ACCOUNTS`: the model accounts registered on the console (F15).
    pub accounts: Option<Vec<String>>,
    /// `PE_MCP_POLICY`: the console's MCP policy word (F15), as set.
    pub mcp_policy: Option<String>,
    /// `PE_WAIT_TIMEOUTS`: each watch ref's workflow timeout in minutes
    /// (F36), read from space-separated `ref=minutes` pairs by
    /// [`parse_wait_timeouts`].
    pub wait_timeouts: Option<BTreeMap<String, u64>>,
    /// `PATH`: where the lead program of a §Verification command is looked
    /// up (F17). `None` when unset: no lookup is made.
    pub path: Option<OsString>,
    /// The console's policy preferences (the `[policy]` table of
    /// `planfile.toml`): a key it answers is not owed when no row decides
    /// it (`decision-key-missing`, SPEC §5.4). Filled from the lint
    /// settings ([`super::settings::LintSettings::policy`]).
    pub policy: ConsolePolicy,
}

impl LintEnv {
    /// The environment a lint under `settings` reads: the process's
    /// variables ([`LintEnv::from_process`]) and the console's policy of the
    /// settings file.
    pub fn for_settings(settings: &super::settings::LintSettings) -> LintEnv {
        LintEnv {
            policy: settings.policy.clone(),
            ..LintEnv::from_process()
        }
    }

    /// Reads the variables of section F from the process environment.
    pub fn from_process() -> LintEnv {
        let text = |name: &str| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned());
        let list = |name: &str| text(name).map(|v| split_list(&v));
        LintEnv {
            mcp_servers: list("PE_MCP_SERVERS"),
            credentials: list("PE_CREDENTIALS"),
            accounts: list("PE_ACCOUNTS"),
            mcp_policy: text("PE_MCP_POLICY"),
            wait_timeouts: text("PE_WAIT_TIMEOUTS").map(|v| parse_wait_timeouts(&v)),
            path: std::env::var_os("PATH"),
            policy: ConsolePolicy::default(),
        }
    }
}

impl LintEnv {
    /// Whether `name` would run as a command here (F17): a shell builtin or
    /// reserved word, or an executable file in a folder of `PATH` (an empty
    /// entry is the working folder, as the shell reads it). `true` when
    /// `PATH` is unset: no lookup is made, so nothing is reported. Each
    /// name is looked up once per `PATH` and process.
    pub fn finds(&self, name: &str) -> bool {
        let Some(path) = &self.path else {
            return true;
        };
        if SHELL_BUILTINS.contains(&name) {
            return true;
        }
        static SEEN: LazyLock<Mutex<HashMap<(OsString, String), bool>>> =
            LazyLock::new(|| Mutex::new(HashMap::new()));
        let key = (path.clone(), name.to_string());
        let cached = SEEN.lock().ok().and_then(|seen| seen.get(&key).copied());
        if let Some(found) = cached {
            return found;
        }
        let found = on_path(path, name);
        if let Ok(mut seen) = SEEN.lock() {
            seen.insert(key, found);
        }
        found
    }
}

/// Whether a folder of `path` (a `PATH` value) holds an executable file
/// `name`.
fn on_path(path: &OsStr, name: &str) -> bool {
    std::env::split_paths(path).any(|dir| {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".").to_path_buf()
        } else {
            dir
        };
        is_executable(&dir.join(name))
    })
}

/// Whether `file` is a regular file (symlinks followed) that may be
/// executed.
fn is_executable(file: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(file) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
}

/// The pairs of a `PE_WAIT_TIMEOUTS` value (F36): space-separated
/// `ref=minutes` tokens; the ref is everything before the last `=`, the
/// minutes a whole number after it. A malformed token is skipped, never
/// guessed at; the last pair for a ref wins.
pub fn parse_wait_timeouts(value: &str) -> BTreeMap<String, u64> {
    let mut out = BTreeMap::new();
    for token in value.split_whitespace() {
        let Some((reference, minutes)) = token.rsplit_once('=') else {
            continue;
        };
        if minutes.is_empty() || !minutes.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(minutes) = minutes.parse::<u64>() else {
            continue;
        };
        out.insert(reference.to_string(), minutes);
    }
    out
}

/// A list variable's ids: split on spaces, tabs, newlines and commas, empty
/// pieces dropped.
pub fn split_list(value: &str) -> Vec<String> {
    value
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|id| !id.is_empty())
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wait_timeouts() {
        let t = parse_wait_timeouts(
            "gh:a/b#run/1=100 bad gh:a/b#run/1=x c=d=30 e= gh:a/b#run/2=5 gh:a/b#run/2=7",
        );
        assert_eq!(t.get("gh:a/b#run/1"), Some(&100));
        assert_eq!(t.get("c=d"), Some(&30));
        assert_eq!(t.get("gh:a/b#run/2"), Some(&7));
        assert_eq!(t.len(), 3);
    }

    #[test]
    fn finds_builtins_and_executables_on_path() {
        let dir = tempfile::tempdir().expect("a folder");
        let tool = dir.path().join("pe-tool");
        std::fs::write(&tool, "#!/bin/sh\n").expect("write");
        let plain = dir.path().join("pe-plain");
        std::fs::write(&plain, "").expect("write");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&tool, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        }
        let env = LintEnv {
            path: Some(dir.path().as_os_str().to_os_string()),
            ..LintEnv::default()
        };
        assert!(env.finds("pe-tool"));
        assert!(!env.finds("pe-plain"));
        assert!(!env.finds("pe-absent"));
        assert!(env.finds("read"));
        assert!(LintEnv::default().finds("pe-absent"));
    }

    #[test]
    fn lists_split_on_spaces_and_commas() {
        assert_eq!(split_list(" a, b\tc,,"), vec!["a", "b", "c"]);
        assert!(split_list("").is_empty());
    }
}
