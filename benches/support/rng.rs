//! xorshift64*: the small deterministic generator of the benches' corpora
//! and the secret corpus test's samples, so every run sees the same inputs.
//! Included with `#[path]` by each file that needs it.

#![allow(dead_code, reason = "each includer uses only some of it")]

pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (`0` when `n` is `0`).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next() % n }
    }

    /// One of `from` (`""` when it is empty).
    pub fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from.get(self.below(from.len() as u64) as usize).copied().unwrap_or("")
    }

    /// `min..=max` words of `list`, one space between two.
    pub fn words_of(&mut self, list: &[&str], min: u64, max: u64) -> String {
        let n = min + self.below(max - min + 1);
        let mut out = String::new();
        for i in 0..n {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(self.pick(list));
        }
        out
    }
}
