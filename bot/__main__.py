"""``python -m bot`` runs the bot; ``python -m bot demo GAME`` plays an AI game offline."""

from __future__ import annotations

import logging
import sys

from bot.config import ConfigError, Settings

NO_TOKEN = """\
No Discord token found.

Copy .env.example to .env and set DISCORD_TOKEN to your bot's token
(Discord Developer Portal -> your application -> Bot -> Reset Token).
See README.md, "Create the bot application".
"""


def main(argv: list[str]) -> int:
    if argv[:1] == ["demo"]:
        from bot.demo import main as demo

        return demo(argv[1:])
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr, end="")
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.core import create_bot

    bot = create_bot(settings)
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
