//! Reading a scene file: bytes → text → JSON → format check → structure (with JSON paths) →
//! values checked for sense.
//!
//! The structure is read into a mirror of the file (`Raw*` types, every defaulted field
//! optional) by serde, through `serde_path_to_error`, which remembers the path to the value
//! being read when anything fails. Vectors, numbers, demo names and shape types have their own
//! small deserializers so that their messages speak the file's language ("expected a pair of
//! numbers [x, y]") rather than Rust's ("expected an array of length 2"). A shape is read as a
//! plain map and checked against its `type` afterwards, so that a field that belongs to
//! another type is named with its path and what the type takes instead.

use super::error::{
    all_of, did_you_mean, line_column, one_of, ErrorKind, PathError, Place, SceneError,
};
use super::validate::{json_kind, MAX_MAX_ITERATIONS};
use super::{Body, Demo, Scene, Settings, ShapeSpec, FORMAT};
use crate::geometry::DVec2;
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;

pub(super) fn from_bytes(bytes: &[u8], name: &str) -> Result<Scene, SceneError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => from_str(text, name),
        Err(e) => {
            let at = e.valid_up_to();
            let (line, column) = line_column(bytes, at);
            let byte = bytes.get(at).copied().unwrap_or(0);
            Err(SceneError::text(
                name,
                ErrorKind::NotUtf8,
                line,
                column,
                format!(
                    "not UTF-8 text (byte 0x{byte:02x}): a scene file is JSON text; \
                     is this the right file?"
                ),
            ))
        }
    }
}

pub(super) fn from_str(text: &str, name: &str) -> Result<Scene, SceneError> {
    // A byte-order mark is invisible in editors and harmless; JSON parsers refuse it.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text
        .trim_matches(|c| matches!(c, ' ' | '\t' | '\n' | '\r'))
        .is_empty()
    {
        return Err(SceneError::file(
            name,
            ErrorKind::Empty,
            "the file is empty: a scene is a JSON object such as {\"format\": 1, \"demo\": ..., \
             \"a\": {...}, \"b\": {...}}",
        ));
    }

    // Pass 1: is it JSON at all, an object, and format 1?
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| syntax_error(name, &e, text))?;
    let Some(object) = value.as_object() else {
        return Err(SceneError::file(
            name,
            ErrorKind::NotObject,
            format!(
                "the top level must be a JSON object {{\"format\": 1, ...}}, but this file holds {}",
                json_kind(&value)
            ),
        ));
    };
    check_format(object.get("format"), name)?;

    // Pass 2: the structure, with paths.
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let raw: RawScene = serde_path_to_error::deserialize(&mut deserializer)
        .map_err(|e| structure_error(name, e))?;

    // Pass 3: into the scene's own types, then values checked for sense.
    let scene = raw
        .into_scene(name)
        .map_err(|e| e.in_file(name, ErrorKind::Structure))?;
    scene.validate().map_err(|e| {
        let kind = if e.too_large {
            ErrorKind::TooLarge
        } else {
            ErrorKind::Value
        };
        e.in_file(name, kind)
    })?;
    Ok(scene)
}

fn check_format(format: Option<&serde_json::Value>, name: &str) -> Result<(), SceneError> {
    let wrong =
        |problem: String| Err(PathError::new("format", problem).in_file(name, ErrorKind::Format));
    match format {
        None => Err(SceneError::file(
            name,
            ErrorKind::Format,
            format!(
                "missing field `format`: a scene file says which format it is in, \
                 `\"format\": {FORMAT}` (the only one this program reads)"
            ),
        )),
        // `1.0` is the number 1 too.
        Some(v) if v.as_f64() == Some(FORMAT as f64) => Ok(()),
        Some(serde_json::Value::Number(n)) => wrong(format!(
            "this file is in format {n}, but this program reads only format {FORMAT}"
        )),
        Some(v) => wrong(format!(
            "expected the number {FORMAT}, found {}",
            json_kind(v)
        )),
    }
}

/// serde_json's message without its " at line L column C" suffix (the place goes in front).
fn message_without_location(e: &serde_json::Error) -> String {
    let message = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    message
        .strip_suffix(&suffix)
        .map(str::to_string)
        .unwrap_or(message)
}

/// Words other languages write for non-finite numbers, which JSON has not.
const NON_FINITE_WORDS: [&str; 6] = ["NaN", "nan", "Infinity", "-Infinity", "inf", "-inf"];

fn syntax_error(name: &str, e: &serde_json::Error, text: &str) -> SceneError {
    let mut message = message_without_location(e);
    // What stands where the parser stopped, and one byte before (after a minus sign it stops
    // on the next character).
    let line = text.lines().nth(e.line().max(1) - 1).unwrap_or("");
    let column = e.column().max(1);
    let at = |c: usize| line.get(c.saturating_sub(1)..).unwrap_or("");
    if message.starts_with("expected value") || message.starts_with("invalid number") {
        if let Some(w) = NON_FINITE_WORDS
            .iter()
            .find(|w| at(column).starts_with(**w) || at(column - 1).starts_with(**w))
        {
            message =
                format!("`{w}` is not a number in JSON: every number in a scene must be finite");
        }
    } else if message.contains("hex escape") || message.contains("surrogate") {
        message = format!(
            "a `\\u` escape in a string is broken ({message}); a character above U+FFFF needs \
             both halves of its surrogate pair"
        );
    }
    let problem = if message.starts_with("number out of range") {
        "number out of range: every number must be finite and fit a 64-bit float".to_string()
    } else if message.starts_with("EOF while parsing") {
        format!("the file ends too early ({message}): is a closing `}}` or `]` missing?")
    } else if message.starts_with("trailing characters") {
        "unexpected text after the end of the scene object".to_string()
    } else if message.starts_with("recursion limit exceeded") {
        "the JSON is nested too deeply".to_string()
    } else {
        message
    };
    SceneError::text(
        name,
        ErrorKind::Syntax,
        e.line().max(1),
        e.column().max(1),
        problem,
    )
}

fn structure_error(name: &str, e: serde_path_to_error::Error<serde_json::Error>) -> SceneError {
    let path = e.path().to_string();
    let inner = e.into_inner();
    let mut problem = message_without_location(&inner);
    if let Some(hint) = unknown_field_hint(&problem) {
        problem.push_str(&hint);
    }
    let place = if path == "." {
        Place::File
    } else {
        Place::Path {
            path,
            line_column: Some((inner.line(), inner.column())),
        }
    };
    SceneError {
        file: name.to_string(),
        place,
        problem,
        kind: ErrorKind::Structure,
    }
}

/// For serde's "unknown field `veloctiy`, expected one of `shape`, `velocity`, ...", the hint
/// " (did you mean `velocity`?)".
fn unknown_field_hint(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    let (field, expected) = rest.split_once('`')?;
    let candidates: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    did_you_mean(field, candidates).map(|c| format!(" (did you mean `{c}`?)"))
}

// ---------------------------------------------------------------------------------------------
// The file's mirror.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScene {
    /// Checked in pass 1.
    #[serde(rename = "format")]
    _format: IgnoredAny,
    title: Option<String>,
    description: Option<String>,
    demo: Demo,
    a: RawBody,
    b: RawBody,
    settings: Option<RawSettings>,
    view: Option<serde_json::Value>,
    extra: Option<serde_json::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBody {
    shape: RawShape,
    position: V2,
    angle_deg: Option<Num>,
    velocity: Option<V2>,
    angular_velocity_deg: Option<Num>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSettings {
    tolerance: Option<Num>,
    max_iterations: Option<Count>,
}

/// A shape object read key by key; checked against its type in [`RawShape::into_spec`].
#[derive(Default)]
struct RawShape {
    kind: Option<ShapeType>,
    radius: Option<f64>,
    half_extents: Option<DVec2>,
    vertices: Option<Vec<DVec2>>,
    half_length: Option<f64>,
    /// Every key in file order (known or not), for the checks against the type.
    keys: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ShapeType {
    Circle,
    Box,
    Polygon,
    Capsule,
}

impl ShapeType {
    const ALL: [ShapeType; 4] = [
        ShapeType::Circle,
        ShapeType::Box,
        ShapeType::Polygon,
        ShapeType::Capsule,
    ];
    const FIELDS: [&'static str; 4] = ["radius", "half_extents", "vertices", "half_length"];

    fn name(self) -> &'static str {
        match self {
            ShapeType::Circle => "circle",
            ShapeType::Box => "box",
            ShapeType::Polygon => "polygon",
            ShapeType::Capsule => "capsule",
        }
    }

    /// The fields this type takes (besides `type`), required ones first.
    fn fields(self) -> &'static [&'static str] {
        match self {
            ShapeType::Circle => &["radius"],
            ShapeType::Box => &["half_extents"],
            ShapeType::Polygon => &["vertices", "radius"],
            ShapeType::Capsule => &["half_length", "radius"],
        }
    }
}

impl RawScene {
    fn into_scene(self, name: &str) -> Result<Scene, PathError> {
        let title = self.title.unwrap_or_else(|| default_title(name));
        let settings = match self.settings {
            None => Settings::default(),
            Some(s) => Settings {
                tolerance: s.tolerance.map_or(super::DEFAULT_TOLERANCE, |n| n.0),
                max_iterations: match s.max_iterations {
                    None => super::DEFAULT_MAX_ITERATIONS,
                    Some(Count(n)) => match u32::try_from(n) {
                        Ok(n) if n <= MAX_MAX_ITERATIONS => n,
                        _ => {
                            return Err(PathError::new(
                                "settings.max_iterations",
                                format!("must be between 1 and {MAX_MAX_ITERATIONS}, not {n}"),
                            ))
                        }
                    },
                },
            },
        };
        Ok(Scene {
            title,
            description: self.description,
            demo: self.demo,
            a: self.a.into_body("a")?,
            b: self.b.into_body("b")?,
            settings,
            view: self.view,
            extra: self.extra,
        })
    }
}

/// The file name without directories and without `.json`; "untitled" if there is none.
fn default_title(name: &str) -> String {
    std::path::Path::new(name)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "untitled".to_string())
}

impl RawBody {
    fn into_body(self, which: &str) -> Result<Body, PathError> {
        Ok(Body {
            shape: self.shape.into_spec(&format!("{which}.shape"))?,
            position: self.position.0,
            angle_deg: self.angle_deg.map_or(0.0, |n| n.0),
            velocity: self.velocity.map_or(DVec2::ZERO, |v| v.0),
            angular_velocity_deg: self.angular_velocity_deg.map_or(0.0, |n| n.0),
        })
    }
}

impl RawShape {
    fn into_spec(self, prefix: &str) -> Result<ShapeSpec, PathError> {
        let types: Vec<&str> = ShapeType::ALL.iter().map(|t| t.name()).collect();
        let Some(kind) = self.kind else {
            return Err(PathError::new(
                prefix,
                format!("missing field `type`: expected {}", one_of(&types)),
            ));
        };
        let takes = all_of(kind.fields());
        let type_name = kind.name();
        for key in &self.keys {
            if key == "type" || kind.fields().contains(&key.as_str()) {
                continue;
            }
            let problem = if ShapeType::FIELDS.contains(&key.as_str()) {
                format!("a {type_name} has no `{key}` (a {type_name} takes {takes})")
            } else {
                let mut fields = vec!["type"];
                fields.extend(kind.fields());
                let hint = did_you_mean(key, fields.iter().copied())
                    .map(|c| format!(" (did you mean `{c}`?)"))
                    .unwrap_or_default();
                format!(
                    "unknown field `{key}`: a {type_name} takes {}{hint}",
                    all_of(&fields)
                )
            };
            return Err(PathError::new(format!("{prefix}.{key}"), problem));
        }
        let missing = |field: &str| {
            PathError::new(
                prefix,
                format!("missing field `{field}`: a {type_name} takes {takes}"),
            )
        };
        Ok(match kind {
            ShapeType::Circle => ShapeSpec::Circle {
                radius: self.radius.ok_or_else(|| missing("radius"))?,
            },
            ShapeType::Box => ShapeSpec::Box {
                half_extents: self.half_extents.ok_or_else(|| missing("half_extents"))?,
            },
            ShapeType::Polygon => ShapeSpec::Polygon {
                vertices: self.vertices.ok_or_else(|| missing("vertices"))?,
                radius: self.radius.unwrap_or(0.0),
            },
            ShapeType::Capsule => ShapeSpec::Capsule {
                half_length: self.half_length.ok_or_else(|| missing("half_length"))?,
                radius: self.radius.ok_or_else(|| missing("radius"))?,
            },
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Small deserializers that speak the file's language.

/// A JSON number as `f64`.
struct Num(f64);

impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Num;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Num, E> {
                Ok(Num(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Num, E> {
                Ok(Num(v as f64))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Num, E> {
                Ok(Num(v as f64))
            }
        }
        d.deserialize_f64(V)
    }
}

/// A whole number ≥ 1 (a count).
struct Count(u64);

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number ≥ 1")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Count, E> {
                if v == 0 {
                    return Err(E::invalid_value(de::Unexpected::Unsigned(v), &self));
                }
                Ok(Count(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Count, E> {
                match u64::try_from(v) {
                    Ok(v) => self.visit_u64(v),
                    Err(_) => Err(E::invalid_value(de::Unexpected::Signed(v), &self)),
                }
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Count, E> {
                // 64.0 is 64; 64.5 is not a count.
                if v.fract() == 0.0 && v >= 1.0 && v < u64::MAX as f64 {
                    Ok(Count(v as u64))
                } else {
                    Err(E::invalid_value(de::Unexpected::Float(v), &self))
                }
            }
        }
        d.deserialize_u64(V)
    }
}

/// `[x, y]`.
struct V2(DVec2);

impl<'de> Deserialize<'de> for V2 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = V2;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a pair of numbers [x, y]")
            }
            fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<V2, S::Error> {
                let x = seq.next_element::<Num>()?;
                let y = match x {
                    Some(_) => seq.next_element::<Num>()?,
                    None => None,
                };
                let mut count = usize::from(x.is_some()) + usize::from(y.is_some());
                while seq.next_element::<IgnoredAny>()?.is_some() {
                    count += 1;
                }
                match (x, y, count) {
                    (Some(x), Some(y), 2) => Ok(V2(DVec2::new(x.0, y.0))),
                    (_, _, 0) => Err(de::Error::custom(
                        "expected a pair of numbers [x, y], found an empty array",
                    )),
                    (_, _, 1) => Err(de::Error::custom(
                        "expected a pair of numbers [x, y], found only one number",
                    )),
                    (_, _, n) => Err(de::Error::custom(format!(
                        "expected a pair of numbers [x, y], found {n} values"
                    ))),
                }
            }
        }
        d.deserialize_seq(V)
    }
}

impl<'de> Deserialize<'de> for Demo {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Demo;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "the name of a demo, one of {}", one_of(&Demo::names()))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Demo, E> {
                Demo::from_name(v).ok_or_else(|| {
                    let hint = did_you_mean(v, Demo::names())
                        .map(|c| format!(" (did you mean `{c}`?)"))
                        .unwrap_or_default();
                    E::custom(format!(
                        "unknown demo `{v}`: expected one of {}{hint}",
                        one_of(&Demo::names())
                    ))
                })
            }
        }
        d.deserialize_str(V)
    }
}

impl<'de> Deserialize<'de> for ShapeType {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = ShapeType;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a shape type: `circle`, `box`, `polygon` or `capsule`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<ShapeType, E> {
                if let Some(t) = ShapeType::ALL.into_iter().find(|t| t.name() == v) {
                    return Ok(t);
                }
                let names: Vec<&str> = ShapeType::ALL.iter().map(|t| t.name()).collect();
                let hint = match v.to_ascii_lowercase().as_str() {
                    "triangle" | "quad" | "poly" | "convex" | "hull" => {
                        " (a triangle or any outline is a `polygon` with `vertices`)".to_string()
                    }
                    "rect" | "rectangle" | "square" | "aabb" | "obb" => {
                        " (a rectangle is a `box` with `half_extents`)".to_string()
                    }
                    "disc" | "disk" | "sphere" | "ball" | "point" => {
                        " (a disc is a `circle` with `radius`; a point is radius 0)".to_string()
                    }
                    "pill" | "stadium" | "segment" => {
                        " (a pill or a rounded segment is a `capsule`)".to_string()
                    }
                    _ => did_you_mean(v, names.iter().copied())
                        .map(|c| format!(" (did you mean `{c}`?)"))
                        .unwrap_or_default(),
                };
                Err(E::custom(format!(
                    "unknown shape type `{v}`: expected {}{hint}",
                    one_of(&names)
                )))
            }
        }
        d.deserialize_str(V)
    }
}

impl<'de> Deserialize<'de> for RawShape {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawShape;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a shape object such as {\"type\": \"circle\", \"radius\": 1.0}")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<RawShape, M::Error> {
                let mut shape = RawShape::default();
                while let Some(key) = map.next_key::<String>()? {
                    if shape.keys.contains(&key) {
                        return Err(de::Error::custom(format!("duplicate field `{key}`")));
                    }
                    match key.as_str() {
                        "type" => shape.kind = Some(map.next_value()?),
                        "radius" => shape.radius = Some(map.next_value::<Num>()?.0),
                        "half_extents" => shape.half_extents = Some(map.next_value::<V2>()?.0),
                        "vertices" => {
                            let vertices: Vec<V2> = map.next_value()?;
                            shape.vertices = Some(vertices.into_iter().map(|v| v.0).collect());
                        }
                        "half_length" => shape.half_length = Some(map.next_value::<Num>()?.0),
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                    shape.keys.push(key);
                }
                Ok(shape)
            }
        }
        d.deserialize_map(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        from_str(text, "t.json").unwrap_err().to_string()
    }

    const GOOD: &str = r#"{"format": 1, "demo": "sat",
        "a": {"shape": {"type": "circle", "radius": 1}, "position": [0, 0]},
        "b": {"shape": {"type": "box", "half_extents": [1, 2]}, "position": [3, 0]}}"#;

    #[test]
    fn minimal_scene_gets_its_defaults() {
        let s = from_str(GOOD, "scenes/two.json").unwrap();
        assert_eq!(s.title, "two");
        assert_eq!(s.settings, Settings::default());
        assert_eq!(s.a.velocity, DVec2::ZERO);
        assert_eq!(s.b.angle_deg, 0.0);
        assert_eq!(s.demo, Demo::Sat);
    }

    #[test]
    fn vector_errors_name_the_element() {
        let text = GOOD.replace("[1, 2]", "[1, 2, 3]");
        assert_eq!(
            error(&text),
            "t.json: b.shape.half_extents: expected a pair of numbers [x, y], found 3 values"
        );
        let text = GOOD.replace("[3, 0]", "[3, \"0\"]");
        assert_eq!(
            error(&text),
            "t.json: b.position[1]: invalid type: string \"0\", expected a number"
        );
    }

    #[test]
    fn unknown_fields_get_a_suggestion() {
        let text = GOOD.replace(
            "\"position\": [3, 0]",
            "\"position\": [3, 0], \"veloctiy\": [1, 0]",
        );
        let e = error(&text);
        assert!(
            e.starts_with("t.json: b.veloctiy: unknown field `veloctiy`"),
            "{e}"
        );
        assert!(e.ends_with("(did you mean `velocity`?)"), "{e}");
        let text = GOOD.replace("\"radius\": 1", "\"radius\": 1, \"half_extents\": [1, 1]");
        assert_eq!(
            error(&text),
            "t.json: a.shape.half_extents: a circle has no `half_extents` (a circle takes `radius`)"
        );
    }

    #[test]
    fn syntax_errors_give_line_and_column() {
        assert_eq!(
            error("{\n  \"format\": 1\n  \"demo\"}"),
            "t.json:3:3: expected `,` or `}`"
        );
        assert!(error("[1e999]").starts_with("t.json:1:6: number out of range"));
    }

    #[test]
    fn format_is_checked_before_the_fields() {
        let text = GOOD.replace("\"format\": 1", "\"format\": 2, \"future\": true");
        assert_eq!(
            error(&text),
            "t.json: format: this file is in format 2, but this program reads only format 1"
        );
    }
}
