//! `new <SLUG> [--title TEXT]`: writes a new plan, `docs/plans/<slug>.md`,
//! from the plan template (templates/plan.md, built into the binary).

use std::fs::OpenOptions;
use std::io::Write;
use std::path::Path;

use super::{NewArgs, print_stdout};
use crate::error::{Error, Result, escape_invisible, is_invisible};
use crate::plan::Scalar;
use crate::root::{DocsRoot, check_slug};

/// The plan template: frontmatter, a phase graph with one phase, the
/// `## Decisions` table with all nineteen keys (SPEC §2), and one phase
/// block with a backticked Verification command. `{{slug}}` and
/// `{{title}}` are its placeholders.
pub const PLAN_TEMPLATE: &str = include_str!("../../templates/plan.md");

/// Writes `docs/plans/<slug>.md` under `root` from [`PLAN_TEMPLATE`],
/// creating `docs/plans/` when needed, and prints the path written.
/// Refused before anything is touched (exit 2): the path of an existing
/// `.md` file ([`Error::PlanExists`]), an invalid slug
/// ([`Error::InvalidSlug`]), a slug ending in `.md`, a title that is empty
/// or holds control characters ([`Error::Usage`]), and a plan file that
/// already exists ([`Error::PlanExists`]). [`Error::Write`] when the folder
/// or the file cannot be written (a partly written file is removed).
pub(super) fn new_plan(root: &DocsRoot, args: &NewArgs) -> Result<u8> {
    let as_path = Path::new(&args.slug);
    if args.slug.ends_with(".md") && as_path.symlink_metadata().is_ok() {
        return Err(Error::PlanExists {
            path: as_path.to_path_buf(),
        });
    }
    if args.slug.ends_with(".md") {
        let stem = as_path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        return Err(Error::Usage(format!(
            "new takes a slug, not a file name: pass \"{}\", and the plan is written to docs/plans/{}.md",
            escape_invisible(&stem),
            escape_invisible(&stem)
        )));
    }
    check_slug(&args.slug)?;
    let title = match &args.title {
        Some(title) => check_title(title)?,
        None => default_title(&args.slug),
    };
    let dir = root.plans_dir();
    let path = dir.join(format!("{}.md", args.slug));
    if path.symlink_metadata().is_ok() {
        return Err(Error::PlanExists { path });
    }
    let text = render(&args.slug, &title);
    std::fs::create_dir_all(&dir).map_err(|source| Error::Write {
        path: dir.clone(),
        source,
    })?;
    write_new(&path, text.as_bytes())?;
    let mut line = path.display().to_string();
    line.push('\n');
    print_stdout(line.as_bytes())?;
    Ok(0)
}

/// Creates `path` (never replacing a file that appeared meanwhile) and
/// writes `bytes` to it, synced; on a failed write the partial file is
/// removed.
fn write_new(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut file = match OpenOptions::new().write(true).create_new(true).open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(Error::PlanExists {
                path: path.to_path_buf(),
            });
        }
        Err(source) => {
            return Err(Error::Write {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    if let Err(source) = file.write_all(bytes).and_then(|()| file.sync_all()) {
        drop(file);
        let _ = std::fs::remove_file(path);
        return Err(Error::Write {
            path: path.to_path_buf(),
            source,
        });
    }
    Ok(())
}

/// A `--title` as the heading takes it: trimmed of spaces and tabs; empty
/// (nothing left once invisible, format and control characters are
/// removed), or holding a line break or another control character, is a
/// usage error.
fn check_title(title: &str) -> Result<String> {
    let trimmed = title.trim_matches([' ', '\t']);
    if trimmed.is_empty() {
        return Err(Error::Usage(
            "new --title is empty: give the plan's title, or leave --title out to derive it from the slug".into(),
        ));
    }
    if trimmed
        .chars()
        .all(|c| is_invisible(c) || c.is_whitespace())
    {
        return Err(Error::Usage(format!(
            "new --title \"{}\" has no visible text, only invisible or control characters: give the plan's title, or leave --title out to derive it from the slug",
            escape_invisible(trimmed)
        )));
    }
    if trimmed.chars().any(char::is_control) {
        return Err(Error::Usage(format!(
            "new --title \"{}\" holds a line break or control character: a title is one line of text",
            escape_invisible(trimmed)
        )));
    }
    Ok(trimmed.to_string())
}

/// The title derived from a slug: `-` and `_` become spaces, and the first
/// letter is upper-cased (`walled-garden` → `Walled garden`).
pub fn default_title(slug: &str) -> String {
    let spaced = slug.replace(['-', '_'], " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => spaced,
    }
}

/// The slug as a YAML scalar that every YAML reader reads as this very
/// string: bare when it starts with a letter, is no YAML boolean or null
/// word (YAML 1.1's `yes`/`no`/`on`/`off`/`y`/`n` included) and reads back
/// as itself; double-quoted otherwise (`2026`, `1e3`, `true`, `null`). A
/// valid slug needs no escaping inside double quotes.
pub fn yaml_slug(slug: &str) -> String {
    let starts_with_letter = slug.starts_with(|c: char| c.is_ascii_alphabetic());
    let special_word = matches!(
        slug.to_ascii_lowercase().as_str(),
        "y" | "n" | "yes" | "no" | "on" | "off" | "true" | "false" | "null"
    );
    let reads_back = matches!(
        serde_saphyr::from_str::<Scalar>(slug),
        Ok(Scalar::Str(s)) if s == slug
    );
    if starts_with_letter && !special_word && reads_back {
        slug.to_string()
    } else {
        format!("\"{slug}\"")
    }
}

/// [`PLAN_TEMPLATE`] with its placeholders filled: in the frontmatter,
/// `{{slug}}` is written as a YAML scalar ([`yaml_slug`]); elsewhere
/// `{{slug}}` and `{{title}}` are written as given. Substitution is one
/// pass, so a title holding `{{slug}}` stays as written.
pub fn render(slug: &str, title: &str) -> String {
    let (frontmatter, body) = split_after_frontmatter(PLAN_TEMPLATE);
    let yaml = yaml_slug(slug);
    let mut out = fill(frontmatter, &yaml, title);
    out.push_str(&fill(body, slug, title));
    out
}

/// Splits `text` after its frontmatter's closing `---` line; all of `text`
/// is body when it has no frontmatter.
fn split_after_frontmatter(text: &str) -> (&str, &str) {
    if let Some(rest) = text.strip_prefix("---\n")
        && let Some(end) = rest.find("\n---\n")
    {
        let at = "---\n".len() + end + "\n---\n".len();
        return text.split_at(at);
    }
    ("", text)
}

/// `text` with `{{slug}}` and `{{title}}` replaced in one left-to-right pass.
fn fill(text: &str, slug: &str, title: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut rest = text;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        if let Some(after) = tail.strip_prefix("{{slug}}") {
            out.push_str(slug);
            rest = after;
        } else if let Some(after) = tail.strip_prefix("{{title}}") {
            out.push_str(title);
            rest = after;
        } else {
            out.push_str("{{");
            rest = &tail[2..];
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Front {
        slug: Scalar,
        title: Option<Scalar>,
    }

    fn frontmatter_slug(text: &str) -> Scalar {
        let (front, _) = split_after_frontmatter(text);
        let yaml = front
            .strip_prefix("---\n")
            .and_then(|f| f.strip_suffix("---\n"))
            .expect("a frontmatter block");
        let front: Front = serde_saphyr::from_str(yaml).expect("valid YAML");
        assert!(front.title.is_none());
        front.slug
    }

    #[test]
    fn quotes_slugs_yaml_would_not_read_as_text() {
        assert_eq!(yaml_slug("walled-garden"), "walled-garden");
        assert_eq!(yaml_slug("v2.1"), "v2.1");
        for quoted in [
            "2026",
            "1e3",
            "0x1F",
            "true",
            "True",
            "NULL",
            "yes",
            "Off",
            "2026-09-14",
        ] {
            assert_eq!(yaml_slug(quoted), format!("\"{quoted}\""), "{quoted}");
        }
    }

    #[test]
    fn titles() {
        assert_eq!(default_title("walled-garden"), "Walled garden");
        assert_eq!(default_title("v2.1_rollout"), "V2.1 rollout");
        assert_eq!(default_title("2026-q3"), "2026 q3");
        assert!(check_title(" \t").is_err());
        assert!(check_title("two\nlines").is_err());
        assert_eq!(
            check_title("  Dome drive ").ok().as_deref(),
            Some("Dome drive")
        );
    }

    #[test]
    fn fills_placeholders_in_one_pass() {
        let text = render("dome", "About {{slug}} and {{x}}");
        assert!(text.contains("\n# About {{slug}} and {{x}}\n"), "{text}");
        assert!(text.contains("docs/handoffs/dome/decisions.md"));
        assert!(!text.contains("{{title}}"));
        assert!(text.starts_with("---\nslug: dome\n"));
    }

    proptest! {
        /// For every valid slug, the frontmatter's `slug:` reads back as that
        /// very string.
        #[test]
        fn slug_stays_a_string(slug in "[A-Za-z0-9][A-Za-z0-9._-]{0,12}") {
            prop_assume!(!slug.contains(".."));
            let text = render(&slug, "T");
            prop_assert_eq!(frontmatter_slug(&text), Scalar::Str(slug.clone()));
        }
    }
}
