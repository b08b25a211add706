"""What a button or a menu does, as a value: the one codec of component ids.

Every button and select menu the bot posts carries an *action id* in its Discord
custom id: ``<verb>:<session id>[:<tag>]``, where the tag names exactly the question
the component answers (bot/buttons.py), so an old button never answers a newer one.
This module is the only place that writes or reads those ids: the service builds
:class:`Action` values and :func:`encode` s them; a press is :func:`decode` d once,
at the service's door (bot/service/presses.py), and routed by its :class:`Verb`.

The wire formats (a Discord custom id holds 100 characters, so tags are terse;
``<s>`` is the session id):

- ``accept:<s>:c`` (decline, join, start): the challenge or lobby of the session;
- ``<word>:<s>:t<turn>-<raiser>-<target>``: the answer ``word`` to a raise; ``v<turn>-
  <voters>`` to a vote (the voters asked when it opened); ``a<turn>-<actors>`` to any
  other question a game asks (the words are the game's: ``Position.action_choices``);
- ``takeback_yes:<s>:u<seq>`` (takeback_no): the take-back request of log entry ``seq``;
- ``rematch:<s>:f``: the rematch offer of the finished session;
- ``resign:<s>:r`` (resign_match): the confirmation of a resignation;
- ``taunt:<s>:k<seq>-<turn>-<mover>-<target>``: a late taunt after logged turn ``seq``;
- ``play:<s>:p<version>-<path>`` (pick, pickok, pickno): the turn picker, its path
  of choices joined by ``_``;
- ``learn:0:l<game>-<page>[-<choice>]`` (learnx, learnnew): a lesson page;
- ``history:0:h<page>-<member id|x>-<game|x>``: a page of ``/history``;
- ``tjoin:0:e<tournament>`` (tleave): sign up for (or leave) that tournament;
- ``show:<s>:b``: the Board button of the list of one's games across servers;
- ``mygames:0:g<page>``: a page of that list.

A select menu's id is the prefix of an action: the chosen option's value completes
it (``pick:7:p12-3_`` + ``g1``; ``learnx:0:lche-2-`` + ``1``): :func:`menu_prefix`.

Ids posted by earlier versions keep decoding where the README promises it: buttons
posted before tags existed (``accept:12``, ``drop:12``, ``takeback_yes:12``,
``rematch:12``, ``resign:7``) decode with no tag (``tagged=False`` / ``question=None``),
and the service honours them only where their question cannot be mistaken.

Anything else, forged or from a version that wrote another format, raises
:class:`ActionError`, which names the refusal to show (a catalogue key): nothing is
ever done on a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from bot.buttons import Question

#: Discord's limit of a component's custom id.
MAX_CUSTOM_ID = 100
#: The custom id prefixes: a button's id is ``boardbot:<action>``, a menu's
#: ``boardsel:<action prefix>`` (the ids of other bots' or other apps' components are
#: never ours).
BUTTON_PREFIX = "boardbot:"
MENU_PREFIX = "boardsel:"
#: The longest action a button may carry.
MAX_ACTION = MAX_CUSTOM_ID - len(BUTTON_PREFIX)
#: The Discord custom ids of our components, as discord.py's dynamic items match them
#: (bot/discord_adapter.py registers one class for each): the same grammar as
#: :data:`_ID`; :func:`decode` reads what they capture.
BUTTON_ID_TEMPLATE = r"boardbot:(?P<action>\w+:\d+(?::[a-z][\w-]*)?)"
MENU_ID_TEMPLATE = r"boardsel:(?P<action>\w+:\d+:[a-z][\w-]*)"
_BUTTON_ID = re.compile(BUTTON_ID_TEMPLATE)
_MENU_ID = re.compile(MENU_ID_TEMPLATE)

#: ``<verb>:<session>[:<tag>]``; a session id longer than 18 digits is no game of ours
#: (SQLite's integers), and is refused rather than looked up.
_ID = re.compile(r"(?P<verb>\w{1,24}):(?P<session>\d+)(?::(?P<tag>[a-z][\w-]*))?")
_QUESTION = re.compile(r"(?P<kind>[tva])(?P<turn>\d{1,9})-(?P<sides>[\w-]*)")
_TAKEBACK = re.compile(r"u(?P<seq>\d{1,18})")
_TAUNT = re.compile(r"k(?P<seq>\d{1,18})-(?P<turn>\d{1,9})-(?P<mover>[A-Z])-(?P<target>[A-Z])")
_PICK = re.compile(r"p(?P<version>\d{1,9})-(?P<path>[A-Za-z0-9_]*)")
_LESSON = re.compile(r"l(?P<game>[a-z]{1,20})-(?P<page>\d{1,3})(?:-(?P<choice>\d{1,2}))?")
_REVIEW = re.compile(r"r(?P<turn>\d{1,9})")
#: a drill's picker: the turn drilled and the path of choices so far (as ``_PICK``'s);
#: ``q``, not the first version's ``d<turn>-<choice>`` (a menu of whole turns), so an
#: old drill's menu is refused rather than read as a path
_DRILL = re.compile(r"q(?P<turn>\d{1,9})-(?P<path>[A-Za-z0-9_]*)")
_ENTRY = re.compile(r"e(?P<tournament>\d{1,18})")
_HISTORY = re.compile(r"h(?P<page>\d{1,6})-(?P<member>\w+?)-(?P<game>[a-z0-9]+)")
#: A word a game's question offers as an answer (``Position.action_choices``).
_WORD = re.compile(r"[a-z][a-z0-9_]{0,23}")
_SIDE = re.compile(r"\w+")
_ELEMENT = re.compile(r"[A-Za-z0-9]{1,8}")
_MEMBER = re.compile(r"[A-Za-z0-9_]{1,64}")
#: A history button with no member or no game says so with this.
_ANY = "x"


class Verb(StrEnum):
    """What a component does (the first field of its id)."""

    # a challenge or a lobby (bot/service/lobby.py)
    ACCEPT = "accept"
    DECLINE = "decline"
    JOIN = "join"
    START = "start"
    #: any answer to a question a game asks: on the wire the answer's own word is the
    #: verb (``drop:7:t3-R-B``), since games name their answers (``action_choices``)
    ANSWER = "answer"
    TAKEBACK_YES = "takeback_yes"
    TAKEBACK_NO = "takeback_no"
    REMATCH = "rematch"
    RESIGN = "resign"
    RESIGN_MATCH = "resign_match"
    TAUNT = "taunt"
    # the turn picker (bot/service/picking.py)
    PLAY = "play"
    PICK = "pick"
    PICKOK = "pickok"
    PICKNO = "pickno"
    # lessons (bot/service/learning.py)
    LEARN = "learn"
    LEARNX = "learnx"
    LEARNNEW = "learnnew"
    HISTORY = "history"
    #: the step-through review of a finished game (bot/service/review.py)
    REVIEW = "review"
    #: a drill's picker: a step, and the turn built answered (bot/service/training.py)
    DRILL = "drill"
    DRILLOK = "drillok"
    # tournaments (bot/service/tournaments.py)
    TJOIN = "tjoin"
    TLEAVE = "tleave"
    #: a game's board shown to its player wherever they asked (bot/service/everywhere.py)
    SHOW = "show"
    #: a page of the list of one's games across servers
    MYGAMES = "mygames"


CHALLENGE_VERBS = (Verb.ACCEPT, Verb.DECLINE, Verb.JOIN, Verb.START)
PICKER_VERBS = (Verb.PLAY, Verb.PICK, Verb.PICKOK, Verb.PICKNO)
LESSON_VERBS = (Verb.LEARN, Verb.LEARNX, Verb.LEARNNEW)


class ActionError(ValueError):
    """An id that is no action of this version (forged, cut, or a format no longer
    written): ``key`` is the catalogue key of the refusal to show the presser."""

    def __init__(self, key: str, text: str = "") -> None:
        super().__init__(f"{key}: {text!r}" if text else key)
        self.key = key


# -- the actions ------------------------------------------------------------------------


@dataclass(frozen=True)
class Challenge:
    """Accept, Decline, Join or Start under a challenge or lobby.  ``tagged``: False
    for a button posted before tags (an untagged Accept may be a raise's)."""

    verb: Verb
    session: int
    tagged: bool = True


@dataclass(frozen=True)
class Answer:
    """The answer ``word`` to ``question`` (None: a button posted before tags, whose
    question the service may still tell, bot/service/presses.py)."""

    word: str
    session: int
    question: Question | None

    verb: ClassVar[Verb] = Verb.ANSWER


@dataclass(frozen=True)
class Takeback:
    """Allow or refuse the take-back request logged as entry ``seq`` (None: untagged)."""

    allow: bool
    session: int
    seq: int | None

    @property
    def verb(self) -> Verb:
        return Verb.TAKEBACK_YES if self.allow else Verb.TAKEBACK_NO


@dataclass(frozen=True)
class Rematch:
    session: int
    tagged: bool = True

    verb: ClassVar[Verb] = Verb.REMATCH


@dataclass(frozen=True)
class Resign:
    """Confirm a resignation; ``whole_match``: give up the match (bot/service/matches.py)."""

    session: int
    whole_match: bool = False
    tagged: bool = True

    @property
    def verb(self) -> Verb:
        return Verb.RESIGN_MATCH if self.whole_match else Verb.RESIGN


@dataclass(frozen=True)
class Taunt:
    """A Taunt button: ``mover`` may taunt ``target`` after the turn ``turn`` logged
    as entry ``seq`` (bot/service/late_taunt.py)."""

    session: int
    seq: int
    turn: int
    mover: str
    target: str

    verb: ClassVar[Verb] = Verb.TAUNT


@dataclass(frozen=True)
class Pick:
    """A turn picker's control: the session's ``version`` when it was shown and the
    ``path`` of choices so far (bot/picker.py's elements: ``3``, ``g1``, ``a0``)."""

    verb: Verb
    session: int
    version: int
    path: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A lesson's page ``page`` of ``game``; ``choice``: an exercise's answer (learnx)."""

    verb: Verb
    game: str
    page: int
    choice: int | None = None

    @property
    def session(self) -> int:
        return 0  # a lesson belongs to no game


@dataclass(frozen=True)
class HistoryPage:
    """Page ``page`` of ``/history`` (of ``member``'s games; of ``game`` only)."""

    page: int
    member: str | None = None
    game: str | None = None

    verb: ClassVar[Verb] = Verb.HISTORY

    @property
    def session(self) -> int:
        return 0


@dataclass(frozen=True)
class ReviewAt:
    """The review of the finished game ``session`` at the board after turn ``turn``
    (0: the start).  The id names the game, so an old message never shows another."""

    session: int
    turn: int

    @property
    def verb(self) -> Verb:
        return Verb.REVIEW


@dataclass(frozen=True)
class Drill:
    """A drill's picker for the position before turn ``turn`` of the finished game
    ``session`` (bot/service/training.py): the ``path`` of choices so far
    (bot/picker.py's elements, as a ``Pick``'s) and, with ``confirm``, the turn
    they build given as the answer.  Bound to the game and the turn, so an old
    drill's control never answers another."""

    session: int
    turn: int
    path: tuple[str, ...] = ()
    confirm: bool = False

    @property
    def verb(self) -> Verb:
        return Verb.DRILLOK if self.confirm else Verb.DRILL


@dataclass(frozen=True)
class Entry:
    """Join (or leave) tournament ``tournament``'s sign-up: bound to that tournament,
    so that the button of an old one never signs anyone up for another."""

    tournament: int
    join: bool = True

    @property
    def verb(self) -> Verb:
        return Verb.TJOIN if self.join else Verb.TLEAVE

    @property
    def session(self) -> int:
        return 0  # a tournament is no game


@dataclass(frozen=True)
class Show:
    """The Board button of a game in the list of one's games (bot/service/everywhere.py):
    its board, shown where the list is, to its player."""

    session: int

    verb: ClassVar[Verb] = Verb.SHOW


@dataclass(frozen=True)
class GamesPage:
    """Page ``page`` of the list of one's games across servers."""

    page: int

    verb: ClassVar[Verb] = Verb.MYGAMES

    @property
    def session(self) -> int:
        return 0  # the list belongs to no game


Action = (Challenge | Answer | Takeback | Rematch | Resign | Taunt | Pick | Lesson | HistoryPage
          | Show | GamesPage | Entry | ReviewAt | Drill)


# -- writing ------------------------------------------------------------------------------


def encode(action: Action) -> str:
    """The id of ``action`` (what ``Button.action`` holds); ValueError when it cannot
    be one (a value the id cannot carry, or longer than a custom id holds)."""
    text = _write(action)
    try:
        if decode(text) != action:
            raise ValueError(f"{action!r} does not survive its id {text!r}")
    except ActionError as exc:
        raise ValueError(f"{action!r} has no id ({exc})") from exc
    if len(text) > MAX_ACTION:
        raise ValueError(f"the id of {action!r} is longer than {MAX_ACTION} characters")
    return text


def menu_prefix(action: Pick | Lesson | ReviewAt | Drill) -> str:
    """A select menu's action: the id of ``action`` with its last field left for the
    chosen option's value (a picker's next path element; an exercise's choice; the
    review's turn, whatever ``action.turn`` is)."""
    if isinstance(action, ReviewAt):
        text = f"{action.verb}:{action.session}:r"
    elif isinstance(action, Drill) and not action.confirm:
        text = encode(action) + ("_" if action.path else "")
    elif isinstance(action, Pick) and action.verb is Verb.PICK:
        text = encode(action) + ("_" if action.path else "")
    elif isinstance(action, Lesson) and action.verb is Verb.LEARNX and action.choice is None:
        text = encode(action) + "-"
    else:
        raise ValueError(f"{action!r} is no menu")
    if len(MENU_PREFIX + text) > MAX_CUSTOM_ID:
        raise ValueError(f"the menu id of {action!r} is too long")
    return text


def chosen(prefix: str, value: str) -> str:
    """The action a menu sends when the option of ``value`` is chosen."""
    return prefix + value


def _write(action: Action) -> str:
    match action:
        case Challenge(verb=verb, session=session, tagged=tagged):
            return f"{verb}:{session}" + (":c" if tagged else "")
        case Answer(word=word, session=session, question=question):
            if question is None:
                return f"{word}:{session}"
            return f"{word}:{session}:{question.kind}{question.turn}-{'-'.join(question.sides)}"
        case Takeback(session=session, seq=seq):
            return f"{action.verb}:{session}" + (f":u{seq}" if seq is not None else "")
        case Rematch(session=session, tagged=tagged):
            return f"{action.verb}:{session}" + (":f" if tagged else "")
        case Resign(session=session, tagged=tagged):
            return f"{action.verb}:{session}" + (":r" if tagged else "")
        case Taunt(session=s, seq=seq, turn=turn, mover=mover, target=target):
            return f"{action.verb}:{s}:k{seq}-{turn}-{mover}-{target}"
        case Pick(verb=verb, session=session, version=version, path=path):
            return f"{verb}:{session}:p{version}-{'_'.join(path)}"
        case Lesson(verb=verb, game=game, page=page, choice=choice):
            return f"{verb}:0:l{game}-{page}" + (f"-{choice}" if choice is not None else "")
        case HistoryPage(page=page, member=member, game=game):
            return f"{action.verb}:0:h{page}-{member or _ANY}-{game or _ANY}"
        case ReviewAt(session=session, turn=turn):
            return f"{action.verb}:{session}:r{turn}"
        case Drill(session=session, turn=turn, path=path):
            return f"{action.verb}:{session}:q{turn}-{'_'.join(path)}"
        case Entry(tournament=tournament):
            return f"{action.verb}:0:e{tournament}"
        case Show(session=session):
            return f"{action.verb}:{session}:b"
        case GamesPage(page=page):
            return f"{action.verb}:0:g{page}"
    raise AssertionError(f"no id for {action!r}")  # mypy: the match is exhaustive


# -- reading ------------------------------------------------------------------------------


def decode(text: str) -> Action:
    """The action of an id (ActionError: what to refuse with)."""
    whole = _ID.fullmatch(text)
    if whole is None:
        raise ActionError("button_no_game", text)
    word, session_text, tag = whole["verb"], whole["session"], whole["tag"] or ""
    verb = Verb(word) if word in Verb.__members__.values() else Verb.ANSWER
    if len(session_text) > 18:  # SQLite's integers: no game of ours
        raise ActionError("picker_no_game" if verb in PICKER_VERBS else "button_no_game", text)
    session = int(session_text)
    reader = _READERS.get(verb, _answer)
    return reader(verb, word, session, tag, text)


def custom_id(action: str) -> str:
    """A button's Discord custom id (ValueError: ``action`` is no action's id)."""
    _check(action)
    return BUTTON_PREFIX + action


def menu_id(prefix: str) -> str:
    """A menu's Discord custom id for an action prefix (:func:`menu_prefix`)."""
    value = MENU_PREFIX + prefix
    if _MENU_ID.fullmatch(value) is None or len(value) > MAX_CUSTOM_ID:
        raise ValueError(f"menu action {prefix!r} is not <verb>:<session>:<tag>")
    return value


def action_of(custom: str) -> str | None:
    """The action id a button's custom id carries (None: not one of our buttons)."""
    match = _BUTTON_ID.fullmatch(custom)
    return match["action"] if match else None


def menu_action_of(custom: str) -> str | None:
    """The action prefix a menu's custom id carries (None: not one of our menus)."""
    match = _MENU_ID.fullmatch(custom)
    return match["action"] if match else None


def _check(action: str) -> None:
    if _BUTTON_ID.fullmatch(BUTTON_PREFIX + action) is None or len(action) > MAX_ACTION:
        raise ValueError(f"button action {action!r} is not <verb>:<session id>[:<question>] "
                         f"within {MAX_CUSTOM_ID} characters")
    decode(action)  # ActionError is a ValueError


def _challenge(verb: Verb, word: str, session: int, tag: str, text: str) -> Action:
    if tag in ("", "c"):
        return Challenge(verb, session, tagged=bool(tag))
    return _answer(verb, word, session, tag, text)  # a raise's Accept or Decline


def _answer(verb: Verb, word: str, session: int, tag: str, text: str) -> Action:
    if _WORD.fullmatch(word) is None:
        raise ActionError("question_closed", text)
    if not tag:
        return Answer(word, session, None)
    match = _QUESTION.fullmatch(tag)
    if match is None:
        raise ActionError("question_closed", text)
    sides = tuple(s for s in match["sides"].split("-") if s)
    return Answer(word, session, Question(match["kind"], int(match["turn"]), sides))


def _takeback(verb: Verb, word: str, session: int, tag: str, text: str) -> Action:
    allow = verb is Verb.TAKEBACK_YES
    if not tag:
        return Takeback(allow, session, None)
    match = _TAKEBACK.fullmatch(tag)
    if match is None:
        raise ActionError("old_takeback_button", text)
    return Takeback(allow, session, int(match["seq"]))


def _rematch(verb: Verb, word: str, session: int, tag: str, text: str) -> Action:
    if tag not in ("", "f"):
        raise ActionError("button_no_game", text)
    return Rematch(session, tagged=bool(tag))


def _resign(verb: Verb, word: str, session: int, tag: str, text: str) -> Action:
    if tag not in ("", "r"):
        raise ActionError("button_no_game", text)
    return Resign(session, verb is Verb.RESIGN_MATCH, tagged=bool(tag))


def _taunt(verb: Verb, word: str, session: int, tag: str, text: str) -> Action:
    match = _TAUNT.fullmatch(tag)
    if match is None:
        raise ActionError("taunt_button_unreadable", text)
    return Taunt(session, int(match["seq"]), int(match["turn"]), match["mover"],
                 match["target"])


def _pick(verb: Verb, word: str, session: int, tag: str, text: str) -> Action:
    match = _PICK.fullmatch(tag)
    if match is None:
        raise ActionError("picker_old", text)
    path = tuple(p for p in match["path"].split("_") if p)
    if any(_ELEMENT.fullmatch(p) is None for p in path):
        raise ActionError("picker_old", text)
    return Pick(verb, session, int(match["version"]), path)


def _lesson(verb: Verb, word: str, session: int, tag: str, text: str) -> Action:
    match = _LESSON.fullmatch(tag)
    if match is None:
        raise ActionError("lesson_old_button", text)
    choice = match["choice"]
    return Lesson(verb, match["game"], int(match["page"]),
                  int(choice) if choice is not None else None)


def _entry(verb: Verb, word: str, session: int, tag: str, text: str) -> Action:
    match = _ENTRY.fullmatch(tag)
    if match is None or session != 0:
        raise ActionError("button_no_game", text)
    return Entry(int(match["tournament"]), verb is Verb.TJOIN)


def _history(verb: Verb, word: str, session: int, tag: str, text: str) -> Action:
    match = _HISTORY.fullmatch(tag)
    if match is None or _MEMBER.fullmatch(match["member"]) is None:
        raise ActionError("history_old_button", text)
    member, game = match["member"], match["game"]
    return HistoryPage(int(match["page"]), None if member == _ANY else member,
                       None if game == _ANY else game)


def _review(verb: Verb, word: str, session: int, tag: str, text: str) -> Action:
    match = _REVIEW.fullmatch(tag)
    if match is None:
        raise ActionError("review_old_button", text)
    return ReviewAt(session, int(match["turn"]))


def _drill(verb: Verb, word: str, session: int, tag: str, text: str) -> Action:
    match = _DRILL.fullmatch(tag)
    if match is None:
        raise ActionError("drill_old_button", text)
    path = tuple(p for p in match["path"].split("_") if p)
    if any(_ELEMENT.fullmatch(p) is None for p in path):
        raise ActionError("drill_old_button", text)
    return Drill(session, int(match["turn"]), path, verb is Verb.DRILLOK)


def _show(verb: Verb, word: str, session: int, tag: str, text: str) -> Action:
    if tag != "b":
        raise ActionError("button_no_game", text)
    return Show(session)


_GAMES_PAGE = re.compile(r"g(?P<page>\d{1,6})")


def _games_page(verb: Verb, word: str, session: int, tag: str, text: str) -> Action:
    match = _GAMES_PAGE.fullmatch(tag)
    if match is None or session != 0:
        raise ActionError("button_no_game", text)
    return GamesPage(int(match["page"]))


_READERS = {
    **dict.fromkeys(CHALLENGE_VERBS, _challenge),
    Verb.TAKEBACK_YES: _takeback, Verb.TAKEBACK_NO: _takeback,
    Verb.REMATCH: _rematch, Verb.RESIGN: _resign, Verb.RESIGN_MATCH: _resign,
    Verb.TAUNT: _taunt,
    **dict.fromkeys(PICKER_VERBS, _pick),
    **dict.fromkeys(LESSON_VERBS, _lesson),
    Verb.HISTORY: _history,
    Verb.REVIEW: _review,
    Verb.DRILL: _drill, Verb.DRILLOK: _drill,
    Verb.TJOIN: _entry, Verb.TLEAVE: _entry,
    Verb.SHOW: _show,
    Verb.MYGAMES: _games_page,
}


def verb_of(text: str) -> Verb | None:
    """The verb of an id (None: no action's), for who only needs to know what kind
    of control it is (the console's ``/pick ok``; the adapter's Play button)."""
    try:
        return decode(text).verb
    except ActionError:
        return None


def session_of(text: str) -> int | None:
    """The session an id names (None: none, or no action's id)."""
    try:
        return decode(text).session
    except ActionError:
        return None
