"""Every message in the reader's language: private replies (refusals included) in
the user's Discord locale, public ones in the server's, ``/settings language`` and
``server_language`` over both; a whole game in Russian says no English."""

from __future__ import annotations

import inspect
import random
import re
from dataclasses import replace

from bot.replies import Channel, Reply, User
from bot.service import GameService
from bot.service.request import Request
from storage import Session
from tests.bot.conftest import ALICE, BOB, HERE, MOD, FakeClock

ALICE_RU = replace(ALICE, locale="ru")
BOB_RU = replace(BOB, locale="ru")
RUSSIAN_HERE = replace(HERE, locale="ru")


async def _game(service: GameService, alice: User, bob: User, channel: Channel = HERE
                ) -> Session:
    assert (await service.new(alice, channel, "hachapury", [bob])).ok
    assert (await service.accept(bob, channel)).ok
    session = await service.store.live_session(channel.id)
    assert session is not None
    return session


def _players(service: GameService, session: Session, alice: User, bob: User
             ) -> tuple[User, User]:
    """(the player to move, the other one)."""
    seat = session.seat_for_side(service.position_of(session).side_to_move or "")
    assert seat is not None
    return (alice, bob) if seat.user_id == alice.id else (bob, alice)


async def test_a_private_refusal_speaks_the_users_locale_the_public_reply_the_servers(
        service: GameService) -> None:
    session = await _game(service, ALICE_RU, BOB_RU)
    mover, waiting = _players(service, session, ALICE_RU, BOB_RU)
    turn = service.legal_turns(session)[0]
    refused = await service.move(waiting, HERE, turn)
    assert refused.private and not refused.ok
    assert refused.text.startswith("Сейчас не ваш ход: ходит "), refused.text
    assert re.search(r"(alice|bob) \((Белые|Чёрные)\)", refused.text), refused.text
    played = await service.move(mover, HERE, turn)  # the server (HERE) speaks English
    assert played.ok and not played.private
    assert " rolled " in played.text and " to move" in played.text, played.text
    assert [b.label for b in played.buttons] == ["Play"]
    # the other way round: an English user in a Russian server
    live = await service.store.live_session(HERE.id)
    assert live is not None
    session = live
    mover, waiting = _players(service, session, replace(ALICE, locale="en-US"),
                              replace(BOB, locale="en-GB"))
    refused = await service.move(waiting, RUSSIAN_HERE, service.legal_turns(session)[0])
    assert refused.text.startswith("It is not your turn: "), refused.text
    played = await service.move(mover, RUSSIAN_HERE, service.legal_turns(session)[0])
    assert ": бросок " in played.text and "Ход: " in played.text, played.text
    assert [b.label for b in played.buttons] == ["Ходить"]


async def test_a_user_without_a_locale_reads_the_servers_language(service: GameService) -> None:
    refused = await service.move(ALICE, RUSSIAN_HERE, "24/18")
    assert refused.text == "В этом канале нет партии. Начните её командой `/new`."


async def test_settings_language_overrides_the_discord_locale(service: GameService) -> None:
    said = await service.settings(ALICE, HERE, language="ru")
    assert said.ok and said.private and "Ваш язык: русский" in said.text, said.text
    refused = await service.board(ALICE, HERE)
    assert refused.text == "В этом канале нечего показать: партии нет."
    # a Russian choice wins over an English Discord locale too
    assert (await service.board(replace(ALICE, locale="en-US"), HERE)).text.startswith("В ")
    said = await service.settings(ALICE_RU, HERE, language="en")
    assert "Your language: English" in said.text, said.text
    assert (await service.board(ALICE_RU, HERE)).text.startswith("There is no game")
    said = await service.settings(ALICE_RU, HERE, language="auto")  # Discord's again
    assert "Ваш язык: русский" in said.text, said.text
    refused = await service.settings(ALICE, HERE, language="de")
    assert not refused.ok and "`en`, `ru` or `auto`" in refused.text


async def test_server_language_is_for_moderators_and_speaks_in_public(
        service: GameService) -> None:
    refused = await service.settings(ALICE, HERE, server_language="ru")
    assert not refused.ok and "Only a moderator may set this server's language" in refused.text
    assert (await service.settings(MOD, HERE, server_language="ru")).ok
    session = await _game(service, ALICE, BOB)  # English users, an English Discord server
    mover, _ = _players(service, session, ALICE, BOB)
    played = await service.move(mover, HERE, service.legal_turns(session)[0])
    assert ": бросок " in played.text, played.text  # public: the server's choice
    refused = await service.move(mover, HERE, "no such move")
    assert "Сейчас не ваш ход" in refused.text  # private: follows the server's language
    assert (await service.settings(ALICE, HERE, language="en")).ok  # but alice chose English
    refused = await service.move(ALICE, HERE, "24/18")
    assert refused.text.startswith(("It is not your turn", "`24/18` is not playable")), \
        refused.text
    assert (await service.settings(MOD, HERE, server_language="auto")).ok
    live = await service.store.live_session(HERE.id)
    assert live is not None
    session = live
    mover, _ = _players(service, session, ALICE, BOB)
    played = await service.move(mover, HERE, service.legal_turns(session)[0])
    assert " rolled " in played.text, played.text


#: What may stay Latin in a Russian reply: names, the game's title, the notation
#: in code spans and the record line (``-#``), mentions, the seed's hash name.
_NOT_WORDS = re.compile(r"`[^`]*`|^-# .*$|<@\d+>|\b(alice|bob|Hachapury|SHA-256)\b", re.M)


def english_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", _NOT_WORDS.sub(" ", text))


async def test_a_whole_game_in_russian_says_no_english(service: GameService) -> None:
    replies: list[Reply] = [await service.new(ALICE_RU, RUSSIAN_HERE, "hachapury", [BOB_RU]),
                            await service.accept(BOB_RU, RUSSIAN_HERE)]
    rng = random.Random(5)
    for _ in range(400):
        session = await service.store.latest_session(RUSSIAN_HERE.id)
        assert session is not None
        if session.status != "active":
            break
        mover, waiting = _players(service, session, ALICE_RU, BOB_RU)
        turn = rng.choice(service.legal_turns(session)).text
        if session.next_turn in (3, 10):
            replies.append(await service.move(waiting, RUSSIAN_HERE, turn))  # refused
            replies.append(await service.legal(waiting, RUSSIAN_HERE))
            replies.append(await service.board(waiting, RUSSIAN_HERE))
        replies.append(await service.move(mover, RUSSIAN_HERE, turn))
    ending = replies[-1]
    assert ending.ok and "**Партия окончена** после " in ending.text, ending.text
    assert "Зерно костей раскрыто" in ending.text
    assert [b.label for b in ending.buttons] == ["Реванш"]
    assert any(not r.ok for r in replies)  # a refusal was among them
    for reply in replies:
        assert not english_words(reply.text), (english_words(reply.text), reply.text)
        assert not any(english_words(b.label) for b in reply.buttons), reply.buttons
    # and the same check finds English where there is some
    assert english_words("alice (Белые): rolled 6-5 `24/18`") == ["rolled"]


async def test_reminders_speak_the_servers_language_last_seen(service: GameService,
                                                             clock: FakeClock) -> None:
    from bot.scheduler import Scheduler
    from tests.bot.service.test_correspondence import Outbox

    assert (await service.new(ALICE, RUSSIAN_HERE, "hachapury", [BOB], time_control="3d")).ok
    accepted = await service.accept(BOB, RUSSIAN_HERE)
    assert "осталось 3 д" in accepted.text, accepted.text
    scheduler = Scheduler.for_service(service, Outbox())
    fired = await scheduler.run_once(clock.now + 2 * 86400)
    assert [n.kind for n in fired] == ["reminder"]
    assert "напоминание: ваш ход в" in fired[0].text and "осталось 1 д." in fired[0].text, \
        fired[0].text
    # a server whose language is chosen: the choice, whatever Discord says
    assert (await service.settings(MOD, HERE, server_language="en")).ok
    fired = await scheduler.run_once(clock.now + 3 * 86400)
    assert fired and "time is up" in fired[0].text, fired[0].text


async def test_a_profile_in_a_russian_server_is_told_in_russian(service: GameService) -> None:
    await _game(service, ALICE, BOB, RUSSIAN_HERE)
    assert (await service.resign(ALICE, RUSSIAN_HERE)).ok
    session = await service.store.latest_session(RUSSIAN_HERE.id)
    assert session is not None and session.status == "finished", session
    shown = await service.profile(BOB, RUSSIAN_HERE)
    assert shown.ok, shown.text
    assert "**Последние партии**" in shown.text, shown.text
    assert "рейтинг" in shown.text and "против alice: победа" in shown.text, shown.text
    assert not re.search(r"\b(won|lost|rating|Recent|turns?)\b", shown.text), shown.text
    english = await service.profile(BOB, HERE)
    assert "**Recent games**" in english.text and "vs alice: won" in english.text


# -- nudges, matches and late taunts ----------------------------------------------------

#: Latin the later features may show in a Russian reply besides the above: the other
#: game's title, ``Discord`` timestamps (``<t:..:f>``) and channel links.
_MORE_NOT_WORDS = re.compile(r"\bCheeseGambit\b|<t:\d+:f>|<#\d+>")


def more_english_words(text: str) -> list[str]:
    return english_words(_MORE_NOT_WORDS.sub(" ", text))


async def test_a_russian_server_is_nudged_in_russian_and_claims_in_russian(
        service: GameService, clock: FakeClock) -> None:
    from bot.clocks import DAY
    from bot.scheduler import Scheduler
    from tests.bot.service.test_correspondence import Outbox

    assert (await service.new(ALICE, RUSSIAN_HERE, "hachapury", [BOB])).ok
    assert (await service.accept(BOB, RUSSIAN_HERE)).ok
    session = await service.store.live_session(RUSSIAN_HERE.id)
    assert session is not None
    silent, waiting = _players(service, session, ALICE, BOB)
    start = clock.now
    scheduler = Scheduler.for_service(service, Outbox())
    fired = await scheduler.run_once(start + 3 * DAY)
    assert [n.kind for n in fired] == ["nudge"], fired
    assert f"<@{silent.id}> напоминание: ваш ход в <#{RUSSIAN_HERE.id}>" in fired[0].text
    assert f"{waiting.name} ждёт." in fired[0].text and "раз в 3 д" in fired[0].text, \
        fired[0].text
    assert not more_english_words(fired[0].text), fired[0].text
    clock.now = start + 3 * DAY
    too_soon = await service.claim(waiting, RUSSIAN_HERE)
    assert not too_soon.ok and "не ходит уже 3 д" in too_soon.text, too_soon.text
    assert not more_english_words(too_soon.text), too_soon.text
    fired = await scheduler.run_once(start + 6 * DAY)
    assert [n.kind for n in fired] == ["nudge", "silent"], fired
    assert "Теперь " in fired[0].text and "вправе завершить партию" in fired[0].text
    assert f"{silent.name} не ходит в" in fired[1].text, fired[1].text
    assert not any(more_english_words(n.text) for n in fired), [n.text for n in fired]
    clock.now = start + 6 * DAY
    ended = await service.claim(waiting, RUSSIAN_HERE)
    assert ended.ok and "прерывает молчание" in ended.text, ended.text
    assert not more_english_words(ended.text), ended.text
    # /notify nudge in the user's language; a server that says English: English nudges
    said = await service.notify(ALICE_RU, nudge="2d")
    assert said.text == "Напоминания в партиях без часов: если вы не ходите 2 д, то раз в 2 д."
    assert (await service.settings(MOD, RUSSIAN_HERE, server_language="en")).ok
    assert (await service.new(ALICE, RUSSIAN_HERE, "hachapury", [BOB])).ok
    assert (await service.accept(BOB, RUSSIAN_HERE)).ok
    fired = await scheduler.run_once(start + 10 * DAY)
    assert fired and all(" nudge: it has been your turn" in n.text for n in fired), fired


async def test_a_russian_server_sees_a_match_in_russian(service: GameService) -> None:
    offered = await service.new(ALICE_RU, RUSSIAN_HERE, "cheesegambit", [BOB_RU],
                                {"match": "2"})
    assert offered.ok and ", матч до 2 очков" in offered.text, offered.text
    begun = await service.accept(BOB_RU, RUSSIAN_HERE)
    assert begun.text.endswith("\n-# Матч до 2, партия 1: alice 0, bob 0"), begun.text
    ended = await service.resign(BOB_RU, RUSSIAN_HERE)
    assert "**Матч до 2**: alice 1, bob 0. Начинается партия 2. Это **партия Кроуфорда**" \
        in ended.text, ended.text
    assert ended.text.endswith("-# Матч до 2, партия 2: alice 1, bob 0 · партия Кроуфорда")
    asked = await service.confirm_resign(ALICE_RU, RUSSIAN_HERE)
    assert [b.label for b in asked.buttons] == ["Сдаться", "Сдать матч"]
    gone = await service.press(ALICE_RU, RUSSIAN_HERE, asked.buttons[1].action)
    assert "**bob выигрывает матч до 2** (alice сдаёт матч): alice 1, bob 1." in gone.text, \
        gone.text
    refused = await service.new(ALICE_RU, RUSSIAN_HERE, "hachapury", [BOB_RU],
                                {"match": "99"})
    assert refused.text.startswith("Матч играется до 1–25 очков, а не до 99"), refused.text
    for reply in (offered, begun, ended, asked, gone, refused):
        assert not more_english_words(reply.text), (more_english_words(reply.text), reply.text)


async def test_a_russian_server_is_offered_a_taunt_in_russian(service: GameService) -> None:
    assert (await service.new(ALICE, RUSSIAN_HERE, "cheesegambit", [BOB],
                              {"pieces": "5"})).ok
    assert (await service.accept(BOB, RUSSIAN_HERE)).ok
    rng = random.Random(3)
    for _ in range(3000):
        session = await service.store.live_session(RUSSIAN_HERE.id)
        assert session is not None
        position = service.position_of(session)
        if position.action_due():
            side, text = position.actors()[0], position.action_choices()[0]
        else:
            side, text = position.side_to_move or "", rng.choice(service.legal_turns(session)).text
        seat = session.seat_for_side(side)
        assert seat is not None
        mover = ALICE if seat.user_id == ALICE.id else BOB
        reply = await service.move(mover, RUSSIAN_HERE, text)
        assert reply.ok, reply.text
        offers = [b for b in reply.buttons if b.action.startswith("taunt:")]
        if offers:
            break
    else:
        raise AssertionError("no taunt was ever offered")
    assert all(b.label.startswith("Бросить вызов: ") for b in offers), offers
    assert " ещё может бросить вызов до следующего хода: " in reply.text, reply.text
    assert not more_english_words(reply.text), (more_english_words(reply.text), reply.text)
    other = BOB if mover is ALICE else ALICE
    refused = await service.press(other, RUSSIAN_HERE, offers[0].action)
    assert refused.text.startswith("Эта кнопка вызова — для игрока "), refused.text
    assert not more_english_words(refused.text), refused.text
    taunted = await service.press(mover, RUSSIAN_HERE, offers[0].action)
    assert taunted.ok, taunted.text
    again = await service.press(mover, RUSSIAN_HERE, offers[0].action)
    assert "Ничего не изменено." in again.text, again.text
    for said in (taunted, again):
        assert not more_english_words(said.text), (more_english_words(said.text), said.text)


async def test_a_command_given_by_keyword_reads_its_users_and_channels_languages(
        service: GameService) -> None:
    # the entry point binds ``user`` and ``channel`` by name (no scanning of its
    # arguments by type): keywords, in any order, are read as positionals are
    session = await _game(service, ALICE_RU, BOB_RU)
    mover, waiting = _players(service, session, ALICE_RU, BOB_RU)
    turn = service.legal_turns(session)[0]
    refused = await service.move(channel=HERE, text=turn, user=waiting)
    assert refused.private and refused.text.startswith("Сейчас не ваш ход: "), refused.text
    played = await service.move(text=turn, user=mover, channel=HERE)
    assert played.ok and " to move" in played.text, played.text


async def test_an_entry_point_builds_the_request_its_callers_never_pass(
        service: GameService) -> None:
    # the command is written with ``req``; what callers see (and bind) is without it
    params = list(inspect.signature(service.move).parameters)
    assert params[:2] == ["user", "channel"] and "req" not in params
    # a request built without readers (tools) speaks English to both
    req = Request(ALICE_RU, RUSSIAN_HERE)
    assert (req.user_lang, req.channel_lang) == ("en", "en")
    assert req.mine("no_game").startswith("There is no game")
