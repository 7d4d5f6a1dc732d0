#!/bin/sh
# Re-creates the photo tool's vendored MediaPipe files from the npm registry's tarballs: the
# exact files the tool loads (SIMD builds only), their sha256 in manifest.json, and the licence.
# To update, change a version below and run this script from anywhere; then run the tool's tests.
set -eu

FACE_MESH=0.4.1657299874
SELFIE_SEGMENTATION=0.1.1675465747

here=$(cd "$(dirname "$0")/.." && pwd)
target="$here/app/photospecs/site/static/tool/vendor/mediapipe"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fetch() {  # package version file...
  package=$1; version=$2; shift 2
  (cd "$work" && npm pack --silent "@mediapipe/$package@$version" >/dev/null)
  mkdir -p "$work/$package" "$target/$package"
  tar -xzf "$work/mediapipe-$package-$version.tgz" -C "$work/$package"
  rm -f "$target/$package"/*
  for file in "$@"; do
    cp "$work/$package/package/$file" "$target/$package/$file"
    chmod 644 "$target/$package/$file"
  done
}

fetch face_mesh "$FACE_MESH" face_mesh.js face_mesh.binarypb face_mesh_solution_packed_assets_loader.js \
  face_mesh_solution_packed_assets.data face_mesh_solution_simd_wasm_bin.js face_mesh_solution_simd_wasm_bin.wasm
fetch selfie_segmentation "$SELFIE_SEGMENTATION" selfie_segmentation.js selfie_segmentation.binarypb \
  selfie_segmentation.tflite selfie_segmentation_solution_simd_wasm_bin.js selfie_segmentation_solution_simd_wasm_bin.wasm

# Both packages are Apache-2.0 and ship no licence file of their own: the licence text is Debian's copy.
cp /usr/share/common-licenses/Apache-2.0 "$target/LICENSE.txt"

{
  printf '{\n  "packages": {"@mediapipe/face_mesh": "%s", "@mediapipe/selfie_segmentation": "%s"},\n  "sha256": {\n' "$FACE_MESH" "$SELFIE_SEGMENTATION"
  (cd "$target" && sha256sum face_mesh/* selfie_segmentation/*) | awk '{ printf "%s    \"%s\": \"%s\"", (NR > 1 ? ",\n" : ""), $2, $1 } END { printf "\n" }'
  printf '  }\n}\n'
} > "$target/manifest.json"
echo "vendored into $target"
