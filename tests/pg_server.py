"""A throw-away PostgreSQL server for the tests: initdb into a temporary folder, listen
on a Unix socket there only (no TCP port, so nothing on the network), trust auth.

PostgreSQL refuses to run as root: as root the server runs as the ``postgres`` user
(``runuser``); as anyone else it runs as that user.  The binaries are looked up on
PATH, then in Debian's /usr/lib/postgresql/*/bin.

As a command, it starts a server, runs the rest of the line with
``BOARDBOT_TEST_POSTGRES`` set to the server's URL, and stops the server whatever
the command did (its exit code is returned)::

    python -m tests.pg_server python -m pytest tests/storage
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

#: The environment variable that hands a running server's URL to the tests.
ENV_URL = "BOARDBOT_TEST_POSTGRES"
#: Set by ``main`` when no server could start: the tests skip with this reason.
ENV_UNAVAILABLE = "BOARDBOT_TEST_POSTGRES_UNAVAILABLE"
#: Set (to 1) where the PostgreSQL tests must run: a server that cannot start fails them.
ENV_REQUIRE = "BOARDBOT_REQUIRE_POSTGRES"
DATABASE = "boardbot_test"


class ServerUnavailable(RuntimeError):
    """No server could be started here; the message says why."""


def _binaries() -> Path:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent  # Debian links only some of them into PATH
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit()
                        else 0)
    if not candidates:
        raise ServerUnavailable("no PostgreSQL binaries (pg_ctl) on PATH or in "
                                "/usr/lib/postgresql/*/bin; install postgresql")
    return Path(candidates[-1]).parent


#: A test server's settings: every commit waits for nothing (a test server is thrown
#: away, and the suite runs several times faster on a busy disk).
THROWAWAY = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
#: The benchmarks' settings: PostgreSQL as it runs in production, each commit flushed
#: to disk before it is answered (fsync, synchronous_commit and full_page_writes on,
#: PostgreSQL's defaults).
DURABLE = "-c fsync=on -c synchronous_commit=on -c full_page_writes=on"
#: The settings that decide whether a commit survives a crash (what the benches print).
DURABILITY_SETTINGS = ("fsync", "synchronous_commit", "full_page_writes")


@dataclass
class Server:
    folder: Path
    bin: Path
    user: str | None  # the user the server runs as when we are root
    #: production settings (``DURABLE``) instead of the tests' ``THROWAWAY`` ones
    durable: bool = False

    @property
    def socket_dir(self) -> Path:
        return self.folder / "socket"

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, database: str = DATABASE) -> str:
        user = self.user or pwd.getpwuid(os.geteuid()).pw_name
        return f"postgresql://{user}@/{database}?host={self.socket_dir}"

    def _run(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        return subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                              cwd=self.folder, stdin=subprocess.DEVNULL)

    def start(self) -> None:
        made = self._run("initdb", "-D", str(self.data), "-A", "trust", "-E", "UTF8",
                         "--locale=C", "-U", self.user or pwd.getpwuid(os.geteuid()).pw_name)
        if made.returncode != 0:
            raise ServerUnavailable(f"initdb failed: {_last_line(made)}")
        self.resume()
        created = self._run("createdb", "-h", str(self.socket_dir), DATABASE)
        if created.returncode != 0:
            self.stop()
            raise ServerUnavailable(f"createdb failed: {_last_line(created)}")

    def halt(self) -> None:
        """An outage: the server dies at once as a crash would (``-m immediate``, no
        shutdown checkpoint, every connection cut), its data kept for ``resume``."""
        done = self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        if done.returncode != 0:
            raise ServerUnavailable(f"pg_ctl stop failed: {_last_line(done)}")

    def resume(self) -> None:
        """Start the server on its data (after ``initdb`` or ``halt``)."""
        # Unix socket only (listen_addresses=''); no fsync unless durable (a test server
        # is thrown away; a benchmark's measures production)
        options = (f"-c listen_addresses='' -k {self.socket_dir} "
                   f"{DURABLE if self.durable else THROWAWAY} -c max_connections=200")
        started = self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"),
                            "-o", options, "-w", "-t", "30", "start")
        if started.returncode != 0:
            log = self.folder / "log"
            tail = log.read_text(errors="replace").strip().splitlines()[-1:] if log.exists() \
                else []
            raise ServerUnavailable(f"pg_ctl start failed: {_last_line(started)} "
                                    f"{' '.join(tail)}".strip())

    def pids(self) -> list[int]:
        """The server's processes: the postmaster and its children (to freeze them all
        with SIGSTOP, a server that takes connections and never answers)."""
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        children = []
        for status in Path("/proc").glob("[0-9]*/status"):
            try:
                fields = dict(line.split(":\t", 1) for line in status.read_text().splitlines()
                              if ":\t" in line)
            except OSError:  # gone meanwhile
                continue
            if fields.get("PPid", "").strip() == str(postmaster):
                children.append(int(status.parent.name))
        return [postmaster, *children]

    def psql(self, sql: str) -> str:
        """Run ``sql`` as the server's superuser; its output (unaligned, tuples only)."""
        done = self._run("psql", "-h", str(self.socket_dir), "-d", DATABASE, "-At", "-c", sql)
        if done.returncode != 0:
            raise RuntimeError(f"psql failed: {_last_line(done)}")
        return done.stdout.strip()

    def durability(self) -> str:
        """The settings in force that decide whether a commit survives a crash, e.g.
        ``fsync=on synchronous_commit=on full_page_writes=on`` (read from the server)."""
        return " ".join(f"{name}={self.psql(f'SHOW {name}')}" for name in DURABILITY_SETTINGS)

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


def _last_line(done: subprocess.CompletedProcess[str]) -> str:
    text = (done.stderr or done.stdout or "").strip().splitlines()
    return text[-1] if text else f"exit code {done.returncode}"


def start_server(durable: bool = False) -> Server:
    """A running server in a new temporary folder; ``ServerUnavailable`` if impossible.
    ``durable``: with production's settings (``DURABLE``, for benchmarks), else the
    tests' (``THROWAWAY``: no fsync, commits not waited for)."""
    bin_dir = _binaries()
    user: str | None = None
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            raise ServerUnavailable("running as root and there is no 'postgres' user to "
                                    "run the server as") from None
        if shutil.which("runuser") is None:
            raise ServerUnavailable("running as root and runuser is missing")
        user = "postgres"
    folder = Path(tempfile.mkdtemp(prefix="boardbot-pg-"))
    (folder / "socket").mkdir()
    if user is not None:
        entry = pwd.getpwnam(user)
        for path in (folder, folder / "socket"):
            os.chown(path, entry.pw_uid, entry.pw_gid)
    server = Server(folder, bin_dir, user, durable)
    try:
        server.start()
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return server


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m tests.pg_server COMMAND [ARGS...]", file=sys.stderr)
        return 2
    # SIGTERM (a CI timeout, a supervisor) stops the server too: it becomes SystemExit,
    # which runs the ``finally`` below.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        server = start_server()
    except (ServerUnavailable, OSError, subprocess.SubprocessError) as exc:
        # The command runs all the same: its PostgreSQL tests skip and say why.
        print(f"PostgreSQL test server not started: {exc}", file=sys.stderr)
        return subprocess.run(argv, env={**os.environ, ENV_UNAVAILABLE: str(exc)}).returncode
    try:
        print(f"PostgreSQL test server: {server.url()}", file=sys.stderr)
        return subprocess.run(argv, env={**os.environ, ENV_URL: server.url()}).returncode
    finally:
        server.stop()
        print("PostgreSQL test server stopped", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
