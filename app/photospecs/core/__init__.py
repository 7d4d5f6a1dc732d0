"""What every protocol shares and none owns: view models, head guides, names behind ids, search."""
