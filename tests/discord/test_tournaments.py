"""Tournaments through Discord (SimCord), on SQLite and PostgreSQL: a 9-player Swiss of
3 rounds (a bye each round while the count is odd, a withdrawal, a restart in the
middle of a round) and an 8-player knockout of matches to 2, each run to its end.

The standings the bot posts are checked against a computation written here, from
the games as the test played them: the pairings read off the posts, the winners
chosen by the test, the scores, Buchholz and Sonneborn-Berger counted again."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

from storage.leagues import LeagueStore
from storage.tournaments import TournamentStore
from tests.discord import harness as h

MENTION = re.compile(r"<@(\d+)>")
BOARD = re.compile(r"Board (\d+): <@(\d+)> – <@(\d+)>")
BYE = re.compile(r"Board (\d+): <@(\d+)> has a bye")


@dataclass
class Arena:
    world: Any
    channel: Any
    mod: Any
    players: list[Any]
    by_id: dict[int, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_id = {p.id: p for p in self.players}


async def arena(env: Any, count: int) -> Arena:
    guild = env.create_guild()
    channel = guild.create_text_channel("tournaments")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    players = [guild.add_member(env.create_user(f"player{i}")) for i in range(count)]
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    await h.sync(env)
    return Arena(env, channel, mod, players)


async def sign_up(a: Arena, **terms: Any) -> Any:
    made = await a.mod.slash(a.channel, "tournament new", game=h.GAME, **terms)
    post = h.public(made)
    assert post is not None, made
    # everyone but the last joins with the button; the last with the command
    for player in a.players[:-1]:
        joined = await player.click(post, label="Join")
        assert h.public(joined) is not None and "joins" in h.public(joined).content, joined
    joined = await a.players[-1].slash(a.channel, "tournament join")
    assert f"({len(a.players)} signed up)" in h.public(joined).content
    # Leave, then Join again: the button stays under the sign-up
    left = await a.players[0].click(post, label="Leave")
    assert "leaves" in h.public(left).content
    again = await a.players[0].click(post, label="Join")
    assert "joins" in h.public(again).content
    return post


def round_posts(channel: Any, number: int) -> list[discord.Message]:
    return [m for m in channel.history() if f", round {number}:" in m.content]


def pairings_of(post: discord.Message) -> tuple[list[tuple[int, int]], list[int]]:
    boards = [(int(a), int(b)) for _, a, b in BOARD.findall(post.content)]
    byes = [int(p) for _, p in BYE.findall(post.content)]
    return boards, byes


def thread_of(channel: Any, a: int, b: int) -> Any:
    """The game thread whose first post names both players (the newest such)."""
    found = [t for t in channel.threads
             if t.history() and f"<@{a}>" in t.history()[0].content
             and f"<@{b}>" in t.history()[0].content]
    assert found, (a, b, [t.name for t in channel.threads])
    return found[-1]


async def resign_in(thread: Any, member: Any) -> Any:
    asked = await member.slash(thread, "resign")
    question = h.private(asked)
    assert question is not None, asked
    return await member.click(question, label="Resign")  # this game (a match's: its points)


def independent_standings(players: list[int], games: list[tuple[int, int, int | None]],
                          byes: list[int]) -> list[tuple[int, float, float, float]]:
    """(player, score, Buchholz, Sonneborn-Berger) sorted as the rules say, computed
    from (first, second, winner) games and byes, in points."""
    score: dict[int, float] = defaultdict(float)
    opponents: dict[int, list[tuple[int, float]]] = defaultdict(list)
    for first, second, winner in games:
        for me, other in ((first, second), (second, first)):
            got = 0.5 if winner is None else (1.0 if winner == me else 0.0)
            score[me] += got
            opponents[me].append((other, got))
    for player in byes:
        score[player] += 1.0
    rows = []
    for player in players:
        bh = sum(score[o] for o, _ in opponents[player])
        sb = sum(score[o] * got for o, got in opponents[player])
        rows.append((player, score[player], bh, sb))
    seed = {p: i for i, p in enumerate(players)}
    return sorted(rows, key=lambda r: (-r[1], -r[2], -r[3], seed[r[0]]))


def standings_rows(text: str, names: dict[str, int]) -> list[tuple[int, float, float, float]]:
    rows = []
    for name, score, bh, sb in re.findall(
            r"^\d+\. (\S+): ([\d½]+) \(Buchholz ([\d½]+), Sonneborn-Berger ([\d.]+)\)",
            text, re.MULTILINE):
        rows.append((names[name], _points(score), _points(bh), float(sb)))
    return rows


def _points(text: str) -> float:
    return float(text.replace("½", "") or 0) + (0.5 if "½" in text else 0.0)


async def test_a_nine_player_swiss_with_a_bye_a_withdrawal_and_a_restart(
        tmp_path: Path, open_service: h.Opener) -> None:
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    async with h.running(service, path) as w:
        a = await arena(w.env, 9)
        names = {p.name: p.id for p in a.players}
        await sign_up(a, format="swiss", rounds=3, name="Autumn")
        started = await a.mod.slash(a.channel, "tournament start")
        assert "begins" in h.public(started).content, started
        played: list[tuple[int, int, int | None]] = []
        byes: list[int] = []
        withdrawn: int | None = None
        seen_pairs: set[frozenset[int]] = set()
        for number in (1, 2, 3):
            posts = round_posts(a.channel, number)
            assert len(posts) == 1, (number, [m.content for m in a.channel.history()])
            boards, round_byes = pairings_of(posts[0])
            active = 9 - (withdrawn is not None)
            assert len(round_byes) == active % 2                  # a bye while odd
            assert not set(round_byes) & set(byes)               # one bye a player
            byes += round_byes
            seated = [p for pair in boards for p in pair] + round_byes
            assert sorted(seated) == sorted(set(seated)) and len(seated) == active
            assert withdrawn not in seated                        # paired no more
            for first, second in boards:
                assert frozenset((first, second)) not in seen_pairs  # no rematch
                seen_pairs.add(frozenset((first, second)))
                thread = thread_of(a.channel, first, second)
                opening = thread.history()[0]
                assert {int(m) for m in MENTION.findall(opening.content)} >= {first, second}
                assert set(opening.raw_mentions) <= {first, second}  # the two, no one else
            for index, (first, second) in enumerate(boards):
                thread = thread_of(a.channel, first, second)
                loser = second if (first + number) % 2 else first
                winner = first if loser == second else second
                if number == 2 and index == 0:
                    # a withdrawal in the middle of round 2: the game is lost
                    withdrawn = loser
                    out = await a.by_id[loser].slash(a.channel, "tournament withdraw")
                    assert "withdraws" in h.public(out).content, out
                    assert "withdrew" in thread.last_message.content
                elif number == 2 and index == 1:
                    # a restart in the middle of round 2: nothing is lost
                    service = await h.restarted(w, service, open_service, path)
                    await resign_in(thread, a.by_id[loser])
                else:
                    done = await resign_in(thread, a.by_id[loser])
                    assert "resigns" in h.public(done).content, done
                played.append((first, second, winner))
        final = a.channel.last_message
        assert final is not None and "is over" in final.content, final.content
        looked = await a.players[1].slash(a.channel, "tournament standings")
        table = h.private(looked)
        assert table is not None and table.attachments, looked
        expected = independent_standings([p.id for p in a.players], played, byes)
        shown = standings_rows(table.content, names)
        assert shown == expected, (shown, expected)
        winner_name = next(n for n, i in names.items() if i == expected[0][0])
        assert f"**{winner_name}** wins it" in final.content
        # exactly one post of each round, restart or not
        assert [len(round_posts(a.channel, n)) for n in (1, 2, 3, 4)] == [1, 1, 1, 0]


async def test_an_eight_player_knockout_of_matches_to_its_end(
        tmp_path: Path, open_service: h.Opener) -> None:
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    async with h.running(service, path) as w:
        a = await arena(w.env, 8)
        await sign_up(a, format="knockout", match=2, name="Cup")
        started = await a.mod.slash(a.channel, "tournament start")
        assert "begins" in h.public(started).content, started
        alive = [p.id for p in a.players]
        played_in_thread = False
        for number in (1, 2, 3):
            posts = round_posts(a.channel, number)
            assert len(posts) == 1, number
            boards, round_byes = pairings_of(posts[0])
            assert not round_byes and len(boards) == len(alive) // 2
            assert sorted(p for pair in boards for p in pair) == sorted(alive)
            for first, second in boards:
                loser = max(first, second) if number % 2 else min(first, second)
                thread = thread_of(a.channel, first, second)
                if number == 1 and not played_in_thread:
                    # the standings can be asked for from a game's thread too
                    seen = h.private(await a.by_id[first].slash(thread, "tournament standings"))
                    assert seen is not None and "**Cup**: standings" in seen.content
                    played_in_thread = True
                # the match to 2: the loser resigns two games, each worth a point
                for said in ("Game 2 begins", "wins the match to 2"):
                    done = await resign_in(thread, a.by_id[loser])
                    assert said in h.public(done).content, done
                alive.remove(loser)
        assert len(alive) == 1
        champion = a.by_id[alive[0]]
        final = a.channel.last_message
        assert final is not None and f"**{champion.name}** wins it" in final.content, \
            final.content
        assert final.attachments  # the bracket
        assert [len(round_posts(a.channel, n)) for n in (1, 2, 3, 4)] == [1, 1, 1, 0]


async def test_a_sign_up_deadline_is_a_scheduled_event_and_starts_the_tournament(
        tmp_path: Path, open_service: h.Opener) -> None:
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    bot, clock = h.clocked_bot(service, path)
    async with h.connected(bot) as w:
        a = await arena(w.env, 4)
        await sign_up(a, format="round-robin", signup_hours=2, name="Winter")
        events = list(w.env.backend.get_guild(a.channel.guild.id).scheduled_events.values())
        assert [e.name for e in events] == ["Winter"]
        assert bot.scheduler is not None
        await bot.scheduler.run_once(clock.now + 3600)         # not yet
        assert not round_posts(a.channel, 1)
        clock.now += 2 * 3600 + 1
        await bot.scheduler.run_once()
        posts = round_posts(a.channel, 1)
        assert len(posts) == 1
        boards, byes = pairings_of(posts[0])
        assert len(boards) == 2 and not byes
        for first, second in boards:                            # each in its thread
            thread = thread_of(a.channel, first, second)
            assert await service.store.live_session(str(thread.id)) is not None


async def test_a_league_season_of_two_divisions_then_the_next_with_promotion(
        tmp_path: Path, open_service: h.Opener) -> None:
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    async with h.running(service, path) as w:
        a = await arena(w.env, 6)
        made = await a.mod.slash(a.channel, "league new", game=h.GAME, size=3, movers=1,
                                 name="Ladder")
        assert "**Ladder**" in h.public(made).content, made
        for player in a.players:
            joined = await player.slash(a.channel, "league join")
            assert "joins" in h.public(joined).content, joined
        season = await a.mod.slash(a.channel, "league season")
        assert "season 1" in h.public(season).content, season
        # the lower id wins every game: each division's first player by id wins it
        for division in (1, 2):
            posts = [m for m in a.channel.history()
                     if f"Ladder S1 D{division}**, round" in m.content]
            assert posts, [m.content for m in a.channel.history()]
        while True:
            open_threads = [t for t in a.channel.threads
                            if await service.store.live_session(str(t.id)) is not None]
            if not open_threads:
                break
            for thread in open_threads:
                session = await service.store.live_session(str(thread.id))
                assert session is not None
                loser = max(int(s.user_id) for s in session.seats)
                await resign_in(thread, a.by_id[loser])
        table = h.private(await a.players[0].slash(a.channel, "league standings"))
        assert table is not None and "S1 D1" in table.content and "S1 D2" in table.content
        second = await a.mod.slash(a.channel, "league season")
        text = h.public(second).content
        # divisions by joining order (equal ratings): player0-2 and player3-5; the lowest
        # id wins every game, so player3 goes up and player2 comes down
        assert "season 2" in text and "Promoted: player3. Relegated: player2." in text, text


async def test_unreadable_options_are_refused_before_a_tournament_or_league_opens(
        tmp_path: Path, open_service: h.Opener) -> None:
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    async with h.running(service, path) as w:
        a = await arena(w.env, 2)
        for command, terms in (("tournament new", {"format": "swiss", "rounds": 3}),
                               ("league new", {})):
            said = await a.mod.slash(a.channel, command, game=h.GAME, options="kings", **terms)
            refused = h.private(said)
            assert refused is not None and h.public(said) is None, said
            assert refused.content.startswith("Cannot read option `kings`"), refused.content
        # nothing was created: the refusal came before the service was asked
        assert await TournamentStore(service.store).in_channel(str(a.channel.id)) is None
        assert await LeagueStore(service.store).in_channel(str(a.channel.id)) is None
