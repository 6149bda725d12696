# The web phase (issue 39), sourced by checks.sh last: the swipe-kiosk-web package is installed beside
# the panel's (run.sh), with its drop-in for the unit. A config of one screen that is one web page
# (web.html: a cyan button over the whole page that turns magenta when tapped) on the first head,
# under the packaged unit and drop-in: the host screendumps it, then a uinput tap in the middle.
phase web
check web-drop-in-from-package sh -c 'systemctl show -P DropInPaths swipe-kiosk; dpkg -S /lib/systemd/system/swipe-kiosk.service.d/web.conf; systemctl show -P MemoryDenyWriteExecute swipe-kiosk | grep -x no'
install -D -m 644 $here/web.html /etc/swipe-kiosk/web/e2e.html
cat > $config <<'TOML'
[display]
backend = "drm"
mode = "800x600"

[[screen]]
name = "page"
background = "#101010"

  [[screen.element]]
  type = "web"
  x = 0
  y = 0
  width = 800
  height = 600
  url = "file:///etc/swipe-kiosk/web/e2e.html"
  max-fps = 30
TOML
check web-config-passes-check swipe-kiosk check-config $config
since=$(date '+%Y-%m-%d %H:%M:%S')
systemctl restart swipe-kiosk
wait_for 120 test "$(property ActiveState)" = active
check web-host-started wait_for 120 sh -c 'pgrep -a -f swipe-kiosk-web && pgrep -a WPEWebProcess'
# The emulated guest (TCG, one CPU) takes its time over WebKit's first load and paint.
sleep 60
check web-status-names-host sh -c "journalctl -u swipe-kiosk --since '$since' --no-pager -o cat | grep '^ready:.*web: host running, 1 page'"
check web-drawn-with-llvmpipe sh -c "! journalctl -u swipe-kiosk --since '$since' --no-pager -o cat | grep -iE 'softpipe|web process went|did not load|EGL'"
screendump 13-web-page
evemu-play "$touchscreen" < $here/tap-middle.events
sleep 20
screendump 14-web-page-tapped
echo "=== E2E-BEGIN web.log ==="; journalctl -u swipe-kiosk --since "$since" --no-pager -o cat | grep -iE 'web|wpe|mesa|egl'; echo "=== E2E-END web.log ==="
