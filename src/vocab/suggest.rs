//! "Did you mean …?": the word of a vocabulary closest to a misspelled one,
//! for the messages that name an unknown key, class or word (SPEC §8: every
//! error says what to do).

/// The key of the vocabulary closest to `key`, when it is a likely typo:
/// the same key in another case, one edit away from a key of four
/// characters or more, or two edits away from one of seven or more.
pub fn closest_key(key: &str) -> Option<&'static str> {
    closest_word(key, super::KEYS.iter().map(|spec| spec.key))
}

/// The word of `words` closest to `word`, by the rule of [`closest_key`].
pub fn closest_word(word: &str, words: impl Iterator<Item = &'static str>) -> Option<&'static str> {
    let lower = word.to_lowercase();
    words
        .map(|k| (edit_distance(&lower, k), k))
        .filter(|(d, k)| *d == 0 || (*d == 1 && k.len() >= 4) || (*d == 2 && k.len() >= 7))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The Levenshtein distance between `a` and `b`, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_suggestions() {
        assert_eq!(closest_key("stopp"), Some("stop"));
        assert_eq!(closest_key("Relay"), Some("relay"));
        assert_eq!(closest_key("human-act"), Some("human-acts"));
        assert_eq!(closest_key("approvals"), None);
        assert_eq!(closest_key("zeta.backups"), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
