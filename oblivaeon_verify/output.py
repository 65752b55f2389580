"""Output folders: the tool writes only where it may, deletes only what it wrote, and replaces atomically.

Every folder a command writes (reports, graph files, SMT-LIB obligations, knock-out and
counterexample replays) holds a marker, :data:`MARKER`, that the tool wrote: the format, the
command, and the manifest (the sorted relative paths of the files the tool wrote there).

* A command writes into a path that is absent, an empty folder, or a folder holding a marker of the
  same command (``report`` and ``verify`` count as one); anything else is refused in one line,
  before the long work starts (:func:`prepare`), as an :class:`OutputError` (exit 2).
* Nothing is deleted or overwritten but a path listed in a manifest the tool wrote (and the marker
  itself).  Files a person added to a marked folder (a note, a README) are carried into each
  replacement as hard links (copies where the file system has none).
* :func:`replace` writes the new folder beside the target (same file system), fsyncs it, seals it
  with its marker and swaps it in with one ``renameat2(RENAME_EXCHANGE)``: a reader, or a kill,
  finds the old folder or the new one at the path, never neither.  Where the exchange is not
  available it takes two renames, and the next run repairs a kill between them.
* Hidden folders a killed run left beside the target (``.NAME.oblivaeon-verify-new-XXXXXXXX``, and
  ``-old-`` for the two-rename fallback) are cleaned by the next run: their manifest's paths are
  deleted, a person's file only where the same file (the same inode, or a copy with the same
  bytes) is in the target, and anything else is left where it is with a one-line warning.
* :func:`add` is the additive form (counterexamples accumulate): the tool's earlier files are kept,
  a file of the same name the tool wrote is replaced, and a name a person's file already has gets
  a free one.

One lock (``flock`` on the target's parent folder) covers cleaning, staging and swapping, so that
two runs never clean each other's folder in the middle of its work.
"""

from __future__ import annotations

import ctypes
import errno
import filecmp
import functools
import json
import os
import re
import secrets
import shutil
import stat
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from oblivaeon_verify import interrupts
from oblivaeon_verify.model.common.files import InputError
from oblivaeon_verify.words import count

try:
    import fcntl
except ImportError:  # not a POSIX system: no lock between concurrent runs
    fcntl = None

MARKER = ".oblivaeon-verify"
"""The marker file (JSON).  No ``.json`` suffix, so that globs such as ``*.json`` over a folder of replays never pick it up."""
SEALING = MARKER + ".tmp"
"""The marker while it is rewritten, renamed over the marker: the tool's by name, like the marker."""
FORMAT = "oblivaeon-verify output"
VERSION = 1
FLOOR = 4 * 1024 * 1024
"""Free space asked for before the work when there is no previous output to measure (a quick report is about 2 MB)."""
BLOCK = 4096
"""Space is estimated in file-system blocks: many small files take more room than their bytes."""
SAME_OUTPUT = {"verify": "report"}
"""Commands whose folders are interchangeable, by the command whose name the comparison uses."""
STEPS = ("created", "staged", "written", "carried", "sealed", "moved-aside", "swapped", "disposed")
"""The points of a replacement, in order (``moved-aside`` only in the two-rename fallback)."""


class OutputError(InputError):
    """An output location that cannot be used, or could not be written: one line naming it and what to do."""


@dataclass(frozen=True)
class Marker:
    """What the tool wrote into a folder: the command and the manifest; ``complete`` once every file is written."""

    command: str
    paths: tuple[str, ...]
    complete: bool = True

    def dumps(self) -> bytes:
        doc = {"format": FORMAT, "version": VERSION, "command": self.command, "complete": self.complete, "paths": sorted(self.paths)}
        return (json.dumps(doc, indent=1, sort_keys=True) + "\n").encode("utf-8")


def _at(step: str) -> None:
    """Called at each of :data:`STEPS` of a replacement: a no-op, replaced by tests that stop a run there."""


def warn(message: str) -> None:
    print(f"oblivaeon-verify: {message}", file=sys.stderr, flush=True)


# --- the checks made before the work ------------------------------------------------------------


def prepare(target: str | Path, command: str, option: str = "--out") -> Path:
    """The resolved output folder for ``command``, once it is known to be usable (else an :class:`OutputError`).

    Leftovers of a killed run beside it are cleaned first (and a report lost between the two renames
    of the fallback is put back); then the path must be absent, an empty folder or a folder this
    command wrote, on a writable file system with room for the previous output (or :data:`FLOOR`).
    """
    path = _resolve(target, option)
    with _lock(path.parent):
        _repair(path)
        marker = _usable(path, command, _Name(option, target, path))
    _room(path, _Name(option, target, path), max(FLOOR, _size(path, marker)))
    return path


class _Name:
    """How messages name an output location: the option and the path as given (and where it leads, when a link)."""

    def __init__(self, option: str, given: str | Path, path: Path):
        self.option, self.given, self.path = option, str(given), path

    def __str__(self) -> str:
        resolved = str(self.path)
        return f"{self.option} {self.given}" + (f" (= {resolved})" if resolved != os.path.abspath(self.given) else "")


def _resolve(target: str | Path, option: str) -> Path:
    given = Path(target).expanduser()
    try:
        path = given.resolve()
    except (OSError, RuntimeError) as e:  # a symlink loop, an unreadable folder on the way
        raise OutputError(f"{option} {target}: the path cannot be followed ({e}); give a folder's path") from None
    name = _Name(option, target, path)
    if path.parent == path:
        raise OutputError(f"{name}: is the file system's root; give a folder to write into, e.g. {option} reports")
    try:
        here = Path.cwd().resolve()
    except OSError:
        here = None
    if here is not None and (path == here or path in here.parents):
        raise OutputError(
            f"{name}: is the current folder (or holds it); the folder is replaced whole, which would leave "
            f"this shell in a deleted folder: name a folder inside it, e.g. {option} reports"
        )
    ancestor = path.parent
    while not os.path.lexists(ancestor):
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise OutputError(f"{name}: {ancestor} is a file, not a folder; give a path whose folders exist or can be made")
    return path


def _usable(path: Path, command: str, name: _Name) -> Marker | None:
    """The folder's marker (None when absent or empty), if ``command`` may write there; else an :class:`OutputError`."""
    if not os.path.lexists(path):
        return None
    if not path.is_dir():
        raise OutputError(
            f"{name}: is a file, not a folder; the output is a folder: give a new folder's name, e.g. {name.option} {name.given}-out"
        )
    if os.stat(path).st_dev != os.stat(path.parent).st_dev:
        raise OutputError(
            f"{name}: is a mount point; the folder is replaced whole from beside it, on the same file system: "
            f"name a folder inside it, e.g. {name.option} {name.given}/reports"
        )
    try:
        entries = sorted(os.listdir(path))
    except OSError as e:
        raise OutputError(f"{name}: cannot be read ({e.strerror}); give a folder this user can write") from None
    if not entries:
        return None
    marker = _read_marker(path, name)
    if marker is None:
        shown = ", ".join(entries[:3]) + (f" and {len(entries) - 3} more" if len(entries) > 3 else "")
        raise OutputError(
            f"{name}: holds files oblivaeon-verify did not write ({shown}); it writes only into a new folder, an empty one, "
            f"or one it wrote before (marked by its {MARKER} file): give another folder, or empty this one"
        )
    if _kind(marker.command) != _kind(command):
        raise OutputError(
            f"{name}: holds the output of `oblivaeon-verify {marker.command}` (see its {MARKER}); "
            f"`{command}` does not replace it: give another folder"
        )
    return marker


def _kind(command: str) -> str:
    return SAME_OUTPUT.get(command, command)


def _read_marker(folder: Path, name: _Name | None = None) -> Marker | None:
    """The folder's marker; None when it has none; an :class:`OutputError` naming it when it is not one this tool wrote."""
    p = folder / MARKER
    if not os.path.lexists(p):
        return None
    where = f"{name}: its {MARKER}" if name else str(p)
    try:
        if not stat.S_ISREG(os.lstat(p).st_mode):
            raise ValueError("not a regular file")
        doc = json.loads(p.read_bytes().decode("utf-8"))
        if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("version") != VERSION:
            raise ValueError(f"expected format {FORMAT!r}, version {VERSION}")
        command, paths, complete = doc.get("command"), doc.get("paths"), doc.get("complete")
        if not isinstance(command, str) or not isinstance(complete, bool) or not isinstance(paths, list):
            raise ValueError("expected keys 'command' (text), 'complete' (true or false) and 'paths' (a list)")
        return Marker(command, tuple(_relative(x) for x in paths), complete)
    except (OSError, ValueError) as e:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise OutputError(
            f"{where} is not a marker oblivaeon-verify can read ({e}); if the folder is yours, delete that file; else give another folder"
        ) from None


def _relative(rel: object) -> str:
    """A manifest entry: a plain relative path inside the folder (never absolute, never through ``..``)."""
    if not isinstance(rel, str) or not rel:
        raise ValueError(f"a path must be a non-empty text, not {rel!r}")
    p = PurePosixPath(rel)
    if p.is_absolute() or any(part in ("", ".", "..") for part in rel.split("/")) or rel in (MARKER, SEALING) or "\\" in rel:
        raise ValueError(f"{rel!r} is not a plain relative path inside the folder")
    return rel


def _room(path: Path, name: _Name, needed: int) -> None:
    """Refuse a read-only, unwritable or too full location before writing anything."""
    if os.path.lexists(path):
        checked = [path.parent, path]
    else:
        ancestor = path.parent
        while not os.path.lexists(ancestor):
            ancestor = ancestor.parent
        checked = [ancestor]
    for folder in checked:
        try:
            readonly = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
        except OSError:
            readonly = False
        if readonly:
            raise OutputError(f"{name}: {folder} is on a read-only file system; give a location that can be written")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise OutputError(f"{name}: {folder} is not writable by this user (permission denied); give a location that can be written")
    free = shutil.disk_usage(checked[0]).free
    if free < needed:
        raise OutputError(
            f"{name}: only {free / 1024:,.0f} KiB free on its file system, and writing needs about {needed / 1024:,.0f} KiB; "
            "free some space or give another location"
        )


def _size(path: Path, marker: Marker | None) -> int:
    """The space the previous output takes (its manifest's files)."""
    if marker is None:
        return 0
    total = 0
    for rel in marker.paths:
        try:
            total += os.lstat(path / rel).st_blocks * 512
        except OSError:
            pass
    return total


def _needed(files: Mapping[str, bytes]) -> int:
    folders = {str(PurePosixPath(rel).parent) for rel in files}
    return sum(-(-len(data) // BLOCK) * BLOCK for data in files.values()) + BLOCK * (len(folders) + 3)


# --- replacing ----------------------------------------------------------------------------------


def replace(target: str | Path, files: Mapping[str, str | bytes], command: str, option: str = "--out") -> Path:
    """Make ``target`` hold exactly ``files`` (by relative path), plus a person's own files it held; returns the path.

    Nothing is changed when anything fails: the previous folder stays whole and the new one is removed.
    """
    path, _names = _commit(target, files, command, option, additive=False)
    return path


def add(target: str | Path, files: Mapping[str, str | bytes], command: str, option: str = "--out") -> dict[str, Path]:
    """Add ``files`` to the folder ``target`` (kept with everything it holds); returns where each name was written.

    A file of the same name the tool wrote is replaced; one a person wrote is kept, and the new file
    takes a free name (``NAME-2.json``, ...).
    """
    path, names = _commit(target, files, command, option, additive=True)
    return {rel: path / final for rel, final in names.items()}


def write_file(target: str | Path, data: str | bytes, option: str, ours) -> Path:
    """One file at ``target`` (a trace a person names, ``--itf FILE``), written whole and atomically.

    A new path is created; an existing file is replaced only when ``ours(its bytes)`` says the tool
    wrote it (the file carries its writer's mark, as an ITF trace's ``#meta`` does); a person's file,
    a folder or anything else there is refused in one line (:class:`OutputError`, exit 2).
    """
    path = Path(os.path.abspath(target))
    shown = f"{option} {target}"
    if path.is_dir():
        raise OutputError(f"{shown}: is a folder; expected a file name")
    if not path.parent.is_dir():
        raise OutputError(f"{shown}: the folder {path.parent} does not exist")
    existing = None
    if os.path.lexists(path):
        if not stat.S_ISREG(os.lstat(path).st_mode):
            raise OutputError(f"{shown}: is not a regular file; refusing to replace it")
        existing = path.read_bytes()
        if not ours(existing):
            raise OutputError(f"{shown}: the file there was not written by oblivaeon-verify; refusing to overwrite it")
    raw = data.encode("utf-8") if isinstance(data, str) else data
    scratch = path.with_name(f".{path.name}.oblivaeon-verify-new-{secrets.token_hex(4)}")
    try:
        _write(scratch, raw)
        interrupts.raise_if_received()
        if existing is None:
            os.link(scratch, path)  # fails if someone made the file meanwhile: never over a file we did not check
        else:
            os.replace(scratch, path)
    except FileExistsError:
        raise OutputError(f"{shown}: a file appeared there while writing; left as it is") from None
    finally:
        if os.path.lexists(scratch):
            os.unlink(scratch)
    return path


def collect(folder: str | Path) -> dict[str, bytes]:
    """Every regular file under ``folder`` by relative path (markers left out): what a writer put into a scratch folder."""
    root = Path(folder)
    out = {}
    for rel in _entries(root):
        p = root / rel
        if rel not in (MARKER, SEALING) and stat.S_ISREG(os.lstat(p).st_mode):
            out[rel] = p.read_bytes()
    return dict(sorted(out.items()))


def _commit(target, files, command: str, option: str, additive: bool) -> tuple[Path, dict[str, str]]:
    data = {_relative(rel): text.encode("utf-8") if isinstance(text, str) else text for rel, text in files.items()}
    path = _resolve(target, option)
    name = _Name(option, target, path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(f"{name}: its folder {path.parent} cannot be made ({e.strerror}); give a location that can be written") from None
    with _lock(path.parent):
        _repair(path)
        marker = _usable(path, command, name)
        existed = os.path.lexists(path)
        own = set(marker.paths) if marker else set()
        present = set(_entries(path)) if existed else set()
        theirs = present - own - {MARKER, SEALING}
        names = {rel: _free_name(rel, theirs, data) if additive else rel for rel in data}
        data = {names[rel]: b for rel, b in data.items()}
        if additive:
            carried = sorted(present - set(data) - {MARKER, SEALING})
            manifest = sorted((own & present) - set(data) | set(data))
        else:
            carried = sorted(theirs)
            manifest = sorted(data)
        _refuse_clashes(name, data, path, carried)
        _room(path, name, _needed(data))
        stage = _sibling(path, "new")
        try:
            os.mkdir(stage)  # the umask's ordinary permissions; a replacement keeps the old folder's
            if existed:
                os.chmod(stage, stat.S_IMODE(os.stat(path).st_mode))
        except OSError as e:
            raise OutputError(f"{name}: could not write beside it ({e.strerror}); give a location that can be written") from None
        swapped = None
        try:
            _at("created")
            _write(stage / MARKER, Marker(command, tuple(manifest), complete=False).dumps())
            _at("staged")
            for rel in sorted(data):
                _write(stage / rel, data[rel])
            _at("written")
            for rel in carried:
                _carry(path / rel, stage / rel)
            _at("carried")
            _seal(stage, Marker(command, tuple(manifest)))
            _at("sealed")
            interrupts.raise_if_received()  # whatever swallowed its exception, an interrupted run puts nothing in place
            swapped = _swap(stage, path, existed)
            _fsync_folder(path.parent)
            _at("swapped")
        except BaseException as e:
            if swapped is None:
                _discard(stage, path)
            if isinstance(e, OSError) and swapped is None:
                what = "the previous output there is unchanged" if existed else "nothing was left there"
                raise OutputError(
                    f"{name}: could not be written ({e.strerror or e}{', errno ' + errno.errorcode.get(e.errno, '') if e.errno else ''}); "
                    f"{what} and the partial copy was removed: free space or give a location that can be written"
                ) from None
            raise
        if swapped is not False:
            _dispose(swapped, path)
        _at("disposed")
    return path, names


def _free_name(rel: str, theirs: set[str], data: Mapping[str, bytes]) -> str:
    """``rel``, or the first ``stem-N.suffix`` that no person's file and no other new file has."""
    if rel not in theirs:
        return rel
    p = PurePosixPath(rel)
    n = 2
    while True:
        candidate = str(p.with_name(f"{p.stem}-{n}{p.suffix}"))
        if candidate not in theirs and candidate not in data:
            return candidate
        n += 1


def _refuse_clashes(name: _Name, data: Mapping[str, bytes], path: Path, kept: list[str]) -> None:
    """A new file where a kept file of a person is (or where a folder of the new output must be) is refused: theirs is never overwritten."""
    files = {k for k in kept if not (path / k).is_dir() or (path / k).is_symlink()}
    for rel in sorted(data):
        ups = [str(p) for p in PurePosixPath(rel).parents if str(p) != "."]
        other = (
            (rel if rel in kept else None)
            or next((p for p in ups if p in files), None)
            or next((k for k in sorted(kept) if k.startswith(rel + "/")), None)
        )
        if other:
            raise OutputError(
                f"{name}: {other} there was not written by oblivaeon-verify, and the new output needs the path {rel}: "
                "move that file away and run again"
            )


def _sibling(path: Path, kind: str) -> Path:
    """A fresh hidden name beside ``path`` that the cleaning recognises (``kind``: new or old)."""
    return path.with_name(f".{path.name}.oblivaeon-verify-{kind}-{secrets.token_hex(4)}")


def _leftover_pattern(path: Path) -> re.Pattern:
    return re.compile(rf"\.{re.escape(path.name)}\.oblivaeon-verify-(new|old)-[0-9a-f]{{8}}")


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "xb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _carry(src: Path, dst: Path) -> None:
    """A person's entry, into the new folder: the same file (a hard link), else a copy; a symlink as a symlink."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    mode = os.lstat(src).st_mode
    if stat.S_ISLNK(mode):
        os.symlink(os.readlink(src), dst)
    elif stat.S_ISDIR(mode):
        dst.mkdir(exist_ok=True)
    else:
        try:
            os.link(src, dst, follow_symlinks=False)
        except OSError as e:
            if e.errno not in (errno.EXDEV, errno.EPERM, errno.EMLINK, errno.ENOTSUP, errno.EOPNOTSUPP) or not stat.S_ISREG(mode):
                raise
            shutil.copy2(src, dst, follow_symlinks=False)


def _seal(stage: Path, marker: Marker) -> None:
    """Flush every folder of the stage, then the complete marker (renamed over the incomplete one) and the stage itself."""
    for folder, _dirs, _files in os.walk(stage, topdown=False):
        _fsync_folder(Path(folder))
    _write(stage / SEALING, marker.dumps())
    os.replace(stage / SEALING, stage / MARKER)
    _fsync_folder(stage)


def _fsync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError as e:
        if e.errno not in (errno.EINVAL, errno.EBADF):  # a file system that cannot fsync a folder
            raise
    finally:
        os.close(fd)


def _swap(stage: Path, path: Path, existed: bool) -> Path | bool:
    """Put ``stage`` at ``path``; returns where the old folder now is (False when there was none)."""
    if not existed:
        if not _renameat2(stage, path, _RENAME_NOREPLACE):
            os.rename(stage, path)
        return False
    if _renameat2(stage, path, _RENAME_EXCHANGE):
        return stage  # one step: the stage's name now holds the old folder
    old = _sibling(path, "old")
    os.rename(path, old)
    try:
        _at("moved-aside")
        os.rename(stage, path)
    except BaseException:
        os.rename(old, path)
        raise
    return old


_AT_FDCWD = -100
_RENAME_NOREPLACE = 1
_RENAME_EXCHANGE = 2


@functools.cache
def _libc_renameat2():
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):  # a C library without renameat2 (glibc before 2.28)
        return None


def _renameat2(a: Path, b: Path, flags: int) -> bool:
    """``renameat2(a, b, flags)``; False when this system or file system cannot (the caller falls back to rename)."""
    fn = _libc_renameat2()
    if fn is None:
        return False
    if fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), ctypes.c_uint(flags)) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


# --- cleaning -----------------------------------------------------------------------------------


@contextmanager
def _lock(folder: Path) -> Iterator[None]:
    """An exclusive lock on ``folder`` (when it exists) for as long as the block runs."""
    if fcntl is None or not folder.is_dir():
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _repair(path: Path) -> None:
    """Clean what killed runs left beside ``path``; first put back a complete old folder if the path is missing."""
    parent = path.parent
    if not parent.is_dir():
        return
    pattern = _leftover_pattern(path)
    found = sorted(parent / n for n in os.listdir(parent) if pattern.fullmatch(n) and stat.S_ISDIR(os.lstat(parent / n).st_mode))
    if not os.path.lexists(path):
        for old in (f for f in found if "-old-" in f.name):
            try:
                marker = _read_marker(old)
            except OutputError:
                continue
            if marker is not None and marker.complete:
                try:
                    os.rename(old, path)
                except OSError as e:
                    warn(f"{path}: the previous output is in {old.name} and could not be put back ({e.strerror}); rename it yourself")
                    return
                warn(f"{path}: put back the previous output from {old.name} (a run was stopped while replacing it)")
                found.remove(old)
                break
    for leftover in found:
        try:
            _dispose(leftover, path)
        except OSError as e:
            warn(f"{leftover}: a folder a stopped run left could not be cleaned ({e.strerror}); delete it when the location is writable")


def _dispose(folder: Path, target: Path) -> None:
    """Remove a folder the tool set aside, deleting only what it may; anything else stays, with a warning."""
    left = _remove_own(folder, target)
    if left:
        warn(
            f"{folder}: left in place: it holds {count(len(left), 'file')} oblivaeon-verify did not write "
            f"({', '.join(left[:3])}{', ...' if len(left) > 3 else ''}); keep what you need and delete the folder"
        )


def _discard(stage: Path, target: Path) -> None:
    """Remove a stage that failed (everything in it is the tool's or carried from ``target``)."""
    try:
        _remove_own(stage, target)
    except OSError as e:
        warn(f"{stage}: could not be removed ({e.strerror}); delete it when the location is writable again")


def _remove_own(folder: Path, target: Path) -> list[str]:
    """Delete the manifest's paths, the markers, and a person's file where the target holds the same one; return what is left.

    Folders are removed once empty (an empty folder holds nothing to lose).  A marker that cannot be
    read (a run killed while writing it) lists nothing: whatever else is there is left and named.
    """
    try:
        marker = _read_marker(folder)
    except OutputError:
        marker = None
    own = set(marker.paths) if marker else set()
    left = []
    for rel in _entries(folder):
        p = folder / rel
        if p.is_dir() and not p.is_symlink():
            continue
        if rel in own or rel in (MARKER, SEALING) or _same(p, target / rel):
            p.unlink()
        else:
            left.append(rel)
    for sub, _dirs, _files in os.walk(folder, topdown=False):
        try:
            os.rmdir(sub)
        except OSError:  # not empty: something was left
            pass
    return left


def _entries(folder: Path) -> list[str]:
    """Relative paths of everything under ``folder`` but folders (symlinks as themselves, never followed); empty folders too."""
    out = []
    for sub, dirs, files in os.walk(folder):
        base = Path(sub)
        for d in list(dirs):
            if os.path.islink(base / d):
                dirs.remove(d)
                files.append(d)
        for f in files:
            out.append((base / f).relative_to(folder).as_posix())
        if not dirs and not files and base != folder:
            out.append(base.relative_to(folder).as_posix())
    return sorted(out)


def _same(a: Path, b: Path) -> bool:
    """Whether ``b`` holds what ``a`` holds: the same inode, the same link, a copy with the same bytes, or both empty folders."""
    try:
        sa, sb = os.lstat(a), os.lstat(b)
    except OSError:
        return False
    if os.path.samestat(sa, sb):
        return True
    if stat.S_ISLNK(sa.st_mode) and stat.S_ISLNK(sb.st_mode):
        return os.readlink(a) == os.readlink(b)
    if stat.S_ISDIR(sa.st_mode) and stat.S_ISDIR(sb.st_mode):
        return not os.listdir(a)
    if stat.S_ISREG(sa.st_mode) and stat.S_ISREG(sb.st_mode) and sa.st_size == sb.st_size:
        return filecmp.cmp(a, b, shallow=False)
    return False
