"""The examples in the survey modules' docstrings are run too (CI collects only tests/)."""

import doctest
import importlib

import pytest

MODULES = ["stats", "store", "csvfiles", "progress", "pool", "command"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"cadogan.survey.{name}")
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tried > 0
