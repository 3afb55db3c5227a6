"""The examples in the docstrings of every Cadogan module are run too (CI collects only tests/)."""

import doctest
import importlib
import pkgutil

import pytest

import cadogan

MODULES = sorted(info.name for info in pkgutil.walk_packages(cadogan.__path__, "cadogan.")
                 if not info.name.endswith("__main__"))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_the_modules_with_examples_include_the_engine_solver_and_survey():
    with_examples = set()
    for name in MODULES:
        finder = doctest.DocTestFinder()
        if any(test.examples for test in finder.find(importlib.import_module(name))):
            with_examples.add(name)
    assert {"cadogan.cards", "cadogan.games.base", "cadogan.games.precedence",
            "cadogan.solver.precedence_model", "cadogan.solver", "cadogan.survey.stats"} <= with_examples
