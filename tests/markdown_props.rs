//! The table shortcut of the Markdown reading (`src/markdown/mask.rs`)
//! never changes what is read: for any text made of the lines plans are
//! made of (headings, table rows, fences, comments, quotes, list items),
//! the masked parse has the same headings, tables, rows, code blocks and
//! HTML blocks as the full parse, and differs only in the code spans inside
//! the cells of tables that follow a level-1 or level-2 heading directly.
//! A body read in pieces (`Document::parse_in_pieces`, how a long file is
//! read) reads the same as the body read whole.

use planfile::markdown::Document;
use proptest::prelude::*;

/// One line of a generated text.
fn line() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "",
        "## Decisions",
        "## Phase graph",
        "### Phase 1 — A",
        "#### Notes",
        "Title",
        "===",
        "| key | value |",
        "|---|---|",
        "| :-- | --: |",
        "| `relay` | **off** |",
        "| a \\| b | `c|d` |",
        "| x",
        "|",
        "| <!-- | --> |",
        "| <b> | &amp; |",
        "  | indented | row |",
        "plain text with `code`",
        "```",
        "~~~",
        "    indented code | x |",
        "<!--",
        "-->",
        "<div>",
        "</div>",
        "> | quoted | row |",
        "> |---|---|",
        "- item",
        "  | in | list |",
        "  |---|---|",
        "- **Verification:** `make test`",
        "\\| escaped",
        "a | b",
        "--- | ---",
        "---",
        "|x|",
        "| `a` | b",
        "    |---|---|",
        "| :-: |",
        "* | star | row |",
        "| 1 | 2 |",
        "| 3 | 4 |",
        "|  ",
        "| a\r| b |",
        "| a |\r",
        "\t| tab | row |",
        "| a | b | c | d |",
        "> ## Quoted heading",
        "1. | numbered |",
        "# Top",
        "###### Six",
        "####### Seven",
        "#Tight",
        "#\tTabbed",
        "  ## Indented heading",
        "## ",
        "#",
        "<div>",
        "<script>",
        "</script>",
        "````",
        "```sh",
        "  ```",
        "> ```",
        "- ```",
        "[ref]",
        "a [ref] b",
    ])
}

/// A line for the pieces test: one of [`line`], or a link reference
/// definition now and then (which keeps the body whole).
fn piece_line() -> impl Strategy<Value = &'static str> {
    prop_oneof![20 => line(), 1 => Just("[ref]: https://example.com")]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn the_masked_parse_reads_the_same_blocks(lines in prop::collection::vec(line(), 0..40)) {
        let text = lines.join("\n");
        let fast = Document::parse(&text, 0);
        let full = Document::parse_unmasked(&text, 0);
        prop_assert_eq!(&fast.headings, &full.headings);
        prop_assert_eq!(&fast.tables, &full.tables);
        prop_assert_eq!(&fast.code_blocks, &full.code_blocks);
        prop_assert_eq!(&fast.html_blocks, &full.html_blocks);
        for span in &fast.code_spans {
            prop_assert!(full.code_spans.contains(span), "{:?} not in the full parse", span);
        }
        for span in full.code_spans.iter().filter(|s| !fast.code_spans.contains(s)) {
            let table = full.tables.iter().find(|t| t.range.contains(&span.start));
            prop_assert!(table.is_some(), "{:?} dropped outside a table", span);
            let start = table.map(|t| t.range.start).unwrap_or(0);
            let above = full.headings.iter().rev().find(|h| h.range.start < start);
            prop_assert!(above.is_none_or(|h| h.level <= 2), "{:?} dropped under a deep heading", span);
        }
    }

    #[test]
    fn a_body_read_in_pieces_reads_as_one(
        lines in prop::collection::vec(piece_line(), 0..60),
        piece in 1usize..80,
        crlf in any::<bool>(),
    ) {
        let text = lines.join(if crlf { "\r\n" } else { "\n" });
        let whole = Document::parse_in_pieces(&text, 0, usize::MAX);
        let pieces = Document::parse_in_pieces(&text, 0, piece);
        prop_assert_eq!(&pieces.headings, &whole.headings);
        prop_assert_eq!(&pieces.tables, &whole.tables);
        prop_assert_eq!(&pieces.code_blocks, &whole.code_blocks);
        prop_assert_eq!(&pieces.html_blocks, &whole.html_blocks);
        prop_assert_eq!(&pieces.code_spans, &whole.code_spans);
    }
}
