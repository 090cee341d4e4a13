//! Phase blocks (SPEC §3.2): `### Phase N …` headings, the block each opens,
//! and the directive bullets inside it (`- **Label:** value`).

use std::ops::Range;

use compact_str::CompactString;

use crate::markdown::MarkdownFile;
use crate::plan::graph::{has_gated_word, parse_phase_number};

/// A directive bullet of a phase block: `- **Label:** value` (bold optional).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directive {
    /// The label as written, without the colon (`Gate-check`).
    pub label: CompactString,
    /// The value after the colon, trimmed.
    pub value: CompactString,
    /// Whether the label was bold (`**Label:**` or `**Label**:`).
    pub bold: bool,
    /// 1-based line of the bullet.
    pub line: usize,
    /// Byte range of the bullet line.
    pub range: Range<usize>,
}

/// One `### Phase N` block of a plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhaseBlock {
    /// The phase number (`### Phase 07` is 7).
    pub number: u32,
    /// The heading's text, e.g. `Phase 2 — Controller swap (GATED)`.
    pub heading: String,
    /// 1-based line of the heading.
    pub heading_line: usize,
    /// Byte range of the whole block, heading included, up to the next
    /// `### Phase` heading or level-1/2 heading.
    pub range: Range<usize>,
    /// Whether the heading holds the upper-case word `GATED`.
    pub gated: bool,
    /// The directive bullets of the block, in order (lines inside code and
    /// HTML blocks excluded).
    pub directives: Vec<Directive>,
}

impl PhaseBlock {
    /// The first directive whose label equals `label` (ASCII case-insensitive).
    pub fn directive(&self, label: &str) -> Option<&Directive> {
        self.directives
            .iter()
            .find(|d| d.label.eq_ignore_ascii_case(label))
    }
}

/// The phase number a level-3 heading text names: `Phase N` or `phase N`
/// (then anything); `None` for any other heading.
pub fn phase_heading_number(text: &str) -> Option<u32> {
    let rest = text
        .strip_prefix("Phase")
        .or_else(|| text.strip_prefix("phase"))?;
    let rest = rest.trim_start_matches([' ', '\t']);
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let after = rest[digits.len()..].chars().next();
    if after.is_some_and(|c| c.is_alphanumeric()) {
        return None;
    }
    parse_phase_number(&digits)
}

/// Reads every phase block of `file`, in document order.
pub fn read_phase_blocks(file: &MarkdownFile) -> Vec<PhaseBlock> {
    let headings = &file.doc.headings;
    let mut blocks = Vec::new();
    for (i, heading) in headings.iter().enumerate() {
        // A heading inside a blockquote or a list item is that container's
        // (`> ### Phase 2 will reuse this`): it opens no phase block.
        if heading.level != 3 || heading.nested {
            continue;
        }
        let Some(number) = phase_heading_number(&heading.text) else {
            continue;
        };
        let end = headings[i + 1..]
            .iter()
            .find(|h| {
                !h.nested
                    && (h.level <= 2 || (h.level == 3 && phase_heading_number(&h.text).is_some()))
            })
            .map(|h| h.range.start)
            .unwrap_or(file.text.len());
        let range = heading.range.start..end;
        let heading_line = file.line_of(heading.range.start);
        let directives = read_directives(file, heading.range.end, end);
        blocks.push(PhaseBlock {
            number,
            heading: heading.text.clone(),
            heading_line,
            gated: has_gated_word(&file.text[heading.range.clone()]),
            range,
            directives,
        });
    }
    blocks
}

fn read_directives(file: &MarkdownFile, from: usize, to: usize) -> Vec<Directive> {
    let mut out = Vec::new();
    if from >= to {
        return out;
    }
    let first = file.line_of(from);
    let last = file.line_of(to.saturating_sub(1));
    for line in first..=last {
        let range = file.lines.line_range(&file.text, line);
        if range.start < from || range.start >= to || file.doc.in_code_or_html(range.start) {
            continue;
        }
        if let Some((label, value, bold)) = parse_directive(&file.text[range.clone()]) {
            out.push(Directive {
                label,
                value,
                bold,
                line,
                range,
            });
        }
    }
    out
}

/// Parses a bullet line `- **Label:** value` / `- Label: value` into
/// (label, value, bold). The label is letters, digits, spaces and `-`.
pub fn parse_directive(line: &str) -> Option<(CompactString, CompactString, bool)> {
    let rest = line.trim_start_matches([' ', '\t']);
    let rest = rest.strip_prefix(['-', '*', '+'])?;
    if !rest.starts_with([' ', '\t']) {
        return None;
    }
    let rest = rest.trim_start_matches([' ', '\t']);
    let is_label = |s: &str| {
        !s.is_empty()
            && s.chars().next().is_some_and(|c| c.is_alphabetic())
            && s.chars()
                .all(|c| c.is_alphanumeric() || c == ' ' || c == '-' || c == '_')
    };
    if let Some(inner) = rest.strip_prefix("**") {
        let close = inner.find("**")?;
        let label_part = &inner[..close];
        let after = &inner[close + 2..];
        let (label, value) = if let Some(label) = label_part.strip_suffix(':') {
            (label, after)
        } else {
            (label_part, after.strip_prefix(':')?)
        };
        let label = label.trim();
        if !is_label(label) {
            return None;
        }
        return Some((label.into(), value.trim().into(), true));
    }
    let colon = rest.find(':')?;
    let label = rest[..colon].trim();
    if !is_label(label) {
        return None;
    }
    Some((label.into(), rest[colon + 1..].trim().into(), false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heading_numbers() {
        assert_eq!(phase_heading_number("Phase 07 — Cabin trial"), Some(7));
        assert_eq!(phase_heading_number("phase 3"), Some(3));
        assert_eq!(phase_heading_number("Phase 2a"), None);
        assert_eq!(phase_heading_number("Phases"), None);
        assert_eq!(phase_heading_number("PHASE 2"), None);
    }

    #[test]
    fn directives() {
        assert_eq!(
            parse_directive("- **Gate-check:** phase 3"),
            Some(("Gate-check".into(), "phase 3".into(), true))
        );
        assert_eq!(
            parse_directive("  * **Verification**: `x`"),
            Some(("Verification".into(), "`x`".into(), true))
        );
        assert_eq!(
            parse_directive("- Verification: `grep`"),
            Some(("Verification".into(), "`grep`".into(), false))
        );
        assert_eq!(parse_directive("- run `grep -q x: y`"), None);
        assert_eq!(parse_directive("text: no bullet"), None);
    }

    #[test]
    fn a_heading_in_a_quote_or_list_opens_no_phase_block() {
        let file = MarkdownFile::from_text(
            std::path::PathBuf::from("t.md"),
            "### Phase 1 — a
- **Verification:** `true`

> ### Phase 2 will reuse this

- ### Phase 3 in a list

### Phase 2 — b
- **Verification:** `true`
"
            .to_string(),
        );
        let blocks = read_phase_blocks(&file);
        let numbers: Vec<(u32, usize)> =
            blocks.iter().map(|b| (b.number, b.heading_line)).collect();
        assert_eq!(numbers, [(1, 1), (2, 8)]);
        // Phase 1's block runs past the quoted heading to the real block.
        assert_eq!(blocks[0].range.end, file.lines.line_start(8));
    }
}
