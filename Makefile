# SwipeKiosk: `make demo` and `make test` set up a fresh Debian machine and run.
# Each target installs the Debian packages it needs when they are missing (apt-get; sudo when not root).

SWIFT        ?= swift
PREFIX       ?= /usr/local
DEMO_OUT     ?= demo-out
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# What building and running needs: the -dev packages behind the system-library targets and a font.
BUILD_PACKAGES := pkg-config libdrm-dev libevdev-dev libpixman-1-dev libcairo2-dev \
                  libturbojpeg0-dev libsystemd-dev libgif-dev fonts-dejavu-core

.PHONY: all deps build release demo test unit-test bench install clean

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

test: unit-test

bench: release
	./.build/release/swipe-kiosk bench

clean:
	rm -rf .build $(DEMO_OUT)
