//! The iteration table as CSV (RFC 4180): a header of the table's columns, then one row per
//! iteration, each led by its step counted from 1 (the window's `#` column). Numbers are
//! written in Rust's shortest round-trip form, so a reader gets back the exact `f64` (the
//! window rounds to 4 decimals; a spreadsheet wants the value); counts and indices as
//! integers, facts as `yes` / `no`, outcomes as words; a missing value is an empty cell,
//! infinities are `inf` / `-inf`.
//!
//! [`figure_csv`] is what both the window's CSV button and `render … -o OUT.csv` write.

use crate::figure::{Cell, Figure, Table};
use crate::scene::Demo;

/// One CSV field: quoted when it holds a comma, a quote or a line break (quotes doubled).
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn number(v: f64) -> String {
    if v.is_nan() {
        String::new()
    } else if v.is_infinite() {
        if v > 0.0 { "inf" } else { "-inf" }.into()
    } else {
        // `+ 0.0` turns −0 into 0.
        format!("{}", v + 0.0)
    }
}

/// One cell as CSV: exact numbers, whole numbers, words.
fn cell(c: &Cell) -> String {
    match c {
        Cell::Count(n) | Cell::Index(n) => n.to_string(),
        Cell::YesNo(b) => crate::figure::common::yes_no(*b).to_string(),
        Cell::Word(w) => field(w),
        Cell::Name(w) => field(w),
        Cell::Number(x) => number(*x),
        Cell::None => String::new(),
    }
}

/// The table as CSV text, lines ending in `\r\n` as RFC 4180 says.
pub fn table_csv(table: &Table) -> String {
    let mut out = String::new();
    let header: Vec<String> = std::iter::once("step".to_string())
        .chain(table.columns.iter().map(|c| field(c)))
        .collect();
    out.push_str(&header.join(","));
    out.push_str("\r\n");
    for (i, row) in table.rows.iter().enumerate() {
        let cells: Vec<String> = std::iter::once((i + 1).to_string())
            .chain(row.iter().map(cell))
            .collect();
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    }
    out
}

/// The CSV of `figure`'s table (the figure of `demo`), or why there is none, in words that
/// name the demo.
pub fn figure_csv(figure: &Figure, demo: Demo) -> Result<String, String> {
    match &figure.table {
        Some(t) => Ok(table_csv(t)),
        None => Err(format!(
            "the {} demo has no iteration table for this scene",
            demo.as_str()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_then_one_row_per_iteration() {
        let t = Table {
            columns: vec!["t".into(), "distance".into(), "say \"x\", y".into()],
            rows: vec![
                vec![Cell::Number(0.0), Cell::Number(0.8), Cell::Count(1)],
                vec![Cell::Number(0.25), Cell::Number(-0.0), Cell::None],
                vec![Cell::YesNo(true), Cell::Word("a, b"), Cell::Index(3)],
            ],
            ..Default::default()
        };
        assert_eq!(
            table_csv(&t),
            "step,t,distance,\"say \"\"x\"\", y\"\r\n1,0,0.8,1\r\n2,0.25,0,\r\n3,yes,\"a, b\",3\r\n"
        );
    }

    #[test]
    fn numbers_round_trip_exactly() {
        let v = [0.1 + 0.2, 1e-300, -123456.789, f64::INFINITY];
        let t = Table {
            columns: vec!["a".into(), "b".into(), "c".into(), "d".into()],
            rows: vec![v.map(Cell::Number).to_vec()],
            ..Default::default()
        };
        let text = table_csv(&t);
        let row = text.lines().nth(1).unwrap();
        let back: Vec<f64> = row.split(',').skip(1).map(|s| s.parse().unwrap()).collect();
        assert_eq!(back, v);
    }

    #[test]
    fn a_table_of_a_real_demo_has_its_columns() {
        let scene = crate::scene::Scene::from_str(
            include_str!("../../scenes/iterative_cast_circles.json"),
            "x.json",
        )
        .unwrap();
        let fig = crate::figure::build(&scene, crate::scene::Demo::IterativeCast, 0).unwrap();
        let table = fig.table.expect("the iterative cast has a table");
        let text = table_csv(&table);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), table.rows.len() + 1);
        assert_eq!(lines[0].split(',').count(), table.columns.len() + 1);
        for (i, l) in lines[1..].iter().enumerate() {
            assert_eq!(l.split(',').count(), table.columns.len() + 1);
            assert!(l.starts_with(&format!("{},", i + 1)), "{l}");
        }
    }
}
