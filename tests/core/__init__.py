"""The core's own tests, on the toy rule system (tests/toy): a package, so that its conftest.py is
not taken for tests/conftest.py by `from conftest import ...`."""
