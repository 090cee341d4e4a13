//! The vocabulary's POSIX extended regular expressions, matched as POSIX
//! `grep -o` and `sed` match them: leftmost, then longest.
//!
//! Perl-style engines (and the `regex` crate) take the first alternative
//! that matches at the leftmost position; POSIX takes the longest. The two
//! differ on the vocabulary's poll loops: in `until curl -s x; do sleep 5`
//! the loop arm with its clock before `do` matches `until curl -s x; do `
//! first, while the arm with its clock after `do` matches all of it. The
//! text a finding quotes is the POSIX match, so the reference's data head
//! is kept.

use std::ops::Range;
use std::sync::Mutex;

use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::{Anchored, Input, MatchKind};

/// A compiled pattern of the vocabulary.
#[derive(Debug)]
pub struct Pattern {
    /// Finds where the leftmost match starts (and whether there is one).
    first: regex::Regex,
    /// From a start, finds where the longest match ends: a lazy DFA with
    /// every match kept, searched anchored.
    longest: DFA,
    /// The lazy DFA's cache; searched only when `first` found a match.
    cache: Mutex<Cache>,
}

impl Pattern {
    /// Compiles the POSIX ERE `ere` (which the regex syntax reads the same
    /// way); `ignore_case` as `grep -i`. Panics on a pattern that does not
    /// compile: the patterns are the vocabulary's constants, and a test
    /// compiles every one.
    pub fn new(ere: &str, ignore_case: bool) -> Pattern {
        let first = regex::RegexBuilder::new(ere)
            .case_insensitive(ignore_case)
            .build()
            .unwrap_or_else(|e| panic!("vocabulary pattern {ere:?}: {e}"));
        let longest = DFA::builder()
            .configure(DFA::config().match_kind(MatchKind::All))
            .syntax(regex_automata::util::syntax::Config::new().case_insensitive(ignore_case))
            .build(ere)
            .unwrap_or_else(|e| panic!("vocabulary pattern {ere:?}: {e}"));
        let cache = Mutex::new(longest.create_cache());
        Pattern {
            first,
            longest,
            cache,
        }
    }

    /// Whether `text` holds a match.
    pub fn is_match(&self, text: &str) -> bool {
        self.first.is_match(text)
    }

    /// The leftmost-longest match in `text` at or after byte `from`.
    pub fn find_at(&self, text: &str, from: usize) -> Option<Range<usize>> {
        let start = self.first.find_at(text, from)?.start();
        let end = self.longest_end(text, start).unwrap_or(start);
        Some(start..end.max(start))
    }

    /// The leftmost-longest match in `text`.
    pub fn find(&self, text: &str) -> Option<Range<usize>> {
        self.find_at(text, 0)
    }

    /// Every leftmost-longest match of `text`, left to right, none
    /// overlapping (as `grep -o` and `sed s///g` take them).
    pub fn find_all(&self, text: &str) -> Vec<Range<usize>> {
        let mut out = Vec::new();
        let mut from = 0;
        while from <= text.len() {
            let Some(m) = self.find_at(text, from) else {
                break;
            };
            from = if m.is_empty() {
                next_char(text, m.end)
            } else {
                m.end
            };
            out.push(m);
        }
        out
    }

    /// The end of the longest match that starts at `start`.
    fn longest_end(&self, text: &str, start: usize) -> Option<usize> {
        let input = Input::new(text)
            .range(start..)
            .anchored(Anchored::Yes)
            .earliest(false);
        let mut cache = match self.cache.lock() {
            Ok(cache) => cache,
            Err(poisoned) => poisoned.into_inner(),
        };
        self.longest
            .try_search_fwd(&mut cache, &input)
            .ok()
            .flatten()
            .map(|m| m.offset())
    }
}

/// The byte offset after the character at `at` (past the end when `at` is
/// the end).
fn next_char(text: &str, at: usize) -> usize {
    text[at..]
        .chars()
        .next()
        .map(|c| at + c.len_utf8())
        .unwrap_or(text.len() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::verify;

    #[test]
    fn leftmost_longest() {
        let p = Pattern::new("foo|foofoo", false);
        assert_eq!(p.find("xfoofoo"), Some(1..7));
        let wait = Pattern::new(verify::EXTERNAL_WAIT, false);
        let text = "until curl -s x; do sleep 5; done";
        let hit = wait.find(text).map(|r| &text[r]);
        assert_eq!(hit, Some("until curl -s x; do sleep 5"));
        let ci = Pattern::new(verify::EXPECTED_FAILURE, true);
        let text = "`x` Should Error here";
        assert_eq!(ci.find(text).map(|r| &text[r]), Some("Should Error"));
    }

    #[test]
    fn every_vocabulary_pattern_compiles() {
        for ere in [
            verify::EXTERNAL_WAIT,
            verify::EXTERNAL_WAIT_ALLOW,
            verify::LOOP_END,
            verify::SETUP_LEADS,
            verify::FLEET_WIDE_READS,
            verify::FLEET_WIDE_SCOPED,
            verify::EXPECTED_FAILURE,
        ] {
            let p = Pattern::new(ere, false);
            assert!(!p.is_match(""), "{ere} matches nothing at all");
        }
    }

    #[test]
    fn all_matches_left_to_right() {
        let p = Pattern::new("ab|abab|c", false);
        let text = "ababcab";
        let found: Vec<&str> = p.find_all(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(found, vec!["abab", "c", "ab"]);
    }
}
