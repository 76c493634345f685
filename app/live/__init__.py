"""Socket.IO: the /live namespace, ordered pushes to each table, and async-mode plumbing."""
