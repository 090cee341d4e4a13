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

/// `phases` sorted, each once: the `defined` list of
/// [`UndefinedPhases::of`].
pub fn sorted_phases(phases: &[u32]) -> Vec<u32> {
    let mut sorted = phases.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted
}

/// The end of the run of consecutive numbers of `sorted` (increasing) that
/// starts at index `i`: the first index after it. A bisection: in such a
/// list, `sorted[k] - k` never falls, and stays the same along a run.
fn consecutive_end(sorted: &[u32], i: usize) -> usize {
    let key = |k: usize| i64::from(sorted[k]) - k as i64;
    let (mut lo, mut hi) = (i + 1, sorted.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if key(mid) == key(i) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The phases of a Depends-on or Gate-check token (`N`, or a range `A-B`)
/// that the graph does not define, kept as runs so that a range of four
/// billion phases is one finding with a count, never one per phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndefinedPhases {
    /// The runs `(first, last)` of undefined phases, in order: all of them
    /// when they hold at most [`UndefinedPhases::ALL_RUNS_UP_TO`] phases,
    /// else the first six (enough for [`UndefinedPhases::named`]).
    pub runs: Vec<(u32, u32)>,
    /// How many phases the runs hold in all.
    pub count: u64,
}

impl UndefinedPhases {
    /// Up to how many undefined phases [`UndefinedPhases::runs`] lists
    /// every run.
    pub const ALL_RUNS_UP_TO: u64 = 1000;

    /// The phases of `a..=b` that `defined` (sorted, each once) does not
    /// hold; `None` when it holds them all. Each run is found by bisection,
    /// so a range over a long graph costs what its runs do, not what the
    /// graph does.
    pub fn of(a: u32, b: u32, defined: &[u32]) -> Option<UndefinedPhases> {
        if a > b {
            return None;
        }
        let first = defined.partition_point(|&p| p < a);
        let last = defined.partition_point(|&p| p <= b);
        let count = u64::from(b - a) + 1 - (last - first) as u64;
        if count == 0 {
            return None;
        }
        let keep = if count <= Self::ALL_RUNS_UP_TO {
            usize::MAX
        } else {
            6
        };
        let mut runs = Vec::new();
        let (mut next, mut i) = (Some(a), first);
        while let Some(from) = next.filter(|&from| from <= b)
            && runs.len() < keep
        {
            if defined.get(i) == Some(&from) {
                // Skip the defined phases from `from` on.
                let end = consecutive_end(defined, i);
                next = defined[end - 1].checked_add(1);
                i = end;
            } else {
                let to = defined.get(i).map_or(b, |&p| (p - 1).min(b));
                runs.push((from, to));
                next = to.checked_add(1);
            }
        }
        Some(UndefinedPhases { runs, count })
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
        let sorted: Vec<u32> = defined.iter().copied().collect();
        let of = |a, b| UndefinedPhases::of(a, b, &sorted);
        assert_eq!(of(1, 2), None);
        assert_eq!(of(5, 5), None);
        let gaps = of(1, 10).expect("gaps");
        assert_eq!(gaps.runs, vec![(3, 4), (6, 8), (10, 10)]);
        assert_eq!(gaps.count, 6);
        assert_eq!(gaps.named(), "phases 3-4 6-8 10");
        assert_eq!(of(7, 7).map(|u| u.named()), Some("phase 7".to_string()));
        let far = of(1, u32::MAX).expect("gaps");
        assert_eq!(far.runs.last(), Some(&(10, u32::MAX)));
        let all = UndefinedPhases::of(0, u32::MAX, &[]).expect("gaps");
        assert_eq!(
            (all.count, all.named()),
            (1 << 32, "phases 0-4294967295".to_string())
        );
        let even: BTreeSet<u32> = (0..20).map(|p| p * 2).collect();
        let even: Vec<u32> = even.into_iter().collect();
        let odd = UndefinedPhases::of(0, 13, &even).expect("gaps");
        assert_eq!(odd.named(), "phases 1 3 5 7 9 …");
        assert_eq!(
            defined_phases_named(&DependsToken::Range(2, u32::MAX), &defined),
            vec![2, 5, 9]
        );
    }

    proptest::proptest! {
        /// The runs are those of a walk over every phase of the range.
        #[test]
        fn undefined_runs_as_read_phase_by_phase(
            defined in proptest::collection::btree_set(0u32..60, 0..40),
            a in 0u32..70,
            len in 0u32..70,
        ) {
            let b = a + len;
            let sorted: Vec<u32> = defined.iter().copied().collect();
            let mut runs: Vec<(u32, u32)> = Vec::new();
            for p in (a..=b).filter(|p| !defined.contains(p)) {
                match runs.last_mut() {
                    Some((_, last)) if *last + 1 == p => *last = p,
                    _ => runs.push((p, p)),
                }
            }
            let count: u64 = runs.iter().map(|(x, y)| u64::from(y - x) + 1).sum();
            let got = UndefinedPhases::of(a, b, &sorted);
            proptest::prop_assert_eq!(got, (count > 0).then_some(UndefinedPhases { runs, count }));
        }
    }
}
