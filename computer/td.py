"""A small learned value function and its temporal-difference update (TD(λ), as
TD-Gammon learned backgammon): a one-hidden-layer network with a linear skip
from the inputs, in numpy, whose output is a win share 0-1.

The inputs are a game's feature vector (computer/<game>_learned.py: the raw
board encoding plus hand-made features, among them the hand-tuned
evaluation's own logit).  The skip weight of that logit starts at 1 and
every other weight at (nearly) 0, so an untrained network *is* the hand-tuned
evaluation and training learns corrections to it: a short self-play run
cannot make it much worse than the evaluation it starts from, and what it
learns is measured against that start (computer/train.py).

Several networks of one shape, trained from different seeds, make an
ensemble (``Network.stack``: the same arrays with a leading axis, one row a
member), which values a row as the mean of their win shares: their mistakes
are partly independent, so the mean plays better than any one of them.

Weights live in a ``.npz`` file (``save``/``load``, either kind): a few tens
of kilobytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

Array = NDArray[np.float64]

#: Where shipped weights live (computer/weights/<game>.npz).
WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"


def sigmoid(z: Array) -> Array:
    """The win share of a logit (clipped: exp never overflows)."""
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))


@dataclass
class Network:
    """z = v . tanh(W x + b) + u . x + c; value = sigmoid(z)."""

    W: Array  # (hidden, inputs)
    b: Array  # (hidden,)
    v: Array  # (hidden,)
    u: Array  # (inputs,)
    c: Array  # (1,)

    @classmethod
    def fresh(cls, inputs: int, hidden: int, seed: int, skip: dict[int, float]) -> Network:
        """A network whose output is sigmoid(sum of ``skip`` weights x inputs):
        the hidden layer starts with small random weights (seeded) and no say."""
        rng = np.random.default_rng(seed)
        u = np.zeros(inputs)
        for index, weight in skip.items():
            u[index] = weight
        return cls(W=rng.normal(0.0, 0.1, (hidden, inputs)), b=np.zeros(hidden),
                   v=rng.normal(0.0, 0.01, hidden), u=u, c=np.zeros(1))

    def params(self) -> list[Array]:
        return [self.W, self.b, self.v, self.u, self.c]

    def copy(self) -> Network:
        return Network(*(p.copy() for p in self.params()))

    @classmethod
    def stack(cls, members: Sequence[Network]) -> Network:
        """An ensemble: ``members`` (one shape, trained from different seeds)
        side by side, valuing a row as the mean of their win shares.  Their
        mistakes are partly independent, so the mean is a better value than
        any one of them (docs/computer-strength.md, session 15)."""
        if any(m.members > 1 for m in members):
            raise ValueError("an ensemble's members are single networks")
        layers = zip(*(m.params() for m in members), strict=True)
        return cls(*(np.stack(arrays) for arrays in layers))

    @property
    def members(self) -> int:
        """How many networks this is the mean of (1: a single network)."""
        return 1 if self.W.ndim == 2 else len(self.W)

    def member(self, k: int) -> Network:
        """The ``k``th network of an ensemble (of a single network: itself)."""
        if self.W.ndim == 2:
            if k != 0:
                raise IndexError(k)
            return self
        return Network(*(p[k] for p in self.params()))

    def values(self, x: Array) -> Array:
        """The win shares of a batch of feature rows (n, inputs)."""
        if self.W.ndim == 2:
            return sigmoid(np.tanh(x @ self.W.T + self.b) @ self.v + x @ self.u + self.c[0])
        hidden = np.tanh(x @ self.W.transpose(0, 2, 1) + self.b[:, None, :])  # (k, n, h)
        z = np.einsum("knh,kh->kn", hidden, self.v) + self.u @ x.T + self.c  # (k, n)
        return sigmoid(z).mean(axis=0)

    def value_and_grad(self, x: Array) -> tuple[float, list[Array]]:
        """One row's value and its gradient with respect to every parameter."""
        h = np.tanh(self.W @ x + self.b)
        z = float(self.v @ h + self.u @ x + self.c[0])
        out = 1.0 / (1.0 + np.exp(-max(-30.0, min(30.0, z))))
        slope = out * (1.0 - out)
        back = slope * self.v * (1.0 - h * h)
        return out, [np.outer(back, x), back, slope * h, slope * x, np.array([slope])]

    def save(self, path: Path, **meta: float | int | str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        extra = {key: np.array(value) for key, value in meta.items()}
        with path.open("wb") as stream:
            np.savez_compressed(stream, W=self.W, b=self.b, v=self.v, u=self.u, c=self.c,
                                **extra)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: Path) -> Network:
        with np.load(path) as data:
            return cls(W=data["W"], b=data["b"], v=data["v"], u=data["u"], c=data["c"])


_LOADED: dict[Path, Network] = {}


@dataclass(frozen=True)
class Model:
    """A game's network: its shape, which input is the hand-tuned logit (the
    skip that makes an untrained network the hand-tuned value) and where its
    shipped weights live."""

    inputs: int
    hidden: int
    hand_logit: int
    weights: Path

    def fresh(self, seed: int, hidden: int | None = None) -> Network:
        """The untrained network: the hand-tuned evaluation exactly (``hidden``
        units, the model's own number unless given)."""
        return Network.fresh(self.inputs, hidden or self.hidden, seed, {self.hand_logit: 1.0})

    def shipped(self) -> Network:
        """The weights in the repository (loaded once a process)."""
        net = _LOADED.get(self.weights)
        if net is None:
            net = _LOADED[self.weights] = Network.load(self.weights)
        return net

    def matrix(self, rows: Iterable[Sequence[float]]) -> Array:
        """Feature rows as the network's input batch (n, inputs)."""
        return np.array(list(rows), dtype=np.float64).reshape(-1, self.inputs)


class TDLambda:
    """TD(λ) over one game's sequence of values, all from one fixed side's
    point of view (``sign`` +1 for a value that is that side's, -1 for the
    other's: in a two-player game my win share is 1 - yours)."""

    def __init__(self, net: Network, alpha: float, lam: float) -> None:
        self.net = net
        self.alpha = alpha
        self.lam = lam
        self.trace: list[Array] | None = None
        self.last: float | None = None

    def start(self) -> None:
        self.trace = None
        self.last = None

    def step(self, x: Array, sign: float) -> None:
        """The next after-state of the game (its features, whose value is the
        mover's: ``sign`` says whose that is)."""
        out, grad = self.net.value_and_grad(x)
        value = out if sign > 0 else 1.0 - out
        self._learn(value)
        if self.trace is None:
            self.trace = [sign * g for g in grad]
        else:
            for t, g in zip(self.trace, grad, strict=True):
                t *= self.lam
                t += sign * g
        self.last = value

    def finish(self, outcome: float) -> None:
        """The game ended: ``outcome`` is the fixed side's result (1 or 0)."""
        self._learn(outcome)
        self.start()

    def _learn(self, target: float) -> None:
        if self.trace is None or self.last is None:
            return
        delta = self.alpha * (target - self.last)
        for p, t in zip(self.net.params(), self.trace, strict=True):
            p += delta * t
