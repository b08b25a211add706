# One command to play, one to test. Both create the virtual environment when it is missing.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# one step of the set-up, said before it runs (a fresh clone's install takes a minute or two)
SAY    := @printf 'make: %s\n'
# the packages a part of pyproject.toml names: `deps` the bot's, `deps test` the tests' tools
DEPS   = $(BIN)/python -c 'import sys, tomllib; p = tomllib.load(open("pyproject.toml", "rb"))["project"]; print("\n".join(p["optional-dependencies"][sys.argv[1]] if sys.argv[1:] else p["dependencies"]))'

.PHONY: run test lint typecheck bench setup setup-test compile clean

# `run` installs what the bot needs; the test tools (pytest, mypy, ruff, ...) come with the
# first `make test` or `make lint`.  The install compiles the Chebache search (setup.py); an
# edit to it needs no rebuild.
$(BIN)/.installed: pyproject.toml setup.py
	$(SAY) "[1/3] the virtual environment $(VENV) (once)"
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@# pip 23 installs this project as it is (editable, pyproject.toml); an older one first upgrades
	@$(BIN)/python -c 'import pip, sys; sys.exit(int(pip.__version__.split(".")[0]) < 23)' \
		|| $(BIN)/python -m pip install --quiet --upgrade pip
	$(SAY) "[2/3] the bot's packages: discord.py, Pillow, numpy, aiosqlite, asyncpg, ... (once)"
	@$(DEPS) > $(VENV)/requirements.txt
	@$(BIN)/python -m pip install --quiet -r $(VENV)/requirements.txt
	$(SAY) "[3/3] boardbot itself, compiling the Chebache search with Cython (once; about 30 s on 2 cores)"
	@$(BIN)/python -m pip install --quiet --no-deps -e .
	@touch $@
	$(SAY) "set up: $(BIN)/boardbot"

$(BIN)/.installed-test: $(BIN)/.installed
	$(SAY) "the test tools: pytest, hypothesis, simcord, ruff, mypy, ... (once)"
	@$(DEPS) test > $(VENV)/requirements-test.txt
	@$(BIN)/python -m pip install --quiet -r $(VENV)/requirements-test.txt
	@touch $@

setup: $(BIN)/.installed

setup-test: $(BIN)/.installed-test

## compile: the Chebache search again after editing it (about 30 s; until then its .py files run)
compile: setup
	$(SAY) "compiling the Chebache search with Cython"
	@$(BIN)/python -m pip install --quiet --no-deps -e .

## run: the Discord bot when a token is configured, otherwise the local console
run: setup
	$(BIN)/boardbot start --config config.toml

## test: the whole test suite, in TEST_JOBS processes side by side (pytest-xdist; 0: in one)
TEST_JOBS ?= 2
test: setup-test
	$(BIN)/python -m pytest -n $(TEST_JOBS)

## lint: ruff, then the type check
lint: setup-test
	$(BIN)/ruff check .
	$(MAKE) typecheck

## typecheck: mypy over games, computer, renderer, storage, bot, bench and tests (pyproject.toml)
typecheck: setup-test
	$(BIN)/mypy

bench: setup
	@for f in bench/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) *.egg-info build games/chebache/_compiled games/chebache/*.so
