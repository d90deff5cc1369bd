"""The standings as the pages and exports show them: rows, cells, labels and explanations.

:mod:`marias_admin.standings.selectors` reads the confirmed results and feeds the engine
(:mod:`scoring.standings`); the presenters here dress its rows in the visitor's language:

- :mod:`.formatting`: numbers and money as shown, the rank keys in words
- :mod:`.explanations`: why a player has the numbers he has, the rules in words
- :mod:`.table`: the standings table (``standings_table``)
- :mod:`.rounds`: one round's results per table (``round_results``)
- :mod:`.player`: one player's rounds (``player_rounds``)
- :mod:`.rows_html`: the long tables' rows as HTML (standings, projector, round results)
"""
