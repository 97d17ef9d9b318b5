#!/bin/sh
# Rasterises the PWA icons into public/icons/ (needs Debian's librsvg2-bin for rsvg-convert).
set -eu
here=$(dirname "$0")
out="$here/../../public/icons"
cp "$here/logo.svg" "$out/favicon.svg"
rsvg-convert -w 192 -h 192 "$here/logo.svg" -o "$out/icon-192.png"
rsvg-convert -w 512 -h 512 "$here/logo.svg" -o "$out/icon-512.png"
rsvg-convert -w 512 -h 512 "$here/maskable.svg" -o "$out/maskable-512.png"
rsvg-convert -w 180 -h 180 "$here/maskable.svg" -o "$out/apple-touch-icon.png"
