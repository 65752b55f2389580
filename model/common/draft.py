"""The working copy that one ``step`` builds from a state value.

A draft holds the state's fields in its own ``__dict__`` (one dictionary copy in, one out), so
rules read and assign fields as attributes; they replace tuples and copy dicts before writing, so
the state the draft came from is never touched.  Rulesets subclass it with their own helpers.
"""

from __future__ import annotations

from oblivaeon_verify.model.common.events import Event
from oblivaeon_verify.model.common.kernel import Agenda


class BaseDraft(Agenda):
    """A state's fields, its ``agenda`` as a list while the step runs (``model.common.kernel``), and the events so far."""

    __slots__ = ("events", "_copied", "__dict__")

    def __init__(self, state) -> None:
        fields = self.__dict__
        fields.update(state.__dict__)
        fields["agenda"] = list(state.agenda)
        self.events: list[Event] = []
        self._copied: set[str] = set()

    def build(self, cls):
        """The new state value of type ``cls`` (built without re-running its ``__init__``)."""
        new = object.__new__(cls)
        values = new.__dict__
        values.update(self.__dict__)
        values["agenda"] = tuple(self.agenda)
        return new

    def snapshot(self, options: tuple):
        """The state value as the step stands now, mid-step, waiting at a decision point with ``options`` (one the kernel
        decides itself); the draft goes on, and copies a dict again before its next write to it, so the snapshot keeps
        what it shows."""
        kept, self.options = self.options, options
        state = self.freeze()
        self.options = kept
        self._copied.clear()
        return state

    def emit(self, kind: str, clause: str, **data) -> None:
        self.events.append(Event(kind, clause, **data))

    def own(self, name: str) -> dict:
        """The dict field ``name``, copied on first write."""
        if name not in self._copied:
            setattr(self, name, dict(getattr(self, name)))
            self._copied.add(name)
        return getattr(self, name)
