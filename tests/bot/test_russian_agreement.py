"""Russian colour names are plural ("Белые" — the White pieces): a verb in the
singular before one ("ходит Белые", "победит Чёрные") is wrong.  A player is named
first (his name takes the verb), a side known only by its colour takes the plural
("Побеждают Белые"), and a piece of a colour belongs to it in the genitive
("фишку синих", not "фишку игрока Синие")."""

from __future__ import annotations

import re

from bot.catalogue import RU, t
from bot.narration import Cast, narrate
from games.events import Hit, Moved, Won

_SINGULAR_BEFORE = re.compile(r"(?:ходит|победит|побеждает|выигрывает|сдаётся) \{who\}",
                              re.IGNORECASE)


def test_who_names_the_player_before_the_colour() -> None:
    who = t("ru", "who", colour="Белые", name="alice")
    assert who == "alice (Белые)"
    assert t("ru", "not_your_turn", who=who) == "Сейчас не ваш ход: ходит alice (Белые)."
    assert t("ru", "resign_ends_wins", who=who) == "партия закончится, и победит alice (Белые)"


def test_no_singular_verb_stands_before_a_bare_colour() -> None:
    # {who} starts with the player's name, so a singular verb before it agrees
    assert RU["who"].startswith("{name}")
    for key, text in RU.items():
        if _SINGULAR_BEFORE.search(text):
            assert RU["who"].startswith("{name}"), key


def test_a_side_known_by_its_colour_agrees_in_the_plural() -> None:
    cast = Cast({"R": "Вы"}, {"R": "Красные", "B": "Синие"}, "cheesegambit", "ru",
                you="R", colours_of={"R": "красных", "B": "синих"})
    assert narrate([Won("B", 1)], cast) == "Побеждают Синие."
    bumped = narrate([Moved("R", "12", "18"), Hit("R", "B", "18", "P")], cast, (6, 2))
    assert "фишку синих на 18" in bumped, bumped
    named = Cast({"R": "alice", "B": "bob"}, {"R": "Красные", "B": "Синие"}, "cheesegambit",
                 "ru")
    assert narrate([Won("B", 1)], named) == "Побеждает bob."
    assert "фишку игрока bob" in narrate([Moved("R", "12", "18"), Hit("R", "B", "18", "P")],
                                         named, (6, 2))
