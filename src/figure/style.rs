//! The figures' style table: every pixel size, label offset and alpha a figure uses, and the
//! few lengths of helper marks in world units, each named for what it draws. Colours are in
//! [`crate::palette`]; this file says how thick, how big, how faint and where.
//!
//! Widths and dot sizes are in pixels (the renderer keeps them constant under zoom); a label
//! offset is in pixels right and down from its anchor; an alpha is 0 (invisible) to 255.
//!
//! A demo's own lines follow one scale of emphasis: [`ANSWER_WIDTH`] for what the demo finds,
//! [`CONSTRUCTION_WIDTH`] for the steps that lead to it, [`HELPER_WIDTH`] for lines that
//! explain them and [`GUIDE_WIDTH`] for faint background guides. Marks that mean the same share
//! a name even across demos, so a style change is made here once; marks that mean different
//! things have different names even where the numbers agree.

// Shapes: the bodies, their outlines at other times and places.

/// Arcs of rounded outlines are drawn in steps of at most this many radians.
pub const ARC_STEP: f64 = 0.08;
/// Outline width of a body (and of a body's solid outline at another time, such as A′).
pub const BODY_WIDTH: f32 = 2.0;
/// Alpha of a body's fill (scaled with the body's own alpha).
pub const BODY_FILL_ALPHA: u8 = 45;
/// A mark at full strength: the `alpha` argument of the body, outline and MD marks.
pub const OPAQUE: u8 = 255;
/// A body's dashed outline at another time (A′ of the casts, the next estimate, `t = 0`).
pub const DASHED_BODY_WIDTH: f32 = 1.5;
/// A body moved to where a demo's answer puts it (A after the push-out, B after the exit
/// vector, A at SAT's exact first contact), dashed.
pub const MOVED_BODY_WIDTH: f32 = 2.0;
/// A bounding box round a body, dashed.
pub const BOUNDING_BOX_WIDTH: f32 = 1.5;
/// A concave outline as the file gives it, dashed round the hull that collides.
pub const GIVEN_OUTLINE_WIDTH: f32 = 1.5;
/// The core of a rounded body (what GJK and EPA measure), dashed inside its outline.
pub const CORE_WIDTH: f32 = 1.5;

// The Minkowski difference.

/// The MD's rounded outline (grey, under its edges).
pub const MD_OUTLINE_WIDTH: f32 = 1.0;
/// Each MD core edge, in the colour of the shape it comes from.
pub const MD_EDGE_WIDTH: f32 = 3.0;
/// An MD edge the linear cast culls as back-facing (dashed, faded by [`CULLED_ALPHA`]).
pub const CULLED_EDGE_WIDTH: f32 = 1.5;
/// An edge a demo singles out: the edge scan's chosen edge, the MD edge the ray hits, the face
/// a separating line lies on.
pub const FEATURE_EDGE_WIDTH: f32 = 5.0;

// A demo's own lines and arrows, by emphasis.

/// What the demo finds: the minimum translation (push-out, gap), the contact normal, the
/// casts' distance along the normal, the exit vector and its parts, the hull by wrapping.
pub const ANSWER_WIDTH: f32 = 2.5;
/// The steps that lead to the answer: AABB side candidates, Bc, the MD edge of the scan's pair,
/// the wrapping's candidate, the interior point's segment, the relative velocity in B ⊖ A,
/// GJK's search direction, EPA's distance from the origin to its nearest edge.
pub const CONSTRUCTION_WIDTH: f32 = 2.0;
/// Lines that explain a construction: the centre line, half extents, V, Bc to the centre, the
/// supporting line, the MD edges' normals, a corner disc hit, A's path and the separating line
/// in SAT's world, a separating line's normal, the velocity B came in with before its exit,
/// the supporting lines through GJK's and EPA's support points, EPA's edge normal, the line
/// between the witness points, the radii in the world.
pub const HELPER_WIDTH: f32 = 1.5;
/// Faint background guides: a box's side lines, the free disc, earlier iterations' segments,
/// Mirtich's circle, projection lines, culled edges' normals, extensions of a line or a ray,
/// GJK's walk of earlier `v`s, the arrows `a_i → b_j` behind the MD points.
pub const GUIDE_WIDTH: f32 = 1.0;
/// Alpha of a guide in a colour that also marks something stronger (the candidate line's
/// extension, SAT's projection lines, Mirtich's circle).
pub const GUIDE_ALPHA: u8 = 150;
/// A body's velocity arrow, as the editing handle draws it.
pub const VELOCITY_WIDTH: f32 = 2.5;
/// A cast's ray where the bodies travel it (up to the hit, or all of it on a miss).
pub const RAY_WIDTH: f32 = 2.5;
/// A cast's ray over the whole motion to `t = 1`, under the part travelled.
pub const RAY_MOTION_WIDTH: f32 = 1.5;
/// The separating line found (in both panes) and last frame's line.
pub const SEPARATING_LINE_WIDTH: f32 = 2.0;
/// The point cloud's hull edge that the interior point's segment crosses.
pub const CROSSED_EDGE_WIDTH: f32 = 4.0;
/// The point cloud's hull edge the origin came in through: a wide faded band under the exit
/// arrows.
pub const ENTERED_EDGE_WIDTH: f32 = 6.0;
/// Alpha of that band.
pub const ENTERED_EDGE_ALPHA: u8 = 120;
/// Alpha of the fill of the point cloud's finished hull.
pub const HULL_FILL_ALPHA: u8 = 30;

// GJK's simplex and EPA's polytope.

/// GJK's whole simplex, dashed (the part kept is drawn over it, [`KEPT_FEATURE_WIDTH`]), and
/// EPA's polytope of the iteration before, dashed inside this one.
pub const SIMPLEX_WIDTH: f32 = 1.5;
/// The part of GJK's simplex that is kept: the feature nearest the origin.
pub const KEPT_FEATURE_WIDTH: f32 = 4.0;
/// EPA's polytope outline, and the edges it gains next (dashed).
pub const POLYTOPE_WIDTH: f32 = 2.0;
/// EPA's polytope edge nearest the origin.
pub const NEAREST_EDGE_WIDTH: f32 = 5.0;
/// EPA's gap: how far its support point lies beyond the nearest edge, along the normal.
pub const EPA_GAP_WIDTH: f32 = 4.0;
/// Alpha of the fill of GJK's simplex and EPA's polytope.
pub const SIMPLEX_FILL_ALPHA: u8 = 40;
/// Alpha of the MD under GJK's simplex and EPA's polytope: there, but behind them.
pub const FAINT_MD_ALPHA: u8 = 110;
/// Alpha of GJK's simplex points that are dropped, of the halo round the newest one, and of
/// EPA's polytope of the iteration before.
pub const DROPPED_ALPHA: u8 = 110;
/// Alpha of the arrows `a_i → b_j` in the world behind the simplex points (the support
/// point's is opaque).
pub const PAIR_ARROW_ALPHA: u8 = 120;

// SAT: axes and the intervals on them.

/// The step's axis.
pub const AXIS_WIDTH: f32 = 1.5;
/// Every other axis.
pub const OTHER_AXIS_WIDTH: f32 = 1.0;
/// Alpha of every other axis, its intervals, label and origin dot.
pub const OTHER_AXIS_ALPHA: u8 = 100;
/// A's interval, to one side of the axis line.
pub const INTERVAL_A_OFFSET: f32 = 6.0;
/// B's interval (in B ⊖ A: the MD's), to the other side.
pub const INTERVAL_B_OFFSET: f32 = -6.0;
/// A's interval swept by the relative velocity, further out on A's side.
pub const INTERVAL_SWEPT_OFFSET: f32 = 14.0;
/// The overlap or gap, and the origin's projection: on the axis line itself.
pub const INTERVAL_ON_AXIS: f32 = 0.0;

// Dots, by size across.

/// The origin of configuration space.
pub const ORIGIN_DOT: f32 = 9.0;
/// The circles' centres at the ends of the centre line.
pub const CENTRE_DOT: f32 = 6.0;
/// A box's centre, where its half extents start.
pub const BOX_CENTRE_DOT: f32 = 7.0;
/// The point the minimum translation ends at: the MD bounds' closest point, the face point of
/// a circle's centre inside a box, the rounded MD's point where GJK and EPA add the radii.
pub const NEAREST_POINT_DOT: f32 = 8.0;
/// Bc, the circle's centre clamped to the box.
pub const CLAMPED_DOT: f32 = 9.0;
/// The core point of B ⊖ A nearest the origin in the circle-box demo.
pub const CORE_POINT_DOT: f32 = 7.0;
/// The support vertex of the edge scan's chosen pair.
pub const SUPPORT_VERTEX_DOT: f32 = 9.0;
/// The contact point at the time of impact, in the world.
pub const CONTACT_DOT: f32 = 9.0;
/// The dark centre drawn on the contact point.
pub const CONTACT_CENTRE_DOT: f32 = 4.0;
/// The ray's hit point in B ⊖ A.
pub const HIT_POINT_DOT: f32 = 11.0;
/// An iteration's own points: the estimate, the closest MD point, the next estimate; GJK's `v`
/// and support point `w`, EPA's `w`.
pub const STEP_POINT_DOT: f32 = 10.0;
/// Earlier iterations' points (GJK's earlier `v`s among them).
pub const EARLIER_POINT_DOT: f32 = 6.0;
/// The origin's projection on a SAT axis line in B ⊖ A.
pub const ORIGIN_PROJECTION_DOT: f32 = 6.0;
/// A difference point b_j − a_i of the point cloud.
pub const CLOUD_POINT_DOT: f32 = 7.0;
/// In the world, the pair of vertices behind the wrapping candidate's far point, behind GJK's
/// simplex points and support point, behind EPA's support point.
pub const PAIR_VERTEX_DOT: f32 = 11.0;
/// The point cloud's interior point.
pub const INTERIOR_POINT_DOT: f32 = 10.0;
/// Point cloud: the ring behind the difference point an article misprints (larger than a
/// cloud point, so it shows round it).
pub const ERRATUM_DOT: f32 = 18.0;
/// Where the interior point's segment crosses the hull.
pub const CROSSING_DOT: f32 = 9.0;
/// A vertex a separating line comes from.
pub const FEATURE_VERTEX_DOT: f32 = 10.0;
/// A vertex of a concave outline that its hull leaves inside.
pub const DROPPED_VERTEX_DOT: f32 = 7.0;
/// The edge scan's support vertex tied with the step's own (drawn smaller than it).
pub const TIED_VERTEX_DOT: f32 = 7.0;
/// The nearest point of the edge scan's best pair so far, drawn under the step's own point so
/// that it shows as a ring round it when they coincide.
pub const SCAN_BEST_DOT: f32 = 15.0;
/// A point of GJK's simplex, a vertex of EPA's polytope.
pub const SIMPLEX_POINT_DOT: f32 = 8.0;
/// The halo round the newest simplex point.
pub const NEWEST_HALO_DOT: f32 = 18.0;
/// A witness point on A or B (GJK and EPA).
pub const WITNESS_DOT: f32 = 8.0;
/// Where GJK's lower bound lies on the way from the origin to `v`.
pub const BOUND_DOT: f32 = 7.0;
/// The centre of a circle: its core, as GJK and EPA see it.
pub const CORE_POINT_WORLD_DOT: f32 = 6.0;

// Alphas of earlier, later and background marks.

/// The bodies at earlier iterations.
pub const GHOST_ALPHA: u8 = 60;
/// The fill of a body's swept region.
pub const SWEPT_FILL_ALPHA: u8 = 28;
/// Mirtich's arc θ·r on a turning body's circle.
pub const MIRTICH_ARC_WIDTH: f32 = 3.0;
/// Earlier iterations' points (and the iterative cast's segments between them, GJK's walk).
pub const EARLIER_POINT_ALPHA: u8 = 110;
/// Earlier iterations' MDs (angular cast).
pub const EARLIER_MD_ALPHA: u8 = 70;
/// The moving bodies' dashed outlines at `t = 0` (angular cast).
pub const MOTION_START_ALPHA: u8 = 110;
/// A body's dashed outline at a time the cast points to: B at the hit, both bodies at the next
/// estimate.
pub const AHEAD_ALPHA: u8 = 200;
/// A moving body's dashed outline at `t = 1` after a miss.
pub const MISS_END_ALPHA: u8 = 170;
/// The MD edges the linear cast culls, and their normals.
pub const CULLED_ALPHA: u8 = 110;
/// The iterative cast's free disc round the estimate.
pub const FREE_DISC_ALPHA: u8 = 90;
/// The exact MD under the point cloud, for comparison.
pub const REFERENCE_MD_ALPHA: u8 = 60;
/// A at the end of the relative motion in SAT's world.
pub const SWEPT_END_ALPHA: u8 = 70;
/// The path of A's centroid over the relative motion in SAT's world.
pub const PATH_ALPHA: u8 = 140;
/// The separating-axis demo's bounding boxes (the AABB demo draws its boxes opaque).
pub const BOUNDING_BOX_ALPHA: u8 = 160;

// Label offsets, pixels right and down from the anchor.

/// A time at a pose or at the ray's end (`t = 1`, `I3: t = …`, A′ in the linear cast): above
/// right, clear of the arrow heads there.
pub const TIME_LABEL: (f32, f32) = (8.0, -12.0);
/// The time the cast moves on to or stops at (`next: t = …`, A′ in the angular cast): below
/// right, under the time label.
pub const NEXT_TIME_LABEL: (f32, f32) = (8.0, 14.0);
/// A note at a pose or a point (`B at the hit`, `would hit at t = …`).
pub const NOTE_LABEL: (f32, f32) = (8.0, 12.0);
/// `t = 1, untouched` at a body's end pose after a miss.
pub const MISS_LABEL: (f32, f32) = (10.0, 16.0);
/// `hit, t = …` at the ray's hit point.
pub const HIT_LABEL: (f32, f32) = (10.0, 14.0);
/// `d = …` at the MD's point nearest the origin (angular cast).
pub const DISTANCE_LABEL: (f32, f32) = (10.0, 12.0);
/// `I3` under the estimate's dot in B ⊖ A.
pub const ITERATION_LABEL: (f32, f32) = (-8.0, 16.0);
/// `hA = …` at a box's centre.
pub const HALF_EXTENT_LABEL: (f32, f32) = (6.0, 14.0);
/// `Bc` at the clamped point.
pub const CLAMPED_LABEL: (f32, f32) = (6.0, 16.0);
/// `V` beside the vector from the box's centre to the circle's.
pub const VECTOR_NAME_LABEL: (f32, f32) = (-14.0, -4.0);
/// The origin's distance at each side of the AABB difference.
pub const SIDE_DISTANCE_LABEL: (f32, f32) = (4.0, -4.0);
/// `minB - maxA` at the AABB difference's lower left corner, inside it.
pub const MD_MIN_LABEL: (f32, f32) = (4.0, 16.0);
/// `maxB - minA` at its upper right corner, inside it.
pub const MD_MAX_LABEL: (f32, f32) = (-84.0, -6.0);
/// The name of a vertex or of a difference point (`a2`, `b1-a0`).
pub const POINT_NAME_LABEL: (f32, f32) = (5.0, -5.0);
/// SAT: the notes at the tips of the article's push and the shortest push of A.
pub const ARTICLE_PUSH_LABEL: (f32, f32) = (6.0, -6.0);
/// Point cloud: the note on an article's misprint, under its point and reaching back left (the
/// point's name is above; the point is often near the pane's right edge).
pub const ERRATUM_LABEL: (f32, f32) = (-160.0, 22.0);
/// An axis' name at its arrow head.
pub const AXIS_LABEL: (f32, f32) = (-48.0, -12.0);
/// SAT's warning at A's end pose that the claimed hit never happens.
pub const FALSE_CLAIM_LABEL: (f32, f32) = (-90.0, 30.0);
/// Where along V its name sits (0 at the box's centre, 1 at the circle's).
pub const VECTOR_NAME_AT: f64 = 0.7;
/// `face …` at the foot of the origin on an MD edge's line, when the edge itself ends short of
/// it: above right, clear of the `d = …` label below right of the edge's nearest point.
pub const FACE_DISTANCE_LABEL: (f32, f32) = (8.0, -10.0);
/// The answer's length at the middle of its arrow in the world (EPA's `depth …`): below right.
pub const ANSWER_LABEL: (f32, f32) = (8.0, 14.0);
/// `v` at GJK's point nearest the origin: below left, clear of the pair names and notes.
pub const V_LABEL: (f32, f32) = (-16.0, 14.0);
/// `d` beside GJK's search direction, at [`SEARCH_LABEL_AT`] of the way from `v`.
pub const SEARCH_LABEL: (f32, f32) = (6.0, -6.0);
/// See [`SEARCH_LABEL`] (0 at `v`, 1 at the arrow's head).
pub const SEARCH_LABEL_AT: f64 = 0.3;
/// GJK's and EPA's labels in B ⊖ A go beside their point towards the MD's middle (see
/// `pairs::Inward`): this many pixels from it, …
pub const INWARD_LABEL_GAP: f32 = 6.0;
/// … past a text this many pixels wide per character (the labels' font, generously) …
pub const LABEL_CHAR_WIDTH: f32 = 7.0;
/// … and this many pixels down: a point's name above its dot, …
pub const NAME_ABOVE: f32 = -6.0;
/// … a note about it (`w = b3-a1`, `origin enclosed`, `grown`, the rounded distance) below.
pub const NOTE_BELOW: f32 = 13.0;
/// The radii in B ⊖ A: a wide faint band along the way to the origin.
pub const ROUNDING_BAND_WIDTH: f32 = 7.0;
/// See [`ROUNDING_BAND_WIDTH`].
pub const ROUNDING_BAND_ALPHA: u8 = 130;

// Lengths of helper marks in world units (they scale with zoom).

/// The clamp region reaches this many of the box's smaller half extents past the circle.
pub const CLAMP_REGION_MARGIN: f64 = 0.5;
/// The MD edges' normals in the linear cast and EPA's nearest edge's normal, in arrow lengths
/// (see [`super::common::arrow_length`]).
pub const EDGE_NORMAL_LENGTH: f64 = 0.4;
/// Half the supporting line of the iterative cast: this many arrow lengths, plus
/// [`SUPPORTING_LINE_PER_DISTANCE`] of the step's distance.
pub const SUPPORTING_LINE_ARROWS: f64 = 2.0;
/// See [`SUPPORTING_LINE_ARROWS`].
pub const SUPPORTING_LINE_PER_DISTANCE: f64 = 0.25;
/// SAT's axis lines run this fraction of the scene's span beside the shapes (and beside each
/// other when parallel).
pub const AXIS_GAP: f64 = 0.12;
/// An axis arrow runs this fraction of that gap past its intervals at each end.
pub const AXIS_PAD: f64 = 0.5;
/// The separating line's normal arrow is this fraction of the gap across the line …
pub const SEPARATING_NORMAL_SHARE: f64 = 0.5;
/// … of a gap taken as at least this (so that touching shapes still show a normal).
pub const SEPARATING_NORMAL_MIN_GAP: f64 = 0.25;
/// Where along the edge scan's edge its normal arrow starts (0 at the edge's first vertex, 1 at
/// its second): off the middle, where the line of a body's rotation handle crosses a box's side.
pub const EDGE_NORMAL_AT: f64 = 0.3;
/// GJK's search direction is drawn from `v` to the origin, but at least this many arrow
/// lengths long (when `v` is nearly at the origin).
pub const SEARCH_ARROW_MIN: f64 = 0.4;
