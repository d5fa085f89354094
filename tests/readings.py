"""Reading the "Where the text is unclear" block of a checker page (issue 25)."""


def reading_block(page: str, reading_id: str) -> str:
    """The page from the reading's block on."""
    return page[page.index(f'data-testid="reading-{reading_id}"') :]


def other_reading_link(block: str, path: str) -> str:
    """The first link in ``block`` that asks ``path`` again (under the other reading)."""
    link = block[block.index(f'href="{path}') + 6 :]
    return link[: link.index('"')].replace("&amp;", "&")
