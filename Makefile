# Two commands for a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)

# Bytecode for core and bot is written first, and the extractor's compiled patterns
# (core/extraction/pattern_cache.py): where PYTHONDONTWRITEBYTECODE is set (CI,
# containers) nothing else writes them, and each of the many canon processes the tests
# start would compile every module again (about 0.3 s of CPU each) and some 1,800
# patterns (about 1.4 s each).
KEEP   := $(BIN)/python -m compileall -q core bot > /dev/null && \
	$(BIN)/python -m core.extraction.keep_patterns > /dev/null

.PHONY: run demo test setup test-services lint typecheck bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-* && touch $(STAMP)

setup: $(STAMP)

# System packages the tests run for real (Dovecot, Chromium, ...): each
# tests/services/install-*.sh installs one if it is missing. The servers
# themselves are started on loopback by the test fixtures and stopped after.
test-services:
	@for script in tests/services/install-*.sh; do \
		[ -e "$$script" ] || continue; \
		bash "$$script" || exit 1; \
	done

# The bot; with no TELEGRAM_BOT_TOKEN it serves the local playground on 127.0.0.1.
run: setup
	@$(KEEP)
	$(BIN)/canon bot

demo: setup
	@$(KEEP)
	$(BIN)/canon demo

# Two pytest runs side by side: the suites that mostly wait on other processes (live
# canon serve / canon mcp, the OpenClaw gateway, the MCP Inspector, the bot driven over
# the Bot API double) beside the rest, so the whole suite fits its time on two cores.
# The side run then runs ruff and mypy. The split is chosen so both finish at about the
# same time (the wall time is the longer of the two): with tests/bot in the main run it
# took 10:15 beside the side run's 5:53 plus checks, one core idle for minutes; at 689ef22
# the main run took 12:02 beside the side run's 6:01, so the realistic sets' scoring (2:30
# alone) ran beside. At deb53835 the side run had grown to 13:47 plus checks beside the
# main run's 11:03 (15:18 in all), so the realistic sets (2:44 alone) are back in the
# main run, and the MCP server and Inspector files (1:14 alone: live `canon mcp` and Node)
# run beside (at fb6df73e, with only the first move, the main run took 14:21 beside the
# side run's 10:54 plus checks). Each run's output is printed; any failure fails the target.
# Each run ends with its slowest tests, so a CI log says where the time went.
PYTEST := $(BIN)/python -m pytest -q -p no:cacheprovider --durations=25
SIDE   := tests/api tests/bot tests/mcp/test_mcp_inspector.py tests/mcp/test_mcp_inspector_agent.py \
	tests/mcp/test_mcp_server.py
CHECKS := $(BIN)/ruff check core bot tests && $(BIN)/ruff format --check core bot tests && $(BIN)/mypy

test: setup test-services
	@$(KEEP)
	@{ $(PYTEST) $(SIDE); tests=$$?; $(CHECKS); checks=$$?; \
		test $$tests -eq 0 && test $$checks -eq 0; } > .pytest-side.log 2>&1 & side=$$!; \
	$(PYTEST) $(foreach d,$(SIDE),--ignore=$(d)); main=$$?; \
	wait $$side; other=$$?; \
	echo "--- $(SIDE), then ruff and mypy ---"; cat .pytest-side.log; rm -f .pytest-side.log; \
	test $$main -eq 0 && test $$other -eq 0

lint: setup
	$(BIN)/ruff check core bot tests
	$(BIN)/ruff format --check core bot tests

typecheck: setup
	$(BIN)/mypy

bench: setup
	$(BIN)/canon bench

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
