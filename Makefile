# One command to play, one to test. Both create the virtual environment when it is missing.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: run test lint bench setup clean

# setup.py compiles the Chebache search from games/chebache/*.py: rebuild when they change
$(BIN)/.installed: pyproject.toml setup.py $(wildcard games/chebache/*.py games/chebache/*.pxd)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@

setup: $(BIN)/.installed

## run: the Discord bot when a token is configured, otherwise the local console
run: setup
	$(BIN)/python -m bot start --config config.toml

## test: the whole test suite
test: setup
	$(BIN)/python -m pytest

lint: setup
	$(BIN)/ruff check .

bench: setup
	@for f in bench/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) *.egg-info build games/chebache/*.so games/chebache/_compiled.json
