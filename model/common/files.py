"""Reading a file a person gave us: UTF-8 text of a sane size, or one line saying why not.

Every loader of user input (parameter files, scenario files, replay files, proposed clarifications)
reads through :func:`read_text`, so a missing file, a directory, unreadable bytes or an absurd size
get the same message everywhere, naming the file.  Errors are :class:`InputError`, the base of every
"this input is malformed" error in the project; the command line turns it into exit code 2.
"""

from __future__ import annotations

from pathlib import Path

MAX_BYTES = 8 * 1024 * 1024
"""The largest input file read (8 MiB): the biggest file the project itself keeps is a few dozen KiB."""


class InputError(ValueError):
    """Input a person wrote is malformed or unreadable: the message names the file (and key or line) and what was expected."""


def read_text(path: str | Path, what: str = "file", max_bytes: int = MAX_BYTES) -> str:
    """The UTF-8 text of ``path`` (``what`` words the messages: "scenario file", "parameter file", ...)."""
    p = Path(path)
    try:
        if p.is_dir():
            raise InputError(f"{p}: is a directory; expected a {what}")
        size = p.stat().st_size
        if size > max_bytes:
            raise InputError(f"{p}: {size:,} bytes; a {what} may hold at most {max_bytes:,}")
        with open(p, "rb") as f:
            data = f.read(max_bytes + 1)
    except FileNotFoundError:
        raise InputError(f"{p}: no such {what}") from None
    except OSError as e:
        raise InputError(f"{p}: cannot read the {what} ({e.strerror or e})") from None
    if len(data) > max_bytes:  # grew while we read it, or a pipe or device without a size
        raise InputError(f"{p}: more than {max_bytes:,} bytes; a {what} may hold at most {max_bytes:,}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise InputError(f"{p}:{line}: not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start}); save the {what} as UTF-8") from None
    if "\x00" in text:
        raise InputError(f"{p}:{text[: text.index(chr(0))].count(chr(10)) + 1}: a NUL character; a {what} is text")
    return text.removeprefix("\ufeff")
