//! Phase numbers in messages: a list of phases, the phases a Depends-on
//! token names, and the phases a range names that the graph lacks.

use std::collections::BTreeSet;

use crate::plan::graph::DependsToken;

/// The graph's phases as `1 2 3`, for messages (`(none)` when empty).
pub fn phase_list(phases: &[u32]) -> String {
    if phases.is_empty() {
        return "(none)".to_string();
    }
    phases
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The phases that `token` names and `defined` holds, in order: a range
/// names each defined phase inside it (never enumerated, however wide).
pub fn defined_phases_named(token: &DependsToken, defined: &BTreeSet<u32>) -> Vec<u32> {
    match token {
        DependsToken::Phase(p) => defined.get(p).copied().into_iter().collect(),
        DependsToken::Range(a, b) => defined.range(*a..=*b).copied().collect(),
        DependsToken::Unknown(_) => Vec::new(),
    }
}

/// The phases of a Depends-on or Gate-check token (`N`, or a range `A-B`)
/// that the graph does not define, kept as runs so that a range of four
/// billion phases is one finding with a count, never one per phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndefinedPhases {
    /// The runs `(first, last)` of undefined phases, in order.
    pub runs: Vec<(u32, u32)>,
    /// How many phases the runs hold in all.
    pub count: u64,
}

impl UndefinedPhases {
    /// The phases of `a..=b` that `defined` does not hold; `None` when it
    /// holds them all.
    pub fn of(a: u32, b: u32, defined: &BTreeSet<u32>) -> Option<UndefinedPhases> {
        let mut runs = Vec::new();
        let mut next = Some(a);
        for &p in defined.range(a..=b) {
            if let Some(from) = next
                && from < p
            {
                runs.push((from, p - 1));
            }
            next = p.checked_add(1);
        }
        if let Some(from) = next
            && from <= b
        {
            runs.push((from, b));
        }
        let count = runs.iter().map(|(a, b)| u64::from(b - a) + 1).sum();
        (count > 0).then_some(UndefinedPhases { runs, count })
    }

    /// For messages: `phase 7`, or `phases 3 5-9 12` (the first five runs,
    /// then `…`).
    pub fn named(&self) -> String {
        if self.count == 1 {
            return format!("phase {}", self.runs[0].0);
        }
        let mut parts: Vec<String> = self
            .runs
            .iter()
            .take(5)
            .map(|(a, b)| {
                if a == b {
                    a.to_string()
                } else {
                    format!("{a}-{b}")
                }
            })
            .collect();
        if self.runs.len() > 5 {
            parts.push("…".to_string());
        }
        format!("phases {}", parts.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undefined_phases_of_a_range() {
        let defined: BTreeSet<u32> = [1, 2, 5, 9].into_iter().collect();
        let of = |a, b| UndefinedPhases::of(a, b, &defined);
        assert_eq!(of(1, 2), None);
        assert_eq!(of(5, 5), None);
        let gaps = of(1, 10).expect("gaps");
        assert_eq!(gaps.runs, vec![(3, 4), (6, 8), (10, 10)]);
        assert_eq!(gaps.count, 6);
        assert_eq!(gaps.named(), "phases 3-4 6-8 10");
        assert_eq!(of(7, 7).map(|u| u.named()), Some("phase 7".to_string()));
        let far = of(1, u32::MAX).expect("gaps");
        assert_eq!(far.runs.last(), Some(&(10, u32::MAX)));
        let all = UndefinedPhases::of(0, u32::MAX, &BTreeSet::new()).expect("gaps");
        assert_eq!(
            (all.count, all.named()),
            (1 << 32, "phases 0-4294967295".to_string())
        );
        let even: BTreeSet<u32> = (0..20).map(|p| p * 2).collect();
        let odd = UndefinedPhases::of(0, 13, &even).expect("gaps");
        assert_eq!(odd.named(), "phases 1 3 5 7 9 …");
        assert_eq!(
            defined_phases_named(&DependsToken::Range(2, u32::MAX), &defined),
            vec![2, 5, 9]
        );
    }
}
