#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring (a real Secret Service), so the
# keychain tests can use keytar on a headless Linux box:   bash scripts/with-keyring.sh npm test
# Needs: dbus (dbus-run-session), gnome-keyring. HOME and XDG_RUNTIME_DIR point at throw-away folders so the
# keyring is fresh and nothing touches your real one; npm keeps its usual cache and config.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/with-keyring.sh <command> [args...]" >&2
  exit 2
fi
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring: '$tool' not found. On Debian/Ubuntu: sudo apt-get install dbus gnome-keyring libsecret-tools" >&2
    exit 1
  fi
done

# npm's cache/config live under the real HOME: keep them there.
export npm_config_cache="${npm_config_cache:-$(npm config get cache 2>/dev/null || echo "$HOME/.npm")}"
export npm_config_userconfig="${npm_config_userconfig:-$HOME/.npmrc}"
export WITH_KEYRING_REAL_HOME="$HOME"

exec dbus-run-session -- bash -c '
  set -euo pipefail
  HOME=$(mktemp -d) XDG_RUNTIME_DIR=$(mktemp -d)
  export HOME XDG_RUNTIME_DIR
  chmod 700 "$XDG_RUNTIME_DIR"
  trap "rm -rf \"\$HOME\" \"\$XDG_RUNTIME_DIR\"" EXIT
  # Starts the daemon with a login keyring unlocked by password "pw"; it prints env lines we do not need
  # (the daemon registers on this session bus).
  echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  "$@"
' with-keyring "$@"
