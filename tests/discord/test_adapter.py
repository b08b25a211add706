"""Unit tests of the adapter's pure conversions and the autocomplete matching."""

from __future__ import annotations

import json

import discord
import pytest

from bot import discord_adapter as adapter
from bot.actions import action_of
from bot.cogs.turns import TurnCache, match_turns, normalise
from bot.replies import Button, Reply

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 100


def test_reply_with_board_becomes_embed_and_file() -> None:
    reply = Reply(text="**3W:** `[6 5]; 24/18, 18/13`\nBlack (bob) to move. <@42>",
                  image=PNG, mentions=["42"])
    kwargs = adapter.reply_kwargs(reply)
    assert kwargs["content"] == reply.text
    (embed,) = kwargs["embeds"]
    assert embed.image.url == "attachment://board.png"
    (file,) = kwargs["files"]
    assert file.filename == "board.png" and file.fp.read() == PNG
    assert file.description is None
    mentions = kwargs["allowed_mentions"].to_dict()
    assert mentions["users"] == [42] and mentions["parse"] == []
    assert "view" not in kwargs


def test_board_file_carries_its_description() -> None:
    """Screen readers read a board's attachment description (issue 15)."""
    words = "Hachapury board. bob (Black) to move, dice 6 and 5."
    kwargs = adapter.reply_kwargs(Reply(text="board", image=PNG, image_description=words))
    (file,) = kwargs["files"]
    assert file.description == words
    assert file.to_dict(0)["description"] == words


def test_missing_mentions_are_added_to_the_text() -> None:
    kwargs = adapter.reply_kwargs(Reply(text="alice resigns.", mentions=["7", "not-an-id"]))
    assert kwargs["content"] == "alice resigns. <@7>"
    assert kwargs["allowed_mentions"].to_dict()["users"] == [7]


def test_too_big_image_is_replaced_by_a_note() -> None:
    kwargs = adapter.reply_kwargs(Reply(text="board", image=PNG), size_limit=50)
    assert "files" not in kwargs and "embeds" not in kwargs
    assert "too large" in kwargs["content"]


def test_missing_permissions_are_explained() -> None:
    no_attach = adapter.reply_kwargs(Reply(text="b", image=PNG), can_attach=False)
    assert "files" not in no_attach and "Attach Files" in no_attach["content"]
    no_embed = adapter.reply_kwargs(Reply(text="b", image=PNG), can_embed=False)
    assert "embeds" not in no_embed and len(no_embed["files"]) == 1


def test_record_attachment_and_long_text() -> None:
    kwargs = adapter.reply_kwargs(Reply(text="x" * 2500, attachment=("g-1.txt", b"1W: ...")))
    assert len(kwargs["content"]) == adapter.MAX_CONTENT
    # the text that did not fit travels whole as a file next to the record
    assert [f.filename for f in kwargs["files"]] == ["g-1.txt", adapter.OVERFLOW_NAME]
    assert kwargs["files"][1].fp.read() == b"x" * 2500


def test_buttons_become_dynamic_items_with_stable_custom_ids() -> None:
    reply = Reply(text="challenge", buttons=[Button("Accept", "accept:12", "success"),
                                              Button("Decline", "decline:12", "danger")])
    view = adapter.reply_kwargs(reply)["view"]
    assert view.timeout is None
    rows = view.to_components()
    buttons = rows[0]["components"]
    assert [b["custom_id"] for b in buttons] == ["boardbot:accept:12", "boardbot:decline:12"]
    assert [b["style"] for b in buttons] == [discord.ButtonStyle.success.value,
                                             discord.ButtonStyle.danger.value]
    assert all(isinstance(item, adapter.BoardButton) for item in view.children)
    json.dumps(rows)


def test_custom_id_parsing() -> None:
    assert action_of("boardbot:accept:12") == "accept:12"
    assert action_of("boardbot:resign:007") == "resign:007"
    assert action_of("boardbot:drop:12:t56-R-B") == "drop:12:t56-R-B"
    for bad in ("boardbot:accept:", "boardbot:accept:x", "other:accept:1", "boardbot:a:1:2",
                "boardbot::1"):
        assert action_of(bad) is None
    for action in ("accept", "drop:12:zz", "pick:1:q3-"):  # no action's id: never posted
        with pytest.raises(ValueError):
            adapter.custom_id(Button("Go", action))


def test_options_parsing() -> None:
    assert adapter.parse_options("kings=false pieces=10") == {"kings": "false", "pieces": "10"}
    assert adapter.parse_options(" Players=4, taunt=off; ") == {"players": "4", "taunt": "off"}
    assert adapter.parse_options(None) == {} and adapter.parse_options("") == {}
    for bad in ("kings", "=3", "kings=", "a=1 b"):
        with pytest.raises(adapter.OptionsError):
            adapter.parse_options(bad)


class _Interaction:
    def __init__(self, locale: str) -> None:
        self.locale = discord.Locale(locale)


def test_unreadable_options_are_told_in_the_users_language() -> None:
    with pytest.raises(adapter.OptionsError) as raised:
        adapter.parse_options("pieces=10 kings")
    word = raised.value.word
    assert word == "kings"
    # a stand-in for discord.Interaction: said reads only its locale
    said = adapter.said(_Interaction("en-US"), "options_unreadable", word=word)  # type: ignore[arg-type]
    assert said == ("Cannot read option `kings`: write options as name=value, e.g. "
                    "`kings=false pieces=10`.")
    said = adapter.said(_Interaction("ru"), "options_unreadable", word=word)  # type: ignore[arg-type]
    assert said.startswith("Не удаётся прочитать параметр `kings`: "), said


def test_kv_log_lines() -> None:
    assert adapter.kv("sent", channel=5, error="Not Found") == \
        'event=sent channel=5 error="Not Found"'


def test_match_turns_prefix_first_then_substring() -> None:
    turns = ["13/7, 8/7", "24/18, 13/7", "8/2, 6/1", "24/13", "x" * 101]
    assert match_turns(turns, "13") == ["13/7, 8/7", "24/18, 13/7", "24/13"]
    assert match_turns(turns, "24/18 13") == ["24/18, 13/7"]
    assert match_turns(turns, "") == turns[:4]
    assert match_turns(turns, "X") == []
    assert match_turns([f"{i}/1" for i in range(100)], "", limit=25) == \
        [f"{i}/1" for i in range(25)]
    assert normalise(" 24/18,13/7 ; ") == "24/18 13/7"


def test_turn_cache_expires_and_forgets() -> None:
    now = [0.0]
    cache = TurnCache(ttl=10, clock=lambda: now[0])
    assert cache.get("1") == (False, None)
    cache.put("1", None)
    assert cache.get("1") == (True, None)
    now[0] = 11
    assert cache.get("1") == (False, None)
    cache.put("1", None)
    cache.forget("1")
    assert cache.get("1") == (False, None)


def test_a_card_carries_its_text_inside_the_embed() -> None:
    reply = Reply(text="**alice**\nHachapury: rating 1500", image=PNG, image_name="profile.png",
                  card=True)
    kwargs = adapter.reply_kwargs(reply)
    (embed,) = kwargs["embeds"]
    assert embed.description == reply.text and embed.image.url == "attachment://profile.png"
    assert kwargs["content"] == ""
    bare = adapter.reply_kwargs(reply, can_embed=False)  # no embeds: the text as content
    assert bare["content"] == reply.text and "embeds" not in bare


def test_a_server_where_only_the_user_installed_the_app_is_like_a_direct_message() -> None:
    from types import SimpleNamespace
    from typing import Any

    from bot.discord_adapter import to_channel, to_place

    def interaction(guild: bool, user: bool) -> Any:
        return SimpleNamespace(guild_id=7, channel_id=8, channel=SimpleNamespace(name="c"),
                               guild=None, is_guild_integration=lambda: guild,
                               is_user_integration=lambda: user)

    for guild, user in ((True, False), (True, True), (False, False)):  # (False, False): a
        here = to_channel(interaction(guild, user))                   # double naming none
        assert here is not None and here.guild_id == "7" and not here.direct
        assert to_place(interaction(guild, user)) == here
    assert to_channel(interaction(False, True)) is None
    place = to_place(interaction(False, True))
    assert place is not None and place.id == "8" and place.direct
