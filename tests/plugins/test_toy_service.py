"""The toy game, played whole through the service (bot/service) against the computer,
with board pictures, the board in words, narration in words and a lesson: the proof
that a game is its plugin and nothing under bot/ needs to know it."""

from __future__ import annotations

import random
import re

from bot.computer_seats import COMPUTER
from bot.narration import Cast, narrate
from bot.service import GameService, ServiceConfig
from bot.service.texts import colour_word
from games.events import Hit
from storage import Store
from tests.bot.conftest import ALICE, BOB, HERE, FakeClock

PNG = b"\x89PNG\r\n\x1a\n"


def _service(store: Store, clock: FakeClock) -> GameService:
    rng = random.Random(7)
    return GameService(store, ServiceConfig(challenge_seconds=3600), clock=clock,
                       seed_factory=lambda: rng.randbytes(32))  # pictures drawn


async def test_a_whole_toy_game_against_the_computer(toy: str, store: Store,
                                                     clock: FakeClock) -> None:
    service = _service(store, clock)
    begun = await service.new(ALICE, HERE, toy, [COMPUTER], {"level": "hard"})
    assert begun.ok, begun.text
    assert begun.image is not None and begun.image.startswith(PNG)
    # the board in words comes from the plugin's describe
    assert "Toy Race board" in begun.image_description, begun.image_description
    assert "pieces on S, S" in begun.image_description, begun.image_description
    said: list[str] = [begun.text]
    for _ in range(200):
        step = await service.computer_step(HERE)
        if step is not None:
            said.append(step.text)
            continue
        board = await service.board(ALICE, HERE)
        if "wins" in board.text or "won" in board.text or not board.ok:
            break
        legal = await service.legal(ALICE, HERE)
        turn = legal.text.split("`")[1]
        moved = await service.move(ALICE, HERE, turn)
        assert moved.ok, moved.text
        assert moved.image is not None and moved.image.startswith(PNG)
        said.append(moved.text)
    told = "\n".join(said)
    # narration in words: the mover, its colour (the plugin's, translated by its texts)
    # and the path, "alice (Orange) rolled 4 and moved Start→4"
    assert "alice (Orange) rolled" in told, told
    assert "boardbot (hard) (Purple) rolled" in told or "(Purple) rolled" in told, told
    assert "→" in told, told
    record = await service.record(ALICE, HERE)
    assert '[Game "toyrace"]' in (record.attachment[1].decode() if record.attachment
                                  else record.text), record
    assert "wins" in told, told


async def test_bops_are_told_with_the_toys_own_verb(toy: str, store: Store,
                                                    clock: FakeClock) -> None:
    """Two people, each bopping when they can: the Hit is told with the plugin's verb
    ("bopped"), in Russian too (the plugin's own texts)."""
    service = _service(store, clock)
    assert (await service.new(ALICE, HERE, toy, [BOB], {})).ok
    assert (await service.accept(BOB, HERE)).ok
    told = ""
    for _ in range(300):
        board = await service.board(ALICE, HERE)
        if "bopped" in told or "Game over" in told:
            break
        # the board in words (the plugin's describe) says where everyone stands:
        # "alice (Orange): pieces on S, S, 4. bob (Purple): pieces on S, 7, F."
        where = {side: re.search(side + r"[^:]*: pieces on ([^.]*)\.",
                                 board.image_description)[1].split(", ")  # type: ignore[index]
                 for side in ("Orange", "Purple")}
        mover, other = (ALICE, "Purple") if "alice (Orange) to move" in \
            board.image_description else (BOB, "Orange")
        turns = (await service.legal(mover, HERE)).text.split("`")[1::2]
        bops = [t for t in turns if t.split("/")[1] in where[other]]
        reply = await service.move(mover, HERE, (bops or turns)[0])
        assert reply.ok, (reply.text, board.image_description)
        told += reply.text
    assert "bopped" in told, told
    # a Russian reader hears the plugin's own words: its colours and its verb
    colours = {side: colour_word(name, "ru") for side, name in (("O", "Orange"), ("P", "Purple"))}
    assert colours == {"O": "Оранжевые", "P": "Фиолетовые"}
    said = narrate([Hit("O", "P", "5", "S")], Cast({"O": "alice"}, colours, toy, "ru"), (5,))
    assert "сбивает" in said, said


async def test_the_toys_lesson_and_hint(toy: str, service: GameService) -> None:
    """The lesson goal (a bop) and the hint words come from the plugin."""
    lesson = await service.learn(ALICE, HERE, toy)
    assert lesson.ok, lesson.text
    assert "Toy Race" in lesson.text, lesson.text
    assert (await service.new(ALICE, HERE, toy, [COMPUTER], {})).ok
    hint = await service.hint(ALICE, HERE)
    assert hint.ok, hint.text
    assert "step 1 of 7" in lesson.text, lesson.text  # 2 exercises: the goal was found
    assert "moves the piece furthest behind" in hint.text, hint.text  # the plugin's words
