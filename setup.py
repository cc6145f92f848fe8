"""The build: the hot-path modules compiled to C extensions with mypyc, or pure Python.

`pip install .` compiles the modules listed in COMPILED (mypyc, from the mypy project; it
needs a C compiler). The .py files are always in the wheel too, so the same package runs
pure where nothing was compiled. The build is pure Python, with a warning, when:

- HHTRACKER_PURE=1 is set (`HHTRACKER_PURE=1 pip install .`);
- the install is editable (`pip install -e .`: the code is read from the checkout);
- mypyc cannot be imported, or no working C compiler is found, or the compile fails.

`hhtracker --version` says which build runs. Everything else (name, dependencies, the
grammars folder packaged as hhtracker/grammars) is in pyproject.toml.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext

# The modules compiled with mypyc: files or whole folders, relative to this file. To compile
# another module, add it here (it must type-check under mypy with no errors). Not here:
# parse/grammar.py, whose SiteParser and LineLexer subclass lark's classes and are subclassed
# by the site parsers (an interpreted subclass of a compiled class crashed the import,
# allow_interpreted_subclasses, mypyc 2.4; compiling it would gain nothing: it only calls
# lark); parse/merge.py, compiled, crashed (a segmentation fault) on the Merge XML files,
# where its _LineBuilder subclasses xml.etree's TreeBuilder, a C type. (parse/fulltilt.py and
# parse/kingsclub.py compile since their lambdas, on which mypyc 2.4 stopped with an internal
# error, became named functions.)
COMPILED = [
    "hhtracker/cards.py",
    "hhtracker/model.py",
    "hhtracker/money.py",
    "hhtracker/rules",
    "hhtracker/odds",
    "hhtracker/stats",
    "hhtracker/parse/amounts.py",
    "hhtracker/parse/builders.py",
    "hhtracker/parse/clock.py",
    "hhtracker/parse/fulltilt.py",
    "hhtracker/parse/kingsclub.py",
    "hhtracker/parse/pokerstars.py",
    "hhtracker/parse/stars_summary.py",
    "hhtracker/store/rows.py",
]

ROOT = Path(__file__).resolve().parent


def _warn(message: str) -> None:
    print(f"hhtracker build: {message}", file=sys.stderr)


def _pure_reason() -> str | None:
    """Why this build is pure Python, or None to compile."""
    if os.environ.get("HHTRACKER_PURE", "").strip() not in ("", "0"):
        return "HHTRACKER_PURE is set"
    if "editable_wheel" in sys.argv or "develop" in sys.argv:
        return "an editable install runs the checkout's .py files"
    try:
        import mypyc.build  # noqa: F401
    except ImportError as error:
        return f"mypyc is not importable ({error})"
    if not _compiler_works():
        return "no working C compiler (set CC, or install gcc)"
    return None


def _compiler_works() -> bool:
    """True when the C compiler the build would use compiles a tiny Python extension file."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.errors import CCompilerError, DistutilsError
    from setuptools._distutils.sysconfig import customize_compiler, get_python_inc

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "probe.c"
        source.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
        try:
            compiler.compile([str(source)], output_dir=work, include_dirs=[get_python_inc()])
        except (CCompilerError, DistutilsError, OSError):
            return False
    return True


class _BuildExtOrPure(build_ext):
    """build_ext that falls back to pure Python when compiling fails: the extensions already
    built are removed, so the wheel holds the .py files alone, never half a compiled core."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:  # one C file per module (multi_file below), compiled on every core
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # a compiler failure, whatever its class
            _warn(f"compiling failed, installing pure Python instead: {error}")
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            self.extensions = []


def _extensions() -> list:
    if {"dist_info", "egg_info"} & set(sys.argv) and "bdist_wheel" not in sys.argv:
        return []  # pip asks for the metadata first: it does not depend on the extensions
    reason = _pure_reason()
    if reason is not None:
        _warn(f"pure Python build: {reason}")
        return []
    from mypyc.build import mypycify

    os.chdir(ROOT)  # mypy reads pyproject.toml's [tool.mypy] from here
    _warn(f"compiling {len(COMPILED)} paths with mypyc")
    try:
        return mypycify(COMPILED, opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"), multi_file=True)
    except (Exception, SystemExit) as error:  # mypyc reports its errors and exits
        _warn(f"pure Python build: mypyc failed ({error})")
        return []


setup(
    # the top-level grammars/ folder is installed as hhtracker/grammars (parse/grammar.py)
    packages=[*find_packages(include=["hhtracker", "hhtracker.*"]), "hhtracker.grammars"],
    package_dir={"hhtracker.grammars": "grammars"},
    ext_modules=_extensions(),
    cmdclass={"build_ext": _BuildExtOrPure},
)
