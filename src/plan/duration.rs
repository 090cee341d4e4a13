//! Durations as the plan writes them (`45m`, `2 hours`, `` `3d` ``): the
//! wait windows of F36 and the `window:`/`effort:` fields of a human step
//! (F37), read the way the reference reads them (SPEC-PARITY.md).

use crate::markdown::inline::without_marks;
use crate::vocab::DURATION_UNITS;

/// The first duration in `text`, in minutes: the first run of digits
/// followed (after optional blanks) by a unit of [`DURATION_UNITS`] that is
/// not itself followed by a letter, a digit or `_`. Backticks and `*` are
/// ignored. `None` when `text` holds no duration, or when the first one is
/// zero. A number too large for `u64` saturates.
pub fn duration_minutes(text: &str) -> Option<u64> {
    let text = without_marks(text);
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        // POSIX [[:space:]]: the blanks the reference allows before a unit.
        let rest = text[i..].trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
        let unit = DURATION_UNITS.iter().find(|(unit, _)| {
            rest.starts_with(unit)
                && !rest[unit.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        });
        if let Some((_, minutes)) = unit {
            let digits = text[start..i].trim_start_matches('0');
            let n = if digits.is_empty() {
                0
            } else {
                digits.parse::<u64>().unwrap_or(u64::MAX)
            };
            return (n > 0).then(|| n.saturating_mul(*minutes));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(duration_minutes("45m"), Some(45));
        assert_eq!(duration_minutes("90m"), Some(90));
        assert_eq!(duration_minutes(" `2h` "), Some(120));
        assert_eq!(duration_minutes("`2d`"), Some(2880));
        assert_eq!(duration_minutes("about 1 day"), Some(1440));
        assert_eq!(duration_minutes("3 days"), Some(4320));
        assert_eq!(duration_minutes("run/77 90 minutes"), Some(90));
        assert_eq!(duration_minutes("5mi 3h"), Some(180));
        assert_eq!(duration_minutes("15mx 3h"), Some(180));
        assert_eq!(duration_minutes("1h30"), None);
        assert_eq!(duration_minutes("0m then 5m"), None);
        assert_eq!(duration_minutes("007m"), Some(7));
        assert_eq!(duration_minutes("99999999999999999999999h"), Some(u64::MAX));
        assert_eq!(duration_minutes("soon"), None);
        assert_eq!(duration_minutes("45M"), None);
    }
}
