# Two commands for a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test setup lint typecheck check bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-* && touch $(STAMP)

setup: $(STAMP)

run: setup
	$(BIN)/canon demo

test: setup
	$(BIN)/python -m pytest -q -p no:cacheprovider
	$(BIN)/ruff check core bot tests
	$(BIN)/mypy

lint: setup
	$(BIN)/ruff check core bot tests

typecheck: setup
	$(BIN)/mypy

bench: setup
	$(BIN)/canon bench

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
