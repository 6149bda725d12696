# SwipeKiosk: `make demo` and `make test` set up a fresh Debian machine and run.
# Each target installs the Debian packages it needs when they are missing (apt-get; sudo when not root).

SWIFT        ?= swift
PREFIX       ?= /usr/local
DEMO_OUT     ?= demo-out
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# What building and running needs: the -dev packages behind the system-library targets, and fonts
# covering the articles' scripts (Noto: Latin, Arabic, Thai; WenQuanYi Micro Hei: Chinese), and
# pango-view, the reference the text tests compare the compositor's text with.
BUILD_PACKAGES := pkg-config libdrm-dev libevdev-dev libpixman-1-dev libcairo2-dev libpango1.0-dev \
                  libturbojpeg0-dev libsystemd-dev libgif-dev libsdl2-dev \
                  fonts-dejavu-core fonts-noto-core fonts-wqy-microhei pango1.0-tools
# What the unit tests need besides: a private D-Bus bus, busctl and dbus-send, a Prometheus text
# parser, setpriv (util-linux) and systemd-sysusers for the D-Bus policy test; a private X server,
# and tools to drive and photograph the preview window.
TEST_PACKAGES  := dbus-daemon dbus-bin systemd python3 python3-prometheus-client util-linux \
                  xvfb xdotool imagemagick
# What the end-to-end run needs besides: a VM with a Debian kernel, and tools to put in it.
E2E_PACKAGES   := qemu-system-x86 linux-image-amd64 busybox-static evemu-tools socat cpio kmod python3
# What checking the pixel kernels as an ARM board builds them needs: a cross compiler and qemu-user.
ARM_PACKAGES   := gcc gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user

.PHONY: all deps build release demo test unit-test arm-kernels e2e e2e-self-test bench soak fuzz fuzz-build fuzz-smoke install uninstall clean

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
	$(call install_missing,$(TEST_PACKAGES))
	$(SWIFT) test

# A real kernel in QEMU: bochs DRM, uinput touch, vivid camera; see Tests/e2e/run.sh.
e2e: deps
	$(call install_missing,$(E2E_PACKAGES))
	Tests/e2e/run.sh

# Shows that broken daemons make the end-to-end run fail (three VM boots, about 3 minutes).
e2e-self-test: deps
	$(call install_missing,$(E2E_PACKAGES))
	Tests/e2e/run.sh --self-test

# The pixel kernels built for aarch64 (static) and run under qemu-aarch64 give the x86 build's pixels.
arm-kernels:
	$(call install_missing,$(ARM_PACKAGES))
	Tests/ArmKernels/run.sh

test: unit-test arm-kernels fuzz-smoke e2e

# libFuzzer targets (Tests/Fuzz): the evemu reader, the config loader, the picture decoders and
# the camera pixel-format converters, built with the fuzzer and AddressSanitizer in their own
# scratch path. `make fuzz` runs each for FUZZ_SECONDS; `make test` runs each for a few seconds.
FUZZ_SECONDS  ?= 600
FUZZ_SMOKE_SECONDS ?= 5
FUZZ_SCRATCH  ?= .build-fuzz
FUZZ_TARGETS  := FuzzEvemu FuzzConfig FuzzImage FuzzCameraFormats

# --sanitize lets SwiftPM link libFuzzer's main; the extra -sanitize=fuzzer,address is needed
# because swiftc given only `-sanitize=fuzzer -sanitize=address` emits no coverage counters.
fuzz-build: deps
	for target in $(FUZZ_TARGETS); do \
		SWIPE_KIOSK_FUZZ=1 $(SWIFT) build --scratch-path $(FUZZ_SCRATCH) \
			--sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address --product $$target || exit 1; \
	done

fuzz: fuzz-build
	FUZZ_SCRATCH=$(FUZZ_SCRATCH) Tests/Fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-smoke: fuzz-build
	FUZZ_SCRATCH=$(FUZZ_SCRATCH) Tests/Fuzz/run.sh $(FUZZ_SMOKE_SECONDS) $(FUZZ_TARGETS)

bench: release
	./.build/release/swipe-kiosk bench

# Memory over a long run, then a reload mid-transition must leave the daemon idle (about 7 minutes;
# not part of `make test`): see Tests/soak/.
soak: release
	$(call install_missing,python3)
	Tests/soak/soak.sh
	Tests/soak/reload-at-rest.sh

# Puts the binary, an example config (never over an existing one) and the unit in place.
install: release
	install -D -m 0755 .build/release/swipe-kiosk $(DESTDIR)$(PREFIX)/bin/swipe-kiosk
	install -d -m 0755 $(DESTDIR)/etc/swipe-kiosk
	[ -e $(DESTDIR)/etc/swipe-kiosk/kiosk.toml ] || install -m 0644 Config/kiosk.toml $(DESTDIR)/etc/swipe-kiosk/kiosk.toml
	install -D -m 0644 systemd/swipe-kiosk.service $(DESTDIR)/etc/systemd/system/swipe-kiosk.service
	install -D -m 0644 systemd/org.swipekiosk.Kiosk1.conf $(DESTDIR)/usr/share/dbus-1/system.d/org.swipekiosk.Kiosk1.conf
	install -D -m 0644 systemd/swipe-kiosk.sysusers $(DESTDIR)/usr/lib/sysusers.d/swipe-kiosk.conf
	install -D -m 0644 README.md $(DESTDIR)$(PREFIX)/share/doc/swipe-kiosk/README.md
	@[ -n "$(DESTDIR)" ] || { systemd-sysusers /usr/lib/sysusers.d/swipe-kiosk.conf 2>/dev/null || true; \
		systemctl reload dbus 2>/dev/null || true; \
		systemctl daemon-reload 2>/dev/null || true; \
		echo "Installed. Start it with: systemctl enable --now swipe-kiosk"; }

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/swipe-kiosk $(DESTDIR)/etc/systemd/system/swipe-kiosk.service
	rm -f $(DESTDIR)/usr/share/dbus-1/system.d/org.swipekiosk.Kiosk1.conf $(DESTDIR)/usr/lib/sysusers.d/swipe-kiosk.conf
	rm -rf $(DESTDIR)$(PREFIX)/share/doc/swipe-kiosk

clean:
	rm -rf .build $(FUZZ_SCRATCH) .build-fuzz-runs $(DEMO_OUT) e2e-out
