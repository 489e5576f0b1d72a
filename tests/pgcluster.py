"""A throwaway PostgreSQL server for the tests and the benchmarks.

``Cluster().start()`` runs the machine's ``initdb`` and ``pg_ctl`` in a new temporary folder, on a
free port of 127.0.0.1, and returns the URL of its ``postgres`` database (user ``koi``, trust
authentication on loopback only); ``stop()`` ends the server and removes the folder. PostgreSQL
refuses to run as root: as root, the server runs as the ``postgres`` system user, or as a
``koi-pg`` system user created for it when there is none.

``durable=False`` (the tests) turns fsync and synchronous commit off: a test database dies with
the test. The benchmarks keep PostgreSQL's defaults.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

USER = "koi"
SERVICE_USER = "koi-pg"


class ClusterError(RuntimeError):
    """The server could not be started; the message says why."""


def find_binary(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=_version_key)
    if candidates:
        return candidates[-1]
    raise ClusterError(
        f"{name} not found: install PostgreSQL's server (Debian: apt-get install postgresql) "
        "or set TEST_DATABASE_URL to a server where this role may create databases"
    )


def _version_key(path: str) -> tuple:
    part = Path(path).parts[-3]
    return tuple(int(x) for x in part.split(".") if x.isdigit())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _service_account() -> pwd.struct_passwd | None:
    """The user the server runs as when we are root (None: run as ourselves)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", SERVICE_USER):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", SERVICE_USER],
        check=True,
        capture_output=True,
    )
    return pwd.getpwnam(SERVICE_USER)


class Cluster:
    def __init__(self, durable: bool = False, max_connections: int = 300) -> None:
        self.durable = durable
        self.max_connections = max_connections
        self.folder: Path | None = None
        self.port: int | None = None
        self._account = None

    @property
    def data(self) -> Path:
        assert self.folder is not None
        return self.folder / "data"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def _run(self, args: list[str], timeout: float = 120) -> subprocess.CompletedProcess:
        if self._account is not None:
            args = [
                "setpriv",
                f"--reuid={self._account.pw_uid}",
                f"--regid={self._account.pw_gid}",
                "--clear-groups",
                "--",
                *args,
            ]
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C", "LC_ALL": "C"}
        return subprocess.run(args, capture_output=True, text=True, timeout=timeout, env=env)

    def start(self) -> str:
        initdb, pg_ctl = find_binary("initdb"), find_binary("pg_ctl")
        self._account = _service_account()
        self.folder = Path(tempfile.mkdtemp(prefix="koi-pg-"))
        if self._account is not None:
            os.chown(self.folder, self._account.pw_uid, self._account.pw_gid)
        done = self._run(
            [
                initdb,
                "-D",
                str(self.data),
                "-U",
                USER,
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ]
        )
        if done.returncode != 0:
            self._remove()
            raise ClusterError(f"initdb failed: {done.stderr.strip() or done.stdout.strip()}")
        settings = [
            "listen_addresses='127.0.0.1'",
            f"unix_socket_directories='{self.folder}'",
            f"max_connections={self.max_connections}",
        ]
        if not self.durable:
            settings += ["fsync=off", "synchronous_commit=off", "full_page_writes=off"]
        with open(self.data / "postgresql.conf", "a") as conf:
            conf.write("\n".join(settings) + "\n")
        log = self.folder / "server.log"
        problem = ""
        for _ in range(5):  # another process may take the free port first
            self.port = free_port()
            done = self._run(
                [
                    pg_ctl,
                    "-D",
                    str(self.data),
                    "-l",
                    str(log),
                    "-w",
                    "-t",
                    "60",
                    "-o",
                    f"-p {self.port}",
                    "start",
                ]
            )
            if done.returncode == 0:
                return self.url()
            problem = done.stderr.strip() or done.stdout.strip()
            with contextlib.suppress(OSError):
                problem += "\n" + log.read_text()[-2000:]
        self._remove()
        raise ClusterError(f"pg_ctl could not start the server: {problem}")

    def stop(self) -> None:
        if self.folder is None:
            return
        with contextlib.suppress(Exception):
            self._run(
                [find_binary("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"], timeout=60
            )
        self._remove()

    def _remove(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


async def create_database(admin_url: str, name: str) -> str:
    """A new empty database on the server of ``admin_url``; its URL."""
    import asyncpg

    con = await asyncpg.connect(admin_url)
    try:
        await con.execute(f'CREATE DATABASE "{name}" TEMPLATE template0 STRATEGY FILE_COPY')
    finally:
        await con.close()
    return database_url(admin_url, name)


async def drop_database(admin_url: str, name: str) -> None:
    import asyncpg

    con = await asyncpg.connect(admin_url)
    try:
        await con.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await con.close()


def database_url(admin_url: str, name: str) -> str:
    """The URL of another database on the same server."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(admin_url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


async def truncate_all(url: str) -> None:
    """Empty every table of the database but the migrations' record; ids start again at 1."""
    import asyncpg

    con = await asyncpg.connect(url)
    try:
        names = [
            r[0]
            for r in await con.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                " AND tablename <> 'schema_migrations'"
            )
        ]
        if names:
            await con.execute("SET lock_timeout = '20s'")  # a test that left a transaction open fails loudly
            await con.execute("TRUNCATE " + ", ".join(f'"{n}"' for n in names) + " RESTART IDENTITY CASCADE")
    finally:
        await con.close()
