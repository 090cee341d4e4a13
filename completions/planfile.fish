# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_planfile_global_optspecs
    string join \n root= color= h/help V/version
end

function __fish_planfile_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_planfile_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_planfile_using_subcommand
    set -l cmd (__fish_planfile_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c planfile -n "__fish_planfile_needs_command" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_needs_command" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_needs_command" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_needs_command" -s V -l version -d 'Print version'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "phase-graph" -d 'Reference-compatible views of one plan: its resolved decisions as TSV (--decisions [N]) or its lint verdict (--lint)'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "decisions" -d 'List, check, prompt, resolve (the answer in force of each key), or write (answer / waive / promote) the decision manifest of one plan'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "new" -d 'Write a new plan, docs/plans/<SLUG>.md, from the plan template: all nineteen decision keys, shipped defaults answered, the rest outstanding'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "completions" -d 'Print the shell completion script for SHELL on stdout'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "man" -d 'Print the manual page (roff) on stdout: planfile(1), or with COMMAND the page planfile-COMMAND(1) (with a verb: planfile-COMMAND-VERB(1))'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "validate" -d 'Lint plans (F14, F24, F25 and the structure checks); no SLUG|PATH: every plan under docs/plans/. Exit 1 when a finding gates'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "explain" -d 'Print what a lint check looks for, why, and an example that fails and one that passes; with no CHECK, list every check'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "server" -d 'Run the language server for editors (LSP 3.17 on stdin and stdout): diagnostics, hover, completion and quick fixes in plans and twins'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "needs" -d 'Check a --needs word of a declaration: a decision key, or a blocker class as its short form. Prints the key and the class the runner files it under (`credential` → `credentials<TAB>credential`)'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c planfile -n "__fish_planfile_using_subcommand phase-graph" -l decisions -d 'Print the resolved decisions as TSV (key, state, owner, blocking, source, value); with N, phase N\'s view' -r
complete -c planfile -n "__fish_planfile_using_subcommand phase-graph" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand phase-graph" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand phase-graph" -l lint -d 'Lint the plan (F14, F24, F25 and the structure checks), reference format'
complete -c planfile -n "__fish_planfile_using_subcommand phase-graph" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and not __fish_seen_subcommand_from list check prompt resolve answer waive promote" -l slug -d 'The plan\'s slug when it is also a verb\'s name (`decisions list list` is read as `decisions --slug list list`)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and not __fish_seen_subcommand_from list check prompt resolve answer waive promote" -l phase -d 'The phase whose view to use (rows written with --phase are scoped to it)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and not __fish_seen_subcommand_from list check prompt resolve answer waive promote" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and not __fish_seen_subcommand_from list check prompt resolve answer waive promote" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and not __fish_seen_subcommand_from list check prompt resolve answer waive promote" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and not __fish_seen_subcommand_from list check prompt resolve answer waive promote; and not __planfile_before_positional decisions" -f -a "list" -d 'Print the resolved decisions of the view as TSV, JSON or a table'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and not __fish_seen_subcommand_from list check prompt resolve answer waive promote; and not __planfile_before_positional decisions" -f -a "check" -d 'The start gate: exit 0 when the run may start, 1 when it is refused, naming each decision that stops it'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and not __fish_seen_subcommand_from list check prompt resolve answer waive promote; and not __planfile_before_positional decisions" -f -a "prompt" -d 'Print the decisions block of a phase\'s boot prompt'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and not __fish_seen_subcommand_from list check prompt resolve answer waive promote; and not __planfile_before_positional decisions" -f -a "resolve" -d 'Print the answer in force of each key (or KEY), as the console decides it mid-run: from the run, the resolved row, the console\'s policy, the legacy gates switch or the shipped default'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and not __fish_seen_subcommand_from list check prompt resolve answer waive promote; and not __planfile_before_positional decisions" -f -a "answer" -d 'Answer a decision: write an `answered` row (source run) into the twin'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and not __fish_seen_subcommand_from list check prompt resolve answer waive promote; and not __planfile_before_positional decisions" -f -a "waive" -d 'Waive a decision: write a `waived` row (source run) into the twin'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and not __fish_seen_subcommand_from list check prompt resolve answer waive promote; and not __planfile_before_positional decisions" -f -a "promote" -d 'Promote a ruling of the rulings ledger: write an `answered` row (source ruling) into the twin'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from list" -l format -d 'Output format' -r -f -a "tsv\t'`key<TAB>state<TAB>owner<TAB>blocking<TAB>source<TAB>value`, as `phase-graph --decisions`'
json\t'An array of objects with every field and where each row came from'
table\t'An aligned table for a person, as wide as the terminal'"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from list" -l phase -d 'The phase whose view to use (rows written with --phase are scoped to it)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from list" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from list" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from check" -l ack -d 'A waived key the start gate may accept (repeatable)' -r -f -a "permission.policy\t'which tool calls are allowed / asked / denied, and whether \'ask\' reaches a person'
permission.destructive\t'publishing and destructive commands: denied unless named; which branches a phase may push'
issues\t'whether a session may write issues to a tracker outside its phase'
credentials\t'which credential ids the phases need, and whether a missing one refuses the start'
accounts\t'which model accounts may spend, in order, with a minimum headroom'
mcp\t'which MCP servers, and what happens when one will not connect'
gates\t'whether gates without a person\'s check are delegated to the console'
verification.person-check\t'what to do with a verification step written as prose'
qa.exhausted\t'what happens once the QA round budget is spent'
waits\t'each expected external wait: what, whose clock, the watch ref, the maximum window'
human-acts\t'acts only a person may do, each with the ref that proves it happened'
ambiguity\t'what to do where the plan did not decide'
budgets\t'cost ceilings per run, phase and turn'
resume.on-restart\t'after a console restart: continue, hold or ask'
plan-health\t'whether advisory lints should gate this plan'
stop\t'the autonomy level, and who is told when a run halts'
relay\t'whether a mid-run question is relayed to a person for a short window'
announce\t'which notifications are pushed, to whom'
plan-approval\t'whether a plan-mode phase\'s plan waits for a person\'s approval'"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from check" -l format -d 'Output format' -r -f -a "text\t'The verdict and each refusal, for a person'
json\t'`{verdict, slug, view, refusals, acknowledged, unreadable}`'"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from check" -l phase -d 'The phase whose view to use (rows written with --phase are scoped to it)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from check" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from check" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from prompt" -l phase -d 'The phase whose view to use (rows written with --phase are scoped to it)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from prompt" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from prompt" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from prompt" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from resolve" -l policy -d 'The console\'s policy, a JSON file ({"policy": {"<key>": "<answer>", …}, "delegateHumanGates": true|false}); default: the [policy] table of planfile.toml' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from resolve" -l run -d 'The run\'s own fields, a JSON file ({"resumeOnRestart": true|false, "relay": "<word>"})' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from resolve" -l format -d 'Output format' -r -f -a "tsv\t'`key<TAB>answer<TAB>from`, one line per key'
json\t'An array of objects: the answer, where it comes from, the shipped default, the answer words, the row and the sources passed over'
table\t'An aligned table for a person, with the sources passed over under each key'"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from resolve" -l phase -d 'The phase whose view to use (rows written with --phase are scoped to it)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from resolve" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from resolve" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from resolve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from answer" -l value -d 'The answer' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from answer" -l by -d 'Who decided; default: $PE_OWNER, else user@host' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from answer" -l blocking -d 'Whether the row blocks the start (any case); default: yes when the start gate counts the row the view resolves to today as blocking, else no' -r -f -a "yes\t''
no\t''"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from answer" -l evidence -d 'What proves the row; default: `ruling <id>` for promote, else `decisions.sh <today>`' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from answer" -l phase -d 'The phase whose view to use (rows written with --phase are scoped to it)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from answer" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from answer" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from answer" -l dry-run -d 'Print the unified diff the write would make; write nothing'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from answer" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from waive" -l reason -d 'Why the decision does not apply' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from waive" -l by -d 'Who decided; default: $PE_OWNER, else user@host' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from waive" -l blocking -d 'Whether the row blocks the start (any case); default: yes when the start gate counts the row the view resolves to today as blocking, else no' -r -f -a "yes\t''
no\t''"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from waive" -l evidence -d 'What proves the row; default: `ruling <id>` for promote, else `decisions.sh <today>`' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from waive" -l phase -d 'The phase whose view to use (rows written with --phase are scoped to it)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from waive" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from waive" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from waive" -l dry-run -d 'Print the unified diff the write would make; write nothing'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from waive" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from promote" -l from-ruling -d 'The ruling id to promote' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from promote" -l key -d 'The key to write; default: the ruling\'s decisionKey' -r -f -a "permission.policy\t'which tool calls are allowed / asked / denied, and whether \'ask\' reaches a person'
permission.destructive\t'publishing and destructive commands: denied unless named; which branches a phase may push'
issues\t'whether a session may write issues to a tracker outside its phase'
credentials\t'which credential ids the phases need, and whether a missing one refuses the start'
accounts\t'which model accounts may spend, in order, with a minimum headroom'
mcp\t'which MCP servers, and what happens when one will not connect'
gates\t'whether gates without a person\'s check are delegated to the console'
verification.person-check\t'what to do with a verification step written as prose'
qa.exhausted\t'what happens once the QA round budget is spent'
waits\t'each expected external wait: what, whose clock, the watch ref, the maximum window'
human-acts\t'acts only a person may do, each with the ref that proves it happened'
ambiguity\t'what to do where the plan did not decide'
budgets\t'cost ceilings per run, phase and turn'
resume.on-restart\t'after a console restart: continue, hold or ask'
plan-health\t'whether advisory lints should gate this plan'
stop\t'the autonomy level, and who is told when a run halts'
relay\t'whether a mid-run question is relayed to a person for a short window'
announce\t'which notifications are pushed, to whom'
plan-approval\t'whether a plan-mode phase\'s plan waits for a person\'s approval'"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from promote" -l rulings -d 'The rulings ledger; default: $PE_RULINGS_FILE, else the console\'s state folder' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from promote" -l by -d 'Who decided; default: $PE_OWNER, else user@host' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from promote" -l blocking -d 'Whether the row blocks the start (any case); default: yes when the start gate counts the row the view resolves to today as blocking, else no' -r -f -a "yes\t''
no\t''"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from promote" -l evidence -d 'What proves the row; default: `ruling <id>` for promote, else `decisions.sh <today>`' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from promote" -l phase -d 'The phase whose view to use (rows written with --phase are scoped to it)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from promote" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from promote" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from promote" -l dry-run -d 'Print the unified diff the write would make; write nothing'
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from promote" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand new" -l title -d 'The plan\'s title (its `#` heading); default: the slug with \'-\' and \'_\' as spaces, first letter upper-case' -r
complete -c planfile -n "__fish_planfile_using_subcommand new" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand new" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand new" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand completions" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand completions" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand completions" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand man" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand man" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand man" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l format -d 'How findings are printed' -r -f -a "human\t'Each finding with its source line and the span marked'
concise\t'`path:line:col: CODE name: message`, one per line'
json\t'One JSON object: the plans, their findings, a summary'
sarif\t'A SARIF 2.1.0 log'
github\t'GitHub Actions `::error` / `::warning` workflow commands'
junit\t'JUnit XML: a test suite per plan, a test case per finding'
gitlab\t'GitLab Code Quality JSON'"
complete -c planfile -n "__fish_planfile_using_subcommand validate" -s o -l output-file -d 'Write the report to FILE instead of stdout' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l select -d 'Run only these checks: names, codes (a shared code means every check with it) or ALL, comma-separated' -r
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l extend-select -d 'Also run these checks (names or codes, comma-separated)' -r
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l ignore -d 'Do not run these checks (names or codes, comma-separated)' -r
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l config -d 'Read the settings from FILE instead of finding planfile.toml' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l stdin-filename -d 'The path of the file read from stdin (-), for messages and for finding the files it comes with: a plan, or its twin or a handoff (the buffer then stands for that file, its plan read from disk)' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand validate" -s q -l quiet -d 'Print the findings only: no summary, no notes'
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l exit-zero -d 'Exit 0 even when a finding gates or --diff has fixes to show (2 still means an error)'
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l statistics -d 'Print one line per check that found something (count, code, name), most found first, instead of the findings: as text (--format human or concise) or JSON'
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l no-config -d 'Read no settings file: every check runs with its own severity'
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l fix -d 'Apply the fixes the tool is sure of to the plans (never to twins), keeping every other byte, then report the findings that remain; for a plan on stdin (-), print the fixed plan on stdout and the report on stderr'
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l diff -d 'Print the fixes as a unified diff instead of applying them (nothing is written); exit 1 when there is any (0 with --exit-zero)'
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l unsafe-fixes -d 'With --fix or --diff, also apply (or show) the unsafe fixes: repairs that may change what the author meant, such as a misspelled state, source or key that the finding names (`answerd` -> `answered`)'
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l force-exclude -d 'Leave out a plan named on the command line when a folder search would (an `exclude` glob, README.md, INDEX.md), as the pre-commit hook does'
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l show-settings -d 'Print, for each plan, the settings file in use and the checks that run, are advisory and are ignored for it, then exit; nothing is linted'
complete -c planfile -n "__fish_planfile_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c planfile -n "__fish_planfile_using_subcommand explain" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand explain" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand explain" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand server" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand server" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand server" -l stdio -d 'Speak over stdin and stdout (the only transport; accepted because editor clients pass it)'
complete -c planfile -n "__fish_planfile_using_subcommand server" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand needs" -l format -d 'How the answer is printed' -r -f -a "tsv\t'`key<TAB>class`'
json\t'One JSON object: word, is (key or class), key, class'"
complete -c planfile -n "__fish_planfile_using_subcommand needs" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -f -a "(__fish_complete_directories)"
complete -c planfile -n "__fish_planfile_using_subcommand needs" -l color -d 'When to colour the output: auto (on a terminal, unless $NO_COLOR is set; always when $FORCE_COLOR is set), always or never' -r -f -a "auto\t'Colour when the stream is a terminal, unless `NO_COLOR` is set; always when `FORCE_COLOR` is set (and `NO_COLOR` is not)'
always\t'Always colour, whatever the stream and the environment'
never\t'Never colour'"
complete -c planfile -n "__fish_planfile_using_subcommand needs" -l ruling -d 'Accept keys only, as a ruling\'s decisionKey (a ruling names a real key, never a class)'
complete -c planfile -n "__fish_planfile_using_subcommand needs" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain server needs help" -f -a "phase-graph" -d 'Reference-compatible views of one plan: its resolved decisions as TSV (--decisions [N]) or its lint verdict (--lint)'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain server needs help" -f -a "decisions" -d 'List, check, prompt, resolve (the answer in force of each key), or write (answer / waive / promote) the decision manifest of one plan'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain server needs help" -f -a "new" -d 'Write a new plan, docs/plans/<SLUG>.md, from the plan template: all nineteen decision keys, shipped defaults answered, the rest outstanding'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain server needs help" -f -a "completions" -d 'Print the shell completion script for SHELL on stdout'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain server needs help" -f -a "man" -d 'Print the manual page (roff) on stdout: planfile(1), or with COMMAND the page planfile-COMMAND(1) (with a verb: planfile-COMMAND-VERB(1))'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain server needs help" -f -a "validate" -d 'Lint plans (F14, F24, F25 and the structure checks); no SLUG|PATH: every plan under docs/plans/. Exit 1 when a finding gates'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain server needs help" -f -a "explain" -d 'Print what a lint check looks for, why, and an example that fails and one that passes; with no CHECK, list every check'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain server needs help" -f -a "server" -d 'Run the language server for editors (LSP 3.17 on stdin and stdout): diagnostics, hover, completion and quick fixes in plans and twins'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain server needs help" -f -a "needs" -d 'Check a --needs word of a declaration: a decision key, or a blocker class as its short form. Prints the key and the class the runner files it under (`credential` → `credentials<TAB>credential`)'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain server needs help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c planfile -n "__fish_planfile_using_subcommand help; and __fish_seen_subcommand_from decisions" -f -a "list" -d 'Print the resolved decisions of the view as TSV, JSON or a table'
complete -c planfile -n "__fish_planfile_using_subcommand help; and __fish_seen_subcommand_from decisions" -f -a "check" -d 'The start gate: exit 0 when the run may start, 1 when it is refused, naming each decision that stops it'
complete -c planfile -n "__fish_planfile_using_subcommand help; and __fish_seen_subcommand_from decisions" -f -a "prompt" -d 'Print the decisions block of a phase\'s boot prompt'
complete -c planfile -n "__fish_planfile_using_subcommand help; and __fish_seen_subcommand_from decisions" -f -a "resolve" -d 'Print the answer in force of each key (or KEY), as the console decides it mid-run: from the run, the resolved row, the console\'s policy, the legacy gates switch or the shipped default'
complete -c planfile -n "__fish_planfile_using_subcommand help; and __fish_seen_subcommand_from decisions" -f -a "answer" -d 'Answer a decision: write an `answered` row (source run) into the twin'
complete -c planfile -n "__fish_planfile_using_subcommand help; and __fish_seen_subcommand_from decisions" -f -a "waive" -d 'Waive a decision: write a `waived` row (source run) into the twin'
complete -c planfile -n "__fish_planfile_using_subcommand help; and __fish_seen_subcommand_from decisions" -f -a "promote" -d 'Promote a ruling of the rulings ledger: write an `answered` row (source ruling) into the twin'

# The slugs of the plans under the docs root: --root on the line, else
# $DOCS_ROOT, else the nearest folder up from here with docs/plans/, else here.
function __planfile_slugs
    set -l tokens (commandline -opc)
    set -l root
    for i in (seq (count $tokens))
        switch $tokens[$i]
            case --root
                set -q tokens[(math $i + 1)]; and set root $tokens[(math $i + 1)]
            case '--root=*'
                set root (string replace -- '--root=' '' $tokens[$i])
        end
    end
    test -n "$root"; or set root $DOCS_ROOT
    if test -z "$root"
        set -l dir $PWD
        while test -n "$dir"
            if test -d "$dir/docs/plans"
                set root $dir
                break
            end
            set dir (string replace -r '/[^/]*$' '' -- $dir)
        end
        test -n "$root"; or set root .
    end
    for plan in $root/docs/plans/*.md
        test -f $plan; and basename $plan .md
    end
end

# The checks of the lint registry, by code and name (with "list", ALL too),
# each after the entries already typed before the last comma.
function __planfile_checks
    set -l token (string replace -r -- '^--[^=]*=' '' (commandline -ct))
    set -l head (string replace -r -- '[^,]*$' '' $token)
    set -l words F16 F32 F33 F34 F35 F36 F15 F17 F18 F22 F39 F23 F19 F28 F30 F38 F40 F21 F25 F20 F1 F2 F3 F24 F29 F14 F27 F31 F37 F26 F10 verification-external-wait verification-fleet-wide repos-outside-root repos-root-token checkout-inert wait-window-short mcp-server-unregistered credential-unregistered account-unregistered verification-lead-missing verification-cwd-unpinned verification-bring-up setup-deps-missing verification-expected-failure plan-deadlocked land-needs-lane note-target-done human-step-no-proof human-step-no-why phase-number-zero-padded depends-range-dash decision-word-style template-placeholder suppression-unused decision-value-unknown frontmatter-invalid block-unclosed merge-conflict-marker graph-table-missing graph-header-missing graph-depends-column-missing graph-repos-column-missing graph-row-cell-count depends-token-unknown phase-duplicate phase-cell-zero-padded handoff-duplicate handoff-scaffold-complete phase-cell-malformed depends-phase-undefined dependency-cycle gate-directive-missing gate-check-unmarked gate-type-unknown gate-value-missing gate-phase-unknown gate-phase-self gate-date-invalid gate-plan-unknown landed-gate-unknown-phase verification-empty-open decision-key-unknown decision-state-unknown decision-source-unknown decision-outstanding-unowned decision-blocking-invalid decision-phase-invalid decision-phase-unknown decision-row-duplicate decision-table-malformed decision-table-unread decisions-heading-malformed land-word-unknown permission-mode-unknown human-step-superseded human-step-kind-unknown human-step-field-invalid note-target-unknown handoff-status-invalid handoff-boot-missing handoff-depends-mismatch phase-count-mismatch
    contains -- list $argv; and set -p words ALL
    for word in $words
        echo $head$word
    end
end

# Whether no positional argument follows the word $argv[1] yet (options and
# their values aside).
function __planfile_before_positional
    set -l seen 0
    set -l skip 0
    for token in (commandline -opc)
        if test $skip = 1
            set skip 0
            continue
        end
        if test $seen = 0
            test "$token" = "$argv[1]"; and set seen 1
            continue
        end
        switch $token
            case '--*=*'
            case --root --color --decisions --slug --phase --format --ack --policy --run --value --by --blocking --evidence --reason --from-ruling --key --rulings --title --output-file -o --select --extend-select --ignore --config --stdin-filename
                set skip 1
            case '-*'
            case '*'
                return 1
        end
    end
    test $seen = 1
end

complete -c planfile -n "__fish_planfile_using_subcommand phase-graph; and __planfile_before_positional phase-graph" -f -a "(__planfile_slugs)"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __planfile_before_positional decisions" -f -a "(__planfile_slugs)"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from resolve; and __planfile_before_positional resolve" -f -a "permission.policy permission.destructive issues credentials accounts mcp gates verification.person-check qa.exhausted waits human-acts ambiguity budgets resume.on-restart plan-health stop relay announce plan-approval"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from answer; and __planfile_before_positional answer" -f -a "permission.policy permission.destructive issues credentials accounts mcp gates verification.person-check qa.exhausted waits human-acts ambiguity budgets resume.on-restart plan-health stop relay announce plan-approval"
complete -c planfile -n "__fish_planfile_using_subcommand decisions; and __fish_seen_subcommand_from waive; and __planfile_before_positional waive" -f -a "permission.policy permission.destructive issues credentials accounts mcp gates verification.person-check qa.exhausted waits human-acts ambiguity budgets resume.on-restart plan-health stop relay announce plan-approval"
complete -c planfile -n "__fish_planfile_using_subcommand validate" -a "(__planfile_slugs)"
complete -c planfile -n "__fish_planfile_using_subcommand explain; and __planfile_before_positional explain" -f -a "(__planfile_checks)"
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l select -r -f -a "(__planfile_checks list)"
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l extend-select -r -f -a "(__planfile_checks list)"
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l ignore -r -f -a "(__planfile_checks list)"
