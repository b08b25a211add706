"""A plugin's module paths follow from its name unless it names them (games/plugins/)."""

from games.plugins import GamePlugin


def test_paths_follow_the_name_by_default() -> None:
    plugin = GamePlugin(name="newgame")
    assert (plugin.rules, plugin.renderer, plugin.describe, plugin.strategy) == (
        "games.newgame", "renderer.newgame", "renderer.describe:describe_newgame",
        "computer.newgame")


def test_a_plugin_names_its_own_paths_or_none() -> None:
    plugin = GamePlugin(name="toy", rules="tests.toy.rules", renderer=None, strategy=None)
    assert (plugin.rules, plugin.renderer, plugin.describe, plugin.strategy) == (
        "tests.toy.rules", None, "renderer.describe:describe_toy", None)
