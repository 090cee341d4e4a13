
use builtin;
use str;

set edit:completion:arg-completer[planfile] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'planfile'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'planfile'= {
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand phase-graph 'Reference-compatible views of one plan: its resolved decisions as TSV (--decisions [N]) or its lint verdict (--lint)'
            cand decisions 'List, check, prompt, resolve (the answer in force of each key), or write (answer / waive / promote) the decision manifest of one plan'
            cand new 'Write a new plan, docs/plans/<SLUG>.md, from the plan template: all nineteen decision keys, shipped defaults answered, the rest outstanding'
            cand completions 'Print the shell completion script for SHELL on stdout'
            cand man 'Print the manual page (roff) on stdout: planfile(1), or with COMMAND the page planfile-COMMAND(1) (with a verb: planfile-COMMAND-VERB(1))'
            cand validate 'Lint plans (F14, F24, F25 and the structure checks); no SLUG|PATH: every plan under docs/plans/. Exit 1 when a finding gates'
            cand explain 'Print what a lint check looks for, why, and an example that fails and one that passes; with no CHECK, list every check'
            cand server 'Run the language server for editors (LSP 3.17 on stdin and stdout): diagnostics, hover, completion and quick fixes in plans and twins'
            cand needs 'Check a --needs word of a declaration: a decision key, or a blocker class as its short form. Prints the key and the class the runner files it under (`credential` → `credentials<TAB>credential`)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'planfile;phase-graph'= {
            cand --decisions 'Print the resolved decisions as TSV (key, state, owner, blocking, source, value); with N, phase N''s view'
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand --lint 'Lint the plan (F14, F24, F25 and the structure checks), reference format'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'planfile;decisions'= {
            cand --slug 'The plan''s slug when it is also a verb''s name (`decisions list list` is read as `decisions --slug list list`)'
            cand --phase 'The phase whose view to use (rows written with --phase are scoped to it)'
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand -h 'Print help'
            cand --help 'Print help'
            cand list 'Print the resolved decisions of the view as TSV, JSON or a table'
            cand check 'The start gate: exit 0 when the run may start, 1 when it is refused, naming each decision that stops it'
            cand prompt 'Print the decisions block of a phase''s boot prompt'
            cand resolve 'Print the answer in force of each key (or KEY), as the console decides it mid-run: from the run, the resolved row, the console''s policy, the legacy gates switch or the shipped default'
            cand answer 'Answer a decision: write an `answered` row (source run) into the twin'
            cand waive 'Waive a decision: write a `waived` row (source run) into the twin'
            cand promote 'Promote a ruling of the rulings ledger: write an `answered` row (source ruling) into the twin'
        }
        &'planfile;decisions;list'= {
            cand --format 'Output format'
            cand --phase 'The phase whose view to use (rows written with --phase are scoped to it)'
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'planfile;decisions;check'= {
            cand --ack 'A waived key the start gate may accept (repeatable)'
            cand --format 'Output format'
            cand --phase 'The phase whose view to use (rows written with --phase are scoped to it)'
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'planfile;decisions;prompt'= {
            cand --phase 'The phase whose view to use (rows written with --phase are scoped to it)'
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'planfile;decisions;resolve'= {
            cand --policy 'The console''s policy, a JSON file ({"policy": {"<key>": "<answer>", …}, "delegateHumanGates": true|false}); default: the [policy] table of planfile.toml'
            cand --run 'The run''s own fields, a JSON file ({"resumeOnRestart": true|false, "relay": "<word>"})'
            cand --format 'Output format'
            cand --phase 'The phase whose view to use (rows written with --phase are scoped to it)'
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'planfile;decisions;answer'= {
            cand --value 'The answer'
            cand --by 'Who decided; default: $PE_OWNER, else user@host'
            cand --blocking 'Whether the row blocks the start (any case); default: yes when the start gate counts the row the view resolves to today as blocking, else no'
            cand --evidence 'What proves the row; default: `ruling <id>` for promote, else `decisions.sh <today>`'
            cand --phase 'The phase whose view to use (rows written with --phase are scoped to it)'
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand --dry-run 'Print the unified diff the write would make; write nothing'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'planfile;decisions;waive'= {
            cand --reason 'Why the decision does not apply'
            cand --by 'Who decided; default: $PE_OWNER, else user@host'
            cand --blocking 'Whether the row blocks the start (any case); default: yes when the start gate counts the row the view resolves to today as blocking, else no'
            cand --evidence 'What proves the row; default: `ruling <id>` for promote, else `decisions.sh <today>`'
            cand --phase 'The phase whose view to use (rows written with --phase are scoped to it)'
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand --dry-run 'Print the unified diff the write would make; write nothing'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'planfile;decisions;promote'= {
            cand --from-ruling 'The ruling id to promote'
            cand --key 'The key to write; default: the ruling''s decisionKey'
            cand --rulings 'The rulings ledger; default: $PE_RULINGS_FILE, else the console''s state folder'
            cand --by 'Who decided; default: $PE_OWNER, else user@host'
            cand --blocking 'Whether the row blocks the start (any case); default: yes when the start gate counts the row the view resolves to today as blocking, else no'
            cand --evidence 'What proves the row; default: `ruling <id>` for promote, else `decisions.sh <today>`'
            cand --phase 'The phase whose view to use (rows written with --phase are scoped to it)'
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand --dry-run 'Print the unified diff the write would make; write nothing'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'planfile;new'= {
            cand --title 'The plan''s title (its `#` heading); default: the slug with ''-'' and ''_'' as spaces, first letter upper-case'
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'planfile;completions'= {
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'planfile;man'= {
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'planfile;validate'= {
            cand --format 'How findings are printed'
            cand -o 'Write the report to FILE instead of stdout'
            cand --output-file 'Write the report to FILE instead of stdout'
            cand --select 'Run only these checks: names, codes (a shared code means every check with it) or ALL, comma-separated'
            cand --extend-select 'Also run these checks (names or codes, comma-separated)'
            cand --ignore 'Do not run these checks (names or codes, comma-separated)'
            cand --config 'Read the settings from FILE instead of finding planfile.toml'
            cand --stdin-filename 'The path of the file read from stdin (-), for messages and for finding the files it comes with: a plan, or its twin or a handoff (the buffer then stands for that file, its plan read from disk)'
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand -q 'Print the findings only: no summary, no notes'
            cand --quiet 'Print the findings only: no summary, no notes'
            cand --exit-zero 'Exit 0 even when a finding gates or --diff has fixes to show (2 still means an error)'
            cand --statistics 'Print one line per check that found something (count, code, name), most found first, instead of the findings: as text (--format human or concise) or JSON'
            cand --no-config 'Read no settings file: every check runs with its own severity'
            cand --fix 'Apply the fixes the tool is sure of to the plans (never to twins), keeping every other byte, then report the findings that remain; for a plan on stdin (-), print the fixed plan on stdout and the report on stderr'
            cand --diff 'Print the fixes as a unified diff instead of applying them (nothing is written); exit 1 when there is any (0 with --exit-zero)'
            cand --unsafe-fixes 'With --fix or --diff, also apply (or show) the unsafe fixes: repairs that may change what the author meant, such as a misspelled state, source or key that the finding names (`answerd` -> `answered`)'
            cand --force-exclude 'Leave out a plan named on the command line when a folder search would (an `exclude` glob, README.md, INDEX.md), as the pre-commit hook does'
            cand --show-settings 'Print, for each plan, the settings file in use and the checks that run, are advisory and are ignored for it, then exit; nothing is linted'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'planfile;explain'= {
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'planfile;server'= {
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand --stdio 'Speak over stdin and stdout (the only transport; accepted because editor clients pass it)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'planfile;needs'= {
            cand --format 'How the answer is printed'
            cand --root 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory'
            cand --color 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never'
            cand --ruling 'Accept keys only, as a ruling''s decisionKey (a ruling names a real key, never a class)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'planfile;help'= {
            cand phase-graph 'Reference-compatible views of one plan: its resolved decisions as TSV (--decisions [N]) or its lint verdict (--lint)'
            cand decisions 'List, check, prompt, resolve (the answer in force of each key), or write (answer / waive / promote) the decision manifest of one plan'
            cand new 'Write a new plan, docs/plans/<SLUG>.md, from the plan template: all nineteen decision keys, shipped defaults answered, the rest outstanding'
            cand completions 'Print the shell completion script for SHELL on stdout'
            cand man 'Print the manual page (roff) on stdout: planfile(1), or with COMMAND the page planfile-COMMAND(1) (with a verb: planfile-COMMAND-VERB(1))'
            cand validate 'Lint plans (F14, F24, F25 and the structure checks); no SLUG|PATH: every plan under docs/plans/. Exit 1 when a finding gates'
            cand explain 'Print what a lint check looks for, why, and an example that fails and one that passes; with no CHECK, list every check'
            cand server 'Run the language server for editors (LSP 3.17 on stdin and stdout): diagnostics, hover, completion and quick fixes in plans and twins'
            cand needs 'Check a --needs word of a declaration: a decision key, or a blocker class as its short form. Prints the key and the class the runner files it under (`credential` → `credentials<TAB>credential`)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'planfile;help;phase-graph'= {
        }
        &'planfile;help;decisions'= {
            cand list 'Print the resolved decisions of the view as TSV, JSON or a table'
            cand check 'The start gate: exit 0 when the run may start, 1 when it is refused, naming each decision that stops it'
            cand prompt 'Print the decisions block of a phase''s boot prompt'
            cand resolve 'Print the answer in force of each key (or KEY), as the console decides it mid-run: from the run, the resolved row, the console''s policy, the legacy gates switch or the shipped default'
            cand answer 'Answer a decision: write an `answered` row (source run) into the twin'
            cand waive 'Waive a decision: write a `waived` row (source run) into the twin'
            cand promote 'Promote a ruling of the rulings ledger: write an `answered` row (source ruling) into the twin'
        }
        &'planfile;help;decisions;list'= {
        }
        &'planfile;help;decisions;check'= {
        }
        &'planfile;help;decisions;prompt'= {
        }
        &'planfile;help;decisions;resolve'= {
        }
        &'planfile;help;decisions;answer'= {
        }
        &'planfile;help;decisions;waive'= {
        }
        &'planfile;help;decisions;promote'= {
        }
        &'planfile;help;new'= {
        }
        &'planfile;help;completions'= {
        }
        &'planfile;help;man'= {
        }
        &'planfile;help;validate'= {
        }
        &'planfile;help;explain'= {
        }
        &'planfile;help;server'= {
        }
        &'planfile;help;needs'= {
        }
        &'planfile;help;help'= {
        }
    ]
    $completions[$command]
}
