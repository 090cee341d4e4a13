# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_planfile_global_optspecs
    string join \n root= h/help V/version
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

complete -c planfile -n "__fish_planfile_needs_command" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -F
complete -c planfile -n "__fish_planfile_needs_command" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_needs_command" -s V -l version -d 'Print version'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "phase-graph" -d 'Reference-compatible views of one plan: its resolved decisions as TSV (--decisions [N]) or its lint verdict (--lint)'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "decisions" -d 'List, check, prompt, resolve (the answer in force of each key), or write (answer / waive / promote) the decision manifest of one plan'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "new" -d 'Write a new plan, docs/plans/<SLUG>.md, from the plan template: all nineteen decision keys, shipped defaults answered, the rest outstanding'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "completions" -d 'Print the shell completion script for SHELL on stdout'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "man" -d 'Print the manual page (roff) on stdout: planfile(1), or with COMMAND the page planfile-COMMAND(1)'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "validate" -d 'Lint plans (F14, F24, F25 and the structure checks); no SLUG: every plan under docs/plans/. Exit 1 when a finding gates'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "explain" -d 'Print what a lint check looks for, why, and an example that fails and one that passes; with no CHECK, list every check'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "needs" -d 'Check a --needs word of a declaration: a decision key, or a blocker class as its short form. Prints the key and the class the runner files it under (`credential` → `credentials<TAB>credential`)'
complete -c planfile -n "__fish_planfile_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c planfile -n "__fish_planfile_using_subcommand phase-graph" -l decisions -d 'Print the resolved decisions as TSV (key, state, owner, blocking, source, value); with N, phase N\'s view' -r
complete -c planfile -n "__fish_planfile_using_subcommand phase-graph" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand phase-graph" -l lint -d 'Lint the plan (F14, F24, F25 and the structure checks), reference format'
complete -c planfile -n "__fish_planfile_using_subcommand phase-graph" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l phase -d 'The phase whose view to use (rows written with --phase are scoped to it)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l format -d 'Output format: tsv|json|table for list and resolve (default tsv); text|json for check (default text)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l value -d 'The answer (answer)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l reason -d 'Why the decision does not apply (waive)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l by -d 'Who decided; default: $PE_OWNER, else user@host' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l blocking -d 'Whether the row blocks the start: yes or no (answer)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l evidence -d 'What proves the row; default: `ruling <id>` for promote, else `decisions.sh <today>`' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l from-ruling -d 'The ruling id to promote (promote)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l key -d 'The key to write (promote); default: the ruling\'s decisionKey' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l rulings -d 'The rulings ledger; default: $PE_RULINGS_FILE, else the console\'s state folder' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l ack -d 'A waived key the start gate may accept (check; repeatable)' -r
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l policy -d 'The console\'s policy, a JSON file (resolve); default: the [policy] table of planfile.toml' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l run -d 'The run\'s own fields, a JSON file (resolve)' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -l dry-run -d 'Print the unified diff the write would make; write nothing'
complete -c planfile -n "__fish_planfile_using_subcommand decisions" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand new" -l title -d 'The plan\'s title (its `#` heading); default: the slug with \'-\' and \'_\' as spaces, first letter upper-case' -r
complete -c planfile -n "__fish_planfile_using_subcommand new" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand new" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand completions" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand completions" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand man" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand man" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l format -d 'How findings are printed' -r -f -a "human\t'Each finding with its source line and the span marked'
concise\t'`path:line:col: CODE name: message`, one per line'
json\t'One JSON object: the plans, their findings, a summary'
sarif\t'A SARIF 2.1.0 log'
github\t'GitHub Actions `::error` / `::warning` workflow commands'"
complete -c planfile -n "__fish_planfile_using_subcommand validate" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c planfile -n "__fish_planfile_using_subcommand explain" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand explain" -s h -l help -d 'Print help'
complete -c planfile -n "__fish_planfile_using_subcommand needs" -l format -d 'How the answer is printed' -r -f -a "tsv\t'`key<TAB>class`'
json\t'One JSON object: word, is (key or class), key, class'"
complete -c planfile -n "__fish_planfile_using_subcommand needs" -l root -d 'The docs root (the folder holding docs/plans/); default: $DOCS_ROOT, else the nearest ancestor with docs/plans/, else the working directory' -r -F
complete -c planfile -n "__fish_planfile_using_subcommand needs" -l ruling -d 'Accept keys only, as a ruling\'s decisionKey (a ruling names a real key, never a class)'
complete -c planfile -n "__fish_planfile_using_subcommand needs" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain needs help" -f -a "phase-graph" -d 'Reference-compatible views of one plan: its resolved decisions as TSV (--decisions [N]) or its lint verdict (--lint)'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain needs help" -f -a "decisions" -d 'List, check, prompt, resolve (the answer in force of each key), or write (answer / waive / promote) the decision manifest of one plan'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain needs help" -f -a "new" -d 'Write a new plan, docs/plans/<SLUG>.md, from the plan template: all nineteen decision keys, shipped defaults answered, the rest outstanding'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain needs help" -f -a "completions" -d 'Print the shell completion script for SHELL on stdout'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain needs help" -f -a "man" -d 'Print the manual page (roff) on stdout: planfile(1), or with COMMAND the page planfile-COMMAND(1)'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain needs help" -f -a "validate" -d 'Lint plans (F14, F24, F25 and the structure checks); no SLUG: every plan under docs/plans/. Exit 1 when a finding gates'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain needs help" -f -a "explain" -d 'Print what a lint check looks for, why, and an example that fails and one that passes; with no CHECK, list every check'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain needs help" -f -a "needs" -d 'Check a --needs word of a declaration: a decision key, or a blocker class as its short form. Prints the key and the class the runner files it under (`credential` → `credentials<TAB>credential`)'
complete -c planfile -n "__fish_planfile_using_subcommand help; and not __fish_seen_subcommand_from phase-graph decisions new completions man validate explain needs help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
