//! The closed one-word directives of a plan and their words (SPEC-PARITY.md
//! section B, F27 and F31): the plan-wide `**Landing:** trunk` lines of the
//! `## Session budget` section and the `- **Land:** pr` bullets of a phase.
//!
//! The lint (F27, F28, F31) reads the words from here; nothing else spells
//! them.

/// A closed directive: its labels and the words its first word must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClosedDirective {
    /// The label of the plan-wide line, also the canonical name messages use
    /// (`Landing`); `None` when the directive exists only in phases.
    pub plan_label: Option<&'static str>,
    /// The label of the phase bullet (`Land`); `None` when the directive is
    /// plan-wide only (a `Conflicts` bullet in a phase is not a directive).
    pub phase_label: Option<&'static str>,
    /// The accepted first words, in the order messages list them.
    pub words: &'static [&'static str],
    /// What the directive decides, in one line.
    pub meaning: &'static str,
    /// The word a reader answers when neither the phase nor the plan says
    /// one of `words` (the reference's `landing.env`, `issues.env`,
    /// `messages.env`); `None` when silence is the answer (the run
    /// decides).
    pub default: Option<&'static str>,
}

/// How a phase's work lands: `hold integrate pr trunk`.
pub const LAND_WORDS: &[&str] = &["hold", "integrate", "pr", "trunk"];
/// What a landing does with a submodule's gitlink: `bump leave`.
pub const GITLINK_WORDS: &[&str] = &["bump", "leave"];
/// What a landing does on a merge conflict: `halt park rebase-session`.
pub const CONFLICT_WORDS: &[&str] = &["halt", "park", "rebase-session"];
/// Whether sessions may message each other: `on off`.
pub const MESSAGING_WORDS: &[&str] = &["on", "off"];
/// Whether a session may write issues outside its phase: `off draft file`.
pub const ISSUE_WORDS: &[&str] = &["off", "draft", "file"];
/// Whether a phase works in the shared checkout or its own worktree:
/// `shared worktree`.
pub const ISOLATION_WORDS: &[&str] = &["shared", "worktree"];

/// What a landing does with a gitlink when the plan says nothing.
pub const DEFAULT_GITLINK: &str = "bump";
/// What a landing does on a conflict when the plan says nothing.
pub const DEFAULT_CONFLICT: &str = "halt";
/// Whether sessions may message each other when the plan says nothing.
pub const DEFAULT_MESSAGING: &str = "on";
/// Whether a session may write issues when the plan says nothing.
pub const DEFAULT_ISSUES: &str = "off";

/// The label of the plan-wide base-branch line.
pub const BASE_BRANCH_LABEL: &str = "Base branch";
/// The base branch when the plan names none.
pub const DEFAULT_BASE_BRANCH: &str = "origin/HEAD";
/// The label of the plan-wide clash-zones line.
pub const CLASH_ZONES_LABEL: &str = "Clash zones";
/// The label of the model-policy directive (line and bullet).
pub const MODEL_POLICY_LABEL: &str = "Model policy";
/// The label of the credential-policy directive (line and bullet).
pub const CREDENTIAL_POLICY_LABEL: &str = "Credential policy";
/// The label of the plan's answer once the QA round budget is spent.
pub const QA_EXHAUSTED_LABEL: &str = "QA exhausted";
/// The label of a phase's answer for a §Verification fragment written as
/// prose.
pub const PERSON_CHECK_LABEL: &str = "person-check";
/// The label of a phase's fixed wall-clock floor.
pub const WALL_CLOCK_FLOOR_LABEL: &str = "Wall-clock floor";
/// The label of the wait-count directive (line and bullet).
pub const WAIT_COUNT_LABEL: &str = "Wait count";
/// The label of the verify-timeout directive (line and bullet).
pub const VERIFY_TIMEOUT_LABEL: &str = "Verify timeout";

/// The landing directive (`Landing` plan-wide, `Land` in a phase).
pub const LANDING: ClosedDirective = ClosedDirective {
    plan_label: Some("Landing"),
    phase_label: Some("Land"),
    words: LAND_WORDS,
    meaning: "how a phase's work lands",
    default: Some(crate::vocab::console::DEFAULT_LAND),
};
/// The gitlink directive.
pub const GITLINK: ClosedDirective = ClosedDirective {
    plan_label: Some("Gitlink"),
    phase_label: Some("Gitlink"),
    words: GITLINK_WORDS,
    meaning: "what a landing does with a submodule's gitlink",
    default: Some(DEFAULT_GITLINK),
};
/// The conflict directive (plan-wide only).
pub const CONFLICTS: ClosedDirective = ClosedDirective {
    plan_label: Some("Conflicts"),
    phase_label: None,
    words: CONFLICT_WORDS,
    meaning: "what a landing does on a merge conflict",
    default: Some(DEFAULT_CONFLICT),
};
/// The messaging directive (plan-wide only).
pub const MESSAGING: ClosedDirective = ClosedDirective {
    plan_label: Some("Messaging"),
    phase_label: None,
    words: MESSAGING_WORDS,
    meaning: "whether sessions may message each other",
    default: Some(DEFAULT_MESSAGING),
};
/// The issues directive.
pub const ISSUES: ClosedDirective = ClosedDirective {
    plan_label: Some("Issues"),
    phase_label: Some("Issues"),
    words: ISSUE_WORDS,
    meaning: "whether a session may write issues outside its phase",
    default: Some(DEFAULT_ISSUES),
};
/// The isolation directive.
pub const ISOLATION: ClosedDirective = ClosedDirective {
    plan_label: Some("Isolation"),
    phase_label: Some("Isolation"),
    words: ISOLATION_WORDS,
    meaning: "whether a phase works in the shared checkout or its own worktree",
    default: None,
};

/// The closed directives in the order F27 checks the plan-wide lines:
/// Landing, Gitlink, Conflicts, Messaging, Issues, Isolation.
pub const PLAN_ORDER: [ClosedDirective; 6] =
    [LANDING, GITLINK, CONFLICTS, MESSAGING, ISSUES, ISOLATION];

/// The closed directives in the order F27 checks a phase's bullets: Land,
/// Gitlink, Isolation, Issues.
pub const PHASE_ORDER: [ClosedDirective; 4] = [LANDING, GITLINK, ISOLATION, ISSUES];

/// The label of the permission-mode directive (plan-wide line and phase
/// bullet; any run of blanks between the two words).
pub const PERMISSION_MODE_LABEL: &str = "Permission mode";

/// The permission modes (F31), spelled as messages list them; a first word
/// is compared with them ignoring case.
pub const PERMISSION_MODES: &[&str] = &["acceptEdits", "auto", "dontAsk", "plan", "manual"];
