//! `validate --diff` (SPEC §10.1): the unified diffs of the fixes, with the
//! colours `git diff` gives them (file headers bold, hunk headers cyan,
//! removed lines red, added lines green). Colour codes are always
//! produced; write through an `anstream` stream so they are stripped where
//! colour is off.

use std::io::Write;

use anstyle::{AnsiColor, Style};

/// The style of one line of a unified diff.
fn style_of(line: &str) -> Style {
    if line.starts_with("---") || line.starts_with("+++") {
        Style::new().bold()
    } else if line.starts_with("@@") {
        AnsiColor::Cyan.on_default()
    } else if line.starts_with('-') {
        AnsiColor::Red.on_default()
    } else if line.starts_with('+') {
        AnsiColor::Green.on_default()
    } else {
        Style::new()
    }
}

/// Writes `diff` (unified diffs, one after the other) with each line
/// styled; the line endings stay outside the colour. Errors are the
/// writer's.
pub fn write(out: &mut dyn Write, diff: &str) -> std::io::Result<()> {
    for line in diff.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let end = &line[body.len()..];
        let style = style_of(body);
        write!(out, "{style}{body}{style:#}{end}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keep_their_text_and_endings() {
        let diff = "--- a/x.md\n+++ b/x.md\n@@ -1 +1 @@\n-| 07 |\n+| 7 |\n same\r\n";
        let mut styled = Vec::new();
        write(&mut styled, diff).expect("write");
        let styled = String::from_utf8(styled).expect("UTF-8");
        assert!(
            styled.contains("\u{1b}[31m-| 07 |\u{1b}[0m\n"),
            "{styled:?}"
        );
        assert!(styled.contains("\u{1b}[32m+| 7 |\u{1b}[0m\n"), "{styled:?}");
        let mut plain = anstream::StripStream::new(Vec::new());
        write(&mut plain, diff).expect("write");
        assert_eq!(plain.into_inner(), diff.as_bytes());
    }
}
