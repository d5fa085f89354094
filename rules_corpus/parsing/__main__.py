"""``python -m rules_corpus.parsing [slug ...]``: print rulebook trees (number, anchor, heading)."""

from __future__ import annotations

import argparse

from . import RULEBOOK_SLUGS, parse_rulebook


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m rules_corpus.parsing", description=__doc__)
    parser.add_argument("slugs", nargs="*", help=f"any of {', '.join(RULEBOOK_SLUGS)} (all)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.slugs) - set(RULEBOOK_SLUGS))
    if unknown:
        parser.error(f"unknown rulebook {', '.join(unknown)}: use {', '.join(RULEBOOK_SLUGS)}")
    for slug in args.slugs or RULEBOOK_SLUGS:
        book = parse_rulebook(slug)
        print(f"{book.slug}: {book.title} ({len(book.sections)} sections)")
        for fix in book.corrections:
            print(f"  corrected line {fix.line}: {fix.original} -> {fix.corrected}")
        for section in book.sections:
            indent = "  " * section.level
            print(f"{indent}{section.number_path:<8} {section.anchor:<45} {section.heading}")


if __name__ == "__main__":
    main()
