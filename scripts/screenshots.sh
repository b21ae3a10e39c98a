#!/usr/bin/env bash
# Makes screenshots/<scene>.png for every scenes/<scene>.json with the real window
# (`minkowski-lab render`, default size), and deletes screenshots whose scene is gone.
# Without a display it runs itself again under a virtual X server (xvfb-run). Re-run it after
# changing the renderer, a figure or a scene; commit what changed.
#
#   scripts/screenshots.sh               every scene
#   scripts/screenshots.sh obb_vs_obb    only these scenes (file stems)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${DISPLAY:-}" ]; then
  command -v xvfb-run >/dev/null || {
    echo "no DISPLAY and no xvfb-run (apt-get install xvfb libgl1-mesa-dri)" >&2
    exit 1
  }
  # The X screen must be at least as large as the picture (1400x860).
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi

cargo build --release --quiet
bin="${CARGO_TARGET_DIR:-target}/release/minkowski-lab"
mkdir -p screenshots

if [ "$#" -gt 0 ]; then
  scenes=()
  for stem in "$@"; do scenes+=("scenes/$stem.json"); done
else
  scenes=(scenes/*.json)
  # A screenshot whose scene no longer exists goes.
  for png in screenshots/*.png; do
    [ -e "$png" ] || continue
    stem=$(basename "$png" .png)
    if [[ "$stem" != extra_* ]] && [ ! -e "scenes/$stem.json" ]; then
      echo "removing $png (no scenes/$stem.json)"
      rm -f "$png"
    fi
  done
fi

# The step that tells most, for scenes whose first step is not it (`render --step`, from 1):
# the simplex as a segment or an enclosing triangle, the polytope grown, the radii subtracted.
declare -A telling_step=(
  [gjk_polygons_apart]=2
  [gjk_boxes_touching]=3
  [gjk_segment_through_origin]=2
  [gjk_circle_vs_capsule]=2
  [epa_polygons_overlapping]=2
  [epa_capsule_through_box]=2
)

# Pictures of what the window adds to a scene's own picture: a moment of the motion, and
# configuration space as A - B. Name, then the scene (stem) and render's options.
extras=(
  "moment_capsules_turning capsule_vs_capsule_apart --time 0.4"
  "convention_gjk_a_minus_b gjk_polygons_apart --step 2 --convention a-b"
)

failed=0
if [ "$#" -eq 0 ]; then
  for extra in "${extras[@]}"; do
    read -r name stem options <<<"$extra"
    # shellcheck disable=SC2086 # the options are words
    if "$bin" render "scenes/$stem.json" $options -o "screenshots/extra_$name.png"; then
      echo "wrote screenshots/extra_$name.png"
    else
      echo "FAILED: $name" >&2
      failed=1
    fi
  done
fi
for scene in "${scenes[@]}"; do
  stem=$(basename "$scene" .json)
  out="screenshots/$stem.png"
  step=()
  if [ -n "${telling_step[$stem]:-}" ]; then step=(--step "${telling_step[$stem]}"); fi
  if "$bin" render "$scene" "${step[@]}" -o "$out"; then
    echo "wrote $out"
  else
    echo "FAILED: $scene" >&2
    failed=1
  fi
done
exit "$failed"
