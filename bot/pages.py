"""Long lists (``/games``, ``/mygames``) shown a page at a time, each page one message."""

from __future__ import annotations

from bot.catalogue import t
from bot.replies import Reply, quiet_name

#: Rows per page: 15 rows of at most ``MAX_ROW`` characters and the header stay far
#: below Discord's 2,000 characters whatever the names are.
PAGE_SIZE = 15
MAX_ROW = 120
MAX_NAME = 32


def name(text: str) -> str:
    """A player's name as a list shows it: Discord's 32 characters at most, never a ping."""
    text = quiet_name(text)
    return text if len(text) <= MAX_NAME else text[: MAX_NAME - 1] + "…"


def row(text: str) -> str:
    return text if len(text) <= MAX_ROW else text[: MAX_ROW - 1] + "…"


def page_count(total: int) -> int:
    return max(1, -(-total // PAGE_SIZE))


def offset(page: int) -> int:
    return (max(1, page) - 1) * PAGE_SIZE


def out_of_range(page: int, total: int, what: str, lang: str) -> Reply:
    pages = page_count(total)
    return Reply(text=t(lang, "no_page", page=page, what=what, pages=pages),
                 private=True, ok=False)


def paged(title: str, rows: list[str], page: int, total: int, command: str, lang: str
          ) -> Reply:
    """``rows`` (one page) under a header saying where in the list they are."""
    pages = page_count(total)
    header = title
    if pages > 1:
        header += t(lang, "page_of", page=page, pages=pages, total=total)
        if page < pages:
            header += t(lang, "page_next", command=command, next=page + 1)
    return Reply(text="\n".join([header + ":", *(row(r) for r in rows)]), private=True)
