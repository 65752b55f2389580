"""The Aeon's End reference model.

Read ``turn_order.py`` first (who acts next), then ``player_turn.py`` (casting, main and draw
phases), ``nemesis_turn.py``, ``exhaustion.py`` and ``game_end.py``; ``engine.py`` is the pure
transition function and ``clauses.py`` the catalogue.
"""
