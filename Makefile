# SwipeKiosk: `make demo` and `make test` set up a fresh Debian machine and run.
# Each target installs the Debian packages it needs when they are missing (apt-get; sudo when not root).

SWIFT        ?= swift
# Options every `swift build` of the release binary takes besides (debian/rules: the cross build's Swift SDK).
SWIFT_BUILD_OPTIONS ?=
# What runs a binary just built (debian/rules: qemu-user in a cross build, for the completion scripts).
RUN_BUILT    ?=
PREFIX       ?= /usr/local
# systemd reads units from /usr/local/lib/systemd/system too; debian/rules sets its own.
UNITDIR      ?= $(PREFIX)/lib/systemd/system
# dbus-daemon reads system bus policies from /usr/share and /etc only, whatever the PREFIX.
DBUSDIR      ?= /usr/share/dbus-1/system.d
# udev reads rules from /lib (/usr/lib) and /etc only, whatever the PREFIX.
UDEVDIR      ?= /lib/udev/rules.d
DEMO_OUT     ?= demo-out
# The systemd VM's Debian root file system (debootstrap), built once and reused until deleted.
VM_CACHE     ?= /var/cache/swipe-kiosk-e2e
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# What building and running needs: the -dev packages behind the system-library targets, and fonts
# covering the articles' scripts (Noto: Latin, Arabic, Thai; WenQuanYi Micro Hei: Chinese), and
# pango-view, the reference the text tests compare the compositor's text with.
BUILD_PACKAGES := pkg-config libdrm-dev libevdev-dev libpixman-1-dev libpango1.0-dev libfreetype-dev libpng-dev \
                  libturbojpeg0-dev libsystemd-dev libgif-dev libsdl2-dev libyuv-dev \
                  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev libmosquitto-dev \
                  fonts-dejavu-core fonts-noto-core fonts-wqy-microhei pango1.0-tools
# What the web host (swipe-kiosk-web, issue 39) builds against: Debian 12's WPE WebKit 1.1 and its fdo
# backend (wl_shm_buffer from libwayland-dev). Package.swift declares the host only where these are
# installed, so the panel binary and the fast tests never need them.
WEB_PACKAGES   := libwpewebkit-1.1-dev libwpebackend-fdo-1.0-dev libwpe-1.0-dev libwayland-dev
# What the process tests (`make test-process`) need besides: a private D-Bus bus, busctl and dbus-send, a Prometheus text
# parser and Prometheus' own checker (promtool, package prometheus), setpriv (util-linux) and systemd-sysusers for the D-Bus policy test;
# GStreamer's tools and plugins for the video tests; a Mosquitto broker and its clients, and openssl to make the TLS test's CA;
# GStreamer's alsasink, and gcc with alsa-lib's headers for the sound tests' clocked ALSA PCM (alsa-test-pcm).
TEST_PACKAGES  := dbus-daemon dbus-bin systemd python3 python3-prometheus-client prometheus util-linux \
                  gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good \
                  mosquitto mosquitto-clients openssl gstreamer1.0-alsa alsa-utils gcc libasound2-dev
# What the window tests (`make test-window`) need: a private X server, and tools to drive and photograph the window.
WINDOW_TEST_PACKAGES := xvfb xdotool imagemagick
# What the end-to-end run needs besides: a VM with a Debian kernel, and tools to put in it.
E2E_PACKAGES   := qemu-system-x86 linux-image-amd64 busybox-static evemu-tools socat cpio kmod python3
# What checking the pixel kernels as an ARM board builds them needs besides the toolchain's clang:
# GCC's start files, libgcc and linker for x86 and aarch64, the aarch64 libc, and qemu-user.
ARM_PACKAGES   := gcc gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
# What building the Debian package needs: Debian's packaging tools and its checker.
DEB_PACKAGES   := debhelper dpkg-dev devscripts lintian fakeroot
# What the systemd VM needs besides: debootstrap for its root file system, mkfs.ext4 for its disk,
# GStreamer to make the video phase's clip,
# dbus-daemon and busctl to unplug the virtio-gpu head through QEMU's D-Bus display.
E2E_SYSTEMD_PACKAGES := qemu-system-x86 debootstrap e2fsprogs python3 gstreamer1.0-tools gstreamer1.0-plugins-good dbus-daemon systemd
# What the vkms VM needs besides the end-to-end run's: vkms is built out of tree from Debian's kernel
# source against the guest kernel's headers (linux-headers-amd64 matches linux-image-amd64).
E2E_VKMS_PACKAGES := linux-source-6.1 linux-headers-amd64 make xz-utils dbus-daemon
# What the emulated arm64 machine needs: qemu-system-aarch64 (qemu-system-arm), qemu-user-static
# (registered with binfmt_misc by systemd-binfmt, from systemd) to run the arm64 root's programs
# while debootstrap makes it, debootstrap for it, mkfs.ext4 for its disk.
E2E_ARM64_PACKAGES := qemu-system-arm qemu-user-static systemd debootstrap e2fsprogs python3
# Its Debian 13 arm64 root file system (debootstrap, with Debian 13's arm64 kernel), built once and
# reused until deleted.
ARM64_VM_CACHE ?= /var/cache/swipe-kiosk-e2e-arm64
# The arm64 package it installs: the one `make deb-arm64` leaves here, or E2E_ARM64_DEB=path.
E2E_ARM64_DEB  ?= $(firstword $(wildcard swipe-kiosk_*_arm64.deb))
# Where vkms.ko is kept per kernel version, beside the systemd VM's root file system.
VKMS_CACHE   ?= $(VM_CACHE)/vkms

.PHONY: arm64-root print-arm64-root release-arm64 deb-arm64 test-arm64 test-arm64-user
.PHONY: release-web install-web
.PHONY: all deps build release man demo test test-fast test-process alsa-test-pcm test-window test-vm unit-test check-fast-kind arm-kernels e2e e2e-self-test e2e-systemd e2e-vkms e2e-arm64 deb bench soak memory fuzz fuzz-build fuzz-smoke install install-config uninstall clean

all: build

# Installs only the packages that are not installed yet, so a set-up machine costs nothing.
# Another apt-get at work (unattended upgrades, a second make) holds apt's locks: wait for it,
# up to ten minutes, rather than fail.
define install_missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		for attempt in $$(seq 60); do \
			log=$$(mktemp); \
			{ $(SUDO) apt-get update -qq && \
			  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; } >$$log 2>&1; \
			status=$$?; cat $$log; \
			grep -q 'Could not get lock' $$log || { rm -f $$log; exit $$status; }; \
			rm -f $$log; echo "apt is busy (another apt-get); trying again in 10 s"; sleep 10; \
		done; exit 1; \
	fi
endef

deps:
	$(call install_missing,$(BUILD_PACKAGES))

build: deps
	$(call install_missing,$(WEB_PACKAGES))
	$(SWIFT) build

# The Swift runtime is linked in, so the binary runs where no toolchain is installed (a package, a VM).
release: deps
	$(SWIFT) build -c release --static-swift-stdlib --product swipe-kiosk $(SWIFT_BUILD_OPTIONS)

# The web host (swipe-kiosk-web), beside the panel binary; only where WEB_PACKAGES can be installed
# (Debian 12's WPE WebKit 1.1; debian/rules builds it for amd64 only).
release-web: deps
	$(call install_missing,$(WEB_PACKAGES))
	$(SWIFT) build -c release --static-swift-stdlib --product swipe-kiosk-web $(SWIFT_BUILD_OPTIONS)

# The manual pages: the command's, from its own help (swift-argument-parser's generate-manual plugin),
# and the config file's, swipe-kiosk.toml(5), printed by `swipe-kiosk config-manual` from the key
# table check-config reads. Both build in debug (as `make build` does): a release build without
# --static-swift-stdlib would make the next `release` compile everything again.
MAN_PAGE := .build/man/swipe-kiosk.1
CONFIG_MAN_PAGE := .build/man/swipe-kiosk.toml.5
man: $(MAN_PAGE) $(CONFIG_MAN_PAGE)
$(MAN_PAGE): $(shell find Sources/swipe-kiosk -name '*.swift') | deps
	$(SWIFT) package plugin generate-manual --configuration debug
	install -D -m 0644 .build/plugins/GenerateManual/outputs/swipe-kiosk/swipe-kiosk.1 $@
$(CONFIG_MAN_PAGE): $(shell find Sources/swipe-kiosk Sources/KioskConfig -name '*.swift') | deps
	$(SWIFT) build --product swipe-kiosk
	install -d $(dir $@)
	"$$($(SWIFT) build --show-bin-path)/swipe-kiosk" config-manual > $@.tmp
	mv $@.tmp $@

demo: release
	./.build/release/swipe-kiosk demo --out $(DEMO_OUT)

# Tests by kind (docs/testing.md), each a set of test targets: fast is pure and in-process (no
# programs started, no sleeps, no wall-clock reads: Tests/check-fast-kind.sh), process runs the binary and other
# programs, window opens windows on Xvfb, vm boots kernels in QEMU (the two e2e suites).
FAST_TESTS    := Kiosk(Engine|Compositor|Touch|Display|Input|Camera|Config|Runtime|WebProtocol)Tests\.

check-fast-kind:
	Tests/check-fast-kind.sh

test-fast: deps check-fast-kind
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter '$(FAST_TESTS)'
	python3 Tests/docs/check-walks.py

# The sound tests' ALSA PCM: an alsa-lib external PCM that keeps time like a card and records what
# it plays (Tests/alsa/pcm_kiosk_clock.c); the process tests name it in a private ALSA config.
ALSA_TEST_PCM := .build/alsa/libasound_module_pcm_kiosk_clock.so
alsa-test-pcm: $(ALSA_TEST_PCM)
$(ALSA_TEST_PCM): Tests/alsa/pcm_kiosk_clock.c
	$(call install_missing,gcc libasound2-dev)
	install -d $(dir $@)
	gcc -Wall -Wextra -O2 -shared -fPIC -DPIC -o $@ $< -lasound

test-process: deps
	$(call install_missing,$(TEST_PACKAGES) $(WEB_PACKAGES))
	$(MAKE) alsa-test-pcm
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter 'KioskProcessTests\.'

test-window: deps
	$(call install_missing,$(WINDOW_TEST_PACKAGES))
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter 'KioskWindowTests\.'

test-vm: e2e e2e-systemd e2e-vkms

# The three kinds `swift test` runs (the VM suites apart).
unit-test: test-fast test-process test-window

# A real kernel in QEMU: bochs DRM, uinput touch, vivid camera; see Tests/e2e/run.sh.
e2e: deps
	$(call install_missing,$(E2E_PACKAGES))
	Tests/e2e/run.sh

# The daemon on vkms (overlay planes, atomic) in QEMU over vivid: planes listed, the daemon up with
# [display] planes = "auto" and "off", CPU time of each; see Tests/e2e-vkms/run.sh.
e2e-vkms: deps
	$(call install_missing,$(E2E_PACKAGES) $(E2E_VKMS_PACKAGES))
	VKMS_CACHE=$(VKMS_CACHE) Tests/e2e-vkms/run.sh

# Shows that broken daemons make the end-to-end run fail (three VM boots, about 3 minutes).
e2e-self-test: deps
	$(call install_missing,$(E2E_PACKAGES))
	Tests/e2e/run.sh --self-test

# The pixel kernels built with clang for aarch64 (static) and run under qemu-aarch64 give the x86 build's pixels.
arm-kernels:
	$(call install_missing,$(ARM_PACKAGES))
	Tests/ArmKernels/run.sh

test: test-fast test-process test-window arm-kernels fuzz-smoke test-vm test-arm64

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

# A Debian root file system with systemd as PID 1 in QEMU, the package installed in it; see
# Tests/e2e-systemd/run.sh. The first run makes the root file system under $(VM_CACHE).
# E2E_WEB=1 adds the web phase (swipe-kiosk-web's package, a page on the panel): not yet in `make
# test`, since WebKit's web process cannot create its EGL display in this VM (docs/web.md).
E2E_WEB ?= 0
e2e-systemd: deb
	$(call install_missing,$(E2E_SYSTEMD_PACKAGES))
	VM_CACHE=$(VM_CACHE) Tests/e2e-systemd/run.sh $(HOST_DEB) $$([ "$(E2E_WEB)" = 1 ] && ls $(WEB_DEB) 2>/dev/null)

# The arm64 package under systemd on an emulated arm64 machine (qemu-system-aarch64 virt, TCG); see
# Tests/e2e-arm64/run.sh. The first run makes the root file system under $(ARM64_VM_CACHE).
e2e-arm64:
	@[ -n "$(E2E_ARM64_DEB)" ] && [ -f "$(E2E_ARM64_DEB)" ] || { echo "e2e-arm64: no arm64 package: run make deb-arm64, or give E2E_ARM64_DEB=path"; exit 1; }
	$(call install_missing,$(E2E_ARM64_PACKAGES))
	ARM64_VM_CACHE=$(ARM64_VM_CACHE) Tests/e2e-arm64/run.sh $(E2E_ARM64_DEB)

# swipe-kiosk_VERSION_ARCH.deb in this directory, built by debhelper (debian/) through `make install`.
# The Build-Depends list only Debian packages: the Swift toolchain comes from PATH, not from dpkg.
# This machine's architecture's package, named by the shell when a recipe line runs (an arm64 one
# from deb-arm64 may lie beside it; dpkg-dev is installed by then).
HOST_DEB = swipe-kiosk_$$(dpkg-parsechangelog -S Version)_$$(dpkg-architecture -q DEB_HOST_ARCH).deb
# The web host's package, beside it on amd64 (debian/control).
WEB_DEB = swipe-kiosk-web_$$(dpkg-parsechangelog -S Version)_amd64.deb
deb: deps
	$(call install_missing,$(DEB_PACKAGES) $(WEB_PACKAGES))
	rm -f $(HOST_DEB) $(WEB_DEB)
	dpkg-buildpackage --build=binary --no-sign
	mv ../$(HOST_DEB) .
	[ ! -e ../$(WEB_DEB) ] || mv ../$(WEB_DEB) .
	rm -f ../swipe-kiosk_$$(dpkg-parsechangelog -S Version)_*.buildinfo ../swipe-kiosk_$$(dpkg-parsechangelog -S Version)_*.changes
	lintian --fail-on error $(HOST_DEB) $$(ls $(WEB_DEB) 2>/dev/null)
	$(call no_window_system,$(HOST_DEB))
	@! dpkg-deb -f $(HOST_DEB) Depends | grep -i wpe || { echo "$(HOST_DEB) depends on WPE WebKit: only swipe-kiosk-web may"; exit 1; }

# The panel package pulls no window system onto a kiosk (SDL2 is loaded only for a desktop window).
define no_window_system
	@depends=$$(dpkg-deb -f $(1) Depends) || { echo "$(1): no package to check"; exit 1; }; \
	! echo "$$depends" | grep -Eio 'lib(x11|xcb|xext|xrender|sdl2|wayland|cairo)[^,]*' || \
		{ echo "$(1) depends on a window system's library (above): see BinaryLinkTests"; exit 1; }
endef

# arm64 (Raspberry Pi OS and Debian 13 boards): cross-built with Debian 13's Swift 6.0.3 in a Debian 13
# amd64 build root with the Build-Depends as :arm64 and the arm64 Swift runtime as a Swift SDK
# (tools/arm64/make-root.sh; about 1.7 GB of downloads the first time, then cached under ARM64_ROOT,
# whose usr/lib/aarch64-linux-gnu also serves qemu-user as QEMU_LD_PREFIX). The build works on a copy
# of the checkout under ARM64_SCRATCH with Swift-6.0 copies of three dependencies (tools/arm64/build.sh).
ARM64_ROOT    ?= /var/cache/swipe-kiosk-arm64/root
# The scratch copy is kept beside the root, so a new clone of the same sources (CI) builds only what changed.
ARM64_SCRATCH ?= /var/cache/swipe-kiosk-arm64/scratch
ARM64_HOST_PACKAGES := debootstrap rsync util-linux qemu-user
ARM64_DEB     := swipe-kiosk_*_arm64.deb

arm64-root:
	$(call install_missing,$(ARM64_HOST_PACKAGES))
	tools/arm64/make-root.sh $(ARM64_ROOT)

# The Debian 13 arm64 libraries' root, for QEMU_LD_PREFIX.
print-arm64-root:
	@echo $(ARM64_ROOT)

release-arm64: arm64-root
	tools/arm64/build.sh $(ARM64_ROOT) $(ARM64_SCRATCH) release

# swipe-kiosk_VERSION_arm64.deb here, checked by Debian 13's lintian (in the root) with no error or warning.
deb-arm64: man arm64-root
	tools/arm64/build.sh $(ARM64_ROOT) $(ARM64_SCRATCH) deb
	rm -f $(ARM64_DEB)
	mv $(ARM64_SCRATCH)/$(ARM64_DEB) .
	tools/arm64/in-root.sh $(ARM64_ROOT) lintian --fail-on error,warning --display-info $(CURDIR)/$$(ls $(ARM64_DEB))
	$(call no_window_system,$(ARM64_DEB))

# The fast tests cross-built for aarch64 (Swift 6.0.3, debug) and run under qemu-user as a Cortex-A72
# (a Raspberry Pi 4's core) over the root's libraries and fonts (tools/arm64/test-user.sh: tests that
# need a kernel interface qemu-user lacks skip naming it); the package's binary renders the same
# pictures as this machine's (Tests/arm64/compare-pictures.sh); Debian's arm64 libyuv runs its NEON
# rows (Tests/arm64/libyuv-neon.sh).
ARM64_BUILT := $(ARM64_SCRATCH)/src/.build/aarch64-unknown-linux-gnu
test-arm64-user: deb-arm64 release
	$(call install_missing,python3)
	tools/arm64/build.sh $(ARM64_ROOT) $(ARM64_SCRATCH) tests
	tools/arm64/test-user.sh $(ARM64_ROOT) $(ARM64_BUILT)/debug/SwipeKioskPackageTests.xctest
	Tests/arm64/compare-pictures.sh .build/release/swipe-kiosk $(ARM64_BUILT)/release/swipe-kiosk $(ARM64_ROOT)
	Tests/arm64/libyuv-neon.sh $(ARM64_ROOT) $(ARM64_SCRATCH)/neon

# Then the package under systemd on the emulated arm64 machine (the package's name is known only
# once deb-arm64 has made it, hence the second make).
test-arm64: test-arm64-user
	$(MAKE) e2e-arm64 E2E_ARM64_DEB=$$(ls $(ARM64_DEB))

bench: release
	$(call install_missing,gstreamer1.0-plugins-base gstreamer1.0-plugins-good)
	./.build/release/swipe-kiosk bench

# Memory over a long run with the camera, then over a deck of 30 screens walked end to end, then
# with changing texts and no camera (SOAK_SECONDS, 600 by default), then a reload mid-transition
# must leave the daemon idle (about 19 minutes; not part of `make test`): see Tests/soak/.
SOAK_SECONDS ?= 600
soak: release
	$(call install_missing,python3 dbus-daemon)
	Tests/soak/soak.sh
	SCREENS=30 SWIPES=300 Tests/soak/soak.sh
	DURATION=$(SOAK_SECONDS) Tests/soak/values-soak.sh
	Tests/soak/reload-at-rest.sh

# Resident memory and the first frame onto a screen never shown, for kiosks of 1 to 100 screens at
# 1920x1080 over the pattern camera (release build, about 3 minutes; not part of `make test`):
# see Tests/memory/memory_bench.py.
memory: release
	$(call install_missing,python3)
	Tests/memory/memory_bench.py

# Puts the binary, its manual pages and completions, an example config (never over an existing one) and its picture,
# the unit, the D-Bus policy, the sysusers.d file and the backlight udev rule in place. DESTDIR and PREFIX=/usr: the package.
DOC := $(PREFIX)/share/doc/swipe-kiosk
install: $(MAN_PAGE) $(CONFIG_MAN_PAGE) release install-config
	install -D -m 0755 .build/release/swipe-kiosk $(DESTDIR)$(PREFIX)/bin/swipe-kiosk
	install -D -m 0644 $(MAN_PAGE) $(DESTDIR)$(PREFIX)/share/man/man1/swipe-kiosk.1
	install -D -m 0644 $(CONFIG_MAN_PAGE) $(DESTDIR)$(PREFIX)/share/man/man5/swipe-kiosk.toml.5
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	# bash sources its completions: argument-parser's #! line has no use there.
	$(RUN_BUILT) .build/release/swipe-kiosk --generate-completion-script bash | sed '1{/^#!/d}' > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/swipe-kiosk
	$(RUN_BUILT) .build/release/swipe-kiosk --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_swipe-kiosk
	$(RUN_BUILT) .build/release/swipe-kiosk --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/swipe-kiosk.fish
	install -d $(DESTDIR)$(UNITDIR)
	sed 's|/usr/local/|$(PREFIX)/|g' systemd/swipe-kiosk.service > $(DESTDIR)$(UNITDIR)/swipe-kiosk.service
	install -D -m 0644 systemd/org.swipekiosk.Kiosk1.conf $(DESTDIR)$(DBUSDIR)/org.swipekiosk.Kiosk1.conf
	install -D -m 0644 systemd/swipe-kiosk.sysusers $(DESTDIR)$(PREFIX)/lib/sysusers.d/swipe-kiosk.conf
	install -D -m 0644 systemd/70-swipe-kiosk-backlight.rules $(DESTDIR)$(UDEVDIR)/70-swipe-kiosk-backlight.rules
	install -D -m 0644 README.md $(DESTDIR)$(DOC)/README.md
	install -D -m 0644 -t $(DESTDIR)$(DOC)/docs docs/*.md docs/*.png
	@[ -n "$(DESTDIR)" ] || { systemd-sysusers 2>/dev/null; systemctl daemon-reload 2>/dev/null || true; \
		udevadm trigger --subsystem-match=backlight --action=add 2>/dev/null || true; \
		echo "Installed. Start it with: systemctl enable --now swipe-kiosk"; }

# The web host and its manual page, beside the daemon (which looks for it in its own folder), and the
# unit's drop-in that lets WebKit's GL (Mesa's llvmpipe) have writable and executable memory.
install-web: release-web
	install -D -m 0755 .build/release/swipe-kiosk-web $(DESTDIR)$(PREFIX)/bin/swipe-kiosk-web
	install -D -m 0644 docs/man/swipe-kiosk-web.1 $(DESTDIR)$(PREFIX)/share/man/man1/swipe-kiosk-web.1
	install -D -m 0644 systemd/swipe-kiosk-web.conf $(DESTDIR)$(UNITDIR)/swipe-kiosk.service.d/web.conf

# The example config and its picture side by side in /etc/swipe-kiosk (never over a config or
# picture already there), and the examples with the files they name, as in Config/: a relative
# path in a config is read from its folder, so each passes check-config where it is installed.
# The picture also stays at PREFIX/share/swipe-kiosk/logo.png, where configs installed before named it.
install-config:
	install -d -m 0755 $(DESTDIR)/etc/swipe-kiosk
	[ -e $(DESTDIR)/etc/swipe-kiosk/kiosk.toml ] || install -m 0644 Config/kiosk.toml $(DESTDIR)/etc/swipe-kiosk/kiosk.toml
	[ -e $(DESTDIR)/etc/swipe-kiosk/logo.png ] || install -m 0644 Config/logo.png $(DESTDIR)/etc/swipe-kiosk/logo.png
	install -D -m 0644 Config/logo.png $(DESTDIR)$(PREFIX)/share/swipe-kiosk/logo.png
	install -D -m 0644 -t $(DESTDIR)$(DOC)/examples Config/*.toml Config/logo.png Config/product.avi
	install -D -m 0644 -t $(DESTDIR)$(DOC)/examples/videos Config/videos/*

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/swipe-kiosk $(DESTDIR)$(PREFIX)/share/man/man1/swipe-kiosk.1 \
		$(DESTDIR)$(PREFIX)/bin/swipe-kiosk-web $(DESTDIR)$(PREFIX)/share/man/man1/swipe-kiosk-web.1 \
		$(DESTDIR)$(PREFIX)/share/man/man5/swipe-kiosk.toml.5 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/swipe-kiosk \
		$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_swipe-kiosk \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/swipe-kiosk.fish \
		$(DESTDIR)$(UNITDIR)/swipe-kiosk.service $(DESTDIR)$(UNITDIR)/swipe-kiosk.service.d/web.conf \
		$(DESTDIR)$(DBUSDIR)/org.swipekiosk.Kiosk1.conf \
		$(DESTDIR)$(PREFIX)/lib/sysusers.d/swipe-kiosk.conf \
		$(DESTDIR)$(UDEVDIR)/70-swipe-kiosk-backlight.rules
	rm -rf $(DESTDIR)$(DOC) $(DESTDIR)$(PREFIX)/share/swipe-kiosk

clean:
	rm -rf .build $(FUZZ_SCRATCH) .build-fuzz-runs $(DEMO_OUT) e2e-out e2e-systemd-out e2e-vkms-out e2e-arm64-out swipe-kiosk_*.deb $(ARM64_SCRATCH) debian/swipe-kiosk debian/.debhelper debian/files debian/*.substvars debian/debhelper-build-stamp
