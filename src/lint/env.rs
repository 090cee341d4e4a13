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

use std::ffi::OsString;

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
    /// `PE_WAIT_TIMEOUTS`: `ref=minutes` pairs, space-separated, as set
    /// (F36).
    pub wait_timeouts: Option<String>,
    /// `PATH`: where the lead program of a §Verification command is looked
    /// up (F17). `None` when unset: no lookup is made.
    pub path: Option<OsString>,
}

impl LintEnv {
    /// Reads the variables of section F from the process environment.
    pub fn from_process() -> LintEnv {
        let text = |name: &str| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned());
        let list = |name: &str| text(name).map(|v| split_list(&v));
        LintEnv {
            mcp_servers: list("PE_MCP_SERVERS"),
            credentials: list("PE_CREDENTIALS"),
            accounts: list("PE_ACCOUNTS"),
            mcp_policy: text("PE_MCP_POLICY"),
            wait_timeouts: text("PE_WAIT_TIMEOUTS"),
            path: std::env::var_os("PATH"),
        }
    }
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
    fn lists_split_on_spaces_and_commas() {
        assert_eq!(split_list(" a, b\tc,,"), vec!["a", "b", "c"]);
        assert!(split_list("").is_empty());
    }
}
