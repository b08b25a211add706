# One command to play, one to test. Both create the virtual environment when it is missing.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: run test lint typecheck bench setup compile clean

# the install also compiles the Chebache search (setup.py); an edit to it needs no rebuild
$(BIN)/.installed: pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@

setup: $(BIN)/.installed

## compile: the Chebache search again after editing it (about 30 s; until then its .py files run)
compile: setup
	$(BIN)/python -m pip install --quiet --no-deps -e .

## run: the Discord bot when a token is configured, otherwise the local console
run: setup
	$(BIN)/boardbot start --config config.toml

## test: the whole test suite
test: setup
	$(BIN)/python -m pytest

## lint: ruff, then the type check
lint: setup
	$(BIN)/ruff check .
	$(MAKE) typecheck

## typecheck: mypy over games, computer, renderer, storage, bot, bench and tests (pyproject.toml)
typecheck: setup
	$(BIN)/mypy

bench: setup
	@for f in bench/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) *.egg-info build games/chebache/_compiled games/chebache/*.so
