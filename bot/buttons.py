"""Buttons bound to their question.

A button's id names exactly the question it answers, so a button left under an old
message can never answer a newer question.  The ids are written and read by one
codec, bot/actions.py (its docstring lists the formats); this module holds what the
service asks of a question: which one a game waits for now, whether a button's
question is still that one, and why not.

Buttons posted before ids named their question decode with no question; the
service honours them only where the question they answered cannot be mistaken for
another one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.catalogue import CATALOGUE, t
from games import Position, QuestionKind
from storage import Session, SessionStatus

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


def stale_question(question: Question, answers: list[tuple[str, str]],
                   nouns: Mapping[str, str], lang: str) -> str:
    """Why an answer button no longer does anything; ``answers`` are the (answering
    side, record) of the answers logged at the question's turn (may be empty): a
    raise's answer is the one its target gave.  ``nouns``: the game's words for
    its questions (``Game.question_nouns``); said in ``lang``."""
    kind = _KINDS.get(question.kind, QuestionKind.ANSWER)
    noun = nouns.get(kind, "question")
    if f"noun_{noun}" in CATALOGUE["en"]:
        noun = t(lang, f"noun_{noun}")
    if kind == QuestionKind.RAISE and len(question.sides) == 2:
        raiser, target = question.sides
        said = [record for side, record in answers if side == target]
        if said:
            return t(lang, "stale_raise_answered", noun=noun, raiser=raiser, target=target,
                            turn=question.turn, said=said[-1])
        return t(lang, "stale_raise_gone", noun=noun, raiser=raiser, target=target,
                        turn=question.turn)
    if kind == QuestionKind.VOTE:
        return t(lang, "stale_vote", noun=noun, turn=question.turn)
    return t(lang, "stale_answer", noun=noun, turn=question.turn)


def challenge_gone(session: Session, verb: str, lang: str) -> str | None:
    """Why a challenge or lobby button no longer applies (None while it is open)."""
    if session.status == SessionStatus.CHALLENGE:
        return None
    lobby = verb in ("join", "start")
    what = "lobby" if lobby else "challenge"  # the catalogue's keys (bot/catalogue/views.py)
    if session.status == SessionStatus.ABORTED and session.initial_position is not None:
        return t(lang, f"{what}_aborted")
    gone: dict[str, str] = {
        SessionStatus.ACTIVE: "active", SessionStatus.FINISHED: "finished",
        SessionStatus.DECLINED: "declined", SessionStatus.EXPIRED: "expired",
        SessionStatus.ABORTED: "withdrawn",
    }
    return t(lang, f"{what}_{gone.get(session.status, 'closed')}")


