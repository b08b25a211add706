"""Game analysis end to end through discord.py against SimCord: a finished game gets
its analysis message with the picture of its largest errors (posted once by the
bot's analysis poster), ``/analysis game:ID`` shows the same, and ``/stats
dice`` counts the game's and a member's dice; ``/review game:ID`` steps through
it privately; ``/train`` drills one of alice's errors, answered with the picker's
menus."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.discord import harness as h


def bot_posts(world: h.World) -> list[Any]:
    """Messages the bot posted in the channel on its own (not answers to commands)."""
    return [m for m in world.channel.history() if m.interaction_metadata is None
            and m.author.id == world.env.backend.bot_user.id]


async def test_a_finished_game_gets_its_analysis_once(tmp_path: Path,
                                                       open_service: h.Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    bot = h.make_bot(service, tmp_path / "db.sqlite3")
    async with h.connected(bot) as w:
        player, session = await h.under_way(w, service)
        for _ in range(8):
            assert h.public(await h.play_first_offered(w, player)) is not None
            player = await h.mover(w, service)
        early = await w.carol.slash(w.channel, "analysis", game=session.id)
        assert h.public(early) is None and "is not finished" in h.private(early).content
        await h.resign(w, w.alice)

        assert bot.analysis_poster is not None
        assert await bot.analysis_poster.run_once() == 1
        posts = [m for m in bot_posts(w) if "Analysis of game" in m.content]
        assert len(posts) == 1
        post = posts[0]
        assert f"**Analysis of game #{session.id}**" in post.content
        assert "**alice**:" in post.content and "**bob**:" in post.content
        assert "per decision over" in post.content and "Luck " in post.content
        assert "better:" in post.content  # the first turn offered is no sure best turn
        assert [a.filename for a in post.attachments] == [f"analysis-{session.id}.png"]
        assert "after the better turn" in (post.attachments[0].description or "")
        assert await bot.analysis_poster.run_once() == 0  # posted once

        shown = h.public(await w.carol.slash(w.channel, "analysis", game=session.id))
        assert shown is not None
        assert shown.content.split("\n")[0] == post.content.split("\n")[0]
        dice = h.public(await w.carol.slash(w.channel, "stats dice",
                                            game=session.id))
        assert dice is not None and f"**Dice in game #{session.id}**" in dice.content
        assert "chi-square" in dice.content.lower() and "Average luck per throw" in dice.content
        mine = h.public(await w.carol.slash(w.channel, "stats dice", member=w.alice))
        assert mine is not None and "alice's turns" in mine.content
        review = h.private(await w.carol.slash(w.channel, "review", game=session.id))
        assert review is not None and f"game {session.id} after turn 1 of" in review.content
        assert [a.filename for a in review.attachments] == ["board.png"]
        stepped = h.private(await w.carol.click(review, label="▶"))
        assert stepped is not None and f"game {session.id} after turn 2 of" in stepped.content
        drill = h.private(await w.alice.slash(w.channel, "train", game=h.GAME))
        assert drill is not None and f"from your game #{session.id}" in drill.content
        assert [a.filename for a in drill.attachments] == ["board.png"]
        # the answer is built with the picker's menus, shown, then confirmed
        step = drill
        for _ in range(20):
            if "Confirm" in h.labels(step):
                break
            menu = h.select_menu(step)
            assert menu is not None and 1 <= len(menu["options"]) <= 25, step.content
            step = h.private(await w.alice.select(step, [menu["options"][0]["value"]]))
            assert step is not None
        assert "Your answer: `" in step.content and "Confirm" in h.labels(step)
        answer = h.private(await w.alice.click(step, label="Confirm"))
        assert answer is not None
        assert answer.content.startswith(("Right:", "Not quite:")), answer.content
        assert "Another: `/train" in answer.content
        missing = await w.carol.slash(w.channel, "analysis", game=session.id + 50)
        assert h.public(missing) is None
        assert f"no game {session.id + 50} in this server" in h.private(missing).content
