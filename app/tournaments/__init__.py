"""Tournaments: an append-only log per tournament; players, pairings and standings are folds of it."""
