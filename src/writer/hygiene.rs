//! Cell hygiene for the rows the writer puts into the twin (SPEC §7): what a
//! cell may hold, and how a `|` is written so the row keeps its columns.

/// The longest owner cell, in characters (SPEC §7).
pub const OWNER_MAX_CHARS: usize = crate::vocab::OWNER_MAX_CHARS;
/// The longest value cell, in characters (SPEC §7).
pub const VALUE_MAX_CHARS: usize = 500;
/// The longest evidence cell, in characters (SPEC §7).
pub const EVIDENCE_MAX_CHARS: usize = 200;

/// A cell's text after [`clean`], and whether the cut to the cell's
/// length dropped any of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cleaned {
    /// The cell's logical text.
    pub text: String,
    /// Whether characters were cut off the end (SPEC §7's limits); a
    /// caller tells the person so.
    pub cut: bool,
}

/// `text` made fit for one table cell (SPEC §7): every control character
/// (CR, LF, TAB and the rest of Unicode's `Cc` class) becomes a space, runs
/// of spaces shrink to one, the ends are trimmed, and the result is cut to at
/// most `max_chars` characters (never inside a UTF-8 character), trimmed
/// again. Characters that are not ASCII spaces, such as U+00A0, are kept as
/// they are: the reader does not trim them either (SPEC §3.3).
///
/// The result is the cell's logical text: [`escape_pipes`] gives the form
/// written to the file, and the reader reads that back as this text.
pub fn clean(text: &str, max_chars: usize) -> String {
    clean_noting(text, max_chars).text
}

/// [`clean`], also saying whether the cut to `max_chars` characters dropped
/// any text (spaces alone at the end do not count).
pub fn clean_noting(text: &str, max_chars: usize) -> Cleaned {
    let mut out = String::with_capacity(text.len().min(max_chars * 4));
    let mut count = 0;
    let mut pending_space = false;
    for c in text.chars() {
        let c = if c.is_control() { ' ' } else { c };
        if c == ' ' {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space {
            if count + 1 >= max_chars {
                return Cleaned {
                    text: out,
                    cut: true,
                };
            }
            out.push(' ');
            count += 1;
            pending_space = false;
        }
        if count >= max_chars {
            return Cleaned {
                text: out,
                cut: true,
            };
        }
        out.push(c);
        count += 1;
    }
    Cleaned {
        text: out,
        cut: false,
    }
}

/// `text` with every `|` escaped as GFM escapes it (SPEC §7, fix), so a
/// pipe inside a value never splits the row, and with the backslashes right
/// before a pipe doubled, so that a GFM reader shows them — and the reader
/// reads them back ([`crate::markdown::table::read_text_cell`]): `a|b` is
/// written `a\|b`, and `\|` is written `\\\|`. Every other character is
/// written as it is.
pub fn escape_pipes(text: &str) -> String {
    if !text.contains('|') {
        return text.to_string();
    }
    crate::markdown::table::recount_backslashes_before_pipes(text, |k| 2 * k + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::table::read_text_cell;
    use proptest::prelude::*;

    #[test]
    fn controls_become_single_spaces() {
        assert_eq!(clean("  a\r\n\tb  \u{7}c \u{85} ", 500), "a b c");
        assert_eq!(clean("\n\t\r", 500), "");
        assert_eq!(clean("x\u{A0} y", 500), "x\u{A0} y");
    }

    #[test]
    fn cuts_at_characters_and_trims_the_cut() {
        assert_eq!(clean("ééééé", 3), "ééé");
        assert_eq!(clean("ab cd", 3), "ab");
        assert_eq!(clean("ab   cd", 4), "ab c");
        assert_eq!(clean("abc", 0), "");
        assert!(clean_noting("ab cd", 3).cut);
        assert!(clean_noting("abc", 0).cut);
        assert!(!clean_noting("abc  \n", 3).cut);
        assert!(!clean_noting("", 0).cut);
    }

    #[test]
    fn pipes_round_trip_through_the_reader() {
        for text in ["a|b", "a\\|b", "\\", "|", "x \\\\| y", "||"] {
            let cell = format!(" {} ", escape_pipes(text));
            assert_eq!(read_text_cell(&cell), text, "{text:?}");
        }
    }

    fn reference_clean(text: &str, max: usize) -> String {
        let spaced: String = text
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let squeezed = spaced
            .split(' ')
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let cut: String = squeezed.chars().take(max).collect();
        cut.trim_matches(' ').to_string()
    }

    proptest! {
        #[test]
        fn clean_is_the_rule(text in "(\\PC|[\\x00-\\x1f\\x7f| `\\\\])*", max in 0usize..40) {
            let cleaned = clean(&text, max);
            prop_assert_eq!(&cleaned, &reference_clean(&text, max));
            prop_assert!(cleaned.chars().count() <= max);
            prop_assert!(!cleaned.chars().any(char::is_control));
            prop_assert!(!cleaned.contains("  "));
            prop_assert!(!cleaned.starts_with(' ') && !cleaned.ends_with(' '));
            prop_assert_eq!(clean(&cleaned, max), cleaned.clone());
            let whole = reference_clean(&text, usize::MAX);
            prop_assert_eq!(
                clean_noting(&text, max).cut,
                whole.chars().count() > max,
                "cut is reported exactly when text was dropped"
            );
            let cell = format!(" {} ", escape_pipes(&cleaned));
            prop_assert_eq!(read_text_cell(&cell), cleaned);
        }
    }
}
