#!/bin/sh
# Re-creates the photo tool's vendored HEIC/HEIF decoder (libheif with libde265, compiled to
# WebAssembly by the npm package libheif-js) from the npm registry's tarball: the glue script and
# the .wasm it loads, both unmodified, their sha256 in manifest.json, and the licence.
# libheif and libde265 are LGPL-3.0: the files are served apart from our code, byte for byte, and
# can be replaced by another build of the same version (NOTICE.txt says where the sources are).
# To update, change the version below, run this script from anywhere, then run the tool's tests.
set -eu

LIBHEIF_JS=1.23.2

here=$(cd "$(dirname "$0")/.." && pwd)
target="$here/app/photospecs/site/static/tool/vendor/libheif"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent "libheif-js@$LIBHEIF_JS" >/dev/null)
tar -xzf "$work/libheif-js-$LIBHEIF_JS.tgz" -C "$work"
mkdir -p "$target"
rm -f "$target"/*
for file in libheif.js libheif.wasm; do
  cp "$work/package/libheif-wasm/$file" "$target/$file"
  chmod 644 "$target/$file"
done
# The package's own licence file (libheif's: the LGPL-3.0 text) and the GPL-3.0 it supplements.
cp "$work/package/libheif-wasm/LICENSE" "$target/LICENSE.txt"
cp /usr/share/common-licenses/GPL-3 "$target/GPL-3.0.txt"
chmod 644 "$target/LICENSE.txt" "$target/GPL-3.0.txt"

cat > "$target/NOTICE.txt" <<NOTICE
libheif.js and libheif.wasm are taken unmodified from the npm package libheif-js $LIBHEIF_JS
(https://www.npmjs.com/package/libheif-js, sources at https://github.com/catdad-experiments/libheif-js),
an Emscripten build of libheif (https://github.com/strukturag/libheif) with the libde265 HEVC
decoder (https://github.com/strukturag/libde265). Both libraries are licensed under the GNU Lesser
General Public License version 3 (LICENSE.txt), which supplements the GNU General Public License
version 3 (GPL-3.0.txt). The photo tool loads them as separate files, only when a HEIC or HEIF
photo is chosen, and calls them through their public interface: you may replace both files with
your own build of the same version. scripts/update-libheif.sh re-creates them from the package.
NOTICE

{
  printf '{\n  "packages": {"libheif-js": "%s"},\n  "sha256": {\n' "$LIBHEIF_JS"
  (cd "$target" && sha256sum libheif.js libheif.wasm) | awk '{ printf "%s    \"%s\": \"%s\"", (NR > 1 ? ",\n" : ""), $2, $1 } END { printf "\n" }'
  printf '  }\n}\n'
} > "$target/manifest.json"
echo "vendored into $target"
