# warpscope - the one build file.
#   make            build build/warpscope
#   make run        build and start on the default scenario
#   make test       build and run every test (unit, scenarios, bad inputs)
#   make asan       the whole test suite under AddressSanitizer + UBSan
#   make bench      speed and memory of the example kernels
#   make ptx        regenerate examples/kernels/*.ptx with nvcc (if present)
#   make install    PREFIX=/usr/local DESTDIR=
#   make clean
# Variables: CC (gcc or clang), BUILD (output directory), WERROR=1, SAN=1.

CC ?= cc
BUILD ?= build
PREFIX ?= /usr/local
DESTDIR ?=
VERSION := 0.1.0

WARN := -Wall -Wextra -Wshadow -Wpointer-arith -Wstrict-prototypes \
        -Wmissing-prototypes -Wformat=2 -Wundef -Wvla -Wwrite-strings \
        -Wold-style-definition -Wnull-dereference -Wdouble-promotion \
        -Wno-format-nonliteral
ifeq ($(WERROR),1)
WARN += -Werror
endif
OPT ?= -O2
# IEEE results must not depend on the optimiser: no fused multiply-add
# contraction, no fast-math.
CFLAGS_ALL := -std=c11 $(OPT) -g -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L \
              -ffp-contract=off -fno-strict-aliasing $(WARN) \
              -DWS_VERSION='"$(VERSION)"' -Isrc
LDFLAGS_ALL := -lm
ifeq ($(SAN),1)
CFLAGS_ALL += -fsanitize=address,undefined -fno-omit-frame-pointer \
              -fno-sanitize-recover=all
LDFLAGS_ALL += -fsanitize=address,undefined
endif

.DEFAULT_GOAL := all
DEPS_MK := $(BUILD)/deps.mk
ifeq ($(filter clean,$(MAKECMDGOALS)),)
-include $(DEPS_MK)
endif
$(DEPS_MK): scripts/deps.sh
	@scripts/deps.sh --flags $@

LIB_SRC := $(sort $(wildcard src/*/*.c))
LIB_SRC := $(filter-out src/cli/%,$(LIB_SRC))
CLI_SRC := $(sort $(wildcard src/cli/*.c))
UI_SRC := $(sort $(wildcard ui/*.c))
TEST_SRC := $(sort $(wildcard tests/unit/test_*.c))

LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
UI_OBJ := $(UI_SRC:%.c=$(BUILD)/obj/%.o)
TEST_BIN := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
LIB := $(BUILD)/libwarpscope.a
BIN := $(BUILD)/warpscope

.PHONY: all run test unit asan bench ptx install clean
all: $(BIN)

$(BUILD)/obj/%.o: %.c $(DEPS_MK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(LUA_CFLAGS) $(CURSES_CFLAGS) $(READLINE_CFLAGS) \
	  $(CMOCKA_CFLAGS) -Iui -MMD -MP -c $< -o $@

# Rounding-mode instructions (add.rz, cvt.rm, ...) switch the FPU rounding
# mode, so the compiler must not assume round-to-nearest there.
$(BUILD)/obj/src/func/exec-float.o: CFLAGS_ALL += -frounding-math

$(LIB): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BIN): $(CLI_OBJ) $(UI_OBJ) $(LIB)
	$(CC) -o $@ $(CLI_OBJ) $(UI_OBJ) $(LIB) $(LUA_LIBS) $(CURSES_LIBS) \
	  $(READLINE_LIBS) $(LDFLAGS_ALL)

TEST_HARNESS := $(BUILD)/obj/tests/unit/harness.o
.SECONDARY: $(TEST_HARNESS)
$(BUILD)/tests/%: tests/unit/%.c $(TEST_HARNESS) $(LIB) $(DEPS_MK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Wno-null-dereference $(LUA_CFLAGS) $(CMOCKA_CFLAGS) -Itests/unit -MMD -MP \
	  $< $(TEST_HARNESS) -o $@ $(LIB) $(LUA_LIBS) $(CMOCKA_LIBS) $(LDFLAGS_ALL)

# The scenario `make run` opens.
DEFAULT_SCENARIO ?= examples/scenarios/saxpy.lua
run: $(BIN)
	@scripts/deps.sh
	@echo "warpscope: the TUI is not built yet; running $(DEFAULT_SCENARIO) headless"
	$(BIN) run $(DEFAULT_SCENARIO)

unit: $(TEST_BIN)
	@scripts/run-unit.sh $(TEST_BIN)

test: $(BIN) $(TEST_BIN)
	@scripts/deps.sh
	@scripts/run-unit.sh $(TEST_BIN)
	@tests/run.sh $(BIN)
	@tests/sweep/run.sh $(BIN)

asan:
	$(MAKE) BUILD=$(BUILD)/asan SAN=1 OPT=-O1 test

bench: $(BIN)
	@scripts/bench.sh $(BIN)

ptx:
	scripts/gen-ptx.sh

install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/warpscope
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/warpscope
	cp -R examples $(DESTDIR)$(PREFIX)/share/warpscope/
	install -d $(DESTDIR)$(PREFIX)/share/warpscope/scripts
	cp -R scripts/lua $(DESTDIR)$(PREFIX)/share/warpscope/scripts/

clean:
	rm -rf $(BUILD)

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(UI_OBJ:.o=.d) \
         $(TEST_BIN:%=%.d) $(TEST_HARNESS:.o=.d)
