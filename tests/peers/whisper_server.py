"""A thin OpenAI-compatible speech-to-text server on faster-whisper, for tests and benchmarks only.

    python whisper_server.py --model-dir DIR [--port 0] [--threads 2] [--compute-type int8] [--beam-size 5]

Implements POST /v1/audio/transcriptions (multipart: file, model, language, prompt, response_format
json|text|verbose_json, temperature) the way OpenAI's API answers, GET /v1/models and GET /health.
Prints "LISTENING <port>" on stdout once the model is loaded, so a test can start it on port 0.
Standard library only, apart from faster-whisper itself.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import threading
import time
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from faster_whisper import WhisperModel

# OpenAI's verbose_json names the language in English words; the few we need plus a fallback.
LANGUAGE_NAMES = {"af": "afrikaans", "en": "english", "nl": "dutch", "de": "german"}

MAX_UPLOAD = 26 * 1024 * 1024  # OpenAI's limit is 25 MB; a little slack for the multipart envelope.


def parse_multipart(content_type: str, body: bytes) -> dict[str, tuple[bytes, str | None]]:
    message = BytesParser(policy=HTTP).parsebytes(
        b"Content-Type: " + content_type.encode("latin-1") + b"\r\nMIME-Version: 1.0\r\n\r\n" + body
    )
    fields: dict[str, tuple[bytes, str | None]] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if name:
            fields[str(name)] = (part.get_payload(decode=True) or b"", part.get_filename())
    return fields


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address, model: WhisperModel, args: argparse.Namespace):
        super().__init__(address, Handler)
        self.model = model
        self.args = args
        # CTranslate2 already uses every thread we give it; one transcription at a time keeps RTF honest.
        self.lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    server: Server
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt: str, *args) -> None:  # quiet unless asked
        if self.server.args.verbose:
            sys.stderr.write("[whisper-peer] " + fmt % args + "\n")

    def send_json(self, status: int, payload: object, extra: dict[str, str] | None = None) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(data)

    def error(self, status: int, message: str) -> None:
        self.send_json(status, {"error": {"message": message, "type": "invalid_request_error"}})

    def do_GET(self) -> None:
        if self.path == "/health":
            self.send_json(200, {"ok": True})
        elif self.path == "/v1/models":
            self.send_json(200, {"object": "list", "data": [{"id": self.server.args.model_name, "object": "model"}]})
        else:
            self.error(404, "not found")

    def do_POST(self) -> None:
        if self.path.rstrip("/") != "/v1/audio/transcriptions":
            self.error(404, "not found")
            return
        length = int(self.headers.get("Content-Length") or 0)
        if length <= 0 or length > MAX_UPLOAD:
            self.rfile.read(length) if 0 < length <= 64 * 1024 * 1024 else None
            self.error(413 if length > MAX_UPLOAD else 400, "request body missing or larger than 25 MB")
            return
        body = self.rfile.read(length)
        try:
            fields = parse_multipart(self.headers.get("Content-Type", ""), body)
        except Exception as exc:  # malformed multipart is the client's fault
            self.error(400, f"bad multipart body: {exc}")
            return
        if "file" not in fields or not fields["file"][0]:
            self.error(400, "file is required")
            return

        def text_field(name: str) -> str | None:
            value = fields.get(name)
            return value[0].decode("utf-8").strip() if value and value[0] else None

        response_format = text_field("response_format") or "json"
        language = text_field("language")
        prompt = text_field("prompt")
        # OpenAI falls back to higher temperatures when temperature is 0 or absent; here an explicit
        # temperature is taken as is (cheaper on 2 cores) and only an absent one gets the fallback ladder.
        temperature_field = text_field("temperature")
        started = time.perf_counter()
        try:
            with self.server.lock:
                segments_iter, info = self.server.model.transcribe(
                    io.BytesIO(fields["file"][0]),
                    language=language,
                    initial_prompt=prompt,
                    beam_size=self.server.args.beam_size,
                    temperature=float(temperature_field) if temperature_field else [0.0, 0.2, 0.4, 0.6, 0.8, 1.0],
                    condition_on_previous_text=False,
                    vad_filter=False,
                )
                segments = list(segments_iter)
        except Exception as exc:  # undecodable audio and the like
            self.error(400, f"could not transcribe audio: {exc}")
            return
        compute = time.perf_counter() - started
        text = "".join(s.text for s in segments).strip()
        headers = {"X-Compute-Seconds": f"{compute:.3f}"}
        if response_format == "text":
            data = text.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("X-Compute-Seconds", headers["X-Compute-Seconds"])
            self.end_headers()
            self.wfile.write(data)
        elif response_format == "verbose_json":
            self.send_json(
                200,
                {
                    "task": "transcribe",
                    "language": LANGUAGE_NAMES.get(info.language, info.language),
                    "duration": info.duration,
                    "text": text,
                    "segments": [
                        {
                            "id": i,
                            "seek": s.seek,
                            "start": s.start,
                            "end": s.end,
                            "text": s.text,
                            "tokens": list(s.tokens),
                            "temperature": s.temperature,
                            "avg_logprob": s.avg_logprob,
                            "compression_ratio": s.compression_ratio,
                            "no_speech_prob": s.no_speech_prob,
                        }
                        for i, s in enumerate(segments)
                    ],
                },
                headers,
            )
        else:
            self.send_json(200, {"text": text}, headers)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--model-dir", required=True)
    parser.add_argument("--model-name", default="whisper-base")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--compute-type", default="int8")
    parser.add_argument("--beam-size", type=int, default=5)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    model = WhisperModel(args.model_dir, device="cpu", compute_type=args.compute_type, cpu_threads=args.threads)
    server = Server((args.host, args.port), model, args)
    print(f"LISTENING {server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
