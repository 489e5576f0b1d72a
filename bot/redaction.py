"""Secrets never reach a message or a log: passwords, the bot's token, interaction tokens.

``redact_text`` blanks every secret it recognises in a text; ``RedactSecrets`` is a logging filter
doing it to every record of the handlers it is put on (``install``), at every level. At DEBUG,
discord.py logs every HTTP request with its payload and every gateway event: the payloads (private
panels, hands in an ephemeral message's text) are replaced by their size or event name, and the
interaction tokens in the URLs are blanked.
"""

from __future__ import annotations

import logging
import re

HIDDEN = "***"

_PATTERNS = [
    # Interaction and webhook tokens in Discord API URLs: /interactions/<id>/<token>/callback,
    # /webhooks/<application id>/<token>/messages/@original.
    (re.compile(r"(/(?:interactions|webhooks)/\d+/)[^/\s?'\"]+"), rf"\g<1>{HIDDEN}"),
    # A token field of a payload, as JSON or as a Python repr.
    (re.compile(r"""(["']token["']\s*:\s*)(["'])[^"']*\2""", re.IGNORECASE), rf"\g<1>\g<2>{HIDDEN}\g<2>"),
    # A bot token (three base64url parts separated by dots).
    (re.compile(r"\b[\w-]{23,28}\.[\w-]{6,7}\.[\w-]{27,}\b"), HIDDEN),
    # The password of a URL (scheme://user:password@host).
    (re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/?#@\s]*:)[^/\s]*@", re.IGNORECASE), rf"\g<1>{HIDDEN}@"),
    # A password (or secret, or token) in a query string or a key=value setting.
    (
        re.compile(r"((?:^|[?&;\s])(?:ssl)?(?:password|passwd|pass|secret|token)=)[^&;\s]*", re.IGNORECASE),
        rf"\g<1>{HIDDEN}",
    ),
]


def redact_text(text: str) -> str:
    """The text with every secret it holds blanked."""
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


def passwords_in(url: str) -> list[str]:
    """The passwords a database URL holds (in its user part or its query string), to blank them
    wherever an error message repeats them."""
    from urllib.parse import parse_qsl, unquote, urlsplit

    found = []
    try:
        parts = urlsplit(str(url))
        if parts.password:
            found += [parts.password, unquote(parts.password)]
        for key, value in parse_qsl(parts.query):
            if "pass" in key.lower() and value:
                found.append(value)
    except ValueError:
        pass
    return sorted({p for p in found if p}, key=len, reverse=True)


def redact_message(text: str, url: str | None = None) -> str:
    """A message fit to show: known secrets blanked, and the passwords of ``url`` wherever they appear."""
    for password in passwords_in(url) if url else []:
        text = text.replace(password, HIDDEN)
    return redact_text(text)


def url_start(url: str) -> str:
    """The start of a URL that was not understood, up to where its scheme ends: what a refusal may
    quote of it. A typo in the scheme (``postgresql:/``, ``postgresql//``, none) hides the password
    from every pattern above, so nothing after the scheme is shown."""
    found = re.match(r"[A-Za-z][A-Za-z0-9+. -]*[:/;]*", url.strip())
    return found.group(0) if found else ""


def _payload(value) -> str:
    if value is None:
        return "nothing"
    try:
        return f"<{len(value)} bytes hidden>"
    except TypeError:
        return "<hidden>"


class RedactSecrets(logging.Filter):
    """Blanks the secrets of every record (the record is changed, never dropped)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if record.name == "discord.http" and isinstance(args, tuple):
            # '%s %s with %s has returned %s' (the request body) and '%s %s has received %s'.
            if " with %s has returned" in str(record.msg) and len(args) == 4:
                args = (args[0], args[1], _payload(args[2]), args[3])
            elif "has received %s" in str(record.msg) and len(args) == 3:
                args = (args[0], args[1], _payload(args[2]))
        elif record.name == "discord.gateway" and isinstance(args, tuple) and args:
            # 'For Shard ID %s: WebSocket Event: %s' and the like: a whole event, with its token
            # and, for a click on a private panel, that panel's text.
            last = args[-1]
            if isinstance(last, dict):
                args = (*args[:-1], f"<event op={last.get('op')} t={last.get('t')}, payload hidden>")
        try:
            message = record.getMessage() if args is record.args else str(record.msg) % args
        except (TypeError, ValueError):
            return True
        clean = redact_text(message)
        if clean != message or args is not record.args:
            record.msg, record.args = clean, ()
        return True


def install(handler: logging.Handler) -> None:
    """Blank secrets in everything this handler writes."""
    if not any(isinstance(f, RedactSecrets) for f in handler.filters):
        handler.addFilter(RedactSecrets())
