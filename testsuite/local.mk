## testsuite: filled in by its owner
