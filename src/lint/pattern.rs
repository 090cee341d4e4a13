//! The vocabulary's POSIX extended regular expressions ([`Ere`]), matched
//! as POSIX `grep -o` and `sed` match them: leftmost, then longest.
//!
//! Perl-style engines (and the `regex` crate) take the first alternative
//! that matches at the leftmost position; POSIX takes the longest. The two
//! differ on the vocabulary's poll loops: in `until curl -s x; do sleep 5`
//! the loop arm with its clock before `do` matches `until curl -s x; do `
//! first, while the arm with its clock after `do` matches all of it. The
//! text a finding quotes is the POSIX match, so the reference's data head
//! is kept.
//!
//! Compiling a pattern costs more than linting a plan, so a pattern is
//! compiled only for a text that holds one of its words (most plans hold
//! none), and its longest-match automaton only once a match is found.

use std::ops::Range;
use std::sync::{Mutex, OnceLock};

use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::{Anchored, Input, MatchKind};

use crate::vocab::verify::Ere;

/// A pattern of the vocabulary, compiled on first need.
#[derive(Debug)]
pub struct Pattern {
    /// The expression (the regex syntax reads a POSIX ERE the same way).
    ere: String,
    /// Words one of which every match contains.
    words: &'static [&'static str],
    /// Whether it matches ignoring case.
    ignore_case: bool,
    /// The blank-free parts of each word (lower-cased when `ignore_case`).
    parts: Vec<Vec<String>>,
    /// Finds where the leftmost match starts (and whether there is one).
    first: OnceLock<regex::Regex>,
    /// From a start, finds where the longest match ends: a lazy DFA with
    /// every match kept, searched anchored; and its cache.
    longest: OnceLock<(DFA, Mutex<Cache>)>,
}

impl Pattern {
    /// The pattern `ere` of the vocabulary.
    pub fn new(ere: Ere) -> Pattern {
        Pattern::with(ere.pattern.to_string(), ere)
    }

    /// The expression `pattern`, built from `ere` (a prefix or a flag
    /// added): it keeps `ere`'s words, so every match of `pattern` must
    /// hold a match of `ere`.
    pub fn with(pattern: String, ere: Ere) -> Pattern {
        let parts = ere
            .words
            .iter()
            .map(|word| {
                word.split(' ')
                    .filter(|part| !part.is_empty())
                    .map(|part| {
                        if ere.ignore_case {
                            part.to_ascii_lowercase()
                        } else {
                            part.to_string()
                        }
                    })
                    .collect()
            })
            .collect();
        Pattern {
            ere: pattern,
            words: ere.words,
            ignore_case: ere.ignore_case,
            parts,
            first: OnceLock::new(),
            longest: OnceLock::new(),
        }
    }

    /// Whether `text` holds one of the pattern's words (else it holds no
    /// match).
    fn may_match(&self, text: &str) -> bool {
        if self.ignore_case {
            let lower = text.to_ascii_lowercase();
            self.words
                .iter()
                .any(|w| lower.contains(&w.to_ascii_lowercase()))
        } else {
            self.words.iter().any(|w| text.contains(w))
        }
    }

    /// Whether text made of the lines of `text` may hold a match once it
    /// is folded (lines joined, blanks changed and squeezed): for one of the
    /// pattern's words, every blank-free part of it appears in `text`. When
    /// this says no, no fold of the lines holds a match, and the fold need
    /// not be made.
    pub fn may_appear(&self, text: &str) -> bool {
        // The bytes the text holds (folded); the text itself is folded only
        // when a word's bytes are all there.
        let mut present = [false; 256];
        if self.ignore_case {
            for &b in text.as_bytes() {
                present[usize::from(b.to_ascii_lowercase())] = true;
            }
        } else {
            for &b in text.as_bytes() {
                present[usize::from(b)] = true;
            }
        }
        let possible = |part: &String| part.bytes().all(|b| present[usize::from(b)]);
        let lowered = std::cell::OnceCell::new();
        let folded = || -> &str {
            if self.ignore_case {
                lowered.get_or_init(|| text.to_ascii_lowercase())
            } else {
                text
            }
        };
        self.parts.iter().any(|parts| {
            parts.iter().all(possible) && parts.iter().all(|part| holds(folded(), part))
        })
    }

    /// The compiled expression. Panics on a pattern that does not compile:
    /// the patterns are the vocabulary's constants, and a test compiles
    /// every one.
    fn first(&self) -> &regex::Regex {
        self.first.get_or_init(|| {
            regex::RegexBuilder::new(&self.ere)
                .case_insensitive(self.ignore_case)
                .unicode(!self.ignore_case)
                .build()
                .unwrap_or_else(|e| panic!("vocabulary pattern {:?}: {e}", self.ere))
        })
    }

    /// Whether `text` holds a match.
    pub fn is_match(&self, text: &str) -> bool {
        self.may_match(text) && self.first().is_match(text)
    }

    /// The leftmost-longest match in `text` at or after byte `from`.
    pub fn find_at(&self, text: &str, from: usize) -> Option<Range<usize>> {
        if !self.may_match(&text[from.min(text.len())..]) {
            return None;
        }
        let start = self.first().find_at(text, from)?.start();
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
        if !self.may_match(text) {
            return out;
        }
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
        let (dfa, cache) = self.longest.get_or_init(|| {
            let dfa = DFA::builder()
                .configure(DFA::config().match_kind(MatchKind::All))
                .syntax(
                    regex_automata::util::syntax::Config::new()
                        .case_insensitive(self.ignore_case)
                        .unicode(!self.ignore_case),
                )
                .build(&self.ere)
                .unwrap_or_else(|e| panic!("vocabulary pattern {:?}: {e}", self.ere));
            let cache = Mutex::new(dfa.create_cache());
            (dfa, cache)
        });
        let input = Input::new(text)
            .range(start..)
            .anchored(Anchored::Yes)
            .earliest(false);
        let mut cache = match cache.lock() {
            Ok(cache) => cache,
            Err(poisoned) => poisoned.into_inner(),
        };
        dfa.try_search_fwd(&mut cache, &input)
            .ok()
            .flatten()
            .map(|m| m.offset())
    }
}

/// Whether `text` holds `part` (a quick search for short texts).
fn holds(text: &str, part: &str) -> bool {
    let (hay, needle) = (text.as_bytes(), part.as_bytes());
    let Some(&first) = needle.first() else {
        return true;
    };
    memchr::memchr_iter(first, hay).any(|at| hay[at..].starts_with(needle))
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

    fn ere(pattern: &'static str, words: &'static [&'static str]) -> Ere {
        Ere {
            pattern,
            words,
            ignore_case: false,
        }
    }

    #[test]
    fn leftmost_longest() {
        let p = Pattern::new(ere("foo|foofoo", &["foo"]));
        assert_eq!(p.find("xfoofoo"), Some(1..7));
        let wait = Pattern::new(verify::EXTERNAL_WAIT);
        let text = "until curl -s x; do sleep 5; done";
        let hit = wait.find(text).map(|r| &text[r]);
        assert_eq!(hit, Some("until curl -s x; do sleep 5"));
        let ci = Pattern::new(verify::EXPECTED_FAILURE);
        let text = "`x` Should Error here";
        assert_eq!(ci.find(text).map(|r| &text[r]), Some("Should Error"));
    }

    const VOCABULARY: [Ere; 7] = [
        verify::EXTERNAL_WAIT,
        verify::EXTERNAL_WAIT_ALLOW,
        verify::LOOP_END,
        verify::SETUP_LEADS,
        verify::FLEET_WIDE_READS,
        verify::FLEET_WIDE_SCOPED,
        verify::EXPECTED_FAILURE,
    ];

    #[test]
    fn every_vocabulary_pattern_compiles() {
        for ere in VOCABULARY {
            let p = Pattern::new(ere);
            assert!(
                !p.first().is_match(""),
                "{} matches nothing at all",
                ere.pattern
            );
        }
    }

    /// Whether every match of `hir` holds one of `words` (lower-case): a
    /// literal holding one, a concatenation with such a part, an alternation
    /// of such branches, a repetition of one at least once.
    fn holds_a_word(hir: &regex_syntax::hir::Hir, words: &[String]) -> bool {
        use regex_syntax::hir::HirKind;
        match hir.kind() {
            HirKind::Literal(lit) => {
                let text = String::from_utf8_lossy(&lit.0).to_ascii_lowercase();
                words.iter().any(|w| text.contains(w.as_str()))
            }
            HirKind::Concat(parts) => parts.iter().any(|p| holds_a_word(p, words)),
            HirKind::Alternation(branches) => branches.iter().all(|b| holds_a_word(b, words)),
            HirKind::Repetition(rep) => rep.min > 0 && holds_a_word(&rep.sub, words),
            HirKind::Capture(cap) => holds_a_word(&cap.sub, words),
            _ => false,
        }
    }

    /// A text without any of a pattern's words holds no match of it (case
    /// is folded by lower-casing both, so the pattern is read as written).
    #[test]
    fn every_match_holds_one_of_the_words() {
        for ere in VOCABULARY {
            let hir = regex_syntax::ParserBuilder::new()
                .build()
                .parse(ere.pattern)
                .expect("parses");
            let words: Vec<String> = ere.words.iter().map(|w| w.to_ascii_lowercase()).collect();
            assert!(
                holds_a_word(&hir, &words),
                "{}: {:?}",
                ere.pattern,
                ere.words
            );
        }
        let hir = regex_syntax::ParserBuilder::new()
            .build()
            .parse("a(b|c)")
            .expect("parses");
        assert!(!holds_a_word(&hir, &["b".to_string()]));
    }

    #[test]
    fn a_text_without_the_words_is_passed_over() {
        let p = Pattern::new(verify::EXTERNAL_WAIT);
        assert_eq!(p.find("grep -q x build.log"), None);
        assert!(p.first.get().is_none());
    }

    #[test]
    fn words_may_appear_across_lines_and_blanks() {
        let p = Pattern::new(verify::EXTERNAL_WAIT);
        assert!(p.may_appear("  tail \\\n  -f log"));
        assert!(p.may_appear("tail\t-f log"));
        assert!(!p.may_appear("grep -q x log\ntest -s y"));
        let ci = Pattern::new(verify::EXPECTED_FAILURE);
        assert!(ci.may_appear("`x` — Known RED"));
    }

    proptest::proptest! {
        /// A text may hold a fold of a match exactly when, for one of the
        /// words, it holds every blank-free part (case folded first when
        /// the pattern ignores case).
        #[test]
        fn may_appear_when_every_part_of_a_word_is_there(
            text in "(tail|TAIL|-f|-F|Known|red|RED|sleep|[ \\\n\ta-z])*",
        ) {
            for ere in VOCABULARY {
                let p = Pattern::new(ere);
                let folded = if ere.ignore_case { text.to_ascii_lowercase() } else { text.clone() };
                let expected = p
                    .parts
                    .iter()
                    .any(|parts| parts.iter().all(|part| folded.contains(part.as_str())));
                proptest::prop_assert_eq!(p.may_appear(&text), expected, "{}", ere.pattern);
            }
        }
    }

    #[test]
    fn all_matches_left_to_right() {
        let p = Pattern::new(ere("ab|abab|c", &["ab", "c"]));
        let text = "ababcab";
        let found: Vec<&str> = p.find_all(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(found, vec!["abab", "c", "ab"]);
    }
}
