//! A phase's Gate-check directive, read once for the gate and the lint
//! (SPEC §6 F24, §11 `--gate-status`): the value with `*` and backticks
//! removed, its type up to the first space and the rest after it, as the
//! reference's `${gc%% *}` splits it. A tab is not a separator: `phase⇥3`
//! is one word, an unknown type, to the gate and to `validate` alike.

use serde::Serialize;

use crate::markdown::inline::without_marks;
use crate::plan::Plan;

/// A phase's Gate-check directive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GateCheck {
    /// The type: the value's first word (up to a space).
    #[serde(rename = "type")]
    pub kind: String,
    /// The rest of the value, after the first space, trimmed (may be
    /// empty).
    pub value: String,
    /// The whole value, as read (`*` and backticks removed, trimmed).
    pub raw: String,
    /// 1-based line of the bullet in the plan.
    pub line: usize,
}

/// A Gate-check value `raw` as the gate reads it: `*` and backticks
/// removed and trimmed, then split at the first space into the type and
/// the rest (trimmed; empty when there is no space). Returns `(type,
/// rest)`.
pub fn split(raw: &str) -> (String, String) {
    let plain = without_marks(raw);
    let plain = plain.trim();
    let (kind, rest) = plain.split_once(' ').unwrap_or((plain, ""));
    (kind.to_string(), rest.trim().to_string())
}

/// The Gate-check directive of `phase` ([`Plan::phase_directive`]), if it
/// has one with a value; `None` otherwise.
pub fn gate_check(plan: &Plan, phase: u32) -> Option<GateCheck> {
    let line = plan.phase_directive(phase, "Gate-check")?;
    if line.value.is_empty() {
        return None;
    }
    let (kind, value) = split(&line.value);
    Some(GateCheck {
        kind,
        value,
        raw: line.value.clone(),
        line: line.line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_type_ends_at_the_first_space_only() {
        assert_eq!(split("`phase 3`"), ("phase".into(), "3".into()));
        assert_eq!(
            split("**cmd**  test -f x "),
            ("cmd".into(), "test -f x".into())
        );
        assert_eq!(split("manual"), ("manual".into(), String::new()));
        assert_eq!(split("phase\t3"), ("phase\t3".into(), String::new()));
    }

    #[test]
    fn the_gate_and_the_lint_read_one_bullet_alike() {
        let plan = crate::plan::test_plan(
            "# T\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | A | — | r |\n| 2 | B *(GATED)* | 1 | r |\n\n## Phases\n\n### Phase 1 — A\n- **Verification:** `x`\n\n### Phase 2 — B\n- **Gate-check:** `cmd test -f a`\n",
        );
        let check = gate_check(&plan, 2).expect("a Gate-check");
        assert_eq!(
            (check.kind.as_str(), check.value.as_str()),
            ("cmd", "test -f a")
        );
        assert_eq!(check.raw, "cmd test -f a");
        assert!(gate_check(&plan, 1).is_none());
    }
}
