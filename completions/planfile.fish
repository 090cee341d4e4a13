complete --keep-order --exclusive --command planfile --arguments "(PLANFILE_COMPLETE=fish planfile -- (commandline --current-process --tokenize --cut-at-cursor) (commandline --current-token))"
