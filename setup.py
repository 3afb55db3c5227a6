"""Builds the optional compiled core of the solver (``cadogan.solver._core``).

``optional=True``: if the C compiler or the Python headers are missing, installation still
succeeds and the solver falls back to its pure-Python search.  Everything else is in pyproject.toml.
The core's sources: ``cadogan/solver/_core.c`` (the Python glue) and ``cadogan/solver/core/``
(one file per concern; ``core/core.h`` lists them).
"""

from glob import glob

from setuptools import Extension, setup

CORE_SOURCES = ["cadogan/solver/_core.c", *sorted(glob("cadogan/solver/core/*.c"))]

setup(
    ext_modules=[
        Extension(
            "cadogan.solver._core",
            sources=CORE_SOURCES,
            depends=sorted(glob("cadogan/solver/core/*.h")),
            extra_compile_args=["-O2", "-std=c99", "-Wall", "-fvisibility=hidden"],
            optional=True,
        )
    ]
)
