"""Commit-reveal dice: unbiased mapping, determinism, chi-square over 60,000 throws."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from games.dice import commitment, opening_throws, opening_winner, throw, turn_dice

# Chi-square critical value for 5 degrees of freedom at the 1% level.
CHI2_5DF_1PCT = 15.086


def test_sixty_thousand_throws_pass_chi_square_at_one_percent() -> None:
    seed = bytes(range(32))
    counts = Counter(throw(seed, 1, turn, i) for turn in range(30_000) for i in range(2))
    assert sum(counts.values()) == 60_000
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    expected = 60_000 / 6
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert chi2 < CHI2_5DF_1PCT, (chi2, counts)


def test_throw_is_hmac_of_session_turn_throw_first_byte_below_252() -> None:
    seed = b"k" * 32
    digest = hmac.new(seed, b"12:3:1", hashlib.sha256).digest()
    first_accepted = next(b for b in digest if b < 252)
    assert throw(seed, 12, 3, 1) == first_accepted % 6 + 1


def test_bytes_252_and_above_are_skipped_not_folded() -> None:
    # Find a message whose digest starts with a rejected byte and check the
    # face comes from the next byte (modulo would fold 252..255 onto 1..4).
    seed = b"s" * 32
    for turn in range(5000):
        digest = hmac.new(seed, f"1:{turn}:0".encode(), hashlib.sha256).digest()
        if digest[0] >= 252 and digest[1] < 252:
            assert throw(seed, 1, turn, 0) == digest[1] % 6 + 1
            assert throw(seed, 1, turn, 0) != digest[0] % 6 + 1 or digest[1] % 6 == digest[0] % 6
            return
    raise AssertionError("no rejected first byte found in 5000 messages")


@given(st.binary(min_size=32, max_size=32), st.integers(0, 10**6), st.integers(1, 4000))
def test_turn_dice_are_deterministic_faces(seed: bytes, session: int, turn: int) -> None:
    dice = turn_dice(seed, session, turn)
    assert dice == turn_dice(seed, session, turn)
    assert len(dice) == 2 and all(1 <= d <= 6 for d in dice)


def test_commitment_is_sha256_of_seed() -> None:
    assert commitment(b"abc") == hashlib.sha256(b"abc").hexdigest()


@given(st.binary(min_size=32, max_size=32), st.integers(2, 4))
def test_opening_throw_ends_with_a_single_highest(seed: bytes, sides: int) -> None:
    rounds = opening_throws(seed, 5, sides)
    for earlier in rounds[:-1]:
        assert earlier.count(max(earlier)) > 1
    last = rounds[-1]
    assert last.count(max(last)) == 1
    assert last[opening_winner(rounds)] == max(last)
