//! Whether output is coloured (SPEC §5.2, §9, §10.1): the one place that
//! weighs `--color auto|always|never`, `NO_COLOR`, `FORCE_COLOR` and whether
//! the stream is a terminal. Every format that colours asks it.

use std::ffi::OsString;
use std::io::IsTerminal;

/// When to colour output: the value of the global `--color` option.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when the stream is a terminal, unless `NO_COLOR` is set;
    /// always when `FORCE_COLOR` is set (and `NO_COLOR` is not).
    #[default]
    Auto,
    /// Always colour, whatever the stream and the environment.
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Whether output to a stream is coloured. `always` and `never` decide
    /// alone. `auto`: `NO_COLOR` set to a non-empty value turns colour off;
    /// else `FORCE_COLOR` set to a non-empty value turns it on; else colour
    /// when the stream is a terminal and `TERM` is not `dumb`.
    pub fn colors(self, is_terminal: bool) -> bool {
        self.decide(is_terminal, &|name| std::env::var_os(name))
    }

    /// [`ColorChoice::colors`] with the environment read through `env`.
    fn decide(self, is_terminal: bool, env: &dyn Fn(&str) -> Option<OsString>) -> bool {
        let set = |name: &str| env(name).is_some_and(|v| !v.is_empty());
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto if set("NO_COLOR") => false,
            ColorChoice::Auto if set("FORCE_COLOR") => true,
            ColorChoice::Auto => is_terminal && env("TERM").is_none_or(|t| t != "dumb"),
        }
    }

    /// Whether what is written to stdout is coloured.
    pub fn stdout_colors(self) -> bool {
        self.colors(std::io::stdout().is_terminal())
    }

    /// Stdout, through a stream that passes colour codes on or strips them
    /// as [`ColorChoice::colors`] decides for it.
    pub fn stdout(self) -> anstream::AutoStream<std::io::Stdout> {
        anstream::AutoStream::new(std::io::stdout(), stream_choice(self.stdout_colors()))
    }

    /// Stderr, through a stream that passes colour codes on or strips them
    /// as [`ColorChoice::colors`] decides for it.
    pub fn stderr(self) -> anstream::AutoStream<std::io::Stderr> {
        let colors = self.colors(std::io::stderr().is_terminal());
        anstream::AutoStream::new(std::io::stderr(), stream_choice(colors))
    }
}

/// The `anstream` setting that keeps (`true`) or strips colour codes.
fn stream_choice(colors: bool) -> anstream::ColorChoice {
    if colors {
        anstream::ColorChoice::Always
    } else {
        anstream::ColorChoice::Never
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decide(choice: ColorChoice, terminal: bool, vars: &[(&str, &str)]) -> bool {
        let env = |name: &str| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| OsString::from(v))
        };
        choice.decide(terminal, &env)
    }

    #[test]
    fn always_and_never_ignore_the_environment() {
        for terminal in [true, false] {
            assert!(decide(ColorChoice::Always, terminal, &[("NO_COLOR", "1")]));
            assert!(!decide(
                ColorChoice::Never,
                terminal,
                &[("FORCE_COLOR", "1")]
            ));
        }
    }

    #[test]
    fn auto_follows_the_terminal() {
        assert!(decide(ColorChoice::Auto, true, &[]));
        assert!(!decide(ColorChoice::Auto, false, &[]));
        assert!(!decide(ColorChoice::Auto, true, &[("TERM", "dumb")]));
    }

    #[test]
    fn no_color_wins_over_force_color_and_empty_values_count_as_unset() {
        assert!(!decide(ColorChoice::Auto, true, &[("NO_COLOR", "1")]));
        assert!(decide(ColorChoice::Auto, true, &[("NO_COLOR", "")]));
        assert!(decide(ColorChoice::Auto, false, &[("FORCE_COLOR", "1")]));
        assert!(!decide(ColorChoice::Auto, false, &[("FORCE_COLOR", "")]));
        assert!(!decide(
            ColorChoice::Auto,
            false,
            &[("FORCE_COLOR", "1"), ("NO_COLOR", "1")]
        ));
    }
}
