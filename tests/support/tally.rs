//! What the tests of leaks in context share: a tally of one kind's cases,
//! and the row of `docs/secrets.md` that must state it.

/// Positives and how many were found, negatives and how many were refused.
#[derive(Default, Clone)]
pub struct Tally {
    pub pos: usize,
    pub found: usize,
    pub neg: usize,
    pub fp: usize,
}

impl Tally {
    /// The tally as the docs' table writes it: positives, found, the share
    /// found, negatives, false positives.
    pub fn documented(&self) -> Vec<String> {
        let share = if self.found == self.pos {
            "100 %".to_owned()
        } else {
            format!("{:.1} %", 100.0 * self.found as f64 / self.pos as f64)
        };
        vec![self.pos.to_string(), self.found.to_string(), share, self.neg.to_string(), self.fp.to_string()]
    }
}

/// The last five cells of the row for `name` in `text` (a table of the
/// docs).
pub fn documented_row(text: &str, name: &str) -> Option<Vec<String>> {
    let line = text.lines().find(|l| l.starts_with(&format!("| {name} |")))?;
    let cells: Vec<String> = line.trim_matches('|').split('|').map(|c| c.trim().to_owned()).collect();
    cells.get(cells.len().checked_sub(5)?..).map(<[String]>::to_vec)
}
