#!/usr/bin/env bash
# Installs what the tests need beyond the .NET SDK: PostgreSQL (database scenarios), Chromium (HTML report), tmux
# (the terminal-width test drives `diagnose` on a pty of 80 and 140 columns),
# Prometheus (a real server scrapes `watch --metrics`), and AFL++ with SharpFuzz's instrumenter (the short fuzz).
# Safe to run again: it installs only what is missing.
set -euo pipefail

need=()
command -v /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v /usr/bin/prometheus >/dev/null 2>&1 || need+=(prometheus)
command -v afl-fuzz >/dev/null 2>&1 || need+=(afl++)
command -v tmux >/dev/null 2>&1 || need+=(tmux)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
# The tests start their own Prometheus on loopback; Debian's package would also start a system one on :9090.
if [[ " ${need[*]:-} " == *" prometheus "* ]] && command -v systemctl >/dev/null 2>&1; then
  $SUDO systemctl disable --now prometheus >/dev/null 2>&1 || true
fi
# SharpFuzz's command-line instrumenter, the version the fuzz project's SharpFuzz package matches.
if [ ! -x "$HOME/.dotnet/tools/sharpfuzz" ]; then
  dotnet tool install -g SharpFuzz.CommandLine --version 2.3.0 >/dev/null
fi
