## plugin: filled in by its owner
