#!/bin/sh
# Re-creates the site's vendored flags from the npm registry's tarball of flag-icons (MIT): the
# 4:3 SVG of every country the dataset names by ISO code, the EU flag for the Schengen group,
# the package's licence, and the version and sha256 of each file in manifest.json.
# Each flag is also drawn once as a 60x45 PNG (three times the 20x15 pixels a list shows) by
# resvg (@resvg/resvg-js, MPL-2.0, run here and never shipped): a list of 195 SVG flags cost
# the browser a second of CPU to render (coats of arms of 40-180 KB each), the PNGs a fraction.
# Headings, which show one flag larger, keep the SVG.
# To update, change a version below and run this script from anywhere; then run the site's tests.
set -eu

VERSION=7.5.0
RESVG=2.6.2
WIDTH=60

here=$(cd "$(dirname "$0")/.." && pwd)
target="$here/app/photospecs/site/static/flags"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent "flag-icons@$VERSION" >/dev/null)
tar -xzf "$work/flag-icons-$VERSION.tgz" -C "$work"
(cd "$work" && npm install --silent --no-save --no-package-lock "@resvg/resvg-js@$RESVG" >/dev/null)

rm -rf "$target"
mkdir -p "$target"
codes=$(sed -n 's/^iso2 = "\([A-Z][A-Z]\)".*/\1/p' "$here"/dataset/countries/*.toml | tr 'A-Z' 'a-z' | sort -u)
for code in $codes eu; do
  cp "$work/package/flags/4x3/$code.svg" "$target/$code.svg"
done
cat > "$work/draw.cjs" <<'JS'
const { Resvg } = require("@resvg/resvg-js");
const fs = require("node:fs");
const [folder, width] = process.argv.slice(2);
for (const name of fs.readdirSync(folder).filter((file) => file.endsWith(".svg"))) {
  const drawn = new Resvg(fs.readFileSync(`${folder}/${name}`), { fitTo: { mode: "width", value: Number(width) } }).render();
  fs.writeFileSync(`${folder}/${name.slice(0, -4)}.png`, drawn.asPng());
}
JS
(cd "$work" && node draw.cjs "$target" "$WIDTH")
cp "$work/package/LICENSE" "$target/LICENSE.txt"
chmod 644 "$target"/*

{
  printf '{\n  "package": "flag-icons",\n  "version": "%s",\n' "$VERSION"
  printf '  "png": {"drawn by": "@resvg/resvg-js", "version": "%s", "width": %s},\n' "$RESVG" "$WIDTH"
  printf '  "sha256": {\n'
  (cd "$target" && sha256sum ./*.svg ./*.png LICENSE.txt) | sed 's# \./# #' | awk '{ printf "%s    \"%s\": \"%s\"", (NR > 1 ? ",\n" : ""), $2, $1 } END { printf "\n" }'
  printf '  }\n}\n'
} > "$target/manifest.json"
echo "vendored $(ls "$target"/*.svg | wc -l) flags into $target, each as SVG and PNG"
