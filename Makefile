# SwipeKiosk: `make demo` and `make test` set up a fresh Debian machine and run.
# Each target installs the Debian packages it needs when they are missing (apt-get; sudo when not root).

SWIFT        ?= swift
PREFIX       ?= /usr/local
# systemd reads units from /usr/local/lib/systemd/system too; debian/rules sets its own.
UNITDIR      ?= $(PREFIX)/lib/systemd/system
# dbus-daemon reads system bus policies from /usr/share and /etc only, whatever the PREFIX.
DBUSDIR      ?= /usr/share/dbus-1/system.d
DEMO_OUT     ?= demo-out
# The systemd VM's Debian root file system (debootstrap), built once and reused until deleted.
VM_CACHE     ?= /var/cache/swipe-kiosk-e2e
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# What building and running needs: the -dev packages behind the system-library targets and a font.
BUILD_PACKAGES := pkg-config libdrm-dev libevdev-dev libpixman-1-dev libcairo2-dev \
                  libturbojpeg0-dev libsystemd-dev libgif-dev fonts-dejavu-core
# What the end-to-end run needs besides: a VM with a Debian kernel, and tools to put in it.
E2E_PACKAGES   := qemu-system-x86 linux-image-amd64 busybox-static evemu-tools socat cpio kmod python3
# What building the Debian package needs: Debian's packaging tools and its checker.
DEB_PACKAGES   := debhelper dpkg-dev devscripts lintian fakeroot
# What the systemd VM needs besides: debootstrap for its root file system, mkfs.ext4 for its disk.
E2E_SYSTEMD_PACKAGES := qemu-system-x86 debootstrap e2fsprogs python3

.PHONY: all deps build release man demo test unit-test e2e e2e-self-test e2e-systemd deb bench install uninstall clean

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

# The Swift runtime is linked in, so the binary runs where no toolchain is installed (a package, a VM).
release: deps
	$(SWIFT) build -c release --static-swift-stdlib --product swipe-kiosk

# The manual page, from the command's own help (swift-argument-parser's generate-manual plugin).
# The plugin builds in debug (as `make build` does): a release build without --static-swift-stdlib
# would make the next `release` compile everything again.
MAN_PAGE := .build/man/swipe-kiosk.1
man: $(MAN_PAGE)
$(MAN_PAGE): $(shell find Sources/swipe-kiosk -name '*.swift') | deps
	$(SWIFT) package plugin generate-manual --configuration debug
	install -D -m 0644 .build/plugins/GenerateManual/outputs/swipe-kiosk/swipe-kiosk.1 $@

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

# A Debian root file system with systemd as PID 1 in QEMU, the package installed in it; see
# Tests/e2e-systemd/run.sh. The first run makes the root file system under $(VM_CACHE).
e2e-systemd: deb
	$(call install_missing,$(E2E_SYSTEMD_PACKAGES))
	VM_CACHE=$(VM_CACHE) Tests/e2e-systemd/run.sh swipe-kiosk_*.deb

test: unit-test e2e e2e-systemd

# swipe-kiosk_VERSION_ARCH.deb in this directory, built by debhelper (debian/) through `make install`.
# The Build-Depends list only Debian packages: the Swift toolchain comes from PATH, not from dpkg.
deb: deps
	$(call install_missing,$(DEB_PACKAGES))
	rm -f swipe-kiosk_*.deb
	dpkg-buildpackage --build=binary --no-sign
	mv ../swipe-kiosk_$$(dpkg-parsechangelog -S Version)_$$(dpkg-architecture -q DEB_HOST_ARCH).deb .
	rm -f ../swipe-kiosk_$$(dpkg-parsechangelog -S Version)_*.buildinfo ../swipe-kiosk_$$(dpkg-parsechangelog -S Version)_*.changes
	lintian --fail-on error swipe-kiosk_*.deb

bench: release
	./.build/release/swipe-kiosk bench

# Puts the binary, its manual page and completions, an example config (never over an existing one),
# the unit, the D-Bus policy and the sysusers.d file in place. DESTDIR and PREFIX=/usr: the package.
DOC := $(PREFIX)/share/doc/swipe-kiosk
install: $(MAN_PAGE) release
	install -D -m 0755 .build/release/swipe-kiosk $(DESTDIR)$(PREFIX)/bin/swipe-kiosk
	install -D -m 0644 $(MAN_PAGE) $(DESTDIR)$(PREFIX)/share/man/man1/swipe-kiosk.1
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	# bash sources its completions: argument-parser's #! line has no use there.
	.build/release/swipe-kiosk --generate-completion-script bash | sed '1{/^#!/d}' > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/swipe-kiosk
	.build/release/swipe-kiosk --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_swipe-kiosk
	.build/release/swipe-kiosk --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/swipe-kiosk.fish
	install -d -m 0755 $(DESTDIR)/etc/swipe-kiosk
	[ -e $(DESTDIR)/etc/swipe-kiosk/kiosk.toml ] || install -m 0644 Config/kiosk.toml $(DESTDIR)/etc/swipe-kiosk/kiosk.toml
	install -d $(DESTDIR)$(UNITDIR)
	sed 's|/usr/local/|$(PREFIX)/|g' systemd/swipe-kiosk.service > $(DESTDIR)$(UNITDIR)/swipe-kiosk.service
	install -D -m 0644 systemd/org.swipekiosk.Kiosk1.conf $(DESTDIR)$(DBUSDIR)/org.swipekiosk.Kiosk1.conf
	install -D -m 0644 systemd/swipe-kiosk.sysusers $(DESTDIR)$(PREFIX)/lib/sysusers.d/swipe-kiosk.conf
	install -D -m 0644 README.md $(DESTDIR)$(DOC)/README.md
	install -D -m 0644 -t $(DESTDIR)$(DOC)/examples Config/*.toml
	@[ -n "$(DESTDIR)" ] || { systemd-sysusers 2>/dev/null; systemctl daemon-reload 2>/dev/null || true; \
		echo "Installed. Start it with: systemctl enable --now swipe-kiosk"; }

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/swipe-kiosk $(DESTDIR)$(PREFIX)/share/man/man1/swipe-kiosk.1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/swipe-kiosk \
		$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_swipe-kiosk \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/swipe-kiosk.fish \
		$(DESTDIR)$(UNITDIR)/swipe-kiosk.service \
		$(DESTDIR)$(DBUSDIR)/org.swipekiosk.Kiosk1.conf \
		$(DESTDIR)$(PREFIX)/lib/sysusers.d/swipe-kiosk.conf
	rm -rf $(DESTDIR)$(DOC)

clean:
	rm -rf .build $(DEMO_OUT) e2e-out e2e-systemd-out swipe-kiosk_*.deb debian/swipe-kiosk debian/.debhelper debian/files debian/*.substvars debian/debhelper-build-stamp
