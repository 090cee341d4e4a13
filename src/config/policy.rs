//! Reading what the console brings to the answer in force (SPEC §5.5)
//! besides the plan: its own policy preferences, and the fields of the run
//! (the data itself is [`crate::manifest::policy`]'s).
//!
//! - The console's preferences come from `--policy FILE`, a JSON object
//!   `{"policy": {"<key>": "<answer>", …}, "delegateHumanGates": true|false}`
//!   (other members are the console's and are ignored), or, without it, from
//!   the `[policy]` table of `planfile.toml`:
//!
//!   ```toml
//!   [policy]
//!   relay = "last-resort"
//!   "resume.on-restart" = "hold"   # a key with a dot is quoted
//!   ```
//!
//! - The run's fields come from `--run FILE`, a JSON object of which two
//!   members count: `resumeOnRestart` (true or false) and `relay` (a word).
//!
//! A key outside the vocabulary, an answer that is not a string of one line,
//! or a member of the wrong type is refused ([`Error::Policy`], exit 2),
//! naming the file and the line.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use serde::de::{self, Deserialize, Deserializer, Visitor};

use super::{CONFIG_FILE, file_place, line_of, read_text};
use crate::error::{Error, Result, escape_invisible};
use crate::manifest::policy::{ConsolePolicy, RunFields};
use crate::vocab;

/// The policy a resolve uses: the JSON file `policy_file` when given,
/// else the `[policy]` table of `<root>/planfile.toml` (no policy when
/// there is no such file or table). Errors: [`Error::Read`] /
/// [`Error::NotUtf8`] for a file that cannot be read, [`Error::Policy`]
/// for one that cannot be used.
pub fn load_policy(policy_file: Option<&Path>, root: &Path) -> Result<ConsolePolicy> {
    match policy_file {
        Some(path) => policy_from_json(path, &read_text(path)?),
        None => policy_of_settings_file(&root.join(CONFIG_FILE)),
    }
}

/// The `[policy]` table of the settings file at `path`; no policy when
/// the file does not exist. Errors as [`load_policy`].
pub fn policy_of_settings_file(path: &Path) -> Result<ConsolePolicy> {
    match read_text(path) {
        Ok(text) => policy_from_toml(path, &text),
        Err(Error::Read { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
            Ok(ConsolePolicy::default())
        }
        Err(e) => Err(e),
    }
}

/// Parses the text of a JSON policy file read from `path` (named in
/// errors). [`Error::Policy`] naming the line when the text is not a
/// JSON object, `policy` names a key outside the vocabulary or holds an
/// answer that is not a one-line string, or `delegateHumanGates` is not
/// true or false.
pub fn policy_from_json(path: &Path, text: &str) -> Result<ConsolePolicy> {
    #[derive(serde::Deserialize)]
    struct Raw {
        #[serde(default)]
        policy: Option<BTreeMap<PolicyKey, Option<OneLine>>>,
        #[serde(default, rename = "delegateHumanGates")]
        delegate_human_gates: Option<bool>,
    }
    let raw: Raw = from_json_object(path, text, POLICY_SHAPE)?;
    Ok(ConsolePolicy {
        answers: raw
            .policy
            .unwrap_or_default()
            .into_iter()
            .filter_map(|(key, answer)| answer.map(|a| (key.0, a.0)))
            .collect(),
        delegate_human_gates: raw.delegate_human_gates,
    })
}

/// Parses the `[policy]` table of a `planfile.toml` read from `path`
/// (named in errors; the other tables are the lint settings' business).
/// [`Error::Policy`] naming the line for a key outside the vocabulary
/// or an answer that is not a one-line string.
pub fn policy_from_toml(path: &Path, text: &str) -> Result<ConsolePolicy> {
    #[derive(serde::Deserialize)]
    struct Raw {
        #[serde(default)]
        policy: Option<BTreeMap<PolicyKey, OneLine>>,
    }
    let raw: Raw = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| line_of(text, s.start));
        policy_error(path, line, e.message().trim_end(), TOML_SHAPE)
    })?;
    Ok(ConsolePolicy {
        answers: raw
            .policy
            .unwrap_or_default()
            .into_iter()
            .map(|(key, answer)| (key.0, answer.0))
            .collect(),
        delegate_human_gates: None,
    })
}

/// Reads the run file at `path`. Errors as [`run_from_json`],
/// and [`Error::Read`] / [`Error::NotUtf8`] when it cannot be read.
pub fn load_run(path: &Path) -> Result<RunFields> {
    run_from_json(path, &read_text(path)?)
}

/// Parses the text of a run file read from `path` (named in errors):
/// a JSON object whose `resumeOnRestart` is true or false and whose
/// `relay` is a string, when present (null counts as absent; other
/// members are ignored). [`Error::Policy`] naming the line otherwise.
pub fn run_from_json(path: &Path, text: &str) -> Result<RunFields> {
    #[derive(serde::Deserialize)]
    struct Raw {
        #[serde(default, rename = "resumeOnRestart")]
        resume_on_restart: Option<bool>,
        #[serde(default)]
        relay: Option<String>,
    }
    let raw: Raw = from_json_object(path, text, RUN_SHAPE)?;
    Ok(RunFields {
        resume_on_restart: raw.resume_on_restart,
        relay: raw.relay,
    })
}

/// How a policy file looks, for messages.
const POLICY_SHAPE: &str = "a policy file is a JSON object: {\"policy\": {\"<key>\": \"<answer>\", …}, \"delegateHumanGates\": true|false}";
/// How the `[policy]` table looks, for messages.
const TOML_SHAPE: &str = "[policy] holds one line per decision key: <key> = \"<answer>\", with a dotted key quoted (\"resume.on-restart\" = \"hold\")";
/// How a run file looks, for messages.
const RUN_SHAPE: &str =
    "a run file is a JSON object: {\"resumeOnRestart\": true|false, \"relay\": \"<word>\"}";

/// Deserializes `text`, which must be a JSON object, read from `path`;
/// [`Error::Policy`] naming the line (and what the file should look like,
/// `shape`) otherwise.
fn from_json_object<T: de::DeserializeOwned>(path: &Path, text: &str, shape: &str) -> Result<T> {
    let body = text.trim_start_matches(['\u{FEFF}', ' ', '\t', '\r', '\n']);
    if !body.starts_with('{') {
        let line = line_of(text, text.len() - body.len());
        return Err(policy_error(path, Some(line), "not a JSON object", shape));
    }
    serde_json::from_str(body).map_err(|e| {
        let message = e.to_string();
        let position = format!(" at line {} column {}", e.line(), e.column());
        let message = message.strip_suffix(&position).unwrap_or(&message);
        let skipped_lines = line_of(text, text.len() - body.len()) - 1;
        policy_error(path, Some(e.line() + skipped_lines), message, shape)
    })
}

/// `<path>:<line>: <message>; fix the file: <shape>`.
fn policy_error(path: &Path, line: Option<usize>, message: &str, shape: &str) -> Error {
    Error::Policy(format!(
        "{}: {message}; fix the file ({shape})",
        file_place(path, line)
    ))
}

/// A key of a policy table: a key of the vocabulary (exact case).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct PolicyKey(&'static str);

impl<'de> Deserialize<'de> for PolicyKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let key = String::deserialize(deserializer)?;
        if let Some(spec) = vocab::key_spec(&key) {
            return Ok(PolicyKey(spec.key));
        }
        let dotted = vocab::KEYS
            .iter()
            .find(|spec| spec.key.starts_with(&format!("{key}.")))
            .map(|spec| format!(" (a key with a dot is quoted: \"{}\")", spec.key));
        let hint =
            dotted.or_else(|| vocab::closest_key(&key).map(|k| format!(" (did you mean {k}?)")));
        Err(de::Error::custom(format!(
            "\"{}\" is not a decision key{}: the keys are {}",
            escape_invisible(&key),
            hint.unwrap_or_default(),
            vocab::key_list()
        )))
    }
}

/// An answer of a policy table: a string of one line.
#[derive(Debug, Clone, PartialEq, Eq)]
struct OneLine(String);

impl<'de> Deserialize<'de> for OneLine {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct OneLineVisitor;
        impl Visitor<'_> for OneLineVisitor {
            type Value = OneLine;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an answer: a string of one line")
            }

            fn visit_str<E: de::Error>(self, value: &str) -> Result<OneLine, E> {
                if value.contains(['\n', '\r']) {
                    return Err(E::custom(format!(
                        "the answer \"{}\" is not one line; write it on one line",
                        escape_invisible(value)
                    )));
                }
                Ok(OneLine(value.to_string()))
            }
        }
        deserializer.deserialize_str(OneLineVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> Result<ConsolePolicy> {
        policy_from_json(Path::new("policy.json"), text)
    }

    fn toml(text: &str) -> Result<ConsolePolicy> {
        policy_from_toml(Path::new("planfile.toml"), text)
    }

    fn message(result: Result<impl std::fmt::Debug>) -> String {
        let err = result.expect_err("refused");
        assert_eq!(err.exit_code(), 2, "{err}");
        err.to_string()
    }

    #[test]
    fn a_json_policy_file() {
        let policy = json(
            "{\"policy\": {\"relay\": \"last-resort\", \"stop\": \"halt and page\", \"mcp\": null},\n \"delegateHumanGates\": false, \"theme\": \"dark\"}",
        )
        .expect("valid");
        assert_eq!(policy.answer("relay"), Some("last-resort"));
        assert_eq!(policy.answer("stop"), Some("halt and page"));
        assert_eq!(policy.answer("mcp"), None);
        assert_eq!(policy.delegate_human_gates, Some(false));
        assert_eq!(json("{}").expect("empty"), ConsolePolicy::default());
        assert_eq!(
            json("{\"policy\": null}").expect("null"),
            ConsolePolicy::default()
        );
    }

    #[test]
    fn json_refusals_name_the_line() {
        let err = message(json(
            "{\n \"policy\": {\n  \"relay\": \"off\",\n  \"relays\": \"x\"\n }\n}",
        ));
        assert!(
            err.starts_with(
                "policy.json:4: \"relays\" is not a decision key (did you mean relay?)"
            ),
            "{err}"
        );
        let err = message(json("{\"policy\": {\"stop\": \"one\\ntwo\"}}"));
        assert!(
            err.starts_with("policy.json:1: the answer \"one\\u{A}two\" is not one line"),
            "{err}"
        );
        let err = message(json("{\"policy\": {\"stop\": 3}}"));
        assert!(
            err.contains("expected an answer: a string of one line"),
            "{err}"
        );
        let err = message(json("\n\n[1, 2]"));
        assert!(err.starts_with("policy.json:3: not a JSON object"), "{err}");
        let err = message(json("{\"delegateHumanGates\": \"yes\"}"));
        assert!(err.starts_with("policy.json:1: invalid type"), "{err}");
        let err = message(json("{\"policy\": {\"relay\": \"off\"}"));
        assert!(err.starts_with("policy.json:1: "), "{err}");
    }

    #[test]
    fn the_policy_table_of_planfile_toml() {
        let policy = toml(
            "[lint]\nadvisory = [\"F21\"]\n\n[policy]\nrelay = \"off\"\n\"resume.on-restart\" = \"hold\"\n",
        )
        .expect("valid");
        assert_eq!(policy.answer("relay"), Some("off"));
        assert_eq!(policy.answer("resume.on-restart"), Some("hold"));
        assert_eq!(
            toml("[lint]\n").expect("no table"),
            ConsolePolicy::default()
        );
        let err = message(toml("[policy]\nrelay = \"off\"\nrelays = \"x\"\n"));
        assert!(err.starts_with("planfile.toml:3: "), "{err}");
        assert!(err.contains("\"relays\" is not a decision key"), "{err}");
        let err = message(toml("[policy]\nresume.on-restart = \"hold\"\n"));
        assert!(err.starts_with("planfile.toml:2: "), "{err}");
        assert!(err.contains("quoted: \"resume.on-restart\""), "{err}");
        let err = message(toml("[policy]\nstop = \"\"\"one\ntwo\"\"\"\n"));
        assert!(err.starts_with("planfile.toml:2: "), "{err}");
        assert!(err.contains("is not one line"), "{err}");
        let err = message(toml("[policy]\nrelay = true\n"));
        assert!(err.starts_with("planfile.toml:2: "), "{err}");
    }

    #[test]
    fn run_files() {
        let run = |text: &str| run_from_json(Path::new("run.json"), text);
        assert_eq!(
            run("{\"resumeOnRestart\": false, \"relay\": \"off\", \"id\": 7}").expect("valid"),
            RunFields {
                resume_on_restart: Some(false),
                relay: Some("off".into())
            }
        );
        assert_eq!(
            run("{\"resumeOnRestart\": null}").expect("null"),
            RunFields::default()
        );
        let err = message(run("{\n\"resumeOnRestart\": \"yes\"}"));
        assert!(err.starts_with("run.json:2: invalid type"), "{err}");
        let err = message(run("[true, \"off\"]"));
        assert!(err.starts_with("run.json:1: not a JSON object"), "{err}");
    }
}
