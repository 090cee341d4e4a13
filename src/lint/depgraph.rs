//! The phase graph's dependencies as a graph for `dependency-cycle`
//! (F3): each phase's Depends-on tokens kept as ranges of the graph's
//! phases, never expanded. A row that depends on `1-20000` is one range,
//! not twenty thousand edges, so the strongly connected groups and the
//! circle through each cost what the tokens and phases do, not their
//! product: a range reaches its phases through a segment tree (each range
//! is a few of its nodes), which keeps which phases reach which.

use std::collections::{BTreeSet, VecDeque};

use crate::plan::graph::DependsToken;

/// The dependency graph of the phases of a phase graph.
pub(super) struct DepGraph {
    /// The phases, sorted, each once.
    phases: Vec<u32>,
    /// For each phase (by index into `phases`), its dependencies: ranges
    /// `lo..hi` of indexes into `phases`, sorted, apart from each other.
    deps: Vec<Vec<(usize, usize)>>,
}

impl DepGraph {
    /// The graph of `rows`: each phase (once) with its Depends-on tokens. A
    /// token names the phases of the graph it holds (a phase, or every
    /// phase of a range); phases the graph lacks are left out.
    pub(super) fn new<'a>(rows: impl IntoIterator<Item = (u32, &'a [DependsToken])>) -> DepGraph {
        let mut rows: Vec<(u32, &[DependsToken])> = rows.into_iter().collect();
        rows.sort_by_key(|(p, _)| *p);
        rows.dedup_by_key(|(p, _)| *p);
        let phases: Vec<u32> = rows.iter().map(|(p, _)| *p).collect();
        let deps = rows
            .iter()
            .map(|(_, tokens)| {
                let mut ranges: Vec<(usize, usize)> = tokens
                    .iter()
                    .filter_map(|t| {
                        let (a, b) = match *t {
                            DependsToken::Phase(d) => (d, d),
                            DependsToken::Range(a, b) => (a, b),
                            DependsToken::Unknown(_) => return None,
                        };
                        let lo = phases.partition_point(|&p| p < a);
                        let hi = phases.partition_point(|&p| p <= b);
                        (lo < hi).then_some((lo, hi))
                    })
                    .collect();
                ranges.sort_unstable();
                let mut merged: Vec<(usize, usize)> = Vec::with_capacity(ranges.len());
                for (lo, hi) in ranges {
                    match merged.last_mut() {
                        Some((_, end)) if lo <= *end => *end = (*end).max(hi),
                        _ => merged.push((lo, hi)),
                    }
                }
                merged
            })
            .collect();
        DepGraph { phases, deps }
    }

    /// Whether `phase` depends on itself.
    pub(super) fn depends_on_itself(&self, phase: u32) -> bool {
        self.index(phase)
            .is_some_and(|i| self.deps[i].iter().any(|&(lo, hi)| lo <= i && i < hi))
    }

    /// The index of `phase` in the sorted phases.
    fn index(&self, phase: u32) -> Option<usize> {
        self.phases.binary_search(&phase).ok()
    }

    /// The strongly connected groups of phases, each sorted, in order of
    /// their lowest member (Tarjan's algorithm, iterative, over the phases
    /// and the segment tree's nodes; a group is its phases).
    pub(super) fn strongly_connected(&self) -> Vec<Vec<u32>> {
        let n = self.phases.len();
        let tree = SegmentTree::new(n);
        // The successors of each node: a phase reaches the tree's nodes
        // that make up its ranges; a tree node its two halves.
        let successors = |node: usize, out: &mut Vec<usize>| {
            out.clear();
            if node < n {
                for &(lo, hi) in &self.deps[node] {
                    tree.cover(lo, hi, out);
                }
            } else {
                tree.halves(node, out);
            }
        };
        let nodes = tree.nodes();
        const NONE: usize = usize::MAX;
        let mut index = vec![NONE; nodes];
        let mut low = vec![0; nodes];
        let mut on_stack = vec![false; nodes];
        let mut stack = Vec::new();
        let mut groups: Vec<Vec<u32>> = Vec::new();
        let mut counter = 0;
        // (node, its successors, the next one to visit)
        let mut work: Vec<(usize, Vec<usize>, usize)> = Vec::new();
        for root in 0..n {
            if index[root] != NONE {
                continue;
            }
            let mut succ = Vec::new();
            successors(root, &mut succ);
            index[root] = counter;
            low[root] = counter;
            counter += 1;
            stack.push(root);
            on_stack[root] = true;
            work.push((root, succ, 0));
            while let Some((node, succ, next)) = work.last_mut() {
                let node = *node;
                let dep = succ.get(*next).copied();
                if let Some(dep) = dep {
                    *next += 1;
                    if index[dep] == NONE {
                        let mut dep_succ = Vec::new();
                        successors(dep, &mut dep_succ);
                        index[dep] = counter;
                        low[dep] = counter;
                        counter += 1;
                        stack.push(dep);
                        on_stack[dep] = true;
                        work.push((dep, dep_succ, 0));
                    } else if on_stack[dep] {
                        low[node] = low[node].min(index[dep]);
                    }
                    continue;
                }
                work.pop();
                if let Some((parent, _, _)) = work.last() {
                    low[*parent] = low[*parent].min(low[node]);
                }
                if low[node] == index[node] {
                    let mut group = Vec::new();
                    while let Some(member) = stack.pop() {
                        on_stack[member] = false;
                        if member < n {
                            group.push(self.phases[member]);
                        }
                        if member == node {
                            break;
                        }
                    }
                    if !group.is_empty() {
                        group.sort_unstable();
                        groups.push(group);
                    }
                }
            }
        }
        groups.sort_by_key(|g| g.first().copied());
        groups
    }

    /// A shortest circle from `start` back to `start` inside `group`, as
    /// the phases in dependency order (`start` first, not repeated at the
    /// end): a breadth-first search that takes each phase's dependencies
    /// in increasing order, the first found. Each phase of the group is
    /// taken once, from the set of those not reached yet.
    pub(super) fn cycle_through(&self, group: &[u32], start: u32) -> Vec<u32> {
        let Some(start_index) = self.index(start) else {
            return vec![start];
        };
        let mut unreached: BTreeSet<usize> = group
            .iter()
            .filter_map(|&p| self.index(p))
            .filter(|&i| i != start_index)
            .collect();
        let mut previous = vec![usize::MAX; self.phases.len()];
        let mut queue = VecDeque::from([start_index]);
        while let Some(node) = queue.pop_front() {
            let ranges = &self.deps[node];
            if ranges
                .iter()
                .any(|&(lo, hi)| lo <= start_index && start_index < hi)
            {
                let mut path = vec![self.phases[node]];
                let mut at = node;
                while at != start_index {
                    at = previous[at];
                    path.push(self.phases[at]);
                }
                path.reverse();
                return path;
            }
            for &(lo, hi) in ranges {
                let reached: Vec<usize> = unreached.range(lo..hi).copied().collect();
                for dep in reached {
                    unreached.remove(&dep);
                    previous[dep] = node;
                    queue.push_back(dep);
                }
            }
        }
        vec![start]
    }
}

/// A segment tree over `n` leaves, in the array layout: node 1 is the
/// root, node `t` has halves `2t` and `2t + 1`, and leaf `i` is node
/// `size + i`. As graph nodes, leaf `i` is phase `i` itself and inner
/// node `t` is `n + t`.
struct SegmentTree {
    n: usize,
    size: usize,
}

impl SegmentTree {
    fn new(n: usize) -> SegmentTree {
        SegmentTree {
            n,
            size: n.next_power_of_two(),
        }
    }

    /// How many graph nodes there are: the phases, then the inner nodes.
    fn nodes(&self) -> usize {
        self.n + self.size
    }

    /// The graph node of tree node `t`, if it stands for anything.
    fn node(&self, t: usize) -> Option<usize> {
        if t >= self.size {
            (t - self.size < self.n).then(|| t - self.size)
        } else {
            Some(self.n + t)
        }
    }

    /// The graph nodes that together stand for leaves `lo..hi`.
    fn cover(&self, lo: usize, hi: usize, out: &mut Vec<usize>) {
        let (mut l, mut r) = (lo + self.size, hi + self.size);
        while l < r {
            if l & 1 == 1 {
                out.extend(self.node(l));
                l += 1;
            }
            if r & 1 == 1 {
                r -= 1;
                out.extend(self.node(r));
            }
            l /= 2;
            r /= 2;
        }
    }

    /// The graph nodes of the halves of inner graph node `node`.
    fn halves(&self, node: usize, out: &mut Vec<usize>) {
        let t = node - self.n;
        out.extend(self.node(2 * t));
        out.extend(self.node(2 * t + 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    fn graph(rows: &[(u32, Vec<DependsToken>)]) -> DepGraph {
        DepGraph::new(rows.iter().map(|(p, t)| (*p, t.as_slice())))
    }

    #[test]
    fn finds_each_cycle_once() {
        use DependsToken::{Phase, Range};
        let g = graph(&[
            (1, vec![Phase(3)]),
            (2, vec![Phase(1)]),
            (3, vec![Phase(2)]),
            (4, vec![Phase(4)]),
            (5, vec![Phase(1), Range(9, 12)]),
        ]);
        let groups = g.strongly_connected();
        assert_eq!(groups, vec![vec![1, 2, 3], vec![4], vec![5]]);
        assert_eq!(g.cycle_through(&groups[0], 1), vec![1, 3, 2]);
        assert_eq!(g.cycle_through(&groups[1], 4), vec![4]);
        assert!(g.depends_on_itself(4));
        assert!(!g.depends_on_itself(5));
    }

    #[test]
    fn acyclic_graph_has_only_singletons() {
        use DependsToken::{Phase, Range};
        let g = graph(&[(1, vec![]), (2, vec![Phase(1)]), (3, vec![Range(1, 2)])]);
        assert!(g.strongly_connected().iter().all(|g| g.len() == 1));
        // Each phase on every one before it: no edge list of the square.
        let rows: Vec<(u32, Vec<DependsToken>)> = (1..=20_000)
            .map(|p| (p, if p > 1 { vec![Range(1, p - 1)] } else { vec![] }))
            .collect();
        let g = graph(&rows);
        assert_eq!(g.strongly_connected().len(), 20_000);
    }

    /// The expanded graph of `rows` and its groups and circles, as the
    /// checks read them phase by phase.
    fn expanded(rows: &[(u32, Vec<DependsToken>)]) -> BTreeMap<u32, Vec<u32>> {
        let phases: BTreeSet<u32> = rows.iter().map(|(p, _)| *p).collect();
        let mut edges = BTreeMap::new();
        for (p, tokens) in rows {
            let mut deps: Vec<u32> = tokens
                .iter()
                .flat_map(|t| crate::lint::defined_phases_named(t, &phases))
                .collect();
            deps.sort_unstable();
            deps.dedup();
            edges.entry(*p).or_insert(deps);
        }
        edges
    }

    /// Whether `b` can be reached from `a` by one or more edges.
    fn reaches(edges: &BTreeMap<u32, Vec<u32>>, a: u32, b: u32) -> bool {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<u32> = edges[&a].clone();
        while let Some(x) = todo.pop() {
            if x == b {
                return true;
            }
            if seen.insert(x) {
                todo.extend(&edges[&x]);
            }
        }
        false
    }

    /// A shortest circle through `start` in `group`, by a breadth-first
    /// search over the expanded edges in increasing order.
    fn circle(edges: &BTreeMap<u32, Vec<u32>>, group: &[u32], start: u32) -> Vec<u32> {
        let mut previous: BTreeMap<u32, u32> = BTreeMap::new();
        let mut queue = VecDeque::from([start]);
        let mut seen = BTreeSet::new();
        while let Some(node) = queue.pop_front() {
            for &dep in &edges[&node] {
                if !group.contains(&dep) {
                    continue;
                }
                if dep == start {
                    let mut path = vec![node];
                    let mut at = node;
                    while at != start {
                        at = previous[&at];
                        path.push(at);
                    }
                    path.reverse();
                    return path;
                }
                if seen.insert(dep) {
                    previous.insert(dep, node);
                    queue.push_back(dep);
                }
            }
        }
        vec![start]
    }

    fn token() -> impl Strategy<Value = DependsToken> {
        prop_oneof![
            (0u32..14).prop_map(DependsToken::Phase),
            (0u32..14, 0u32..6).prop_map(|(a, n)| DependsToken::Range(a, a + n)),
            Just(DependsToken::Unknown("x".into())),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The groups are those of the expanded graph (two phases share a
        /// group when each reaches the other), and the circle through each
        /// group's lowest phase is the one a search of the expanded edges
        /// finds.
        #[test]
        fn the_ranges_read_as_their_phases(
            rows in proptest::collection::vec((0u32..12, proptest::collection::vec(token(), 0..4)), 0..12)
        ) {
            let g = graph(&rows);
            let edges = expanded(&rows);
            let groups = g.strongly_connected();
            let mut expected: Vec<Vec<u32>> = Vec::new();
            for &p in edges.keys() {
                if expected.iter().any(|grp| grp.contains(&p)) {
                    continue;
                }
                let group: Vec<u32> = edges
                    .keys()
                    .copied()
                    .filter(|&q| q == p || (reaches(&edges, p, q) && reaches(&edges, q, p)))
                    .collect();
                expected.push(group);
            }
            expected.sort_by_key(|grp| grp.first().copied());
            prop_assert_eq!(&groups, &expected);
            for group in &groups {
                let start = group[0];
                prop_assert_eq!(g.depends_on_itself(start), edges[&start].contains(&start));
                prop_assert_eq!(g.cycle_through(group, start), circle(&edges, group, start));
            }
        }
    }
}
