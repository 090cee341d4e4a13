//! Directive lines as the reference's checks read them (SPEC-PARITY.md
//! section A): the plan-wide lines of the `## Session budget` section
//! (`**Landing:** trunk`), the directive bullets of a phase block
//! (`- **Land:** pr`), and the first word of a directive's value.
//!
//! These rules differ from the generic bullet reading of
//! [`crate::plan::phase`] on purpose: a label is matched as the reference
//! matches it (any case, bold optional, the colon inside or outside the
//! bold, any run of blanks between the words of a two-word label), the
//! value is everything after the line's first colon with every `*` and
//! backtick deleted, and only the FIRST line that matches a label is read,
//! even when its value is empty. Lines inside code blocks and HTML comments
//! are never directives.

use std::ops::Range;

use crate::markdown::inline::without_marks;
use crate::markdown::{MarkdownFile, starts_with_ignore_case};
use crate::plan::{PhaseBlock, Plan};

/// One directive line found for a label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectiveLine {
    /// The value: everything after the line's first colon, every `*` and
    /// backtick deleted, trimmed (SPEC-PARITY.md A.2). May be empty.
    pub value: String,
    /// 1-based line in the plan.
    pub line: usize,
    /// Byte range of the line's text, leading blanks excluded: what a
    /// finding about the directive marks.
    pub span: Range<usize>,
}

impl DirectiveLine {
    /// The value's first word (SPEC-PARITY.md A.5), see [`first_word`].
    pub fn first_word(&self) -> Option<String> {
        first_word(&self.value)
    }
}

/// How a directive line may start before its label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineShape {
    /// A plan-wide line (A.2): blanks and `>` blockquote marks, no bullet.
    PlanWide,
    /// A phase bullet (A.4): blanks, then `-` or `*`, then blanks.
    Bullet,
}

/// The value of `line` when it is a directive line for `label` of `shape`
/// (SPEC-PARITY.md A.2, A.4): the prefix `shape` allows, up to two `*`,
/// the label's words (any case; any run of spaces or tabs between words),
/// up to two `*`, blanks, then `:`. The value is everything after the
/// line's first colon, every `*` and backtick deleted, trimmed. `None` when
/// the line is not such a directive line.
pub fn match_directive(line: &str, label: &str, shape: LineShape) -> Option<String> {
    let blank = [' ', '\t'];
    let rest = match shape {
        LineShape::PlanWide => line.trim_start_matches([' ', '\t', '>']),
        LineShape::Bullet => line
            .trim_start_matches(blank)
            .strip_prefix(['-', '*'])?
            .trim_start_matches(blank),
    };
    let mut rest = strip_stars(rest);
    for (i, word) in label.split_whitespace().enumerate() {
        if i > 0 {
            let after = rest.trim_start_matches(blank);
            if after.len() == rest.len() {
                return None;
            }
            rest = after;
        }
        if !starts_with_ignore_case(rest, word) {
            return None;
        }
        rest = &rest[word.len()..];
    }
    let rest = strip_stars(rest).trim_start_matches(blank);
    if !rest.starts_with(':') {
        return None;
    }
    let (_, value) = line.split_once(':')?;
    let value = without_marks(value);
    Some(value.trim().to_string())
}

/// The text after the first colon of a directive line, a leading `*`/`**`
/// and the blanks around the value removed (backticks kept): the value of
/// a `- **Waits on:** …` or `- **Human step:** …` bullet.
pub fn after_colon(line: &str) -> &str {
    let value = line.split_once(':').map(|(_, v)| v).unwrap_or("");
    let value = value.trim_start();
    let value = value
        .strip_prefix("**")
        .or_else(|| value.strip_prefix('*'))
        .unwrap_or(value);
    value.trim()
}

/// `text` without up to two leading `*`.
fn strip_stars(text: &str) -> &str {
    let rest = text.strip_prefix('*').unwrap_or(text);
    rest.strip_prefix('*').unwrap_or(rest)
}

/// The first word of a directive value (SPEC-PARITY.md A.5): the first
/// whitespace-separated token, lower-cased, with any run of trailing ASCII
/// punctuation cut off (`Trunk.` → `trunk`). `None` for an empty value (the
/// directive is then not checked at all) or a token of punctuation only.
pub fn first_word(value: &str) -> Option<String> {
    let token = value.split_whitespace().next()?;
    let word = token.trim_end_matches(|c: char| c.is_ascii_punctuation());
    (!word.is_empty()).then(|| word.to_lowercase())
}

/// The byte ranges of every level-2 section of `file` whose heading text
/// starts with `prefix` (any case; SPEC-PARITY.md A.1): from the line after
/// the heading up to the next heading of level 1 or 2. Deeper headings stay
/// inside. Every such section counts, in document order.
pub fn sections_starting(file: &MarkdownFile, prefix: &str) -> Vec<Range<usize>> {
    // Each section ends where the next heading of level 1 or 2 of the
    // document itself starts ([`crate::markdown::Document::section`]):
    // found from the last heading up, in one pass.
    let headings = &file.doc.headings;
    let mut end = file.text.len();
    let mut out = Vec::new();
    for h in headings.iter().rev() {
        if h.level == 2 && starts_with_ignore_case(&h.text, prefix) {
            out.push(h.range.end.min(end)..end);
        }
        if h.level <= 2 && !h.nested {
            end = h.range.start;
        }
    }
    out.reverse();
    out
}

/// The first line in `range` of `file` (outside code and HTML blocks) that
/// is a directive line for `label` of `shape`.
pub fn first_directive_in(
    file: &MarkdownFile,
    range: Range<usize>,
    label: &str,
    shape: LineShape,
) -> Option<DirectiveLine> {
    let (first, last) = if range.start < range.end {
        (file.line_of(range.start), file.line_of(range.end - 1))
    } else {
        (1, 0)
    };
    (first..=last).find_map(|line| {
        let span = file.lines.line_range(&file.text, line);
        if span.start < range.start || span.start >= range.end {
            return None;
        }
        let text = &file.text[span.clone()];
        let value = match_directive(text, label, shape)?;
        if file.doc.in_code_or_html(span.start) {
            return None;
        }
        let lead = text.len() - text.trim_start_matches([' ', '\t']).len();
        Some(DirectiveLine {
            value,
            line,
            span: (span.start + lead)..span.end,
        })
    })
}

/// The lines of `file` that start inside `range`, outside code and HTML
/// blocks: each as its 1-based number and the byte range of its text
/// (without the line ending).
pub fn lines_in(
    file: &MarkdownFile,
    range: Range<usize>,
) -> impl Iterator<Item = (usize, Range<usize>)> + '_ {
    let (first, last) = if range.start < range.end {
        (file.line_of(range.start), file.line_of(range.end - 1))
    } else {
        (1, 0)
    };
    (first..=last).filter_map(move |line| {
        let span = file.lines.line_range(&file.text, line);
        (span.start >= range.start
            && span.start < range.end
            && !file.doc.in_code_or_html(span.start))
        .then_some((line, span))
    })
}

/// A line of a phase block that may be a directive bullet for some label
/// ([`LineShape::Bullet`]): outside code and HTML blocks, a `-` or `*`
/// after its leading blanks, and a colon somewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BulletLine {
    /// 1-based line in the plan.
    line: usize,
    /// Byte range of the line's text (without its line ending).
    span: Range<usize>,
    /// The first byte of the label, after the bullet, blanks and up to two
    /// `*` (0 when the line ends there): [`match_directive`] matches a label
    /// only when its first letter is this byte, in any ASCII case.
    initial: u8,
}

/// The lines in `range` of `file` that may be directive bullets (see
/// [`BulletLine`]), in order. Every line for which [`match_directive`]
/// finds a bullet of some label (and [`first_directive_in`] reads it) is
/// among them.
fn bullet_lines(file: &MarkdownFile, range: Range<usize>) -> Vec<BulletLine> {
    let blank = [' ', '\t'];
    lines_in(file, range)
        .filter_map(|(line, span)| {
            let text = &file.text[span.clone()];
            let rest = text
                .trim_start_matches(blank)
                .strip_prefix(['-', '*'])?
                .trim_start_matches(blank);
            let initial = strip_stars(rest).bytes().next().unwrap_or(0);
            text.contains(':').then_some(BulletLine {
                line,
                span,
                initial,
            })
        })
        .collect()
}

impl Plan {
    /// The plan-wide directive line for `label` (SPEC-PARITY.md A.2): the
    /// first line of the `## Session budget` sections (A.1) that reads as
    /// `**Label:** value` (a `>` prefix allowed, no bullet).
    pub fn plan_directive(&self, label: &str) -> Option<DirectiveLine> {
        sections_starting(&self.file, "session budget")
            .into_iter()
            .find_map(|range| first_directive_in(&self.file, range, label, LineShape::PlanWide))
    }

    /// The directive bullet for `label` of phase `phase` (SPEC-PARITY.md
    /// A.3, A.4): the first `- **Label:** value` bullet (`*` or `-` bullet,
    /// bold optional) of its blocks, headings excluded — every `### Phase N`
    /// block of the phase, in document order, as one block.
    ///
    /// Each block's lines are looked at once per plan: the lines that may
    /// be bullets ([`BulletLine`]) are kept, and a label is matched only
    /// against those whose label starts with its first letter.
    pub fn phase_directive(&self, phase: u32, label: &str) -> Option<DirectiveLine> {
        let blocks = self.phase_blocks();
        let bullets = blocks.bullets.get_or_init(|| {
            blocks
                .blocks
                .iter()
                .map(|block| bullet_lines(&self.file, self.block_body(block)))
                .collect()
        });
        let initial = label
            .split_whitespace()
            .next()
            .and_then(|w| w.bytes().next());
        self.blocks_of(phase)
            .filter_map(|(i, _)| bullets.get(i))
            .flatten()
            .filter(|bullet| initial.is_none_or(|i| bullet.initial.eq_ignore_ascii_case(&i)))
            .find_map(|bullet| {
                let text = &self.file.text[bullet.span.clone()];
                let value = match_directive(text, label, LineShape::Bullet)?;
                let lead = text.len() - text.trim_start_matches([' ', '\t']).len();
                Some(DirectiveLine {
                    value,
                    line: bullet.line,
                    span: (bullet.span.start + lead)..bullet.span.end,
                })
            })
    }

    /// The byte range of a phase block without its heading line: where its
    /// directive bullets are.
    pub fn block_body(&self, block: &PhaseBlock) -> Range<usize> {
        let heading_end = self
            .file
            .lines
            .line_range_with_ending(block.heading_line)
            .end;
        heading_end.clamp(block.range.start, block.range.end)..block.range.end
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::path::PathBuf;

    /// Pieces of phase blocks: headings, bullets, labels in several cases,
    /// colons, code fences and comments.
    const PIECES: [&str; 24] = [
        "### Phase 1 — A\n",
        "### Phase 2 — B\n",
        "## Notes\n",
        "\n",
        "- ",
        "* ",
        "  ",
        "\t",
        "**",
        "`",
        "Land",
        "lAND",
        "Landing",
        "Permission",
        " mode",
        "\tMode",
        "Verify in",
        ":",
        " pr",
        "```\n",
        "<!--\n",
        "-->\n",
        "> ",
        "é",
    ];

    proptest! {
        /// A phase's directive bullet is the one a scan of every line of its
        /// blocks finds, for every label.
        #[test]
        fn phase_directive_is_the_first_bullet_of_a_full_scan(
            pieces in prop::collection::vec(prop::sample::select(PIECES.to_vec()), 0..60),
        ) {
            let text = format!("### Phase 1 — A\n{}", pieces.concat());
            let plan = Plan::from_file(
                "t",
                MarkdownFile::from_text(PathBuf::from("t.md"), text),
            );
            for label in ["Land", "Landing", "Permission mode", "Verify in", "land"] {
                for phase in [1, 2, 3] {
                    let scanned = plan
                        .phases()
                        .iter()
                        .filter(|block| block.number == phase)
                        .find_map(|block| {
                            first_directive_in(
                                &plan.file,
                                plan.block_body(block),
                                label,
                                LineShape::Bullet,
                            )
                        });
                    prop_assert_eq!(plan.phase_directive(phase, label), scanned);
                }
            }
        }
    }

    #[test]
    fn values_after_the_colon() {
        assert_eq!(after_colon("- **Waits on:** `x` · 45m"), "`x` · 45m");
        assert_eq!(after_colon("- **Waits on**: ** x"), "x");
        assert_eq!(
            after_colon("- **Human step:** **physical** · x"),
            "**physical** · x"
        );
        assert_eq!(after_colon("* **Human step**: `a` · b  "), "`a` · b");
    }

    #[test]
    fn plan_wide_lines() {
        let m = |line| match_directive(line, "Landing", LineShape::PlanWide);
        assert_eq!(m("**Landing:** Trunk."), Some("Trunk.".into()));
        assert_eq!(m("**Landing**: `pr`"), Some("pr".into()));
        assert_eq!(m("> landing : hold"), Some("hold".into()));
        assert_eq!(m("Landing:"), Some(String::new()));
        assert_eq!(m("- **Landing:** trunk"), None);
        assert_eq!(m("**Landings:** trunk"), None);
        let pm = |line| match_directive(line, "Permission mode", LineShape::PlanWide);
        assert_eq!(pm("**Permission  mode:** auto"), Some("auto".into()));
        assert_eq!(pm("**Permissionmode:** auto"), None);
    }

    #[test]
    fn phase_bullets() {
        let m = |line| match_directive(line, "Land", LineShape::Bullet);
        assert_eq!(m("- **Land:** pr"), Some("pr".into()));
        assert_eq!(m("  * Land: `trunk`"), Some("trunk".into()));
        assert_eq!(m("- **Landing:** pr"), None);
        // The reference's pattern takes the first `*` of a bold label as the
        // bullet, so a bold line without a bullet reads as one too.
        assert_eq!(m("**Land:** pr"), Some("pr".into()));
        assert_eq!(m("Land: pr"), None);
        assert_eq!(m("+ **Land:** pr"), None);
    }

    #[test]
    fn first_words() {
        assert_eq!(first_word("Trunk. and more"), Some("trunk".into()));
        assert_eq!(first_word("dontask,"), Some("dontask".into()));
        assert_eq!(first_word("  "), None);
        assert_eq!(first_word("..."), None);
    }

    #[test]
    fn reads_plan_and_phase_directives() {
        let text = "# T\n\n## Session budget (per phase)\n\n**Landing:** pr\n**Landing:** trunk\n\n```\n**Gitlink:** bump\n```\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | A | — | r |\n\n## Phases\n\n### Phase 1 — A\n- **Land:**\n- **Land:** trunk\n";
        let plan = Plan::from_file(
            "t",
            MarkdownFile::from_text(PathBuf::from("t.md"), text.to_string()),
        );
        let landing = plan.plan_directive("Landing").expect("a Landing line");
        assert_eq!((landing.value.as_str(), landing.line), ("pr", 5));
        assert_eq!(plan.plan_directive("Gitlink"), None);
        let land = plan.phase_directive(1, "Land").expect("a Land bullet");
        assert_eq!((land.value.as_str(), land.line), ("", 21));
        assert_eq!(land.first_word(), None);
        assert_eq!(plan.phase_directive(2, "Land"), None);
        let twice = Plan::from_file(
            "t",
            MarkdownFile::from_text(
                PathBuf::from("t.md"),
                "### Phase 1 — A\n- **Goal:** a\n\n### Phase 2 — B\n\n### Phase 1 — A, again\n- **Land:** pr\n".to_string(),
            ),
        );
        let land = twice
            .phase_directive(1, "Land")
            .expect("the second block's bullet");
        assert_eq!((land.value.as_str(), land.line), ("pr", 7));
    }
}
