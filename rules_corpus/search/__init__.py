"""Full-text search over the rulebooks (and, later, other document types) with whoosh.

``documents`` says what is indexed, ``analysis`` how each language is analyzed, ``glossary``
how queries cross languages, ``index`` builds and opens the index, ``query`` plans a query,
``engine`` runs it; ``forms`` and ``service`` serve the page and the API. See docs/search.md.
"""
