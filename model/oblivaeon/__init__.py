"""The OblivAeon reference model.

Start with ``round_order.py`` (the round as a table), then the turn modules it names
(``oblivaeon_turn``, ``hero_turn``, ``environment_turn``, ``villain_turn``), then the rules they
call (``battle_zones``, ``inevitable_destruction``, ``environments``, ``scions``, ``missions``,
``incapacitation``).  ``engine`` is the pure transition function; ``clauses`` is the catalogue.
"""
