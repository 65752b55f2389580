"""Game-independent machinery of the clarification checker.

A ruleset's clarify package supplies its vocabulary (terms and the verbs that begin predicates), an
encoded rulebook file and the objects its model classifies; this package supplies the language and
its parser (:mod:`.language`), the logic and its verdicts (:mod:`.logic`), the check of statements
against objects the model decides (:mod:`.conformance`) and the functions the harness calls
(:mod:`.rulebook`).
"""
