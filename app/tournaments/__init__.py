"""Events (tournaments): an append-only log per event; players, pairings and standings are folds of it."""
