#!/usr/bin/env bash
# Installs what `npm test` needs beyond node_modules on a fresh machine: Chromium for the browser tests,
# ffmpeg/poppler/espeak for audio and PDF checks, and the Python Whisper peer for the transcription
# contract tests. Idempotent and quiet when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v espeak-ng >/dev/null 2>&1 || need+=(espeak-ng)
command -v sox >/dev/null 2>&1 || need+=(sox)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
    echo "Missing system packages: ${need[*]} (install them with apt-get as root)" >&2
    exit 1
  fi
  SUDO=$([ "$(id -u)" -eq 0 ] && echo "" || echo sudo)
  echo "Installing system packages for the tests: ${need[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# PostgreSQL: the integration tests run against both SQLite and a local PostgreSQL.
if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  if command -v pg_ctlcluster >/dev/null 2>&1; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  fi
fi

if [ -f tests/peers/setup.sh ]; then bash tests/peers/setup.sh; fi
