"""A real browser for the report tests: headless Chromium from the command line, and a small PNG
reader to look at its screenshots (no imaging library needed)."""
from __future__ import annotations

import os
import shutil
import struct
import subprocess
import tempfile
import zlib
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars"]


def chromium() -> str | None:
    """The Chromium executable, if one is installed."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def run(url: str, *extra: str, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium on ``url`` with console logging on stderr."""
    exe = chromium()
    assert exe is not None
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run([exe, *FLAGS, f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0",
                               *extra, url], capture_output=True, text=True, timeout=timeout,
                              env={**os.environ, "HOME": profile})


def console_errors(stderr: str) -> list[str]:
    """Console messages and failed loads that Chromium logged for the page."""
    bad = ("Uncaught", "Failed to load resource", "ERR_FILE_NOT_FOUND", "Refused to")
    return [line for line in stderr.splitlines() if "CONSOLE" in line or any(b in line for b in bad)
            if any(b in line for b in bad) or ":ERROR:CONSOLE" in line]


def screenshot(path: Path, png: Path, width: int, height: int) -> subprocess.CompletedProcess[str]:
    """Take a screenshot of the file ``path`` in a window of ``width`` x ``height``."""
    return run(path.resolve().as_uri(), f"--screenshot={png}", f"--window-size={width},{height}")


def read_png(path: Path) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of pixels (RGB or RGBA bytes) of an 8-bit non-interlaced PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0, "only 8-bit non-interlaced PNGs"
            channels = {2: 3, 6: 4, 0: 1, 4: 2}[colour]
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows


def distinct_colours(rows: list[bytes], channels: int, step: int = 3) -> int:
    """How many distinct colours a sample of the pixels has (every ``step``-th pixel of every
    ``step``-th row)."""
    seen = set()
    for row in rows[::step]:
        for i in range(0, len(row), channels * step):
            seen.add(row[i:i + 3])
    return len(seen)
