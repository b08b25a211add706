"""The plugin contract: every capability of every registered game's plugin
(games/plugins/), the toy game's (tests/toygame) included, exercised the way the bot
uses it.  A capability added to ``GamePlugin`` without a check here fails
``test_every_capability_is_checked``."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator

import pytest

from bot.catalogue import CATALOGUE, LANGUAGES, placeholders, t
from bot.cogs.commands import taunted_colours
from bot.lessons import GOALS, lesson, notation_text, rules_text
from bot.matches import supports_match
from bot.narration import Cast, narrate
from computer import Level, Request, decide
from computer.base import Budget, strategy_for
from games import available_games, get_game
from games.base import OptionKind
from games.events import Hit, Moved
from games.plugins import BUILTIN, GamePlugin, plugin_for, plugins
from renderer import RenderContext, for_game, render
from renderer.describe import LIMIT, describe
from tests.games.contract.random_play import random_steps
from tests.games.contract.test_game_contract import random_game
from tests.toygame import NAME as TOY
from tests.toygame import registered

#: The built-in games, by their plugin modules (games/plugins/<name>.py), and the toy.
NAMES = [module.rsplit(".", 1)[1] for module in BUILTIN] + [TOY]
PNG = b"\x89PNG\r\n\x1a\n"

#: The capabilities checked below: every field of GamePlugin must be one of them.
CHECKED = {"name", "rules", "renderer", "describe", "strategy", "colours", "lesson_goal",
           "scores_points", "taunts", "hit_verb", "jumps", "texts", "rules_in",
           "notation_in", "cube_option"}


@pytest.fixture(autouse=True, scope="module")
def _toy_registered() -> Iterator[None]:
    with registered():
        yield


@pytest.fixture(params=NAMES)
def plugin(request: pytest.FixtureRequest) -> GamePlugin:
    return plugin_for(request.param)


def test_every_capability_is_checked() -> None:
    assert {f.name for f in dataclasses.fields(GamePlugin)} == CHECKED


def test_the_registry_holds_the_builtin_games_in_menu_order_and_the_toy() -> None:
    assert [p.name for p in plugins()] == NAMES
    assert available_games() == NAMES


def test_name_and_rules(plugin: GamePlugin) -> None:
    game = get_game(plugin.name)
    assert game.name == plugin.name
    assert plugin.load(plugin.rules, "GAME") is game


def test_renderer_draws_the_start_and_a_turn(plugin: GamePlugin) -> None:
    assert plugin.renderer is not None, "every game here has a picture"
    renderer = for_game(plugin.name)
    assert renderer is plugin.load(plugin.renderer, "RENDERER")
    step = next(random_steps(plugin.name, random.Random(3), 1))
    assert render(step.before, RenderContext(width=400, dice=step.dice)).startswith(PNG)
    after = RenderContext(width=400, last_side=step.side, last_moves=step.played.moves,
                          last_events=step.played.events, theme="dark")
    assert render(step.played.position, after).startswith(PNG)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_describe_says_the_board_in_words(plugin: GamePlugin, lang: str) -> None:
    body = plugin.describer()
    assert body is not None
    step = next(random_steps(plugin.name, random.Random(4), 1))
    context = RenderContext(names={step.side: "alice"}, language=lang)
    said = describe(step.played.position, context)
    own = body(step.played.position, lambda side: side, lang)
    assert own and isinstance(own, str)
    assert len(said) <= LIMIT and said.split(" ", 3)[-1][:20] in said
    # the colours, in the reader's language (the bot's words or the plugin's texts)
    colour = plugin.colours[step.side]
    said_colour = t(lang, f"colour_{colour}")
    assert said_colour in said, said


def test_strategy_chooses_a_legal_turn(plugin: GamePlugin) -> None:
    game = get_game(plugin.name)
    options = game.normalise_options({})
    start = game.initial(options, game.first_mover(options))
    dice = tuple(random.Random(5).randint(1, 6) for _ in range(start.dice_count()))
    strategy = strategy_for(plugin.name)
    assert plugin.strategy is not None
    assert strategy is plugin.load(plugin.strategy, "STRATEGY")
    choice = strategy.choose(start, dice, Level.EASY, Budget(1.0), random.Random(1))
    assert choice.text.split(" T@")[0] in start.legal_turns(dice)
    # as the bot asks it: plain values, in whatever process
    request = Request(plugin.name, tuple(options.items()), start.listing(), dice)
    assert not decide(request).fallback


def test_colours_name_every_side(plugin: GamePlugin) -> None:
    game = get_game(plugin.name)
    specs = {spec.name: spec for spec in game.option_specs}
    seatings: list[dict[str, str]] = [{}]
    if "players" in specs:  # CheeseGambit: 2 to 4 sides, each with its colour
        spec = specs["players"]
        seatings += [{"players": str(n)} for n in range(spec.low, spec.high + 1)]
    for wanted in seatings:
        for info in game.sides(game.normalise_options(wanted)):
            assert plugin.colours[info.letter] == info.colour


def test_lesson_goal_is_taught_with_exercises(plugin: GamePlugin) -> None:
    assert plugin.lesson_goal is not None
    goal = GOALS[plugin.name]
    pages = lesson(plugin.name)
    exercises = [p.exercise for p in pages if p.exercise is not None]
    assert exercises, "no position for the goal turned up"
    for exercise in exercises:
        for turn in exercise.choices:
            reached = plugin.lesson_goal.reached(exercise.events[turn], exercise.side)
            assert reached == (turn in exercise.good)
        assert goal.ask_in("en") and goal.done_in("ru")


def test_scores_points_decides_matches(plugin: GamePlugin) -> None:
    why = supports_match(plugin.name, {}, "en")
    assert (why is None) == plugin.scores_points, why


def test_taunts_are_offered_only_by_a_game_that_says_so(plugin: GamePlugin) -> None:
    offered = False
    for step in random_steps(plugin.name, random.Random(6), 300):
        if not step.action and not step.before.action_due() and step.dice:
            moves = step.played.moves
            if step.before.turn_additions(moves, step.dice):
                offered = True
                break
    assert offered == plugin.taunts
    if plugin.taunts:  # /taunt offers its colours
        shown = taunted_colours()
        assert all(shown.get(letter) == colour for letter, colour in plugin.colours.items())


def test_cube_option_is_a_switch_a_crawford_game_turns_off(plugin: GamePlugin) -> None:
    """A match's Crawford game is started with the cube option off (bot/service/
    matches.py); a replayed match record must say so."""
    if plugin.cube_option is None:
        return
    assert plugin.scores_points, "a cube doubles points: a game with one scores them"
    game = get_game(plugin.name)
    spec = next(s for s in game.option_specs if s.name == plugin.cube_option)
    assert spec.kind == OptionKind.SWITCH and "off" in spec.words
    crawford = game.normalise_options({plugin.cube_option: "off"})
    assert game.initial(crawford, game.first_mover(crawford)).options[plugin.cube_option] \
        == "off"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hit_verb_is_said(plugin: GamePlugin, lang: str) -> None:
    side, victim = list(plugin.colours)[:2]
    cast = Cast({side: "alice", victim: "bob"}, dict(plugin.colours), plugin.name, lang)
    told = narrate([Hit(side, victim, "5", "S")], cast, (3,))
    assert t(lang, plugin.hit_verb) in told, told


def test_jumps_decide_how_a_move_without_a_die_is_told(plugin: GamePlugin) -> None:
    side = next(iter(plugin.colours))
    cast = Cast({side: "alice"}, dict(plugin.colours), plugin.name)
    told = narrate([Moved(side, "2", "4", die=None)], cast)
    assert ("jumped" in told) == plugin.jumps, told


def test_texts_are_complete_in_every_language(plugin: GamePlugin) -> None:
    english = plugin.texts.get("en", {})
    assert set(plugin.texts) <= set(LANGUAGES)
    for lang, texts in plugin.texts.items():
        assert set(texts) == set(english), (lang, set(texts) ^ set(english))
        for key, template in texts.items():
            assert placeholders(template) == placeholders(english[key]), key
            assert key not in CATALOGUE["en"], f"{key} is the bot's own already"
            if not placeholders(template):  # the bot says the game's own sentence
                assert t(lang, key) == template


def test_the_toy_plays_the_game_contract() -> None:
    """The registry's game contract (tests/games/contract), for the toy as well."""
    for seed in range(4):
        random_game(TOY, seed, turns=60, restart_at=None)
        random_game(TOY, seed, turns=45, restart_at=5)


def test_rules_and_notation_are_translated_line_for_line(plugin: GamePlugin) -> None:
    """A lesson cuts the rules into pages by lines: a translation keeps them, so a
    learner who changes language stays on the same page; the notation's examples
    (between backquotes) are what players type, the same in every language."""
    game = get_game(plugin.name)
    assert set(plugin.rules_in) | set(plugin.notation_in) <= set(LANGUAGES) - {"en"}
    for lang, text in plugin.rules_in.items():
        assert len(text.split("\n")) == len(game.rules_text().split("\n")), lang
        assert rules_text(game, lang) == text
    for lang, text in plugin.notation_in.items():
        assert notation_text(game, lang) == text
        assert set(re.findall(r"`([^`]+)`", text)) <= \
            set(re.findall(r"`([^`]+)`", game.notation_text())) | {"x,y"}, lang
    assert rules_text(game, "en") == game.rules_text()
