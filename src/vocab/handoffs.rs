//! The words of a handoff file, `docs/handoffs/<slug>/phase-<NN>-*.md`
//! (SPEC §3.2; SPEC-PARITY.md section B, F10, F21, F26): the statuses its
//! frontmatter may give, the phrases of its boot section, and the labels of
//! its notes for later phases.
//!
//! The lint reads them from here; nothing else spells them.

/// The statuses a handoff's frontmatter `status:` may give, each with what
/// it says about the phase.
pub const STATUSES: [(&str, &str); 4] = [
    (
        "complete",
        "the phase is done (once its \"What this phase did\" is written)",
    ),
    ("in-progress", "a session is working on the phase"),
    ("blocked", "the phase is stuck and needs someone"),
    ("pending", "the phase has not started"),
];

/// Whether `status` is one of [`STATUSES`] (compared exactly).
pub fn is_status(status: &str) -> bool {
    STATUSES.iter().any(|(s, _)| *s == status)
}

/// Every status, space-separated (for messages).
pub fn status_list() -> String {
    STATUSES
        .iter()
        .map(|(s, _)| *s)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The phrases of which a handoff must hold one (any case, anywhere): its
/// boot section, which starts the next phases or closes the plan.
pub const BOOT_PHRASES: [&str; 3] = ["start next phase", "final phase", "closeout"];

/// The heading prefix (level 2, any case) of the section whose bullets
/// hand notes to later phases.
pub const NOTES_HEADING: &str = "notes for later phases";

/// A note's label before its colon, once `*` and an optional `for ` are
/// removed (any case): `phase <N>` addresses phase N, and these two address
/// a relation, which always has a reader.
pub const NOTE_RELATIONS: [(&str, &str); 2] = [
    ("next", "the phases that depend on the writer"),
    ("all", "every other phase"),
];
