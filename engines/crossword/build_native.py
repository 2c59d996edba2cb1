"""Build the compiled move generator (``_movegen.c`` into an importable ``_movegen`` module beside it).

Run by ``make native`` (and so by ``make install``).  Without a C compiler or without the Python headers
it prints why and exits 0: the pure-Python generator is then used, and nothing else changes.  A
compiler error is printed and also leaves the Python generator in place (exit 0), unless ``--strict``.
The module is rebuilt only when the source is newer than it (``--force`` rebuilds anyway); it is written
to a temporary name first and renamed, so a running process never loads a half-written file.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "_movegen.c"


def target() -> Path:
    """Where the built module goes (the interpreter's extension suffix, e.g. ``.cpython-311-x86_64-linux-gnu.so``)."""
    return HERE / f"_movegen{sysconfig.get_config_var('EXT_SUFFIX') or '.so'}"


def build(*, force: bool = False, strict: bool = False) -> int:
    out = target()
    if not force and out.exists() and out.stat().st_mtime >= SOURCE.stat().st_mtime:
        print(f"native move generator: {out.name} is up to date")
        return 0
    compiler = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not compiler or shutil.which(compiler[0]) is None:
        print("native move generator: no C compiler found; the pure-Python generator will be used")
        return 1 if strict else 0
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").exists():
        print(f"native move generator: no Python.h in {include} (install the Python headers); "
              "the pure-Python generator will be used")
        return 1 if strict else 0
    link = ["-bundle", "-undefined", "dynamic_lookup"] if sys.platform == "darwin" else ["-shared"]
    partial = out.with_name(out.name + ".tmp")
    command = [*compiler, "-O2", "-fPIC", "-Wall", "-std=c11", f"-I{include}", *link, str(SOURCE), "-o", str(partial)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        print(f"native move generator: the build failed; the pure-Python generator will be used\n"
              f"{shlex.join(command)}\n{done.stdout}{done.stderr}")
        return 1 if strict else 0
    if done.stderr.strip():
        print(done.stderr.strip())
    os.replace(partial, out)
    print(f"native move generator: built {out.relative_to(HERE.parents[2])}")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--force", action="store_true", help="rebuild even when the module is up to date")
    parser.add_argument("--strict", action="store_true", help="exit 1 when the module cannot be built")
    args = parser.parse_args()
    sys.exit(build(force=args.force, strict=args.strict))


if __name__ == "__main__":
    main()
