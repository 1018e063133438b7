"""The games: each game's rules in one pure module, and the registry the front ends use.

:mod:`.letters` is Liars' Letters; :mod:`.dice`, :mod:`.post`, :mod:`.liarliar` and
:mod:`.poker` are the sister games; :mod:`.phrases` reads claims as said at the
table; :mod:`.registry` lists every game for the CLI and the API.
"""
