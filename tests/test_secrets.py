"""No password or token in a message or a log line, at any level."""

from __future__ import annotations

import logging

from bot.redaction import RedactSecrets, redact_text, url_start
from bot.store import redact
from tests.pgcluster import free_port
from tests.test_main import run
from tests.test_startup import run_bot


def test_a_malformed_database_url_is_refused_without_its_password(tmp_path):
    result = run_bot(tmp_path, DATABASE_URL="mysql://koi:hunter2@127.0.0.1/koi")
    assert result.returncode == 2 and "DATABASE_URL must be a PostgreSQL URL" in result.stderr
    assert "hunter2" not in result.stderr


def test_a_password_in_the_query_string_is_not_shown(tmp_path):
    url = f"postgresql://koi@127.0.0.1:{free_port()}/koi?password=hunter2&sslmode=disable"
    result = run_bot(tmp_path, DATABASE_URL=url)
    assert result.returncode == 2 and "DATABASE_URL" in result.stderr
    assert "hunter2" not in result.stderr
    assert "hunter2" not in redact(url) and "sslmode=disable" in redact(url)


def test_every_kind_of_secret_is_blanked():
    token = "MTA5ODc2NTQzMjEwOTg3NjU0.GaBcDe.abcdefghijklmnopqrstuvwxyz123456"
    for text, secret in [
        ("postgresql://koi:p%40ss@db/koi", "p%40ss"),
        ("postgresql://koi:pa@ss@db/koi", "pa@ss"),
        ("postgres://db/koi?sslpassword=x1y2&password=z3", "z3"),
        ("POST https://discord.com/api/v10/interactions/1/aW50ZXJhY3Rpb24.tok/callback", "aW50ZXJhY3Rpb24"),
        (
            "PATCH https://discord.com/api/v10/webhooks/9/aW50ZXJhY3Rpb24/messages/@original",
            "aW50ZXJhY3Rpb24",
        ),
        ("{'token': 'aW50ZXJhY3Rpb24', 'id': '1'}", "aW50ZXJhY3Rpb24"),
        (f"logging in with {token}", token),
    ]:
        assert secret not in redact_text(text), text


def record(name: str, msg: str, *args) -> logging.LogRecord:
    return logging.LogRecord(name, logging.DEBUG, __file__, 1, msg, args, None)


def test_discord_debug_records_lose_their_payloads_and_tokens():
    http = record(
        "discord.http",
        "%s %s with %s has returned %s",
        "POST",
        "https://discord.com/api/v10/interactions/1/aW50ZXJhY3Rpb24/callback",
        '{"data": {"content": "Your hand: 3 koi"}}',
        204,
    )
    gateway = record(
        "discord.gateway",
        "For Shard ID %s: WebSocket Event: %s",
        0,
        {
            "op": 0,
            "t": "INTERACTION_CREATE",
            "d": {"token": "aW50ZXJhY3Rpb24", "message": {"content": "Your hand"}},
        },
    )
    for rec in (http, gateway):
        assert RedactSecrets().filter(rec)
        line = rec.getMessage()
        assert "aW50ZXJhY3Rpb24" not in line and "Your hand" not in line, line
    assert "INTERACTION_CREATE" in gateway.getMessage() and "POST" in http.getMessage()


# Typos in the scheme that hide the password from a URL parser and from the URL pattern.
SCHEME_TYPOS = [
    "postgresql:/koi:hunter2@127.0.0.1/koi",
    "postgresql//koi:hunter2@127.0.0.1/koi",
    "postgresql;//koi:hunter2@127.0.0.1/koi",
    "koi:hunter2@127.0.0.1/koi",
]


def test_copy_db_with_a_typo_in_the_scheme_of_to_does_not_print_the_password(tmp_path):
    """Issue 34: the refusal quoted the whole --to."""
    for url in SCHEME_TYPOS:
        done = run(tmp_path, "copy-db", "--from", "x.sqlite3", "--to", url)
        assert f"it begins with {url_start(url)!r}" in done.stderr
        assert done.returncode == 2 and "--to must be a PostgreSQL URL" in done.stderr, done.stderr
        assert "hunter2" not in done.stderr + done.stdout, done.stderr


def test_a_typo_in_the_scheme_of_database_url_is_refused_without_its_password(tmp_path):
    result = run_bot(tmp_path, DATABASE_URL=SCHEME_TYPOS[0])
    assert result.returncode == 2 and "DATABASE_URL must be a PostgreSQL URL" in result.stderr
    assert "hunter2" not in result.stderr and "'postgresql:/'" in result.stderr


def test_the_start_of_a_url_not_understood_stops_where_its_scheme_ends():
    assert [url_start(u) for u in SCHEME_TYPOS] == ["postgresql:/", "postgresql//", "postgresql;//", "koi:"]
    assert url_start("mysql://koi:hunter2@db/koi") == "mysql://" and url_start("@x") == ""
