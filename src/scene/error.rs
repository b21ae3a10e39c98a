//! Errors a person can act on: every scene error names the file, the place and the problem.
//!
//! The place is a `line:column` for text that is not JSON (that is all a person can go by), and
//! a JSON path such as `b.shape.vertices[3]` for a value that is JSON but wrong (the path stays
//! right however the file is laid out, and it is the same path a program editing the scene
//! uses). The path style is `serde_path_to_error`'s: keys joined by `.`, indices in `[]`.

use std::fmt;

/// What kind of thing went wrong, for callers that react differently (the app offers to pick
/// another file on [`ErrorKind::Io`], and to show the offending line on [`ErrorKind::Syntax`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file could not be read or written (not found, no permission, disk full, ...).
    Io,
    /// The bytes are not UTF-8 text.
    NotUtf8,
    /// The file is empty or only white space.
    Empty,
    /// The text is not JSON (a syntax error, a truncated file, trailing garbage, a number too
    /// large for `f64`).
    Syntax,
    /// The top level is JSON but not an object.
    NotObject,
    /// `format` is missing or is not 1.
    Format,
    /// A value is of the wrong type or shape, a field is unknown or missing.
    Structure,
    /// The structure is right but a value makes no sense (negative radius, collinear polygon,
    /// non-finite number, zero tolerance, ...).
    Value,
    /// The file or a polygon in it is larger than this program handles (see
    /// [`super::MAX_FILE_BYTES`], [`super::MAX_VERTICES`], [`super::MAX_HULL_VERTICES`]).
    TooLarge,
}

/// Where in the file the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// The file as a whole (cannot be read, is empty, ...).
    File,
    /// A position in the text, both 1-based.
    Text { line: usize, column: usize },
    /// A JSON path such as `b.shape.vertices[3]`; `line_column` is the text position serde was
    /// at when it noticed the problem, when known (often just after the offending value).
    Path {
        path: String,
        line_column: Option<(usize, usize)>,
    },
}

/// A problem with a scene file. Its `Display` reads
/// `scenes/foo.json: b.shape.vertices[3]: expected a pair of numbers [x, y], found 3 numbers`
/// or `scenes/foo.json:4:17: expected `,` or `}``.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneError {
    /// The file as the person named it (or the name given to [`super::Scene::from_str`]).
    pub file: String,
    pub place: Place,
    /// What is wrong, in words, without the file or the place.
    pub problem: String,
    pub kind: ErrorKind,
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.place {
            Place::File => write!(f, "{}: {}", self.file, self.problem),
            Place::Text { line, column } => {
                write!(f, "{}:{}:{}: {}", self.file, line, column, self.problem)
            }
            Place::Path { path, .. } => write!(f, "{}: {}: {}", self.file, path, self.problem),
        }
    }
}

impl std::error::Error for SceneError {}

/// A problem with a value of a scene held in memory (no file yet): the JSON path and what is
/// wrong. [`super::Scene::validate`] and the conversions to geometry return it; loading and
/// saving wrap it in a [`SceneError`] with the file name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathError {
    pub path: String,
    pub problem: String,
    /// Whether the value is beyond what this program handles rather than wrong
    /// ([`ErrorKind::TooLarge`] once in a file).
    pub too_large: bool,
}

impl PathError {
    pub fn new(path: impl Into<String>, problem: impl Into<String>) -> Self {
        PathError {
            path: path.into(),
            problem: problem.into(),
            too_large: false,
        }
    }

    /// A value larger than this program handles (a polygon of too many vertices).
    pub fn too_large(path: impl Into<String>, problem: impl Into<String>) -> Self {
        PathError {
            too_large: true,
            ..PathError::new(path, problem)
        }
    }

    /// This problem, found in `file`.
    pub fn in_file(self, file: &str, kind: ErrorKind) -> SceneError {
        SceneError {
            file: file.to_string(),
            place: Place::Path {
                path: self.path,
                line_column: None,
            },
            problem: self.problem,
            kind,
        }
    }
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.problem)
    }
}

impl std::error::Error for PathError {}

impl SceneError {
    pub(crate) fn file(file: &str, kind: ErrorKind, problem: impl Into<String>) -> Self {
        SceneError {
            file: file.to_string(),
            place: Place::File,
            problem: problem.into(),
            kind,
        }
    }

    pub(crate) fn text(
        file: &str,
        kind: ErrorKind,
        line: usize,
        column: usize,
        problem: impl Into<String>,
    ) -> Self {
        SceneError {
            file: file.to_string(),
            place: Place::Text { line, column },
            problem: problem.into(),
            kind,
        }
    }
}

/// The 1-based line and column of byte `offset` in `bytes` (columns count characters when the
/// line is valid UTF-8 up to there, bytes otherwise).
pub(crate) fn line_column(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let rest = &before[start..];
    let column = 1 + std::str::from_utf8(rest).map_or(rest.len(), |s| s.chars().count());
    (line, column)
}

/// Levenshtein distance, for "did you mean" hints on misspelt names.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The candidate closest to `word` if it is a plausible misspelling (at most two edits, and
/// fewer edits than the word has letters).
pub(crate) fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (edit_distance(word, c), c))
        .filter(|&(d, _)| d <= 2 && d < word.chars().count())
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// `a`, `b` or `c` — names in backticks joined for a message.
pub(crate) fn one_of(names: &[&str]) -> String {
    joined(names, "or")
}

/// `a`, `b` and `c`.
pub(crate) fn all_of(names: &[&str]) -> String {
    joined(names, "and")
}

fn joined(names: &[&str], word: &str) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.len() {
        0 => String::new(),
        1 => quoted[0].clone(),
        n => format!("{} {word} {}", quoted[..n - 1].join(", "), quoted[n - 1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_are_one_based_and_count_characters() {
        let text = "{\n  \"é\": x\n}";
        let offset = text.find('x').unwrap();
        assert_eq!(line_column(text.as_bytes(), offset), (2, 8));
        assert_eq!(line_column(b"", 0), (1, 1));
    }

    #[test]
    fn misspellings_find_their_field() {
        let fields = ["velocity", "position", "angle_deg"];
        assert_eq!(did_you_mean("veloctiy", fields), Some("velocity"));
        assert_eq!(did_you_mean("colour", fields), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(one_of(&["a", "b", "c"]), "`a`, `b` or `c`");
        assert_eq!(all_of(&["a", "b"]), "`a` and `b`");
    }
}
