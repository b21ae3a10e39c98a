//! JSON as a person would write it: short arrays and small objects on one line, everything
//! else indented. Used for saved scenes and for the `report` output, so both read alike.

/// Lines are kept within this many characters when a value can be put on one line.
pub const LINE_WIDTH: usize = 96;
const INDENT: usize = 2;

/// A JSON value in the order it is to be written.
pub enum Node {
    /// Already JSON text: a number, string, `true`, `false` or `null`.
    Scalar(String),
    Array(Vec<Node>),
    Object(Vec<(String, Node)>),
}

/// A parsed JSON value as a node (object keys in their stored order).
pub fn value(v: &serde_json::Value) -> Node {
    match v {
        serde_json::Value::Array(items) => Node::Array(items.iter().map(value).collect()),
        serde_json::Value::Object(map) => {
            Node::Object(map.iter().map(|(k, v)| (k.clone(), value(v))).collect())
        }
        scalar => Node::Scalar(scalar.to_string()),
    }
}

/// The node on one line, if it may go on one line: scalars, arrays of such, and objects none
/// of whose values is an object (a shape, the settings; not a body, which holds a shape).
fn one_line(node: &Node) -> Option<String> {
    match node {
        Node::Scalar(s) => Some(s.clone()),
        Node::Array(items) => {
            let items: Option<Vec<String>> = items.iter().map(one_line).collect();
            Some(format!("[{}]", items?.join(", ")))
        }
        Node::Object(fields) if fields.is_empty() => Some("{}".to_string()),
        Node::Object(fields) => {
            if fields.iter().any(|(_, v)| matches!(v, Node::Object(_))) {
                return None;
            }
            let items: Option<Vec<String>> = fields
                .iter()
                .map(|(k, v)| Some(format!("{}: {}", json_key(k), one_line(v)?)))
                .collect();
            Some(format!("{{ {} }}", items?.join(", ")))
        }
    }
}

fn json_key(k: &str) -> String {
    serde_json::to_string(k).unwrap_or_else(|_| "\"\"".to_string())
}

/// Writes `node` whose first line already holds `used` characters (indent and key), at
/// nesting `indent`.
pub fn print(node: &Node, indent: usize, used: usize, out: &mut String) {
    let forced_open = indent == 0;
    if !forced_open {
        if let Some(line) = one_line(node) {
            // Strictly less: room for the comma that may follow.
            if used + line.len() < LINE_WIDTH {
                out.push_str(&line);
                return;
            }
        }
    }
    let pad = " ".repeat(indent + INDENT);
    match node {
        Node::Scalar(s) => out.push_str(s),
        Node::Array(items) => {
            out.push_str("[\n");
            for (i, item) in items.iter().enumerate() {
                out.push_str(&pad);
                print(item, indent + INDENT, pad.len(), out);
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            out.push_str(&" ".repeat(indent));
            out.push(']');
        }
        Node::Object(fields) => {
            out.push_str("{\n");
            for (i, (k, v)) in fields.iter().enumerate() {
                let key = json_key(k);
                out.push_str(&pad);
                out.push_str(&key);
                out.push_str(": ");
                print(v, indent + INDENT, pad.len() + key.len() + 2, out);
                out.push_str(if i + 1 < fields.len() { ",\n" } else { "\n" });
            }
            out.push_str(&" ".repeat(indent));
            out.push('}');
        }
    }
}

/// `value` printed: one line where it fits, indented otherwise, with a final newline.
pub fn pretty(value: &serde_json::Value) -> String {
    let mut out = String::new();
    print(&self::value(value), 0, 0, &mut out);
    out.push('\n');
    out
}
