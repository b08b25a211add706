"""Buttons bound to their question.

A button's action is ``<verb>:<session id>:<question>``: the question tag names
exactly what the button answers, so a button left under an old message can never
answer a newer question.  Tags (short: a Discord custom id holds 100 characters):

- ``c``: the challenge or lobby of that session (its status ``challenge``);
- ``t<turn>-<raiser>-<target>``: a raise one side put to another
  (``games.QuestionKind.RAISE``);
- ``v<turn>-<voters>``: a vote, with the sides asked to vote when it opened;
- ``a<turn>-<actors>``: any other answer a game waits for (``Position.question()``);
- ``u<seq>``: the take-back request of log entry ``seq``;
- ``f``: the rematch offer of that finished session;
- ``r``: the confirmation of a resignation from that (live) session.

Buttons posted before tags existed (``<verb>:<session id>``) have an empty tag;
the service honours them only where the question they answered cannot be
mistaken for another one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from bot.catalogue import CATALOGUE, for_user
from games import Position, QuestionKind
from storage import Session, SessionStatus

CHALLENGE = "c"
FINISHED = "f"
RESIGN = "r"
#: Verbs of challenge and lobby buttons.
CHALLENGE_VERBS = ("accept", "decline", "join", "start")
TAKEBACK_VERBS = ("takeback_yes", "takeback_no")

_ANSWER_TAG = re.compile(r"(?P<kind>[tva])(?P<turn>\d{1,9})-(?P<sides>[\w-]*)")
_TAKEBACK_TAG = re.compile(r"u(?P<seq>\d{1,18})")
#: The tag letter of each kind of question (kept short for the 100-character id).
_LETTERS = {QuestionKind.RAISE: "t", QuestionKind.VOTE: "v", QuestionKind.ANSWER: "a"}
_KINDS = {letter: kind for kind, letter in _LETTERS.items()}


@dataclass(frozen=True)
class Question:
    """An answer a game waits for: its kind's tag letter (``t`` raise, ``v`` vote,
    ``a`` other), the turn it belongs to and the sides it concerns (raiser and
    target; the voters; the actors)."""

    kind: str
    turn: int
    sides: tuple[str, ...]

    @property
    def tag(self) -> str:
        return f"{self.kind}{self.turn}-{'-'.join(self.sides)}"

    def answered_by(self, now: Question | None) -> bool:
        """Whether a button asking this question may answer ``now``, the question the
        game waits for: the same raise, or the same vote with fewer voters left."""
        if now is None or now.kind != self.kind or now.turn != self.turn:
            return False
        if self.kind == "v":
            return set(now.sides) <= set(self.sides)
        return now.sides == self.sides


def pending_question(session: Session, position: Position) -> Question | None:
    """The answer the game waits for now (None if it waits for a turn)."""
    if not position.action_due():
        return None
    asked = position.question()
    if asked is None:
        return None
    turn = session.next_turn - 1  # an answer belongs to the turn just played
    return Question(_LETTERS[asked.kind], turn, asked.sides)


def parse_question(tag: str) -> Question | None:
    match = _ANSWER_TAG.fullmatch(tag)
    if match is None:
        return None
    sides = tuple(s for s in match["sides"].split("-") if s)
    return Question(match["kind"], int(match["turn"]), sides)


def takeback_tag(seq: int) -> str:
    return f"u{seq}"


def parse_takeback(tag: str) -> int | None:
    match = _TAKEBACK_TAG.fullmatch(tag)
    return int(match["seq"]) if match else None


def stale_question(question: Question, answers: list[tuple[str, str]],
                   nouns: Mapping[str, str]) -> str:
    """Why an answer button no longer does anything; ``answers`` are the (answering
    side, record) of the answers logged at the question's turn (may be empty): a
    raise's answer is the one its target gave.  ``nouns``: the game's words for
    its questions (``Game.question_nouns``)."""
    kind = _KINDS.get(question.kind, QuestionKind.ANSWER)
    noun = nouns.get(kind, "question")
    if f"noun_{noun}" in CATALOGUE["en"]:
        noun = for_user(f"noun_{noun}")
    if kind == QuestionKind.RAISE and len(question.sides) == 2:
        raiser, target = question.sides
        said = [record for side, record in answers if side == target]
        if said:
            return for_user("stale_raise_answered", noun=noun, raiser=raiser, target=target,
                            turn=question.turn, said=said[-1])
        return for_user("stale_raise_gone", noun=noun, raiser=raiser, target=target,
                        turn=question.turn)
    if kind == QuestionKind.VOTE:
        return for_user("stale_vote", noun=noun, turn=question.turn)
    return for_user("stale_answer", noun=noun, turn=question.turn)


def challenge_gone(session: Session, verb: str) -> str | None:
    """Why a challenge or lobby button no longer applies (None while it is open)."""
    if session.status == SessionStatus.CHALLENGE:
        return None
    lobby = verb in ("join", "start")
    what = "lobby" if lobby else "challenge"  # the catalogue's keys (bot/catalogue/views.py)
    if session.status == SessionStatus.ABORTED and session.initial_position is not None:
        return for_user(f"{what}_aborted")
    gone: dict[str, str] = {
        SessionStatus.ACTIVE: "active", SessionStatus.FINISHED: "finished",
        SessionStatus.DECLINED: "declined", SessionStatus.EXPIRED: "expired",
        SessionStatus.ABORTED: "withdrawn",
    }
    return for_user(f"{what}_{gone.get(session.status, 'closed')}")


