//! The layers of `src/`, and the rule that holds them: a module imports only
//! from the layers below its own.
//!
//! | layer | modules | what lives there |
//! |---|---|---|
//! | 1 | `vocab` | the vocabularies as data (SPEC §2 and the reference's word lists) |
//! | 2 | `error` | the error type and how messages show text |
//! | 3 | `root`, `atomic`, `markdown` | paths; replacing a file safely; lines, sections, tables, inline text and comment syntax |
//! | 4 | `plan` | the plan model, built once per file, with its Decisions rows |
//! | 5 | `manifest`, `needs` | the twin, the merge into views, what a row owes, the ledger, the answer in force; `--needs` words |
//! | 6 | `lint` | findings, the registry, the checks, the type of their settings |
//! | 7 | `config` | `planfile.toml`, discovery, policy files: builds the linter's settings |
//! | 8 | `gate` | the start gate (runs the certainty checks) |
//! | 9 | `writer` | the twin writer (refuses what the gate refuses) |
//! | 10 | `engine`, `generate` | the plan engine's modes; generated plans for benchmarks |
//! | 11 | `output` | the formats |
//! | 12 | `server` | the language server |
//! | 13 | `cli` | the command line |
//!
//! Two modules of one layer never import each other. Inside a module, the
//! files never import each other in a loop either; a file may use what the
//! modules above it in the tree declare (its parent is its namespace).
//! `lib.rs` and `main.rs` are the crate's door and may name every module.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first: the table above, as data.
const LAYERS: &[&[&str]] = &[
    &["vocab"],
    &["error"],
    &["root", "atomic", "markdown"],
    &["plan"],
    &["manifest", "needs"],
    &["lint"],
    &["config"],
    &["gate"],
    &["writer"],
    &["engine", "generate"],
    &["output"],
    &["server"],
    &["cli"],
];

/// The layer of top-level module `module` (0-based), if the table has it.
fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// `code` with comments, string and character literals blanked out, so
/// that only real paths are read.
fn code_only(code: &str) -> String {
    let bytes = code.as_bytes();
    let mut out = String::with_capacity(code.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &code[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
            continue;
        }
        if let Some(body) = rest.strip_prefix("/*") {
            i += body.find("*/").map_or(rest.len(), |j| j + 4);
            continue;
        }
        let after_ident = i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if !after_ident && (rest.starts_with("r\"") || rest.starts_with("r#")) {
            let hashes = rest[1..].bytes().take_while(|&b| b == b'#').count();
            if rest[1 + hashes..].starts_with('"') {
                let close = format!("\"{}", "#".repeat(hashes));
                let body = 2 + hashes;
                i += rest[body..]
                    .find(&close)
                    .map_or(rest.len(), |j| body + j + close.len());
                out.push(' ');
                continue;
            }
        }
        if rest.starts_with('"') {
            let mut j = 1;
            while j < rest.len() && rest.as_bytes()[j] != b'"' {
                j += if rest.as_bytes()[j] == b'\\' { 2 } else { 1 };
            }
            i += (j + 1).min(rest.len());
            out.push(' ');
            continue;
        }
        if let Some(body) = rest.strip_prefix('\'') {
            let lit = body
                .char_indices()
                .find(|&(_, c)| c == '\'')
                .map(|(j, _)| &body[..j]);
            if let Some(lit) = lit
                && (lit.chars().count() == 1 || lit.starts_with('\\'))
            {
                i += lit.len() + 2;
                out.push(' ');
                continue;
            }
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// Every path that starts with `crate`, `super` or `self` in `code` (with
/// comments and literals removed), as its segments; a `{…}` group gives one
/// path per item, each with its first segment.
fn paths(code: &str) -> Vec<(String, Vec<String>)> {
    let ident = |s: &str| -> usize {
        s.char_indices()
            .find(|&(_, c)| !(c.is_alphanumeric() || c == '_'))
            .map_or(s.len(), |(i, _)| i)
    };
    let mut found = Vec::new();
    let mut at = 0;
    while at < code.len() {
        let rest = &code[at..];
        let len = ident(rest);
        if len == 0 {
            at += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        }
        let word = &rest[..len];
        let starts_word = at == 0 || {
            let before = code[..at].chars().next_back().unwrap_or(' ');
            !(before.is_alphanumeric() || before == '_')
        };
        if !(starts_word && matches!(word, "crate" | "super" | "self")) {
            at += len;
            continue;
        }
        let mut segments = Vec::new();
        let mut pos = at + len;
        loop {
            let tail = code[pos..].trim_start();
            let Some(after) = tail.strip_prefix("::") else {
                break;
            };
            let after = after.trim_start();
            pos = code.len() - after.len();
            if after.starts_with('{') {
                let mut depth = 0;
                let mut end = after.len();
                for (j, c) in after.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = j;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                let inner = &after[1..end.max(1)];
                let mut depth = 0;
                let mut item_start = 0;
                let mut items = Vec::new();
                for (j, c) in inner.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            items.push(&inner[item_start..j]);
                            item_start = j + 1;
                        }
                        _ => {}
                    }
                }
                items.push(&inner[item_start..]);
                for item in items {
                    let item = item.trim();
                    let first = &item[..ident(item)];
                    if first.is_empty() {
                        continue;
                    }
                    let mut with = segments.clone();
                    if first != "self" {
                        with.push(first.to_string());
                    }
                    found.push((word.to_string(), with));
                }
                segments.clear();
                pos += end;
                break;
            }
            let len = ident(after);
            if len == 0 {
                break;
            }
            segments.push(after[..len].to_string());
            pos += len;
        }
        if !segments.is_empty() {
            found.push((word.to_string(), segments));
        }
        at = pos.max(at + len);
    }
    found
}

/// One `.rs` file of `src/` and the module path it defines
/// (`src/lint/mod.rs` is `["lint"]`, `src/lib.rs` is `[]`).
struct SourceFile {
    path: PathBuf,
    module: Vec<String>,
    text: String,
}

fn source_files(dir: &Path, out: &mut Vec<SourceFile>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("src/ can be listed")
        .map(|e| e.expect("an entry of src/").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            source_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix("src").expect("a file of src/");
            let mut module: Vec<String> = relative
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|m| m == "mod") || module == ["lib"] || module == ["main"]
            {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).expect("a source file reads as UTF-8");
            out.push(SourceFile { path, module, text });
        }
    }
}

/// The module paths of `files`.
fn modules(files: &[SourceFile]) -> BTreeSet<Vec<String>> {
    files.iter().map(|f| f.module.clone()).collect()
}

/// The modules of `known` that `file` imports (the longest known prefix of
/// each path it names), with the path as written, itself left out.
fn imports(file: &SourceFile, known: &BTreeSet<Vec<String>>) -> Vec<(Vec<String>, String)> {
    let mut out = Vec::new();
    for (root, segments) in paths(&code_only(&file.text)) {
        let mut base: Vec<String> = match root.as_str() {
            "crate" => Vec::new(),
            "self" => file.module.clone(),
            _ => file.module[..file.module.len().saturating_sub(1)].to_vec(),
        };
        let mut rest = segments.as_slice();
        while rest.first().is_some_and(|s| s == "super") {
            base.pop();
            rest = &rest[1..];
        }
        let full: Vec<String> = base.into_iter().chain(rest.iter().cloned()).collect();
        let target = (0..=full.len())
            .rev()
            .map(|k| full[..k].to_vec())
            .find(|m| known.contains(m));
        if let Some(target) = target
            && target != file.module
        {
            out.push((target, format!("{root}::{}", segments.join("::"))));
        }
    }
    out
}

/// Every import of `files` that breaks the layering, as a message naming
/// the file, the import and the two layers.
fn upward_imports(files: &[SourceFile]) -> Vec<String> {
    let known = modules(files);
    let mut problems = Vec::new();
    for file in files {
        let Some(top) = file.module.first() else {
            continue;
        };
        let Some(own) = layer_of(top) else {
            problems.push(format!(
                "{}: module `{top}` is in no layer of tests/architecture.rs; add it to the table",
                file.path.display()
            ));
            continue;
        };
        for (target, written) in imports(file, &known) {
            let Some(to) = target.first() else {
                continue;
            };
            if to == top {
                continue;
            }
            match layer_of(to) {
                Some(layer) if layer < own => {}
                Some(layer) => problems.push(format!(
                    "{}: `{written}` imports `{to}` (layer {}) from `{top}` (layer {}): a module imports only from the layers below its own",
                    file.path.display(),
                    layer + 1,
                    own + 1
                )),
                None => problems.push(format!(
                    "{}: `{written}` imports `{to}`, which is in no layer",
                    file.path.display()
                )),
            }
        }
    }
    problems
}

/// The loops among the files of `files`: each a list of module paths that
/// import each other round, leaving out what a file takes from its own
/// ancestors.
fn import_loops(files: &[SourceFile]) -> Vec<Vec<String>> {
    let known = modules(files);
    let name = |m: &[String]| {
        if m.is_empty() {
            "crate".to_string()
        } else {
            m.join("::")
        }
    };
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        for (target, _) in imports(file, &known) {
            let ancestor = target.len() < file.module.len() && file.module.starts_with(&target);
            if !ancestor {
                edges
                    .entry(name(&file.module))
                    .or_default()
                    .insert(name(&target));
            }
        }
    }
    // Tarjan's strongly connected components.
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<String, usize>,
        low: BTreeMap<String, usize>,
        stack: Vec<String>,
        loops: Vec<Vec<String>>,
    }
    fn visit(v: &str, s: &mut State) {
        let n = s.index.len();
        s.index.insert(v.to_string(), n);
        s.low.insert(v.to_string(), n);
        s.stack.push(v.to_string());
        let next: Vec<String> = s
            .edges
            .get(v)
            .map(|e| e.iter().cloned().collect())
            .unwrap_or_default();
        for w in next {
            if !s.index.contains_key(&w) {
                visit(&w, s);
                let low = s.low[v].min(s.low[&w]);
                s.low.insert(v.to_string(), low);
            } else if s.stack.contains(&w) {
                let low = s.low[v].min(s.index[&w]);
                s.low.insert(v.to_string(), low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                let done = w == v;
                component.push(w);
                if done {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.loops.push(component);
            }
        }
    }
    let mut state = State {
        edges: &edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        loops: Vec::new(),
    };
    let nodes: Vec<String> = known.iter().map(|m| name(m)).collect();
    for v in nodes {
        if !state.index.contains_key(&v) {
            visit(&v, &mut state);
        }
    }
    state.loops
}

fn src_files() -> Vec<SourceFile> {
    let mut files = Vec::new();
    source_files(Path::new("src"), &mut files);
    assert!(
        files.len() > 20,
        "src/ should hold the crate's files; found {}",
        files.len()
    );
    files
}

#[test]
fn every_module_imports_only_from_the_layers_below_it() {
    let problems = upward_imports(&src_files());
    assert!(problems.is_empty(), "\n{}\n", problems.join("\n"));
}

#[test]
fn no_files_import_each_other_in_a_loop() {
    let loops = import_loops(&src_files());
    assert!(
        loops.is_empty(),
        "these modules import each other round: {}",
        loops
            .iter()
            .map(|l| l.join(" "))
            .collect::<Vec<_>>()
            .join("; ")
    );
}

#[test]
fn every_top_level_module_has_a_layer() {
    let tops: BTreeSet<String> = src_files()
        .iter()
        .filter_map(|f| f.module.first().cloned())
        .collect();
    let missing: Vec<&String> = tops.iter().filter(|m| layer_of(m).is_none()).collect();
    assert!(missing.is_empty(), "modules in no layer: {missing:?}");
}

/// The checker on a made-up crate: an upward import, one hidden in a
/// group, one behind `super::super`, a loop between two files and one
/// through three modules are all found, while comments, strings and a file's use of its parent are not
/// imports.
#[test]
fn the_checker_finds_upward_imports_and_loops_in_a_made_up_crate() {
    let file = |path: &str, text: &str| {
        let module: Vec<String> = path
            .trim_end_matches(".rs")
            .split('/')
            .filter(|s| *s != "mod")
            .map(String::from)
            .collect();
        SourceFile {
            path: PathBuf::from(format!("src/{path}")),
            module,
            text: text.to_string(),
        }
    };
    let files = vec![
        file("markdown/mod.rs", "pub mod table;\n"),
        file(
            "markdown/table.rs",
            "// use crate::lint::Finding;\nconst S: &str = \"crate::lint::x\";\nuse super::suppression;\nfn f() { crate::lint::suppress::trailing_directive(\"\"); }\n",
        ),
        file(
            "markdown/suppression.rs",
            "use crate::{error::Error, plan::{Plan, decisions::Row}};\nuse super::table;\n",
        ),
        file(
            "plan/mod.rs",
            "use super::super::output::Format;\nuse crate::markdown::MarkdownFile;\n",
        ),
        file("lint/mod.rs", "use crate::plan::Plan;\n"),
        file("lint/suppress.rs", "use super::Finding;\n"),
        file("output/mod.rs", "use crate::lint::Finding;\n"),
        file("error.rs", ""),
    ];
    let problems = upward_imports(&files);
    let named = |needle: &str| problems.iter().any(|p| p.contains(needle));
    assert!(
        named("src/markdown/table.rs: `crate::lint::suppress::trailing_directive` imports `lint`"),
        "{problems:#?}"
    );
    assert!(
        named("src/markdown/suppression.rs: `crate::plan` imports `plan`"),
        "{problems:#?}"
    );
    assert!(
        named("src/plan/mod.rs: `super::super::output::Format` imports `output`"),
        "{problems:#?}"
    );
    assert_eq!(problems.len(), 3, "{problems:#?}");
    let loops = import_loops(&files);
    let has = |members: &[&str]| loops.iter().any(|l| l == members);
    assert!(
        has(&["markdown::suppression", "markdown::table"]),
        "{loops:?}"
    );
    assert!(has(&["lint", "output", "plan"]), "{loops:?}");
    assert_eq!(loops.len(), 2, "{loops:?}");
}
