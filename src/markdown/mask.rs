//! A shortcut for large tables: their cells are read as raw text, so the
//! Markdown parser need not parse each of their rows.
//!
//! Before parsing, the tables that follow a level-1 or level-2 heading
//! directly (no deeper heading in between: the phase graph, a
//! `## Decisions` table, a twin's table) are guessed line by line: a header
//! line, a delimiter row, then the run of lines that start with `|`. The
//! parser is given a reduced text: the first body row of each such table
//! with its cell text masked (each byte that is not a blank, a `|` or a
//! `\` becomes `x`, so cells split at the same pipes and stay empty or
//! not), and the other body rows left out when each of them is a row by
//! itself (a `|`, then something other than blanks, and no lone carriage
//! return). The parse is then mapped back: offsets after a cut move by
//! what was left out, and the rows left out are put back into their table.
//!
//! The parse proves the guess: each guessed table must be a table of the
//! parse, outside any list or quote, whose header row lies on the guessed
//! header line and whose nearest heading above is of level 1 or 2, and
//! each masked row must lie in one of its rows. The text up to the
//! delimiter row is the same in both texts, so the full parse finds that
//! table there too; and a line that starts with `|` and holds a cell can
//! neither end a table outside any container nor start another block, so
//! every row left out or masked is a row of it in the full parse as well,
//! and the parse after the table goes on the same. If the proof fails (a
//! guess inside a fence or a comment, or a header with the wrong number of
//! cells), the text is parsed again in full, so the result never depends
//! on the guess. What the shortcut does not produce are the inline events
//! inside those tables' cells, which nothing reads (such a table is never
//! inside a phase block).

use std::ops::Range;

use super::Document;

/// The most cells a table may lack before the parser stops filling them
/// (pulldown-cmark's limit): a table whose rows could lack that many is
/// never shortened.
const MAX_FILLED_CELLS: usize = 1 << 18;

/// A table the guess took some lines for (offsets into the body).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Guess {
    /// The line taken for the table's header row.
    header: Range<usize>,
    /// Each body row: from its first `|` to the end of its line, the line
    /// ending included (the range the parser gives a row).
    rows: Vec<Range<usize>>,
    /// Whether the rows after the first are left out of the parse.
    shortened: bool,
    /// At least as many cells as the parser fills in the rows (a row with
    /// fewer cells than the header gets empty ones).
    missing: usize,
}

/// The text the parser is given, and how to map its parse back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reduced {
    /// The reduced body.
    pub text: String,
    /// Where bytes were left out: the offset in `text`, and how many were
    /// left out up to there, that cut included.
    cuts: Vec<(usize, usize)>,
    /// The tables guessed.
    guesses: Vec<Guess>,
}

/// The lines of `bytes`: start, end (before the `\n`), and the offset after
/// the line ending.
fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= bytes.len() {
            return None;
        }
        let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i);
        let line = (start, end, (end + 1).min(bytes.len()));
        start = end + 1;
        Some(line)
    })
}

/// The tables of `body` that the shortcut applies to, guessed line by line.
fn guess_tables(bytes: &[u8]) -> Vec<Guess> {
    let mut guesses: Vec<Guess> = Vec::new();
    let mut heading_level = 0u8;
    let mut fence: Option<(u8, usize)> = None;
    let mut in_rows = false;
    let mut previous = 0..0;
    let mut previous_has_pipe = false;
    let mut columns: usize = 0;
    for (start, end, next) in lines(bytes) {
        let line = &bytes[start..end];
        let indent = line.iter().take_while(|&&b| b == b' ').count();
        let rest = &line[indent..];
        if in_rows && rest.first() == Some(&b'|') {
            if let Some(guess) = guesses.last_mut() {
                guess.rows.push((start + indent)..next);
                guess.missing = guess
                    .missing
                    .saturating_add(columns.saturating_sub(fewest_cells(rest)));
                let cells = rest[1..].iter().any(|b| !matches!(b, b' ' | b'\t' | b'\r'));
                let lone_cr = memchr::memchr(b'\r', rest).is_some_and(|at| at + 1 < rest.len());
                if !cells || lone_cr {
                    guess.shortened = false;
                }
            }
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
                // The delimiter row's cells: one more than its pipes, less
                // a leading and a trailing one.
                let trimmed = rest.trim_ascii();
                columns = rest.iter().filter(|&&b| b == b'|').count() + 1
                    - usize::from(trimmed.first() == Some(&b'|'))
                    - usize::from(trimmed.len() > 1 && trimmed.last() == Some(&b'|'));
                guesses.push(Guess {
                    header: previous.clone(),
                    rows: Vec::new(),
                    shortened: true,
                    missing: 0,
                });
            }
        }
        previous_has_pipe = line.contains(&b'|');
        previous = start..end;
        if let Some(guess) = guesses.last_mut()
            && !in_rows
            && guess.shortened
        {
            guess.shortened = guess.rows.len() >= 2 && guess.missing < MAX_FILLED_CELLS;
        }
    }
    if let Some(guess) = guesses.last_mut() {
        guess.shortened =
            guess.shortened && guess.rows.len() >= 2 && guess.missing < MAX_FILLED_CELLS;
    }
    guesses.retain(|g| !g.rows.is_empty());
    guesses
}

/// The fewest cells the parser can find in the table row `row` (which
/// starts with `|`, and holds more than blanks after it): one less than
/// its pipes that end a cell — every `|` but one right after a `\` — and
/// at least one.
fn fewest_cells(row: &[u8]) -> usize {
    let ends = memchr::memchr_iter(b'|', row)
        .filter(|&at| at == 0 || row[at - 1] != b'\\')
        .count();
    ends.saturating_sub(1).max(1)
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

/// The text the parser is given for `body`; `None` when the shortcut does
/// not apply (no table follows a level-1 or level-2 heading directly).
pub fn reduce(body: &str) -> Option<Reduced> {
    let bytes = body.as_bytes();
    let guesses = guess_tables(bytes);
    if guesses.is_empty() {
        return None;
    }
    let left_out: usize = guesses
        .iter()
        .filter(|g| g.shortened)
        .filter_map(|g| Some(g.rows.last()?.end - g.rows.first()?.end))
        .sum();
    let mut text = Vec::with_capacity(bytes.len() - left_out);
    let mut cuts = Vec::new();
    let mut left_out_so_far = 0;
    let mut at = 0;
    for guess in &guesses {
        let kept = if guess.shortened {
            &guess.rows[..1]
        } else {
            &guess.rows[..]
        };
        for row in kept {
            text.extend_from_slice(&bytes[at..row.start + 1]);
            text.extend(bytes[row.start + 1..row.end].iter().map(|&b| match b {
                b' ' | b'\t' | b'\r' | b'\n' | b'|' | b'\\' => b,
                _ => b'x',
            }));
            at = row.end;
        }
        if guess.shortened
            && let (Some(first), Some(last)) = (guess.rows.first(), guess.rows.last())
        {
            left_out_so_far += last.end - first.end;
            cuts.push((text.len(), left_out_so_far));
            at = last.end;
        }
    }
    text.extend_from_slice(&bytes[at..]);
    let text = String::from_utf8(text).ok()?;
    Some(Reduced {
        text,
        cuts,
        guesses,
    })
}

impl Reduced {
    /// The body offset of offset `at` of the reduced text: moved by every
    /// cut at or before it.
    fn original(&self, at: usize) -> usize {
        let before = self.cuts.partition_point(|&(cut, _)| cut <= at);
        at + before.checked_sub(1).map_or(0, |i| self.cuts[i].1)
    }

    /// Maps `doc`, the parse of the reduced text at document offset
    /// `from`, back to the document, and checks that it proves the guesses
    /// (see the module documentation). `None` when it does not.
    pub fn restore(&self, mut doc: Document, from: usize) -> Option<Document> {
        let map = |r: &mut Range<usize>| {
            *r = (from + self.original(r.start - from))..(from + self.original(r.end - from));
        };
        doc.headings.iter_mut().for_each(|h| map(&mut h.range));
        doc.code_spans.iter_mut().for_each(map);
        doc.code_blocks.iter_mut().for_each(|b| map(&mut b.range));
        doc.html_blocks.iter_mut().for_each(map);
        for table in &mut doc.tables {
            map(&mut table.range);
            table.rows.iter_mut().for_each(map);
        }
        let mut next_table = 0;
        let mut heading = 0;
        for guess in &self.guesses {
            let header = (from + guess.header.start)..(from + guess.header.end);
            while doc
                .tables
                .get(next_table)
                .is_some_and(|t| t.range.end <= header.start)
            {
                next_table += 1;
            }
            let table = doc.tables.get_mut(next_table)?;
            if table.nested
                || !table
                    .rows
                    .first()
                    .is_some_and(|r| header.contains(&r.start))
            {
                return None;
            }
            while heading < doc.headings.len()
                && doc.headings[heading].range.start < table.range.start
            {
                heading += 1;
            }
            if heading > 0 && doc.headings[heading - 1].level > 2 {
                return None;
            }
            let rows: Vec<Range<usize>> = guess
                .rows
                .iter()
                .map(|r| (from + r.start)..(from + r.end))
                .collect();
            if guess.shortened {
                let at = table.rows.iter().position(|r| r.start == rows[0].start)?;
                table.rows.splice(at..=at, rows);
            } else {
                let mut kept = table.rows.iter().peekable();
                for row in &rows {
                    while kept.peek().is_some_and(|r| r.end <= row.start) {
                        kept.next();
                    }
                    if !kept.peek().is_some_and(|r| r.contains(&row.start)) {
                        return None;
                    }
                }
            }
        }
        Some(doc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_both(text: &str) -> (Document, Document) {
        (Document::parse(text, 0), Document::parse_unmasked(text, 0))
    }

    #[test]
    fn rows_of_tables_under_level_two_headings_are_left_out() {
        let body = "## Decisions\n\n| key | value |\n|---|---|\n| `relay` | **off** \\| on |\n| a\n| `b` |\n\nAfter `x`.\n\n### Phase 1\n\n| k |\n|---|\n| `x` |\n";
        let reduced = reduce(body).expect("a table");
        assert_eq!(reduced.guesses.len(), 1);
        assert_eq!(&body[reduced.guesses[0].header.clone()], "| key | value |");
        assert!(
            reduced
                .text
                .contains("|---|---|\n| xxxxxxx | xxxxxxx \\| xx |\n\nAfter")
        );
        assert!(reduced.text.ends_with("| `x` |\n"));
        let (fast, full) = parse_both(body);
        assert_eq!(fast.tables, full.tables);
        assert_eq!(fast.headings, full.headings);
        assert_eq!(fast.code_spans.len() + 2, full.code_spans.len());
    }

    #[test]
    fn a_wrong_guess_falls_back_to_the_full_parse() {
        let bodies = [
            "## Notes\n\n<!--\n| a |\n|---|\n| `b` --> c |\n| d |\n\n```\n| q |\n|---|\n| `r` |\n```\n",
            // The first row has three cells, so it is no header: the second
            // line heads the table and the third is its delimiter row.
            "| a \\| b | `c|d` |\n  |---|---|\n|---|---|\n--- | ---\n|---|---|\n",
            // A row holding no cell ends the table.
            "| a | b |\n|---|---|\n| 1 | 2 |\n|  \n| 3 | 4 |\n",
            // In a list item, a row at column 0 ends the item.
            "- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n| 3 | 4 |\n",
        ];
        for body in bodies {
            assert!(reduce(body).is_some(), "{body}");
            let (fast, full) = parse_both(body);
            assert_eq!(fast.tables, full.tables, "{body}");
            assert_eq!(fast.code_spans, full.code_spans, "{body}");
            assert_eq!(fast.html_blocks, full.html_blocks, "{body}");
            assert_eq!(fast.code_blocks, full.code_blocks, "{body}");
        }
    }

    #[test]
    fn a_long_table_is_shortened_unless_its_rows_could_lack_the_parsers_limit_of_cells() {
        let table = |rows: usize, row: &str| {
            format!(
                "## Decisions\n\n| a | b | c | d |\n|---|---|---|---|\n{}\nAfter.\n",
                row.repeat(rows)
            )
        };
        // Every row holds every cell: nothing to fill, however many rows.
        let full_rows = table(100_000, "| `k` | 2 \\| x | 3 | 4 |\n");
        let reduced = reduce(&full_rows).expect("a table");
        assert!(reduced.guesses[0].shortened);
        assert_eq!(reduced.guesses[0].missing, 0);
        // Rows of one cell each lack three: past the parser's limit, which
        // ends the table there, the guess is not taken, and the parse is
        // the full parse's.
        let sparse = table(MAX_FILLED_CELLS / 3 + 10, "| x\n");
        let reduced = reduce(&sparse).expect("a table");
        assert!(!reduced.guesses[0].shortened);
        let (fast, full) = parse_both(&sparse);
        assert_eq!(fast.tables, full.tables);
        assert_eq!(fast.headings, full.headings);
        let few = table(1_000, "| x\n");
        let (fast, full) = parse_both(&few);
        assert!(reduce(&few).expect("a table").guesses[0].shortened);
        assert_eq!(fast.tables, full.tables);
        assert_eq!(fewest_cells(b"| a | b \\| c |"), 2);
        assert_eq!(fewest_cells(b"| a"), 1);
    }
}
