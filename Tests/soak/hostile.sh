#!/bin/sh
# Issue 24's goal (not part of `make test`; a few minutes): the real daemon with each hostile
# shape present under 1,000 SIGHUPs (`SIGHUPS`), checked for `ctl status` within 1 s, watchdog
# gaps under 2 s, RSS under 300 MB, SIGTERM to exit within 2 s, no started process surviving and
# the cause logged once. `SHAPES=1,6a` runs only those. Needs dbus-daemon (a private session bus).
# Shapes M1-M5 (issue 40: MQTT payloads and floods from a mosquitto on the loopback) run when
# mosquitto is installed; `SHAPES=M` runs only them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
SWIPE_KIOSK=${SWIPE_KIOSK:-$root/.build/release/swipe-kiosk}
export SWIPE_KIOSK
exec python3 "$here/hostile.py"
