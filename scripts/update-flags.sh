#!/bin/sh
# Re-creates the site's vendored flags from the npm registry's tarball of flag-icons (MIT): the
# 4:3 SVG of every country the dataset names by ISO code, the EU flag for the Schengen group,
# the package's licence, and the version and sha256 of each file in manifest.json.
# To update, change the version below and run this script from anywhere; then run the site's tests.
set -eu

VERSION=7.5.0

here=$(cd "$(dirname "$0")/.." && pwd)
target="$here/app/photospecs/site/static/flags"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent "flag-icons@$VERSION" >/dev/null)
tar -xzf "$work/flag-icons-$VERSION.tgz" -C "$work"

rm -rf "$target"
mkdir -p "$target"
codes=$(sed -n 's/^iso2 = "\([A-Z][A-Z]\)".*/\1/p' "$here"/dataset/countries/*.toml | tr 'A-Z' 'a-z' | sort -u)
for code in $codes eu; do
  cp "$work/package/flags/4x3/$code.svg" "$target/$code.svg"
  chmod 644 "$target/$code.svg"
done
cp "$work/package/LICENSE" "$target/LICENSE.txt"
chmod 644 "$target/LICENSE.txt"

{
  printf '{\n  "package": "flag-icons",\n  "version": "%s",\n  "sha256": {\n' "$VERSION"
  (cd "$target" && sha256sum ./*.svg LICENSE.txt) | sed 's# \./# #' | awk '{ printf "%s    \"%s\": \"%s\"", (NR > 1 ? ",\n" : ""), $2, $1 } END { printf "\n" }'
  printf '  }\n}\n'
} > "$target/manifest.json"
echo "vendored $(ls "$target"/*.svg | wc -l) flags into $target"
