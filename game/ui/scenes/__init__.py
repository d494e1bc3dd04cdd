"""The scenes of the shell: title, setup, settings, rules, hand-off, round and game summaries."""
