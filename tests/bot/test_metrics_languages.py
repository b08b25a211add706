"""Refusals count under one reason whatever the reader's language (bot/metrics.py): the
reason is the catalogue key of what the refusal says, not its English wording."""

from __future__ import annotations

import re
import string
from dataclasses import replace

from bot.catalogue import CATALOGUE, EN, LANGUAGES, t
from bot.catalogue import hints as hint_phrases
from bot.metrics import (
    OTHER_REASON,
    REFUSAL_LABELS,
    Metrics,
    instrument_service,
    refusal_reason,
)
from bot.replies import Channel, Reply
from bot.service import GameService
from tests.bot.conftest import ALICE, BOB, CAROL

#: (command, reason) of each kind of refusal the test provokes, once in each language.
KINDS = (("move", "no_game"), ("new", "channel_busy"), ("move", "not_your_turn"),
         ("move", "not_playable"), ("move", "not_playing_watch"))


async def _refusals(service: GameService, locale: str, channel: Channel) -> list[Reply]:
    """One refusal of each of ``KINDS``, said to readers of ``locale``."""
    alice, bob, carol = (replace(user, locale=locale) for user in (ALICE, BOB, CAROL))
    refused = [await service.move(alice, channel, "13/7")]  # no game here
    assert (await service.new(alice, channel, "hachapury", [bob])).ok
    refused.append(await service.new(carol, channel, "hachapury", [bob]))  # taken
    assert (await service.accept(bob, channel)).ok
    session = await service.store.live_session(channel.id)
    assert session is not None
    side = service.position_of(session).side_to_move
    seat = session.seat_of(alice.id)
    assert seat is not None
    mover, waiting = (alice, bob) if seat.side == side else (bob, alice)
    refused.append(await service.move(waiting, channel, "13/7"))  # not their turn
    refused.append(await service.move(mover, channel, "zz"))  # not a turn at all
    refused.append(await service.move(carol, channel, "13/7"))  # a watcher
    assert not any(reply.ok for reply in refused)
    return refused


async def test_a_russian_and_an_english_refusal_of_one_kind_count_under_one_reason(
        service: GameService) -> None:
    metrics = Metrics()
    instrument_service(service, metrics)
    english = await _refusals(service, "", Channel("6001", "9000", "english-room"))
    russian = await _refusals(service, "ru", Channel("6002", "9000", "russian-room"))
    for en, ru in zip(english, russian, strict=True):
        assert en.text != ru.text and any("а" <= c <= "я" for c in ru.text), ru.text
    lines = set(metrics.text().decode().splitlines())
    for command, reason in KINDS:
        assert f'boardbot_refusals_total{{command="{command}",reason="{reason}"}} 2.0' \
            in lines, (command, reason, sorted(lines))
    reasons = {line.split('reason="')[1].split('"')[0] for line in lines
               if line.startswith("boardbot_refusals_total{")}
    assert reasons == {reason for _command, reason in KINDS}
    assert OTHER_REASON not in reasons and reasons <= REFUSAL_LABELS


def _values(*templates: str) -> dict[str, object]:
    """A value for every field the templates name (a number: plural specs take one)."""
    return {field.split(".")[0].split("[")[0]: 7 for template in templates
            for _literal, field, _spec, _conversion in string.Formatter().parse(template)
            if field}


def _shared_wording() -> set[str]:
    """Keys whose wording (values aside) is another key's too in some language: a
    button's "Start" and the lobby's, "{side} wins" in a result and in a reason.
    Their texts cannot tell them apart in that language."""
    shared: set[str] = set()
    for catalogue in CATALOGUE.values():
        by_wording: dict[str, list[str]] = {}
        for key, template in catalogue.items():
            by_wording.setdefault(re.sub(r"\{[^{}]*\}", "{}", template), []).append(key)
        shared.update(key for keys in by_wording.values() if len(keys) > 1 for key in keys)
    return shared


def test_every_catalogue_sentence_gets_one_reason_in_every_language() -> None:
    shared = _shared_wording()
    differ = []
    for key in EN:
        if key in shared or key in hint_phrases.EN:  # a /hint phrase is never a message
            continue
        values = _values(*(catalogue.get(key, "") for catalogue in CATALOGUE.values()))
        reasons = {refusal_reason(t(lang, key, **values)) for lang in LANGUAGES}
        if len(reasons) > 1:
            differ.append((key, reasons))
    assert not differ
    assert refusal_reason(t("ru", "not_your_turn", who="Белые (alice)")) == "not_your_turn"


def test_a_long_hostile_refusal_is_read_in_linear_time() -> None:
    # a regular expression with a lazy group per value backtracked on such texts; the
    # left-to-right search reads each template's words once (no timing asserted)
    text = "x. : , ( won, lost), " * 2000 + "`" * 5000
    assert refusal_reason(text) in REFUSAL_LABELS
