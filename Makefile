# SPDX-License-Identifier: GPL-2.0-only
#
# The two set-up commands are `make run` and `make test`; both install what is
# missing first (scripts/install-deps.sh, idempotent), so they work on a fresh
# Debian 12 machine as root.
BUILD      ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
JOBS       ?= $(shell nproc)
FUZZ_TIME  ?= 20
CMAKE_FLAGS ?=
# Warnings are errors in `make test` (and so in CI), not in a plain build.
WERROR     ?= OFF
# `make run` and `make install` install and build only what the CLI needs (the
# RUN set of scripts/install-deps.sh, no tests); everything else gets the TEST set too.
DEPS       ?= test
TESTS      ?= ON
# A sanitizer finding fails the test that triggered it: abort on the first
# report, with a stack. A CLI run that an e2e test expects to fail would hide
# the abort behind its own non-zero exit, so every report is also written to
# $(ASAN_BUILD)/sanitizer/ and any file there fails the run.
SAN_LOG    = $(abspath $(ASAN_BUILD))/sanitizer/report
# The log path is quoted for the sanitizers and the options for the shell:
# a checkout's path may hold a space.
ASAN_OPTS  ?= detect_leaks=1:halt_on_error=1:abort_on_error=1:log_path="$(SAN_LOG)"
UBSAN_OPTS ?= print_stacktrace=1:halt_on_error=1:log_path="$(SAN_LOG)"

.PHONY: all deps build run test test-asan test-builds test-deb test-cross deb deb-arm64 bench fuzz fuzz-long install clean

all: build

deps:
	@sh scripts/install-deps.sh $(DEPS)

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPCIESCOPE_WERROR=$(WERROR) -DBUILD_TESTING=$(TESTS) $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

run: DEPS = run
run: TESTS = OFF
run: build
	@$(BUILD)/pciescope demo

test: WERROR = ON
test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	@$(MAKE) --no-print-directory test-asan
	@$(MAKE) --no-print-directory test-builds
	@$(MAKE) --no-print-directory test-deb
	@$(MAKE) --no-print-directory test-cross

# The Debian packages (docs/packaging.md): native in build-deb/, arm64 in build-deb-arm64/.
deb: deps
	@PCIESCOPE_WERROR=$(WERROR) sh scripts/build-deb.sh "$(abspath build-deb)"

deb-arm64: deps
	@PCIESCOPE_WERROR=$(WERROR) sh scripts/build-deb.sh "$(abspath build-deb-arm64)" arm64

# The native package, unpacked and run.
test-deb: WERROR = ON
test-deb: deb
	@bash tests/package/deb.sh build-deb/pciescope_*_$$(dpkg --print-architecture).deb

# arm64 and ppc64el: cross-built and tested under qemu-user
# (docs/portability.md): arm64 every unit and e2e test, then the arm64 perf
# under exec --sysroot, served by the native CLI (docs/exec.md); ppc64el
# the unit tests and the IODA2 planning of its own machines, the CLI's
# other e2e tests having proven the same weak ordering and unsigned char
# on arm64 already.
test-cross: deps build
	@PCIESCOPE_HOST="$(abspath $(BUILD))/pciescope" sh scripts/cross-test.sh arm64 "$(abspath build-arm64)" $(JOBS)
	@CROSS_TESTS='^unit/|^e2e/ioda' sh scripts/cross-test.sh ppc64el "$(abspath build-ppc64el)" $(JOBS)

# Release, dpkg-buildflags and clang builds of the library and CLI, warning-free.
test-builds: deps
	@sh scripts/build-matrix.sh "$(abspath build-matrix)" $(JOBS)

# The whole suite again under ASan+UBSan (issue: reliability), at -O1 as the
# sanitizers advise: the same checks, several times the speed of -O0.
test-asan: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG='-g -O1' \
		-DPCIESCOPE_SANITIZE=ON -DPCIESCOPE_WERROR=ON >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)
	@rm -rf $(ASAN_BUILD)/sanitizer && mkdir -p $(ASAN_BUILD)/sanitizer
	@cd $(ASAN_BUILD) && ASAN_OPTIONS='$(ASAN_OPTS)' UBSAN_OPTIONS='$(UBSAN_OPTS)' \
		ctest --output-on-failure -j $(JOBS) -LE 'noasan|native'
	@if [ -n "$$(ls $(ASAN_BUILD)/sanitizer)" ]; then \
		cat $(ASAN_BUILD)/sanitizer/*; \
		echo "test-asan: sanitizer reports above"; exit 1; fi

bench: build
	@sh bench/run.sh $(BUILD)

fuzz: deps
	@CC=clang cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=Debug -DPCIESCOPE_FUZZ=ON >/dev/null
	@cmake --build $(FUZZ_BUILD) -j $(JOBS)
	@sh fuzz/run.sh $(FUZZ_BUILD) -max_total_time=$(FUZZ_TIME)

fuzz-long: deps
	@CC=clang cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=Debug -DPCIESCOPE_FUZZ=ON >/dev/null
	@cmake --build $(FUZZ_BUILD) -j $(JOBS)
	@sh fuzz/run.sh $(FUZZ_BUILD) -runs=10000000

# make install PREFIX=/opt/pciescope [DESTDIR=...]
PREFIX ?= /usr/local
install: DEPS = run
install: TESTS = OFF
install: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=$(PREFIX) -DBUILD_TESTING=$(TESTS) $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)
	@DESTDIR=$(DESTDIR) cmake --install $(BUILD)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) build-matrix-* build-deb build-deb-arm64 build-arm64 build-ppc64el
