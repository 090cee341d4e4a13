
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'planfile' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'planfile'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'planfile' {
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('phase-graph', 'phase-graph', [CompletionResultType]::ParameterValue, 'Reference-compatible views of one plan: its resolved decisions as TSV (--decisions [N]) or its lint verdict (--lint)')
            [CompletionResult]::new('decisions', 'decisions', [CompletionResultType]::ParameterValue, 'List, check, prompt, resolve (the answer in force of each key), or write (answer / waive / promote) the decision manifest of one plan')
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Write a new plan, docs/plans/<SLUG>.md, from the plan template: all nineteen decision keys, shipped defaults answered, the rest outstanding')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print the shell completion script for SHELL on stdout')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the manual page (roff) on stdout: planfile(1), or with COMMAND the page planfile-COMMAND(1) (with a verb: planfile-COMMAND-VERB(1))')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Lint plans (F14, F24, F25 and the structure checks); no SLUG|PATH: every plan under docs/plans/. Exit 1 when a finding gates')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Print what a lint check looks for, why, and an example that fails and one that passes; with no CHECK, list every check')
            [CompletionResult]::new('server', 'server', [CompletionResultType]::ParameterValue, 'Run the language server for editors (LSP 3.17 on stdin and stdout): diagnostics, hover, completion and quick fixes in plans and twins')
            [CompletionResult]::new('needs', 'needs', [CompletionResultType]::ParameterValue, 'Check a --needs word of a declaration: a decision key, or a blocker class as its short form. Prints the key and the class the runner files it under (`credential` → `credentials<TAB>credential`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'planfile;phase-graph' {
            [CompletionResult]::new('--decisions', '--decisions', [CompletionResultType]::ParameterName, 'Print the resolved decisions as TSV (key, state, owner, blocking, source, value); with N, phase N''s view')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('--lint', '--lint', [CompletionResultType]::ParameterName, 'Lint the plan (F14, F24, F25 and the structure checks), reference format')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'planfile;decisions' {
            [CompletionResult]::new('--slug', '--slug', [CompletionResultType]::ParameterName, 'The plan''s slug when it is also a verb''s name (`decisions list list` is read as `decisions --slug list list`)')
            [CompletionResult]::new('--phase', '--phase', [CompletionResultType]::ParameterName, 'The phase whose view to use (rows written with --phase are scoped to it)')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'Print the resolved decisions of the view as TSV, JSON or a table')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'The start gate: exit 0 when the run may start, 1 when it is refused, naming each decision that stops it')
            [CompletionResult]::new('prompt', 'prompt', [CompletionResultType]::ParameterValue, 'Print the decisions block of a phase''s boot prompt')
            [CompletionResult]::new('resolve', 'resolve', [CompletionResultType]::ParameterValue, 'Print the answer in force of each key (or KEY), as the console decides it mid-run: from the run, the resolved row, the console''s policy, the legacy gates switch or the shipped default')
            [CompletionResult]::new('answer', 'answer', [CompletionResultType]::ParameterValue, 'Answer a decision: write an `answered` row (source run) into the twin')
            [CompletionResult]::new('waive', 'waive', [CompletionResultType]::ParameterValue, 'Waive a decision: write a `waived` row (source run) into the twin')
            [CompletionResult]::new('promote', 'promote', [CompletionResultType]::ParameterValue, 'Promote a ruling of the rulings ledger: write an `answered` row (source ruling) into the twin')
            break
        }
        'planfile;decisions;list' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--phase', '--phase', [CompletionResultType]::ParameterName, 'The phase whose view to use (rows written with --phase are scoped to it)')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'planfile;decisions;check' {
            [CompletionResult]::new('--ack', '--ack', [CompletionResultType]::ParameterName, 'A waived key the start gate may accept (repeatable)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--phase', '--phase', [CompletionResultType]::ParameterName, 'The phase whose view to use (rows written with --phase are scoped to it)')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'planfile;decisions;prompt' {
            [CompletionResult]::new('--phase', '--phase', [CompletionResultType]::ParameterName, 'The phase whose view to use (rows written with --phase are scoped to it)')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'planfile;decisions;resolve' {
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'The console''s policy, a JSON file ({"policy": {"<key>": "<answer>", …}, "delegateHumanGates": true|false}); default: the [policy] table of planfile.toml')
            [CompletionResult]::new('--run', '--run', [CompletionResultType]::ParameterName, 'The run''s own fields, a JSON file ({"resumeOnRestart": true|false, "relay": "<word>"})')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--phase', '--phase', [CompletionResultType]::ParameterName, 'The phase whose view to use (rows written with --phase are scoped to it)')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'planfile;decisions;answer' {
            [CompletionResult]::new('--value', '--value', [CompletionResultType]::ParameterName, 'The answer')
            [CompletionResult]::new('--by', '--by', [CompletionResultType]::ParameterName, 'Who decided; default: $PE_OWNER, else user@host')
            [CompletionResult]::new('--blocking', '--blocking', [CompletionResultType]::ParameterName, 'Whether the row blocks the start (any case); default: yes when the start gate counts the row the view resolves to today as blocking, else no')
            [CompletionResult]::new('--evidence', '--evidence', [CompletionResultType]::ParameterName, 'What proves the row; default: `ruling <id>` for promote, else `decisions.sh <today>`')
            [CompletionResult]::new('--phase', '--phase', [CompletionResultType]::ParameterName, 'The phase whose view to use (rows written with --phase are scoped to it)')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print the unified diff the write would make; write nothing')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'planfile;decisions;waive' {
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why the decision does not apply')
            [CompletionResult]::new('--by', '--by', [CompletionResultType]::ParameterName, 'Who decided; default: $PE_OWNER, else user@host')
            [CompletionResult]::new('--blocking', '--blocking', [CompletionResultType]::ParameterName, 'Whether the row blocks the start (any case); default: yes when the start gate counts the row the view resolves to today as blocking, else no')
            [CompletionResult]::new('--evidence', '--evidence', [CompletionResultType]::ParameterName, 'What proves the row; default: `ruling <id>` for promote, else `decisions.sh <today>`')
            [CompletionResult]::new('--phase', '--phase', [CompletionResultType]::ParameterName, 'The phase whose view to use (rows written with --phase are scoped to it)')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print the unified diff the write would make; write nothing')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'planfile;decisions;promote' {
            [CompletionResult]::new('--from-ruling', '--from-ruling', [CompletionResultType]::ParameterName, 'The ruling id to promote')
            [CompletionResult]::new('--key', '--key', [CompletionResultType]::ParameterName, 'The key to write; default: the ruling''s decisionKey')
            [CompletionResult]::new('--rulings', '--rulings', [CompletionResultType]::ParameterName, 'The rulings ledger; default: $PE_RULINGS_FILE, else the console''s state folder')
            [CompletionResult]::new('--by', '--by', [CompletionResultType]::ParameterName, 'Who decided; default: $PE_OWNER, else user@host')
            [CompletionResult]::new('--blocking', '--blocking', [CompletionResultType]::ParameterName, 'Whether the row blocks the start (any case); default: yes when the start gate counts the row the view resolves to today as blocking, else no')
            [CompletionResult]::new('--evidence', '--evidence', [CompletionResultType]::ParameterName, 'What proves the row; default: `ruling <id>` for promote, else `decisions.sh <today>`')
            [CompletionResult]::new('--phase', '--phase', [CompletionResultType]::ParameterName, 'The phase whose view to use (rows written with --phase are scoped to it)')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print the unified diff the write would make; write nothing')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'planfile;new' {
            [CompletionResult]::new('--title', '--title', [CompletionResultType]::ParameterName, 'The plan''s title (its `#` heading); default: the slug with ''-'' and ''_'' as spaces, first letter upper-case')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'planfile;completions' {
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'planfile;man' {
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'planfile;validate' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How findings are printed')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write the report to FILE instead of stdout')
            [CompletionResult]::new('--output-file', '--output-file', [CompletionResultType]::ParameterName, 'Write the report to FILE instead of stdout')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Run only these checks: names, codes (a shared code means every check with it) or ALL, comma-separated')
            [CompletionResult]::new('--extend-select', '--extend-select', [CompletionResultType]::ParameterName, 'Also run these checks (names or codes, comma-separated)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Do not run these checks (names or codes, comma-separated)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read the settings from FILE instead of finding planfile.toml')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The path of the file read from stdin (-), for messages and for finding the files it comes with: a plan, or its twin or a handoff (the buffer then stands for that file, its plan read from disk)')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print the findings only: no summary, no notes')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print the findings only: no summary, no notes')
            [CompletionResult]::new('--exit-zero', '--exit-zero', [CompletionResultType]::ParameterName, 'Exit 0 even when a finding gates or --diff has fixes to show (2 still means an error)')
            [CompletionResult]::new('--statistics', '--statistics', [CompletionResultType]::ParameterName, 'Print one line per check that found something (count, code, name), most found first, instead of the findings: as text (--format human or concise) or JSON')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Read no settings file: every check runs with its own severity')
            [CompletionResult]::new('--fix', '--fix', [CompletionResultType]::ParameterName, 'Apply the fixes the tool is sure of to the plans (never to twins), keeping every other byte, then report the findings that remain; for a plan on stdin (-), print the fixed plan on stdout and the report on stderr')
            [CompletionResult]::new('--diff', '--diff', [CompletionResultType]::ParameterName, 'Print the fixes as a unified diff instead of applying them (nothing is written); exit 1 when there is any (0 with --exit-zero)')
            [CompletionResult]::new('--unsafe-fixes', '--unsafe-fixes', [CompletionResultType]::ParameterName, 'With --fix or --diff, also apply (or show) the unsafe fixes: repairs that may change what the author meant, such as a misspelled state, source or key that the finding names (`answerd` -> `answered`)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Leave out a plan named on the command line when a folder search would (an `exclude` glob, README.md, INDEX.md), as the pre-commit hook does')
            [CompletionResult]::new('--show-settings', '--show-settings', [CompletionResultType]::ParameterName, 'Print, for each plan, the settings file in use and the checks that run, are advisory and are ignored for it, then exit; nothing is linted')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'planfile;explain' {
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'planfile;server' {
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('--stdio', '--stdio', [CompletionResultType]::ParameterName, 'Speak over stdin and stdout (the only transport; accepted because editor clients pass it)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'planfile;needs' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How the answer is printed')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never')
            [CompletionResult]::new('--ruling', '--ruling', [CompletionResultType]::ParameterName, 'Accept keys only, as a ruling''s decisionKey (a ruling names a real key, never a class)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'planfile;help' {
            [CompletionResult]::new('phase-graph', 'phase-graph', [CompletionResultType]::ParameterValue, 'Reference-compatible views of one plan: its resolved decisions as TSV (--decisions [N]) or its lint verdict (--lint)')
            [CompletionResult]::new('decisions', 'decisions', [CompletionResultType]::ParameterValue, 'List, check, prompt, resolve (the answer in force of each key), or write (answer / waive / promote) the decision manifest of one plan')
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Write a new plan, docs/plans/<SLUG>.md, from the plan template: all nineteen decision keys, shipped defaults answered, the rest outstanding')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print the shell completion script for SHELL on stdout')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the manual page (roff) on stdout: planfile(1), or with COMMAND the page planfile-COMMAND(1) (with a verb: planfile-COMMAND-VERB(1))')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Lint plans (F14, F24, F25 and the structure checks); no SLUG|PATH: every plan under docs/plans/. Exit 1 when a finding gates')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Print what a lint check looks for, why, and an example that fails and one that passes; with no CHECK, list every check')
            [CompletionResult]::new('server', 'server', [CompletionResultType]::ParameterValue, 'Run the language server for editors (LSP 3.17 on stdin and stdout): diagnostics, hover, completion and quick fixes in plans and twins')
            [CompletionResult]::new('needs', 'needs', [CompletionResultType]::ParameterValue, 'Check a --needs word of a declaration: a decision key, or a blocker class as its short form. Prints the key and the class the runner files it under (`credential` → `credentials<TAB>credential`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'planfile;help;phase-graph' {
            break
        }
        'planfile;help;decisions' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'Print the resolved decisions of the view as TSV, JSON or a table')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'The start gate: exit 0 when the run may start, 1 when it is refused, naming each decision that stops it')
            [CompletionResult]::new('prompt', 'prompt', [CompletionResultType]::ParameterValue, 'Print the decisions block of a phase''s boot prompt')
            [CompletionResult]::new('resolve', 'resolve', [CompletionResultType]::ParameterValue, 'Print the answer in force of each key (or KEY), as the console decides it mid-run: from the run, the resolved row, the console''s policy, the legacy gates switch or the shipped default')
            [CompletionResult]::new('answer', 'answer', [CompletionResultType]::ParameterValue, 'Answer a decision: write an `answered` row (source run) into the twin')
            [CompletionResult]::new('waive', 'waive', [CompletionResultType]::ParameterValue, 'Waive a decision: write a `waived` row (source run) into the twin')
            [CompletionResult]::new('promote', 'promote', [CompletionResultType]::ParameterValue, 'Promote a ruling of the rulings ledger: write an `answered` row (source ruling) into the twin')
            break
        }
        'planfile;help;decisions;list' {
            break
        }
        'planfile;help;decisions;check' {
            break
        }
        'planfile;help;decisions;prompt' {
            break
        }
        'planfile;help;decisions;resolve' {
            break
        }
        'planfile;help;decisions;answer' {
            break
        }
        'planfile;help;decisions;waive' {
            break
        }
        'planfile;help;decisions;promote' {
            break
        }
        'planfile;help;new' {
            break
        }
        'planfile;help;completions' {
            break
        }
        'planfile;help;man' {
            break
        }
        'planfile;help;validate' {
            break
        }
        'planfile;help;explain' {
            break
        }
        'planfile;help;server' {
            break
        }
        'planfile;help;needs' {
            break
        }
        'planfile;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
