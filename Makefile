# warpscope - the one build file.
#   make            build build/warpscope
#   make run        build and start on the default scenario
#   make test       build and run every test (unit, PTX conformance,
#                   scenarios, bad inputs)
#   make conformance the PTX conformance set (tests/conformance/) alone
#   make asan       the whole test suite under AddressSanitizer + UBSan
#   make fuzz       libFuzzer harnesses (clang) built into build/fuzz/ and run
#                   FUZZ_SECONDS (default 60) each on their seed corpora;
#                   make fuzz-build only builds them
#   make bench      speed and memory of the examples, the suite and the scaling workloads (TRACE=1: traced)
#   make reference  the baseline beside GPGPU-Sim on the reference kernels
#   make eval       the design papers' experiments (examples/eval/, docs/eval.md):
#                   EVAL_SIZE=paper|test, EVAL_ONLY=w1,w2, EVAL_EMIT=slurm|parallel,
#                   -jN runs N points at once
#   make ptx        regenerate examples/kernels/*.ptx with nvcc (if present)
#   make man        regenerate docs/warpscope.1 from `warpscope --help`
#   make install    PREFIX=/usr/local DESTDIR= (binary, man page, examples,
#                   Lua modules)
#   make clean
# Variables: CC (gcc or clang), BUILD (output directory), WERROR=1, SAN=1;
# for fuzz: FUZZ_SECONDS, FUZZ_CC (default clang), FUZZ_FLAGS (more libFuzzer
# options, e.g. -jobs=2), FUZZ_TARGETS (default: every tests/fuzz/fuzz_*.c).

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
CFLAGS_ALL := -std=c11 $(OPT) -g -pthread -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L \
              -ffp-contract=off -fno-strict-aliasing $(WARN) \
              -DWS_VERSION='"$(VERSION)"' -Isrc
LDFLAGS_ALL := -pthread -lm
# On x86-64 the functional core's whole-warp paths and memory handlers
# (exec-fast.c, exec-mem.c) are built a second time with AVX2, FMA and
# BMI (src/func/*-avx2.c); exec.c picks that build at start-up where the
# host has them. Both give the same bits (tests/unit/test_exec_fast.c).
ifneq ($(filter x86_64-%,$(shell $(CC) -dumpmachine 2>/dev/null)),)
CFLAGS_ALL += -DWS_AVX2=1
AVX2_CFLAGS := -mavx2 -mfma -mbmi -mbmi2
endif
ifeq ($(SAN),1)
CFLAGS_ALL += -fsanitize=address,undefined -fno-omit-frame-pointer \
              -fno-sanitize-recover=all
LDFLAGS_ALL += -fsanitize=address,undefined
endif
# FUZZ=1 (set by `make fuzz` for its own build tree): every object gets
# coverage instrumentation for libFuzzer plus ASan and UBSan.
ifeq ($(FUZZ),1)
CFLAGS_ALL += -fsanitize=fuzzer-no-link,address,undefined \
              -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS_ALL += -fsanitize=address,undefined
# No comparison tracing in the cycle loop: no input is parsed there, and
# tracing each compare made the timing model most of a scenario's cost.
$(BUILD)/obj/src/timing/%.o $(BUILD)/obj/src/designs/%.o: \
  CFLAGS_ALL += -fno-sanitize-coverage=trace-cmp
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

.PHONY: all run test unit conformance asan fuzz fuzz-build fuzz-bins bench reference ptx install clean man eval
all: $(BIN)

$(BUILD)/obj/%.o: %.c $(DEPS_MK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(LUA_CFLAGS) $(CURSES_CFLAGS) $(READLINE_CFLAGS) \
	  $(CMOCKA_CFLAGS) -Iui -MMD -MP -c $< -o $@

# Rounding-mode instructions (add.rz, cvt.rm, ...) switch the FPU rounding
# mode, so the compiler must not assume round-to-nearest there.
$(BUILD)/obj/src/func/exec-float.o $(BUILD)/obj/src/func/exec-cvt.o: \
  CFLAGS_ALL += -frounding-math
$(BUILD)/obj/src/func/%-avx2.o: CFLAGS_ALL += $(AVX2_CFLAGS)

$(LIB): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BIN): $(CLI_OBJ) $(UI_OBJ) $(LIB)
	$(CC) -o $@ $(CLI_OBJ) $(UI_OBJ) $(LIB) $(LUA_LIBS) $(CURSES_LIBS) \
	  $(READLINE_LIBS) $(LDFLAGS_ALL)

# tests/trace/check.c: the strict checker of trace files.
TRACE_CHECK := $(BUILD)/tests/trace-check
$(TRACE_CHECK): tests/trace/check.c $(LIB) $(DEPS_MK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -MMD -MP $< -o $@ $(LIB) $(LDFLAGS_ALL)

TEST_HARNESS := $(BUILD)/obj/tests/unit/harness.o
.SECONDARY: $(TEST_HARNESS) $(FUZZ_UTIL)
$(BUILD)/tests/%: tests/unit/%.c $(TEST_HARNESS) $(LIB) $(DEPS_MK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Wno-null-dereference $(LUA_CFLAGS) $(CMOCKA_CFLAGS) -Itests/unit -MMD -MP \
	  $< $(TEST_HARNESS) -o $@ $(LIB) $(LUA_LIBS) $(CMOCKA_LIBS) $(LDFLAGS_ALL)

# The PTX conformance test: kernels whose results were recorded on a GPU
# (tests/conformance/README.md).
CONF_BIN := $(BUILD)/tests/conformance
$(CONF_BIN): tests/conformance/run.c $(LIB) $(DEPS_MK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(LUA_CFLAGS) -MMD -MP $< -o $@ $(LIB) $(LUA_LIBS) \
	  $(LDFLAGS_ALL)

conformance: $(CONF_BIN)
	@gzip -dc tests/conformance/cases.txt.gz | $(CONF_BIN) tests/conformance

# The scenario `make run` opens; `make run LAB=NAME` opens the guided lab
# NAME instead (examples/labs/README.md): examples/labs/NAME.lua, or the
# teaching scenario examples/scenarios/NAME.lua that serves as one.
DEFAULT_SCENARIO ?= examples/scenarios/tour.lua
ifneq ($(LAB),)
DEFAULT_SCENARIO := $(firstword $(wildcard examples/labs/$(LAB).lua \
  examples/scenarios/$(LAB).lua) examples/labs/$(LAB).lua)
endif
run: $(BIN)
	@scripts/deps.sh
	$(BIN) $(DEFAULT_SCENARIO)

unit: $(TEST_BIN)
	@scripts/run-unit.sh $(TEST_BIN)

test: $(BIN) $(TEST_BIN) $(CONF_BIN) $(TRACE_CHECK)
	@scripts/deps.sh
	@tests/layers/run.sh $(BUILD)
	@scripts/run-unit.sh $(TEST_BIN)
	@gzip -dc tests/conformance/cases.txt.gz | $(CONF_BIN) tests/conformance
	@tests/run.sh $(BIN)
	@tests/sweep/run.sh $(BIN)
	@tests/trace/run.sh $(BIN) $(TRACE_CHECK)
	@tests/plot/run.sh $(BIN)
	@scripts/man.sh $(BIN) --check
	@tests/install/run.sh $(BUILD)

asan:
	$(MAKE) BUILD=$(BUILD)/asan SAN=1 OPT=-O1 test

# Fuzzing: tests/fuzz/fuzz_<target>.c, seeds in tests/fuzz/corpus/<target>/;
# see docs/reliability.md. The harnesses live in their own build tree
# (build/fuzz/) because every object there is instrumented.
FUZZ_SECONDS ?= 60
FUZZ_CC ?= clang
FUZZ_FLAGS ?=
FUZZ_SRC := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_TARGETS := $(FUZZ_SRC:tests/fuzz/fuzz_%.c=%)
FUZZ_BIN := $(FUZZ_TARGETS:%=$(BUILD)/fuzz_%)
FUZZ_UTIL := $(BUILD)/obj/tests/fuzz/fuzz-util.o

fuzz: fuzz-build
	@tests/fuzz/run.sh $(BUILD)/fuzz $(FUZZ_SECONDS) "$(FUZZ_FLAGS)" \
	  $(FUZZ_TARGETS)

# Only builds the harnesses (into $(BUILD)/fuzz/).
fuzz-build:
	@FUZZ_CC=$(FUZZ_CC) scripts/deps.sh --fuzz
	@tests/fuzz/run.sh --check $(FUZZ_CC)
	@$(MAKE) --no-print-directory BUILD=$(BUILD)/fuzz CC=$(FUZZ_CC) FUZZ=1 \
	  OPT=-O1 fuzz-bins

fuzz-bins: $(FUZZ_BIN)

$(BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_UTIL) $(LIB) $(DEPS_MK)
	$(CC) $(CFLAGS_ALL) -fsanitize=fuzzer $(LUA_CFLAGS) -Itests/fuzz -MMD -MP \
	  $< $(FUZZ_UTIL) -o $@ $(LIB) $(LUA_LIBS) $(LDFLAGS_ALL)

bench: $(BIN)
	@scripts/bench.sh $(BIN)

reference: $(BIN)
	@scripts/reference.sh $(BIN)

# The experiments run one after another (their points -j at once).
EVAL_SIZE ?= paper
eval: $(BIN)
	@scripts/deps.sh
	@EVAL_SIZE="$(EVAL_SIZE)" EVAL_ONLY="$(EVAL_ONLY)" EVAL_EMIT="$(EVAL_EMIT)" \
	  EVAL_JOBS="$(EVAL_JOBS)" scripts/eval.sh $(BIN) $(EVAL)

ptx:
	scripts/gen-ptx.sh

# docs/warpscope.1 from `warpscope --help` and docs/warpscope.1.in
man: $(BIN)
	scripts/man.sh $(BIN) --write

# The binary, the manual page, and what it reads at run time (presets,
# scenarios, kernels, the suite, Lua modules) under share/warpscope, where
# the installed binary looks for them (../share/warpscope beside bin/).
install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/warpscope \
	  $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/warpscope/scripts
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/warpscope
	install -m 644 docs/warpscope.1 $(DESTDIR)$(PREFIX)/share/man/man1/warpscope.1
	cp -R examples $(DESTDIR)$(PREFIX)/share/warpscope/
	cp -R scripts/lua $(DESTDIR)$(PREFIX)/share/warpscope/scripts/

clean:
	rm -rf $(BUILD)

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(UI_OBJ:.o=.d) \
         $(TEST_BIN:%=%.d) $(CONF_BIN:%=%.d) $(TEST_HARNESS:.o=.d) $(FUZZ_BIN:%=%.d) \
         $(TRACE_CHECK).d \
         $(FUZZ_UTIL:.o=.d)
