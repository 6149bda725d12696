# SwipeKiosk: `make demo` and `make test` set up a fresh Debian machine and run.
# Each target installs the Debian packages it needs when they are missing (apt-get; sudo when not root).

SWIFT        ?= swift
PREFIX       ?= /usr/local
DEMO_OUT     ?= demo-out
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# What building and running needs: the -dev packages behind the system-library targets and a font.
BUILD_PACKAGES := pkg-config libdrm-dev libevdev-dev libpixman-1-dev libcairo2-dev \
                  libturbojpeg0-dev libsystemd-dev libgif-dev fonts-dejavu-core
# What the end-to-end run needs besides: a VM with a Debian kernel, and tools to put in it.
E2E_PACKAGES   := qemu-system-x86 linux-image-amd64 busybox-static evemu-tools socat cpio kmod python3

.PHONY: all deps build release demo test unit-test e2e e2e-self-test bench fuzz fuzz-build fuzz-smoke install uninstall clean

all: build

# Installs only the packages that are not installed yet, so a set-up machine costs nothing.
define install_missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install_missing,$(BUILD_PACKAGES))

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product swipe-kiosk

demo: release
	./.build/release/swipe-kiosk demo --out $(DEMO_OUT)

unit-test: deps
	$(SWIFT) test

# A real kernel in QEMU: bochs DRM, uinput touch, vivid camera; see Tests/e2e/run.sh.
e2e: deps
	$(call install_missing,$(E2E_PACKAGES))
	Tests/e2e/run.sh

# Shows that broken daemons make the end-to-end run fail (three VM boots, about 3 minutes).
e2e-self-test: deps
	$(call install_missing,$(E2E_PACKAGES))
	Tests/e2e/run.sh --self-test

test: unit-test fuzz-smoke e2e

# libFuzzer targets (Tests/Fuzz): the evemu reader, the config loader, the picture decoders and
# the camera pixel-format converters, built with the fuzzer and AddressSanitizer in their own
# scratch path. `make fuzz` runs each for FUZZ_SECONDS; `make test` runs each for a few seconds.
FUZZ_SECONDS  ?= 600
FUZZ_SMOKE_SECONDS ?= 5
FUZZ_SCRATCH  ?= .build-fuzz
FUZZ_TARGETS  := FuzzEvemu FuzzConfig FuzzImage FuzzCameraFormats

# --sanitize lets SwiftPM link libFuzzer's main; the extra -sanitize=fuzzer,address is needed
# because swiftc given only `-sanitize=fuzzer -sanitize=address` emits no coverage counters.
# Release runs 4-5 times the inputs a second of a debug build and keeps Swift's traps;
# -enable-testing lets a target reach internal converters.
fuzz-build: deps
	for target in $(FUZZ_TARGETS); do \
		SWIPE_KIOSK_FUZZ=1 $(SWIFT) build -c release --scratch-path $(FUZZ_SCRATCH) \
			--sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing \
			--product $$target || exit 1; \
	done

fuzz: fuzz-build
	FUZZ_SCRATCH=$(FUZZ_SCRATCH) Tests/Fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-smoke: fuzz-build
	FUZZ_SCRATCH=$(FUZZ_SCRATCH) Tests/Fuzz/run.sh $(FUZZ_SMOKE_SECONDS) $(FUZZ_TARGETS)

bench: release
	./.build/release/swipe-kiosk bench

# Puts the binary, an example config (never over an existing one) and the unit in place.
install: release
	install -D -m 0755 .build/release/swipe-kiosk $(DESTDIR)$(PREFIX)/bin/swipe-kiosk
	install -d -m 0755 $(DESTDIR)/etc/swipe-kiosk
	[ -e $(DESTDIR)/etc/swipe-kiosk/kiosk.toml ] || install -m 0644 Config/kiosk.toml $(DESTDIR)/etc/swipe-kiosk/kiosk.toml
	install -D -m 0644 systemd/swipe-kiosk.service $(DESTDIR)/etc/systemd/system/swipe-kiosk.service
	install -D -m 0644 README.md $(DESTDIR)$(PREFIX)/share/doc/swipe-kiosk/README.md
	@[ -n "$(DESTDIR)" ] || { systemctl daemon-reload 2>/dev/null || true; \
		echo "Installed. Start it with: systemctl enable --now swipe-kiosk"; }

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/swipe-kiosk $(DESTDIR)/etc/systemd/system/swipe-kiosk.service
	rm -rf $(DESTDIR)$(PREFIX)/share/doc/swipe-kiosk

clean:
	rm -rf .build $(FUZZ_SCRATCH) .build-fuzz-runs $(DEMO_OUT) e2e-out
