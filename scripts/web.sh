#!/usr/bin/env bash
# The program as a web page.
#
#   scripts/web.sh build          writes web/: index.html, minkowski-lab.wasm, mq_js_bundle.js
#   scripts/web.sh serve [PORT]   serves web/ on http://127.0.0.1:PORT/ (default 8080)
#
# The build needs the wasm32 target (`rustup target add wasm32-unknown-unknown`, done here when
# rustup is there); serving needs python3. The loader is the one that ships in the macroquad
# crate (its js/ folder), so nothing is fetched from outside the package registries.
set -euo pipefail
cd "$(dirname "$0")/.."

target=wasm32-unknown-unknown
out=web

build() {
  if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx "$target"; then
    rustup target add "$target"
  fi
  cargo build --release --locked --target "$target"
  local dir="${CARGO_TARGET_DIR:-target}"
  # The loader of the macroquad version in Cargo.lock.
  local manifest
  manifest=$(cargo metadata --format-version 1 --locked |
    python3 -c 'import json, sys
m = json.load(sys.stdin)
print(next(p["manifest_path"] for p in m["packages"] if p["name"] == "macroquad"))')
  mkdir -p "$out"
  cp "$dir/$target/release/minkowski-lab.wasm" "$out/"
  cp "$(dirname "$manifest")/js/mq_js_bundle.js" "$out/"
  cat >"$out/index.html" <<'HTML'
<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="description" content="minkowski-lab: collision detection shown in the world and in configuration space, side by side.">
  <title>minkowski-lab: collision detection, seen</title>
  <style>
    html, body { margin: 0; padding: 0; width: 100%; height: 100%; overflow: hidden; background: #fafaf7; }
    canvas { margin: 0; padding: 0; width: 100%; height: 100%; position: absolute; outline: none; }
  </style>
</head>
<body>
  <noscript>minkowski-lab shows collision detection in the world and in configuration space; it needs JavaScript and WebGL.</noscript>
  <canvas id="glcanvas" tabindex="1"></canvas>
  <script src="mq_js_bundle.js"></script>
  <script>load("minkowski-lab.wasm");</script>
</body>
</html>
HTML
  local size
  size=$(wc -c <"$out/minkowski-lab.wasm")
  echo "wrote $out/ (minkowski-lab.wasm: $size bytes)"
}

serve() {
  local port="${1:-8080}"
  [ -e "$out/index.html" ] || { echo "no $out/index.html: run scripts/web.sh build first" >&2; exit 1; }
  echo "serving $out/ on http://127.0.0.1:$port/ (Ctrl+C stops)"
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out"
}

case "${1:-}" in
  build) build ;;
  serve) shift; serve "$@" ;;
  *) echo "usage: scripts/web.sh build | scripts/web.sh serve [PORT]" >&2; exit 2 ;;
esac
