//! A shortcut for large tables: their cells are read as raw text, so the
//! Markdown parser need not parse the inline content of each cell.
//!
//! Before parsing, the body rows of every table that follows a level-1 or
//! level-2 heading directly (no deeper heading in between: the phase graph,
//! a `## Decisions` table, a twin's table) get their cell text masked: each
//! byte that is not a blank, a `|` or a `\` becomes `x`. Cells split at the
//! same pipes, stay empty or not, and no masked line can start or end a
//! block, so the parser sees the same blocks, tables and rows, at the same
//! offsets; only the inline events inside those cells (which nothing reads:
//! such a table is never inside a phase block) are not produced.
//!
//! The guess of which lines are table rows is made line by line, before
//! parsing; the parse then proves it: every masked line must lie in a row
//! of the table the guess took it for (the one whose header is the line
//! above the delimiter row the guess saw), and that table's nearest
//! heading above must be of level 1 or 2. The text up to that delimiter
//! row is the same in both parses, so both find that table there, and a
//! masked row is a row of it in both. If any line fails the proof (a guess
//! inside a fence or a comment, or a header with the wrong number of
//! cells), the text is parsed again unmasked, so the result never depends
//! on the guess.

use std::ops::Range;

use super::Document;

/// A table the guess took some lines for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guess {
    /// The body offsets of the line taken for the table's header row.
    pub header: Range<usize>,
    /// The body offset of the first `|` of each masked row.
    pub pipes: Vec<usize>,
}

/// The body with its guessed table rows masked, and the tables guessed;
/// `None` when no line was masked.
pub fn mask_table_rows(body: &str) -> Option<(String, Vec<Guess>)> {
    let bytes = body.as_bytes();
    let mut masked: Option<Vec<u8>> = None;
    let mut guesses: Vec<Guess> = Vec::new();
    let mut previous = 0..0;
    let mut heading_level = 0u8;
    let mut fence: Option<(u8, usize)> = None;
    let mut in_rows = false;
    let mut previous_has_pipe = false;
    let mut start = 0;
    while start < bytes.len() {
        let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i);
        let line = &bytes[start..end];
        let indent = line.iter().take_while(|&&b| b == b' ').count();
        let rest = &line[indent..];
        if in_rows && rest.first() == Some(&b'|') {
            let out = masked.get_or_insert_with(|| bytes.to_vec());
            for b in &mut out[start + indent + 1..end] {
                if !matches!(*b, b' ' | b'\t' | b'\r' | b'|' | b'\\') {
                    *b = b'x';
                }
            }
            if let Some(guess) = guesses.last_mut() {
                guess.pipes.push(start + indent);
            }
            start = end + 1;
            continue;
        }
        in_rows = false;
        if let Some((mark, len)) = fence {
            let run = rest.iter().take_while(|&&b| b == mark).count();
            if indent < 4 && run >= len && rest[run..].iter().all(|b| b.is_ascii_whitespace()) {
                fence = None;
            }
        } else if indent < 4 {
            let mark = rest.first().copied().unwrap_or(0);
            let run = rest.iter().take_while(|&&b| b == mark).count();
            if (mark == b'`' || mark == b'~') && run >= 3 {
                fence = Some((mark, run));
            } else if mark == b'#'
                && run <= 6
                && rest.get(run).is_none_or(|b| b.is_ascii_whitespace())
            {
                heading_level = run as u8;
            } else if heading_level <= 2 && previous_has_pipe && is_delimiter_row(rest) {
                in_rows = true;
                guesses.push(Guess {
                    header: previous.clone(),
                    pipes: Vec::new(),
                });
            }
        }
        previous_has_pipe = line.contains(&b'|');
        previous = start..end;
        start = end + 1;
    }
    let masked = masked?;
    guesses.retain(|g| !g.pipes.is_empty());
    String::from_utf8(masked).ok().map(|text| (text, guesses))
}

/// Whether `line` is a table's delimiter row: pipes, dashes, colons and
/// blanks only, with at least one dash and one pipe.
fn is_delimiter_row(line: &[u8]) -> bool {
    line.contains(&b'-')
        && line.contains(&b'|')
        && line
            .iter()
            .all(|b| matches!(b, b'|' | b'-' | b':' | b' ' | b'\t' | b'\r'))
}

/// Whether the parse of the masked body (which starts at document offset
/// `from`) proves the guesses: each guessed table is a table of the parse
/// whose header row lies on the guessed header line and whose nearest
/// heading above is of level 1 or 2, and each masked row's first `|` lies
/// in one of its rows.
pub fn proven(doc: &Document, guesses: &[Guess], from: usize) -> bool {
    let mut tables = doc.tables.iter().peekable();
    let mut heading = 0;
    guesses.iter().all(|guess| {
        let header = (from + guess.header.start)..(from + guess.header.end);
        while tables.peek().is_some_and(|t| t.range.end <= header.start) {
            tables.next();
        }
        let Some(table) = tables.peek() else {
            return false;
        };
        let header_row = table
            .rows
            .first()
            .is_some_and(|r| contains(&header, r.start));
        if !header_row {
            return false;
        }
        while heading < doc.headings.len() && doc.headings[heading].range.start < table.range.start
        {
            heading += 1;
        }
        if heading > 0 && doc.headings[heading - 1].level > 2 {
            return false;
        }
        let mut rows = table.rows.iter().peekable();
        guess.pipes.iter().all(|&p| {
            let at = from + p;
            while rows.peek().is_some_and(|r| r.end <= at) {
                rows.next();
            }
            rows.peek().is_some_and(|r| contains(r, at))
        })
    })
}

/// Whether `range` contains `at`.
fn contains(range: &Range<usize>, at: usize) -> bool {
    range.start <= at && at < range.end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_both(text: &str) -> (Document, Document) {
        (Document::parse(text, 0), Document::parse_unmasked(text, 0))
    }

    #[test]
    fn rows_of_tables_under_level_two_headings_are_masked() {
        let body = "## Decisions\n\n| key | value |\n|---|---|\n| `relay` | **off** \\| on |\n| a\n\n### Phase 1\n\n| k |\n|---|\n| `x` |\n";
        let (masked, guesses) = mask_table_rows(body).expect("a masked row");
        assert_eq!(guesses.len(), 1);
        assert_eq!(guesses[0].pipes.len(), 2);
        assert_eq!(&body[guesses[0].header.clone()], "| key | value |");
        assert!(masked.contains("| xxxxxxx | xxxxxxx \\| xx |\n| x\n"));
        assert!(masked.ends_with("| `x` |\n"));
        let (fast, full) = parse_both(body);
        assert_eq!(fast.tables, full.tables);
        assert_eq!(fast.headings, full.headings);
        assert_eq!(fast.code_spans.len() + 1, full.code_spans.len());
    }

    #[test]
    fn a_wrong_guess_falls_back_to_the_full_parse() {
        let bodies = [
            "## Notes\n\n<!--\n| a |\n|---|\n| `b` --> c |\n\n```\n| q |\n|---|\n| `r` |\n```\n",
            // The first row has three cells, so it is no header: the second
            // line heads the table and the third is its delimiter row.
            "| a \\| b | `c|d` |\n  |---|---|\n|---|---|\n--- | ---\n",
        ];
        for body in bodies {
            assert!(mask_table_rows(body).is_some(), "{body}");
            let (fast, full) = parse_both(body);
            assert_eq!(fast.tables, full.tables);
            assert_eq!(fast.code_spans, full.code_spans);
            assert_eq!(fast.html_blocks, full.html_blocks);
            assert_eq!(fast.code_blocks, full.code_blocks);
        }
    }
}
