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

/// The landing directive (`Landing` plan-wide, `Land` in a phase).
pub const LANDING: ClosedDirective = ClosedDirective {
    plan_label: Some("Landing"),
    phase_label: Some("Land"),
    words: LAND_WORDS,
    meaning: "how a phase's work lands",
};
/// The gitlink directive.
pub const GITLINK: ClosedDirective = ClosedDirective {
    plan_label: Some("Gitlink"),
    phase_label: Some("Gitlink"),
    words: GITLINK_WORDS,
    meaning: "what a landing does with a submodule's gitlink",
};
/// The conflict directive (plan-wide only).
pub const CONFLICTS: ClosedDirective = ClosedDirective {
    plan_label: Some("Conflicts"),
    phase_label: None,
    words: CONFLICT_WORDS,
    meaning: "what a landing does on a merge conflict",
};
/// The messaging directive (plan-wide only).
pub const MESSAGING: ClosedDirective = ClosedDirective {
    plan_label: Some("Messaging"),
    phase_label: None,
    words: MESSAGING_WORDS,
    meaning: "whether sessions may message each other",
};
/// The issues directive.
pub const ISSUES: ClosedDirective = ClosedDirective {
    plan_label: Some("Issues"),
    phase_label: Some("Issues"),
    words: ISSUE_WORDS,
    meaning: "whether a session may write issues outside its phase",
};
/// The isolation directive.
pub const ISOLATION: ClosedDirective = ClosedDirective {
    plan_label: Some("Isolation"),
    phase_label: Some("Isolation"),
    words: ISOLATION_WORDS,
    meaning: "whether a phase works in the shared checkout or its own worktree",
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
