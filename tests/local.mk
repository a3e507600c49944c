## tests: filled in by its owner
