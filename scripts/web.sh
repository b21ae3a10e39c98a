#!/usr/bin/env bash
# The program as a web page.
#
#   scripts/web.sh build          writes web/: the page (www/), minkowski-lab.wasm, mq_js_bundle.js
#   scripts/web.sh serve [PORT]   serves web/ on http://127.0.0.1:PORT/ (default 8080)
#   scripts/web.sh test           builds, then checks the page in headless Chromium
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
  cargo build --profile web --locked --target "$target"
  local dir="${CARGO_TARGET_DIR:-target}"
  # The loader of the macroquad version in Cargo.lock.
  local manifest
  manifest=$(cargo metadata --format-version 1 --locked |
    python3 -c 'import json, sys
m = json.load(sys.stdin)
print(next(p["manifest_path"] for p in m["packages"] if p["name"] == "macroquad"))')
  mkdir -p "$out"
  cp "$(dirname "$manifest")/js/mq_js_bundle.js" www/index.html www/minkowski-lab.js "$out/"
  local wasm="$dir/$target/web/minkowski-lab.wasm"
  if command -v wasm-opt >/dev/null; then
    # Binaryen's optimiser, where it is installed (Debian: apt-get install binaryen).
    wasm-opt -Os --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
      --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
      "$wasm" -o "$out/minkowski-lab.wasm"
  else
    cp "$wasm" "$out/"
  fi
  local size
  size=$(wc -c <"$out/minkowski-lab.wasm")
  echo "wrote $out/ (minkowski-lab.wasm: $size bytes; gzipped: $(gzip -9c "$out/minkowski-lab.wasm" | wc -c) bytes)"
}

serve() {
  local port="${1:-8080}"
  [ -e "$out/index.html" ] || { echo "no $out/index.html: run scripts/web.sh build first" >&2; exit 1; }
  echo "serving $out/ on http://127.0.0.1:$port/ (Ctrl+C stops)"
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out"
}

# The page in headless Chromium (tests/browser/web_page.py): built first, served on
# 127.0.0.1 by the test itself. Needs Debian's chromium and python3-websocket.
test_page() {
  build
  local py=python3
  if ! python3 -c "import websocket" 2>/dev/null && [ -x /usr/bin/python3 ]; then
    py=/usr/bin/python3
  fi
  exec "$py" tests/browser/web_page.py "$out"
}

case "${1:-}" in
  build) build ;;
  serve) shift; serve "$@" ;;
  test) test_page ;;
  *) echo "usage: scripts/web.sh build | scripts/web.sh serve [PORT] | scripts/web.sh test" >&2; exit 2 ;;
esac
