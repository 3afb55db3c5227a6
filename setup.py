"""Builds the optional compiled core of the solver (``cadogan.solver._core``).

``optional=True``: if the C compiler or the Python headers are missing, installation still
succeeds and the solver falls back to its pure-Python search.  Everything else is in pyproject.toml.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "cadogan.solver._core",
            sources=["cadogan/solver/_core.c"],
            extra_compile_args=["-O2", "-std=c99", "-Wall"],
            optional=True,
        )
    ]
)
