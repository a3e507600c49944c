## scripts: filled in by its owner
