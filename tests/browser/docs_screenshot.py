"""Make docs/review.png: the review page of the bundled example notes, in headless Chromium.

    .venv/bin/python tests/browser/docs_screenshot.py [OUT.png] [--doc letter]

De-identifies examples/notes with surrogates (a fixed demo key), scores the found
spans against examples/gold.jsonl on the review page, opens it and saves a
screenshot of one note. Everything happens in a temporary folder.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from browser.chromium import chromium, missing, wait_for  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def phisift(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "phisift.cli", *args], check=True, cwd=ROOT)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", default=str(ROOT / "docs" / "review.png"))
    ap.add_argument("--doc", default="letter", help="document to show")
    ap.add_argument("--width", type=int, default=1440)
    ap.add_argument("--height", type=int, default=900)
    args = ap.parse_args()
    reason = missing()
    if reason:
        print(f"cannot take the screenshot: {reason}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="phisift-shot-") as tmp:
        t = Path(tmp)
        # a fixed, public demo key: the same surrogates every time the picture is redone
        (t / "demo.key").write_text("phisift-docs-screenshot-demo-key-not-a-secret\n", encoding="utf-8")
        phisift("deid", "examples/notes", str(t / "deid.jsonl"), "--mode", "surrogate", "--key-file", str(t / "demo.key"),
                "--store", str(t / "store.sqlite"), "--spans", str(t / "found.jsonl"))
        phisift("review", "examples/gold.jsonl", "--pred", str(t / "found.jsonl"), "--deid", str(t / "deid.jsonl"),
                "-o", str(t / "review"), "--title", "phisift review · bundled example notes")
        with chromium(args.width, args.height) as driver:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": args.width, "height": args.height, "deviceScaleFactor": 1, "mobile": False})
            driver.get((t / "review" / "index.html").as_uri() + f"#doc={args.doc}")
            wait_for(driver, f"document.getElementById('doc-title').textContent === '{args.doc}' && "
                             "document.querySelectorAll('#text-deid .hl').length > 0")
            Path(args.out).parent.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(args.out)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
