"""What the store raises: it could not do what was asked, or a unique id or join code is taken."""


class StoreError(Exception):
    """The store could not do what was asked (database unreachable, locked too long...)."""


class DuplicateKey(StoreError):
    """An id or join code that must be unique is already taken."""
