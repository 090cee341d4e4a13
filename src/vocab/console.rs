//! The words of a plan that the console acts on, beyond the closed
//! directives of [`super::directives`] (SPEC-PARITY.md section D): the
//! labels of the bullets and §Session budget lines the advisories read,
//! the values with a meaning (`Checkout: main`, `MCP policy: require`,
//! `Worktrees: on`), the Repos tokens that name no tree, the duration
//! units, and the QA verdicts that release a phase's dependents.
//!
//! The advisories F15, F19, F28, F33–F36 and F39 read them from here;
//! nothing else spells them.

/// The bold label that opens a phase's §Verification (the reach starts at
/// the first bullet whose bold label starts with it).
pub const VERIFICATION_LABEL: &str = "Verification";
/// The bullet naming the folder §Verification runs in (F18, F39).
pub const VERIFY_IN_LABEL: &str = "Verify in";
/// The bullet of bring-up commands run before §Verification (F39).
pub const SETUP_LABEL: &str = "Setup";
/// The §Session budget line of bring-up commands every phase runs first
/// (F39); a line containing it, in any case.
pub const SETUP_EVERY_PHASE: &str = "setup (every phase)";
/// The bullet listing the files a phase writes (F34).
pub const FILES_LABEL: &str = "Files";
/// The bullet naming the branch a phase's session works on (F35).
pub const CHECKOUT_LABEL: &str = "Checkout";
/// `Checkout` values the console acts on: the default branch, which boards
/// the phase in a checkout detached at the trunk (F35). Any other value is
/// carried and acted on by nobody.
pub const CHECKOUT_DEFAULT_WORDS: &[&str] = &["main", "master", "default"];

/// The land policy when neither the phase nor the plan names a valid one:
/// `hold`, which lands nothing (F28).
pub const DEFAULT_LAND: &str = "hold";
/// The plan-wide line that gives every phase its own worktree (F28).
pub const WORKTREES_LABEL: &str = "Worktrees";
/// The first word of [`WORKTREES_LABEL`] that turns worktrees on.
pub const WORKTREES_ON: &str = "on";
/// The isolation word that gives a phase its own checkout (F28).
pub const ISOLATION_WORKTREE: &str = "worktree";

/// The §Session budget line naming the MCP servers every session needs
/// (F15); a line containing it, in any case.
pub const MCP_SERVERS_EVERY_SESSION: &str = "mcp servers (every session)";
/// The phase bullet naming the MCP servers a phase needs (F15).
pub const MCP_LABEL: &str = "MCP";
/// The phase bullet and §Session budget line saying what happens when a
/// server will not connect (F15).
pub const MCP_POLICY_LABEL: &str = "MCP policy";
/// The MCP policy words: `require` parks a phase at boarding, `continue`
/// runs it without the server and reports it. Any other word is silence.
pub const MCP_POLICY_WORDS: &[&str] = &["require", "continue"];
/// The MCP policy word that parks a phase at boarding.
pub const MCP_REQUIRE: &str = "require";
/// The §Session budget line and phase bullet naming the credentials the
/// phases need (F15).
pub const CREDENTIALS_LABEL: &str = "Credentials";
/// The §Session budget line naming the model accounts a run may spend, as
/// `` `id:minimum headroom` `` pairs (F15).
pub const ACCOUNTS_LABEL: &str = "Accounts";

/// The phase bullet naming what a phase waits on and for how long
/// (`- **Waits on:** `ref` · 45m`, F36).
pub const WAITS_ON_LABEL: &str = "Waits on";
/// What separates a `Waits on` bullet's refs from its maximum window.
pub const WAITS_ON_SEPARATOR: char = '·';
/// The §Session budget line giving every phase's wait window (F36).
pub const WAIT_BUDGET_LABEL: &str = "Wait budget";

/// Repos tokens that name no tree: neither inside the docs root nor
/// outside it (F33).
pub const REPOS_NEUTRAL: &[&str] = &["all", "pe--shared-checkout"];
/// The Repos scope of a phase whose cell names nothing: every repository.
pub const REPOS_ALL: &str = "all";
/// A Repos word that joins two repositories and names none (`a and b`).
pub const REPOS_CONJUNCTION: &str = "and";
/// The file of a submodule superproject (F34).
pub const GITMODULES: &str = ".gitmodules";
/// The folder of the docs root whose files are declared scope of every
/// phase (handoffs, index, locks), so a phase writing only there needs no
/// root token (F34).
pub const DOCS_FOLDER: &str = "docs/";

/// The QA verdict table of a plan, beside its handoffs (F19).
pub const QA_STATUS_FILE: &str = "test-status.md";
/// The word after `QA` in the heading of the verdict table of
/// [`QA_STATUS_FILE`] (`## QA status`: level 2, any case, a prefix).
pub const QA_STATUS_HEADING: &str = "status";
/// The word after `QA` in the heading of the rounds ledger of
/// [`QA_STATUS_FILE`] (`## QA rounds`), one row per QA round recorded.
pub const QA_ROUNDS_HEADING: &str = "rounds";
/// Verdicts that release a phase's dependents when QA gates it (F19).
pub const QA_RELEASING_VERDICTS: &[&str] = &["pass", "waived"];
/// The verdicts a QA round records (`qa-record.sh`); a status row with any
/// other word (`pending`) is no round.
pub const QA_VERDICTS: &[&str] = &["pass", "fail", "waived"];
/// The folder of [`QA_STATUS_FILE`]'s folder the QA reports are written to.
pub const QA_REPORTS_FOLDER: &str = "reports";
/// The §Session budget line naming the skills every session invokes; a
/// line containing it, in any case.
pub const SKILLS_EVERY_SESSION: &str = "skills (every session)";
/// The heading (level 3, any case, a prefix) of the section holding a
/// plan's own QA rules, handed to every QA reviewer verbatim.
pub const QA_CONTRACT_HEADING: &str = "qa contract";
/// The §Session budget label that turns the QA gate on or off for a plan.
pub const QA_GATE_LABEL: &str = "QA gate";
/// The phase bullet that turns QA on or off for one phase.
pub const QA_LABEL: &str = "QA";
