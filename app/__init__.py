"""Tablewarden: a phone-first companion that follows a physical tabletop game and checks its rules."""
