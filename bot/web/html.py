"""The two pages the web board sends: the board page's shell, and the plain refusal page.

The board page is a small HTML shell, the same for every match and visitor, and ES modules
that ask for the match's data with the visitor's link and draw it; no build step, no
framework. Every word on
it comes from the catalogue (``web.*``) in the reader's language, handed to the scripts in
the same data block.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from bot.words import Words

SCRIPT_WORDS = ("panel.onto_cops",)
"""Catalogue sentences outside ``web.*`` that the page's scripts say."""

SCRIPT_TABLES = ("time.days", "time.short_hours", "time.short_minutes", "time.short_seconds")
"""Plural tables outside ``web.*`` the scripts use: the clocks count down in the words of
every other clock."""


def page_words(say: Words) -> dict[str, str]:
    """The ``web.*`` sentences (and a few shared ones) in one language, keyed without the
    ``web.`` prefix; plural tables keep their category suffixes (``.one``, ``.few``…), which the
    scripts pick with the browser's CLDR rules (``Intl.PluralRules``) for the page's language."""
    chosen = say.section("web.")
    for key in SCRIPT_WORDS:
        chosen[key] = say(key)
    for table in SCRIPT_TABLES:
        chosen.update({f"{table}.{form}": text for form, text in say.section(f"{table}.").items()})
    return chosen


def _json_for_html(data: Any) -> str:
    """JSON that cannot end the ``<script>`` element it sits in."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _opening(say: Words, title: str) -> str:
    """Both pages' start, up to the title: no page sends a Referer (a link's token is a
    password) and each reads at phone width."""
    return f"""<!doctype html>
<html lang="{escape(say.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{escape(title)}</title>"""


def board_page(say: Words, static: str, modules: list[str], *, client_id: str | None = None) -> str:
    """The board page's HTML: the same shell for every match and every visitor, since the
    server cannot know who opens it (the link's token stays in the address's fragment); the
    page asks for what it may show with its credential (``static/link.js``, loaded first and
    on its own so that request starts before the other scripts have arrived). ``static`` is
    the (relative) folder of the scripts, ``modules`` those ``app.js`` imports, preloaded;
    ``client_id``, where the page is the Discord Activity, is the app Discord's client is
    asked to confirm the player for (``static/discord.js``).

    Longer than the project's 80 lines because most of it is the page itself, one HTML
    document read top to bottom as the browser reads it; cut into pieces, its order (the
    credential's script first, the sections in the phone's reading order) would be harder to
    see."""
    title = say("web.http.opening")
    boot: dict[str, Any] = {"words": page_words(say)}
    if client_id is not None:
        boot["discord"] = {"client_id": client_id}
    preload = "\n".join(
        f'<link rel="modulepreload" href="{static}/{escape(name)}">' for name in modules
    )
    return f"""{_opening(say, title)}
<script type="module" async src="{static}/link.js"></script>
<link rel="stylesheet" href="{static}/board.css">
<link rel="stylesheet" href="{static}/analysis.css">
<script type="module" src="{static}/app.js"></script>
{preload}
</head>
<body>
<main id="app">
<header>
<h1 id="title">{escape(title)}</h1>
<ul id="players"></ul>
<p id="status" role="status" aria-live="polite"></p>
</header>
<p id="analysis-banner" role="note" hidden></p>
<section id="board-wrap">
<div id="zoom" class="tools" hidden>
<button type="button" id="zoom-in" aria-label="{escape(say("web.zoom_in"))}">+</button>
<button type="button" id="zoom-out" aria-label="{escape(say("web.zoom_out"))}">−</button>
<button type="button" id="zoom-fit">{escape(say("web.fit"))}</button>
</div>
<div id="board"></div>
<p id="keys-help" class="hint">{escape(say("web.keys_help"))}</p>
<div class="tools"><button type="button" id="flip">{escape(say("web.flip"))}</button></div>
<div class="tools">
<button type="button" id="analyse" hidden>{escape(say("web.analysis.open"))}</button>
</div>
<section id="premoves" hidden></section>
</section>
<section id="chooser" hidden>
<p id="prompt" aria-live="polite"></p>
<div id="options"></div>
</section>
<section id="typing" hidden>
<form id="typed">
<label for="typed-move">{escape(say("web.typed_label"))}</label>
<input id="typed-move" list="legal" autocomplete="off" spellcheck="false">
<datalist id="legal"></datalist>
<button type="submit">{escape(say("web.typed_play"))}</button>
</form>
</section>
<section id="analysis-panel" hidden></section>
<section id="hand" hidden></section>
<section id="info"></section>
<section id="replay">
<h2>{escape(say("web.replay"))}</h2>
<div class="tools">
<button type="button" id="replay-first" aria-label="{escape(say("web.first"))}">«</button>
<button type="button" id="replay-prev" aria-label="{escape(say("web.previous"))}">◀</button>
<input type="range" id="replay-slider" min="0" value="0" aria-label="{escape(say("web.replay"))}">
<button type="button" id="replay-next" aria-label="{escape(say("web.next"))}">▶</button>
<button type="button" id="replay-live">{escape(say("web.live"))}</button>
</div>
<p id="replay-label"></p>
</section>
<section id="history">
<h2>{escape(say("web.history"))}</h2>
<ol id="turns"></ol>
</section>
<p id="conn" role="status"></p>
</main>
<script type="application/json" id="boot">{_json_for_html(boot)}</script>
</body>
</html>
"""


def plain_page(text: str, say: Words) -> str:
    """A plain page that says why there is no board (an error, a refusal), and nothing
    else: no script, nothing from the request."""
    title = say("web.refused_title")
    return f"""{_opening(say, title)}
</head>
<body>
<h1>{escape(title)}</h1>
<p id="refused">{escape(text)}</p>
</body>
</html>
"""
