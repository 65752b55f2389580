"""Corner-case scenarios, below the properties: the file schema and loader (``schema``), the helpers a
ruleset's scenario vocabulary is built on (``vocab_base``) and the runner (``runner``).

Nothing here knows a game or finds a ruleset: a vocabulary is handed in.  Finding a ruleset's
vocabulary by name and loading a folder of files is the application's (:mod:`oblivaeon_verify.scenarios`).
"""
