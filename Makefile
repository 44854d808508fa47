# SPDX-License-Identifier: GPL-2.0-only
# rtwhy: one non-recursive Makefile.  `make` builds build/rtwhy.
#   make demo    the seed spike, caught and explained (installs what is missing, root)
#   make check   unit + integration tests, closing line "N passed, N failed"
#   make flake N=10  make check's tests N times on a fresh clone of HEAD: each test's failures
#   make check-kernels  the QEMU kernel lab: Debian 6.1 RT, threadirqs, plain, 6.12 RT, 6.12 (root, ~40 min)
#   make bench   rtwhy side by side with cyclictest and trace-cmd
#   make tsan    the measuring code under ThreadSanitizer (build-tsan/, root for tracing)
#   make fuzz    libFuzzer targets, FUZZ_SECONDS each (default 60; clang, build-fuzz/)
#   make soak    --explain for SOAK_SECONDS (default 600), SOAK_RATE spikes/s (10): RSS, fds, counts
#   make install  binary, man page, bash completion under DESTDIR/PREFIX (default /usr/local)
#   DEVELOPER=1  warnings are errors (CI);  SANITIZE=1  ASan + UBSan;  V=1  full commands
#   NO_DEPS=1    install no packages (pbuilder, distributions);  NO_ROOT_TESTS=1  unit tests only
#   CPPFLAGS, CFLAGS, LDFLAGS  added to the project's own (dpkg-buildflags style)

PREFIX		?= /usr/local
DESTDIR		?=
BINDIR		:= $(PREFIX)/bin
MANDIR		:= $(PREFIX)/share/man/man1
COMPDIR		:= $(PREFIX)/share/bash-completion/completions
COMPLETION	:= contrib/bash-completion/rtwhy
VERSION		:= 0.1.0

CC		?= cc
PKG_CONFIG	?= pkg-config
BUILD		:= build

# pkg-config name -> Debian package, for a friendly error
PKGS		:= libtracefs libtraceevent libtracecmd zlib numa
DEB_libtracefs	:= libtracefs-dev
DEB_libtraceevent := libtraceevent-dev
DEB_libtracecmd	:= libtracecmd-dev
DEB_zlib	:= zlib1g-dev
DEB_numa	:= libnuma-dev
DEB_cunit	:= libcunit1-dev

WARN		:= -Wall -Wextra -Wformat=2 -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
		   -Wvla -Wwrite-strings -Wold-style-definition -Wpointer-arith -Wundef \
		   -Wimplicit-fallthrough -Wno-unused-parameter -Wno-missing-field-initializers
# a _FORTIFY_SOURCE level given in CPPFLAGS/CFLAGS (dpkg-buildflags) wins over ours
FORTIFY		:= $(if $(findstring _FORTIFY_SOURCE,$(CPPFLAGS) $(CFLAGS)),,-D_FORTIFY_SOURCE=2)
OPT		:= -O2 -g -fstack-protector-strong $(FORTIFY) -fno-common
ifeq ($(DEVELOPER),1)
WARN		+= -Werror
endif
ifeq ($(SANITIZE),1)
OPT		:= -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
LDSAN		:= -fsanitize=address,undefined
BUILD		:= build-san
# the sanitizers' settings: tests/sanitize/defaults.c
SAN_OBJS	:= $(BUILD)/tests/sanitize/defaults.o
endif
# make tsan / make fuzz set these for their own build directories
ifeq ($(TSAN),1)
OPT		:= -O1 -g -fno-omit-frame-pointer -fsanitize=thread
LDSAN		:= -fsanitize=thread
BUILD		:= build-tsan
endif
FUZZ_CC		?= clang
ifeq ($(FUZZ),1)
CC		:= $(FUZZ_CC)
OPT		:= -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined \
		   -fno-sanitize-recover=all
LDSAN		:= -fsanitize=address,undefined
BUILD		:= build-fuzz
SAN_OBJS	:= $(BUILD)/tests/sanitize/defaults.o
endif
FUZZ_SECONDS	?= 60
SOAK_SECONDS	?= 600
SOAK_RATE	?= 10

# do not let pkg-config run (and fail) for targets that do not compile
NOBUILD_GOALS	:= clean format format-check deps-build deps-check deps-bench deps-fuzz deps-kernels \
		   help
ifneq ($(filter-out $(NOBUILD_GOALS),$(or $(MAKECMDGOALS),all)),)
PKG_MISSING	:= $(foreach p,$(PKGS),$(if $(shell $(PKG_CONFIG) --exists $(p) && echo y),,$(p)))
PKG_CFLAGS	:= $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS	:= $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
endif

# the user's CPPFLAGS/CFLAGS/LDFLAGS (environment or command line) come after ours
ALL_CPPFLAGS	:= -D_GNU_SOURCE -DRTWHY_VERSION=\"$(VERSION)\" -Iinclude $(PKG_CFLAGS) $(CPPFLAGS)
CFLAGS		?=
LDFLAGS		?=
ALL_CFLAGS	:= -std=gnu11 $(OPT) $(WARN) -MMD -MP $(CFLAGS)
LDLIBS		:= $(PKG_LIBS) -lpthread -lrt -lm $(LDSAN)

ifneq ($(V),1)
Q		:= @
quiet		= @printf '  %-6s %s\n' $(1) $(2);
endif

# analysis/ is the pure library (no tracefs, no root); src/ is the live tool
ANA_SRCS	:= $(sort $(wildcard analysis/*.c))
TOOL_SRCS	:= $(filter-out src/main.c,$(sort $(wildcard src/*.c src/*/*.c)))
LIB_OBJS	:= $(patsubst %.c,$(BUILD)/%.o,$(ANA_SRCS) $(TOOL_SRCS))
MAIN_OBJ	:= $(BUILD)/src/main.o
UNIT_SRCS	:= $(sort $(wildcard tests/unit/*.c))
UNIT_OBJS	:= $(patsubst %.c,$(BUILD)/%.o,$(UNIT_SRCS))
HELPER_SRCS	:= $(sort $(wildcard tests/helpers/*.c))
HELPERS		:= $(patsubst tests/helpers/%.c,$(BUILD)/tests/%,$(HELPER_SRCS))
FUZZ_TARGETS	:= $(patsubst tests/%.c,$(BUILD)/%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_TOOLS	:= $(patsubst tests/%.c,$(BUILD)/%,$(sort $(wildcard tests/fuzz/mkseed_*.c)))

all: pkgcheck $(BUILD)/rtwhy

pkgcheck:
ifneq ($(strip $(PKG_MISSING)),)
	@echo "rtwhy: cannot build: missing $(PKG_MISSING) (Debian: apt-get install \
$(foreach p,$(PKG_MISSING),$(DEB_$(p))), or run 'make demo' / 'make check' as root)" >&2; exit 1
endif

$(BUILD)/rtwhy: $(MAIN_OBJ) $(LIB_OBJS) $(SAN_OBJS)
	$(call quiet,LINK,$@)
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(call quiet,CC,$<)
	$(Q)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

# unit tests link every object but main.o
$(BUILD)/unit-tests: $(UNIT_OBJS) $(LIB_OBJS) $(SAN_OBJS)
	$(call quiet,LINK,$@)
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS) -lcunit

# small programs the integration tests use as culprits (RT hog, spinner)
$(BUILD)/tests/%: tests/helpers/%.c
	@mkdir -p $(dir $@)
	$(call quiet,CC,$<)
	$(Q)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< -lpthread -lrt

# tests/bench/gen64: a many-CPU trace.dat through analysis/datwrite.c (make bench)
$(BUILD)/bench/gen64: tests/bench/gen64.c $(LIB_OBJS) $(SAN_OBJS)
	@mkdir -p $(dir $@)
	$(call quiet,LINK,$@)
	$(Q)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(filter %.o,$^) $(LDLIBS)

# libFuzzer targets (FUZZ=1: clang, coverage + ASan + UBSan) and their seed makers
$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(LIB_OBJS) $(SAN_OBJS)
	@mkdir -p $(dir $@)
	$(call quiet,FUZZ,$@)
	$(Q)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -fsanitize=fuzzer -o $@ $< \
		$(filter %.o,$^) $(LDLIBS)

$(BUILD)/fuzz/mkseed_%: tests/fuzz/mkseed_%.c $(LIB_OBJS) $(SAN_OBJS)
	@mkdir -p $(dir $@)
	$(call quiet,LINK,$@)
	$(Q)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(filter %.o,$^) $(LDLIBS)

# NO_DEPS=1: the build environment has the packages (pbuilder, a distribution): install nothing
ifeq ($(NO_DEPS),1)
DEPS		:= @echo >&2 rtwhy: NO_DEPS=1: not running scripts/deps.sh
else
DEPS		:= @scripts/deps.sh
endif
deps-build:
	$(DEPS) build
deps-check:
	$(DEPS) check
deps-bench:
	$(DEPS) bench
deps-fuzz:
	$(DEPS) fuzz
deps-kernels:
	$(DEPS) kernels

# The two commands: both install what is missing first, then build.
demo: deps-build
	@$(MAKE) --no-print-directory all
	@scripts/demo.sh $(BUILD)/rtwhy

# TESTS="NAME...": of the integration tests only those (the unit and shell tests all run)
check: deps-check
	@$(MAKE) --no-print-directory all $(BUILD)/unit-tests $(HELPERS)
	@RTWHY_TESTS="$(TESTS)" tests/run.sh $(BUILD)

# the flake gate: N runs (default 10) of make check's tests on a fresh clone of HEAD; each test's
# failures per run and in total (doc/testing.md)
N ?= 10
flake: deps-check
	@tests/flake.sh $(N)

# tests/kernels/: three QEMU guests of Debian's own kernels run rtwhy against real culprits
check-kernels: deps-kernels
	@$(MAKE) --no-print-directory all $(HELPERS)
	@tests/kernels/run.sh $(BUILD)

bench: deps-bench
	@$(MAKE) --no-print-directory all $(HELPERS) $(BUILD)/bench/gen64
	@tests/bench/run.sh $(BUILD)

# Not part of make check: each takes minutes, and fuzz needs clang + libclang-rt.
tsan: deps-check
	@$(MAKE) --no-print-directory TSAN=1 tsan-build
	@tests/tsan/run.sh build-tsan

tsan-build: pkgcheck $(BUILD)/rtwhy $(BUILD)/unit-tests

fuzz: deps-fuzz
	@command -v $(FUZZ_CC) >/dev/null || { echo "rtwhy: make fuzz needs $(FUZZ_CC) and its \
libFuzzer (Debian: apt-get install clang libclang-rt-dev)" >&2; exit 1; }
	@$(MAKE) --no-print-directory FUZZ=1 fuzz-build
	@tests/fuzz/run.sh build-fuzz $(FUZZ_SECONDS)

fuzz-build: pkgcheck $(FUZZ_TARGETS) $(FUZZ_TOOLS)

soak: deps-check
	@$(MAKE) --no-print-directory all $(BUILD)/tests/spinner
	@tests/soak/run.sh $(BUILD) $(SOAK_SECONDS) $(SOAK_RATE)

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(COMPDIR)
	install -m 0755 $(BUILD)/rtwhy $(DESTDIR)$(BINDIR)/rtwhy
	install -m 0644 doc/rtwhy.1 $(DESTDIR)$(MANDIR)/rtwhy.1
	install -m 0644 $(COMPLETION) $(DESTDIR)$(COMPDIR)/rtwhy

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/rtwhy $(DESTDIR)$(MANDIR)/rtwhy.1 $(DESTDIR)$(COMPDIR)/rtwhy

FORMAT_SRCS	= $(wildcard src/*.c src/*/*.c analysis/*.c include/*/*.h include/*/*/*.h tests/unit/*.c \
		    tests/helpers/*.c tests/fuzz/*.[ch] tests/sanitize/*.c)

format:
	clang-format -i $(FORMAT_SRCS)

format-check:
	@clang-format --dry-run --Werror $(FORMAT_SRCS)

clean:
	rm -rf build build-san build-tsan build-fuzz

help:
	@sed -n '2,$$p' Makefile | sed -n '/^#/!q; s/^# //p'

.PHONY: all pkgcheck deps-build deps-check deps-bench deps-fuzz deps-kernels demo check flake \
	check-kernels bench tsan tsan-build \
	fuzz fuzz-build soak install uninstall format format-check clean help

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
