"""The games: each game's rules in one pure module, and the registry the front ends use.

:mod:`.letters` is Liars' Letters; :mod:`.dice`, :mod:`.post`, :mod:`.liarliar` and
:mod:`.poker` are the sister games; :mod:`.phrases` reads claims as said at the
table; :mod:`.registry` lists every game for the CLI and the API.

Adding a sister game, ``NAME``:

1. ``solver/games/NAME.py``: its :class:`~.base.Rules` and :class:`~.base.Game`
   subclass (``name``, ``title``, ``order``, actions and hooks; the check's schema,
   ``check_payload`` and ``check_command``; ``engine_tables``).  The registry finds
   it, and ``liars NAME check|replay`` and ``POST /api/v1/NAME/check|replay``, with
   their OpenAPI entries, follow from it.
2. Its odds, if it has them: ``solver/odds/NAME.py`` (``answer``, the schemas,
   ``REFUSALS``, ``COMMAND``, the descriptions); ``liars NAME odds`` and
   ``POST /api/v1/NAME/odds`` follow.
3. Its engine port, ``api/static/engine/NAME.js``: its ``check`` ported, and its
   ``SCREEN`` (the page's form, the body it posts, how an answer reads), as the game
   module declares its shell command.  engine/games.js loads it by name, the page
   (api/static/games.js) builds its screen and menu line from it, and
   ``python scripts/build_engine_tables.py`` writes the data it reads.
4. Its section of docs/rules.md.  A claim grammar of a new kind is a ``parse_*``
   and ``format_*`` pair in :mod:`.phrases` (and engine/phrases.js).
"""
