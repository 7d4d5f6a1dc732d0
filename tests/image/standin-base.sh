#!/usr/bin/env bash
# Makes a stand-in for the official python:3.11-slim-bookworm image where no container registry
# can be reached: a Debian bookworm root from Debian's own packages (debootstrap), with Python in
# a venv on PATH the way the official image has it on /usr/local, imported into podman.
#
#   tests/image/standin-base.sh [TAG]     # prints the tag; default localhost/photospecs-base:bookworm
#
# The root's tarball is cached (PHOTOSPECS_IMAGE_CACHE, default /var/cache/photospecs-image), so a
# machine that keeps it pays for debootstrap once; podman keeps the imported image between runs too.
set -euo pipefail
tag=${1:-localhost/photospecs-base:bookworm}
cache=${PHOTOSPECS_IMAGE_CACHE:-/var/cache/photospecs-image}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
tarball="$cache/bookworm-python.tar"

if podman image exists "$tag"; then
  echo "$tag"
  exit 0
fi
mkdir -p "$cache"
if [ ! -s "$tarball" ]; then
  root=$(mktemp -d)
  trap 'rm -rf "$root"' EXIT
  debootstrap --variant=minbase --include=python3,python3-venv,python3-pip,ca-certificates \
    bookworm "$root" "$mirror" >&2
  # The official image's pip lives beside its python; a venv gives the same (and keeps Debian's
  # own python packages out of the way of the locked ones).
  chroot "$root" python3 -m venv /opt/python >&2
  # Trust what this machine trusts (a local CA, as behind a proxy that inspects TLS), so the
  # image build reaches the package index the way the machine's own pip does.
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
    chroot "$root" update-ca-certificates >&2
  fi
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  tar -C "$root" -cf "$tarball.part" . && mv "$tarball.part" "$tarball"
fi
podman import \
  --change 'ENV PATH=/opt/python/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV LANG=C.UTF-8' \
  --change 'ENV PIP_CERT=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["python3"]' \
  "$tarball" "$tag" >&2
echo "$tag"
