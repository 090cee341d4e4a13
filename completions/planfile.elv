
set edit:completion:arg-completer[planfile] = { |@words|
    var index = (count $words)
    set index = (- $index 1)

    put (env _CLAP_IFS="\n" _CLAP_COMPLETE_INDEX=(to-string $index) PLANFILE_COMPLETE="elvish" planfile -- $@words) | to-lines
}

