"""The rulebooks: parsed sections, the whoosh search index, and their pages and API."""
