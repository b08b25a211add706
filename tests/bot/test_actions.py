"""The one codec of button and menu ids (bot/actions.py): every id the bot writes
reads back as the same action, ids posted by earlier versions keep their meaning,
and anything else is refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.actions import (
    MAX_ACTION,
    MAX_CUSTOM_ID,
    Action,
    ActionError,
    Answer,
    Challenge,
    Drill,
    GamesPage,
    HistoryPage,
    Lesson,
    Pick,
    Rematch,
    Resign,
    Show,
    Takeback,
    Taunt,
    Verb,
    action_of,
    chosen,
    custom_id,
    decode,
    encode,
    menu_action_of,
    menu_id,
    menu_prefix,
)
from bot.buttons import Question

#: Ids as the bot posted them before this codec (taken from the f-strings it replaced
#: and from the tests of that time), with what they mean today.  A button under an
#: old message is pressed with exactly this text.
OLD_IDS: list[tuple[str, Action]] = [
    # before ids named their question (README: still work where unmistakable)
    ("accept:12", Challenge(Verb.ACCEPT, 12, tagged=False)),
    ("decline:12", Challenge(Verb.DECLINE, 12, tagged=False)),
    ("join:5", Challenge(Verb.JOIN, 5, tagged=False)),
    ("start:5", Challenge(Verb.START, 5, tagged=False)),
    ("resign:007", Resign(7, tagged=False)),
    ("drop:12", Answer("drop", 12, None)),
    ("yes:3", Answer("yes", 3, None)),
    ("no:3", Answer("no", 3, None)),
    ("takeback_yes:4", Takeback(True, 4, None)),
    ("takeback_no:4", Takeback(False, 4, None)),
    ("rematch:9", Rematch(9, tagged=False)),
    # with their question named
    ("accept:1:c", Challenge(Verb.ACCEPT, 1)),
    ("decline:1:c", Challenge(Verb.DECLINE, 1)),
    ("join:1:c", Challenge(Verb.JOIN, 1)),
    ("start:1:c", Challenge(Verb.START, 1)),
    ("accept:1:t3-R-B", Answer("accept", 1, Question("t", 3, ("R", "B")))),
    ("drop:12:t56-R-B", Answer("drop", 12, Question("t", 56, ("R", "B")))),
    ("yes:1:v9-G-B", Answer("yes", 1, Question("v", 9, ("G", "B")))),
    ("no:1:v9-G-B", Answer("no", 1, Question("v", 9, ("G", "B")))),
    ("take:2:a4-W", Answer("take", 2, Question("a", 4, ("W",)))),
    ("takeback_yes:1:u4", Takeback(True, 1, 4)),
    ("takeback_no:1:u4", Takeback(False, 1, 4)),
    ("rematch:1:f", Rematch(1)),
    ("resign:1:r", Resign(1)),
    ("resign_match:8:r", Resign(8, whole_match=True)),
    ("taunt:12:k345-6-R-B", Taunt(12, 345, 6, "R", "B")),
    ("play:1:p3-", Pick(Verb.PLAY, 1, 3)),
    ("pick:1:p3-0", Pick(Verb.PICK, 1, 3, ("0",))),
    ("pickok:1:p3-0_1", Pick(Verb.PICKOK, 1, 3, ("0", "1"))),
    ("pickno:1:p3-0", Pick(Verb.PICKNO, 1, 3, ("0",))),
    ("pick:7:p12-g1_3_a0", Pick(Verb.PICK, 7, 12, ("g1", "3", "a0"))),
    ("learn:0:lche-4", Lesson(Verb.LEARN, "che", 4)),
    ("learnx:0:lche-2-1", Lesson(Verb.LEARNX, "che", 2, 1)),
    ("learnnew:0:lcheesegambit-9", Lesson(Verb.LEARNNEW, "cheesegambit", 9)),
    ("history:0:h2-x-x", HistoryPage(2)),
    ("history:0:h3-123456789012345678-che", HistoryPage(3, "123456789012345678", "che")),
    ("show:42:b", Show(42)),
    ("mygames:0:g3", GamesPage(3)),
]


@pytest.mark.parametrize(("text", "action"), OLD_IDS)
def test_ids_posted_by_earlier_versions_keep_their_meaning(text: str, action: Action) -> None:
    assert decode(text) == action
    assert action_of(custom_id(text)) == text  # and Discord hands them to us as they are


@pytest.mark.parametrize(("text", "action"), [(t, a) for t, a in OLD_IDS if t.count(":") == 2])
def test_the_bot_still_writes_the_tagged_ids_it_wrote(text: str, action: Action) -> None:
    assert encode(action) == text


@pytest.mark.parametrize("text", [
    "accept", "accept:", "accept:x:c", ":1", "accept:1:", "boardbot:accept:1",
    f"accept:{'9' * 40}:c", f"takeback_yes:1:u{'9' * 40}", f"yes:1:v{'9' * 40}-R",
    "drop:1:zz", "takeback_yes:1:v3-R", "rematch:1:r", "resign:1:f", "resign:1:t3-R-B",
    "taunt:1:nonsense", "taunt:1:k3-4-r-b", "taunt:1", "play:1", "pick:1:p3-0-1",
    "pick:1:px-", "pickok:1:p3-012345678", "learn:0:lChe-1", "learn:0:lche-1-",
    "learnx:0:lche-1234", "history:0:h1-x", "history:0:hx-x-x", "history:0:h1-a.b-x",
    "Yes:1:v9-G", "yes:1:c", "9:1:t3-R-B", "yes:1:t3-R-B\n",
])
def test_forged_or_foreign_ids_are_refused(text: str) -> None:
    with pytest.raises(ActionError) as raised:
        decode(text)
    assert raised.value.key  # the refusal the presser is shown (a catalogue key)
    with pytest.raises(ValueError):
        custom_id(text)  # and the bot never posts one


def test_a_drill_of_the_first_version_is_refused_not_read_as_a_path() -> None:
    # the first drills offered whole turns in one menu (``d<turn>-<choice>``): such a
    # choice is no step of today's drill picker, and is told so
    for old in ("drill:5:d12-3", "drill:5:d12-", "drillok:5:d12-0"):
        assert _key(old) == "drill_old_button"
    assert decode("drillok:5:q12-g1_3") == Drill(5, 12, ("g1", "3"), confirm=True)


def test_each_kind_refuses_with_its_own_words() -> None:
    keys = {text: _key(text) for text in ("taunt:1:x", "pick:1:x", "learn:0:x",
                                          "history:0:x", "takeback_no:1:x", "drop:1:x",
                                          f"pick:{'1' * 19}:p1-", f"drop:{'1' * 19}")}
    assert keys == {"taunt:1:x": "taunt_button_unreadable", "pick:1:x": "picker_old",
                    "learn:0:x": "lesson_old_button", "history:0:x": "history_old_button",
                    "takeback_no:1:x": "old_takeback_button", "drop:1:x": "question_closed",
                    f"pick:{'1' * 19}:p1-": "picker_no_game",
                    f"drop:{'1' * 19}": "button_no_game"}


def _key(text: str) -> str:
    with pytest.raises(ActionError) as raised:
        decode(text)
    return raised.value.key


def test_what_no_id_can_carry_is_not_encoded() -> None:
    for action in (Answer("accept", 1, None),  # reads back as the challenge's Accept
                   Answer("Yes", 1, Question("v", 1, ("R",))),
                   Answer("yes", 1, Question("v", 1, ("R-G",))),
                   Answer("yes", 1, Question("x", 1, ("R",))),
                   Challenge(Verb.PLAY, 1), Pick(Verb.PICK, 1, 2, ("",)),
                   Pick(Verb.PICK, 1, 2, ("3_4",)), Pick(Verb.PICK, 10**18, 2),
                   Pick(Verb.PICK, 1, 10**9), Taunt(1, 2, 3, "RR", "B"),
                   Lesson(Verb.LEARN, "che", 1000), HistoryPage(1, "a.b"),
                   Pick(Verb.PICK, 1, 2, ("1",) * 50)):  # too long for a custom id
        with pytest.raises(ValueError):
            encode(action)


def test_the_longest_values_fit_a_custom_id() -> None:
    big, seq, turn = 10**18 - 1, 10**18 - 1, 10**9 - 1
    longest: list[Action] = [
        Answer("a" * 24, big, Question("v", turn, ("R", "G", "B", "Y"))),
        Takeback(False, big, seq), Resign(big, whole_match=True), Rematch(big),
        Taunt(big, seq, turn, "R", "Y"), Challenge(Verb.DECLINE, big),
        Lesson(Verb.LEARNNEW, "z" * 20, 999, None), Lesson(Verb.LEARNX, "z" * 20, 999, 99),
        HistoryPage(999_999, "9" * 20, "cheesegambit"),
    ]
    for action in longest:
        assert len(custom_id(encode(action))) <= MAX_CUSTOM_ID
    # a picker's path is as long as a turn is built: 8 steps fit with room to spare
    deep = Pick(Verb.PICKOK, big, turn, ("g24", "24") * 4)
    assert len(custom_id(encode(deep))) <= MAX_CUSTOM_ID
    assert len(encode(deep)) <= MAX_ACTION


def test_a_menu_is_an_action_less_its_last_value() -> None:
    first = Pick(Verb.PICK, 7, 12)
    assert menu_prefix(first) == "pick:7:p12-"
    assert decode(chosen(menu_prefix(first), "g1")) == Pick(Verb.PICK, 7, 12, ("g1",))
    later = Pick(Verb.PICK, 7, 12, ("g1", "3"))
    assert decode(chosen(menu_prefix(later), "a0")) == Pick(Verb.PICK, 7, 12, ("g1", "3", "a0"))
    exercise = Lesson(Verb.LEARNX, "che", 2)
    assert menu_prefix(exercise) == "learnx:0:lche-2-"
    assert decode(chosen(menu_prefix(exercise), "1")) == Lesson(Verb.LEARNX, "che", 2, 1)
    assert menu_action_of(menu_id(menu_prefix(later))) == menu_prefix(later)
    drill = Drill(7, 12)
    assert menu_prefix(drill) == "drill:7:q12-"
    assert decode(chosen(menu_prefix(drill), "g2")) == Drill(7, 12, ("g2",))
    deeper = Drill(7, 12, ("g2", "0"))
    assert decode(chosen(menu_prefix(deeper), "3")) == Drill(7, 12, ("g2", "0", "3"))
    for no_menu in (Pick(Verb.PICKOK, 7, 12), Lesson(Verb.LEARN, "che", 2),
                    Drill(7, 12, ("0",), confirm=True)):
        with pytest.raises(ValueError):
            menu_prefix(no_menu)


# -- round trips ----------------------------------------------------------------------

_sessions = st.integers(0, 10**18 - 1)
_turns = st.integers(0, 10**9 - 1)
_seqs = st.integers(0, 10**18 - 1)
_letters = st.sampled_from("RGBYWK")
_side_names = st.from_regex(r"[A-Z0-9?]{1,2}", fullmatch=True).filter(lambda s: "?" not in s)
_words = st.from_regex(r"[a-z][a-z0-9_]{0,23}", fullmatch=True).filter(
    lambda w: w not in {v.value for v in Verb})
_questions = st.builds(Question, st.sampled_from("tva"), _turns,
                       st.lists(_side_names, max_size=4).map(tuple))
_elements = st.from_regex(r"(?:g|a)?[0-9]{1,3}", fullmatch=True)

_actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(Challenge, st.sampled_from([Verb.ACCEPT, Verb.DECLINE, Verb.JOIN, Verb.START]),
              _sessions),
    st.builds(Answer, st.one_of(_words, st.sampled_from(["accept", "decline", "join"])),
              _sessions, _questions),
    st.builds(Takeback, st.booleans(), _sessions, _seqs),
    st.builds(Rematch, _sessions), st.builds(Resign, _sessions, st.booleans()),
    st.builds(Taunt, _sessions, _seqs, _turns, _letters, _letters),
    st.builds(Pick, st.sampled_from([Verb.PLAY, Verb.PICK, Verb.PICKOK, Verb.PICKNO]),
              _sessions, _turns, st.lists(_elements, max_size=8).map(tuple)),
    st.builds(Lesson, st.sampled_from([Verb.LEARN, Verb.LEARNX, Verb.LEARNNEW]),
              st.from_regex(r"[a-z]{1,20}", fullmatch=True), st.integers(0, 999),
              st.one_of(st.none(), st.integers(0, 99))),
    st.builds(HistoryPage, st.integers(0, 999_999),
              st.one_of(st.none(), st.from_regex(r"[0-9]{1,20}", fullmatch=True)),
              st.one_of(st.none(), st.from_regex(r"[a-z0-9]{1,20}", fullmatch=True)
                        .filter(lambda g: g != "x"))),
    st.builds(Show, _sessions),
    st.builds(GamesPage, st.integers(0, 999_999)),
    st.builds(Drill, _sessions, _turns, st.lists(_elements, max_size=8).map(tuple),
              st.booleans()),
)


@settings(deadline=None)  # (8 engineers share 2 cores: time says nothing here)
@given(_actions)
def test_every_action_reads_back_from_its_id(action: Action) -> None:
    text = encode(action)
    assert decode(text) == action
    assert action_of(custom_id(text)) == text
    assert len(custom_id(text)) <= MAX_CUSTOM_ID


@settings(deadline=None)
@given(st.text(max_size=120))
def test_any_text_is_an_action_or_refused(text: str) -> None:
    try:
        action = decode(text)
    except ActionError:
        return
    # an id that reads is the same action however it was written (``007``, ``0__1``)
    if len(text) <= MAX_ACTION:
        assert decode(encode(action)) == action
