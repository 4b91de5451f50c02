//! How JavaScript spells a number (`Number.prototype.toString`, which
//! `JSON.stringify` and string concatenation use), and how long that
//! spelling is without writing it.

/// The length of [`js_number`]`(x)`, without building its text: an integer
/// below 10^21 is its digits and its sign; any other number is counted from
/// its shortest digits and where their decimal point falls.
pub fn js_number_len(x: f64) -> usize {
    if x.fract() == 0.0 && x.abs() < 1e21 && x != 0.0 {
        // Exact: an integral f64 below 10^21 fits a u128 (below 2^64, a u64).
        let a = x.abs();
        let log = if a < 18_446_744_073_709_551_616.0 {
            (a as u64).checked_ilog10()
        } else {
            (a as u128).checked_ilog10()
        };
        return log.map_or(0, |l| l as usize + 1) + usize::from(x < 0.0);
    }
    match Shortest::of(x) {
        Some(shortest) => shortest.spelled_len() + usize::from(x < 0.0),
        None => js_number(x).len(),
    }
}
/// A number as JavaScript's `Number.prototype.toString` spells it
/// (ECMA-262 Number::toString): `1` not `1.0`, `0` for `-0`, `1e+21`,
/// `1.5e-7`, `0.000001`.
pub fn js_number(x: f64) -> String {
    if x.is_nan() {
        return "NaN".to_owned();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.to_owned();
    }
    let Some(shortest) = Shortest::of(x) else {
        // Zero, of either sign: the only finite number without digits.
        return "0".to_owned();
    };
    let mut out = String::with_capacity(shortest.spelled_len() + 1);
    if x < 0.0 {
        out.push('-');
    }
    shortest.spell(&mut out);
    out
}

/// The shortest decimal digits that read back to a finite, non-zero double,
/// as ECMA-262 Number::toString names them: `k` digits d₁…d_k, the first and
/// last not zero, and `n` such that the magnitude is 0.d₁…d_k × 10ⁿ.
struct Shortest {
    digits: [u8; 24],
    k: usize,
    n: i64,
}

impl Shortest {
    /// `None` for zero, NaN and the infinities.
    fn of(x: f64) -> Option<Shortest> {
        if x == 0.0 || !x.is_finite() {
            return None;
        }
        // zmij (which `serde_json` prints with) writes the shortest
        // round-trip digits in a spelling of its own: a decimal with or
        // without a point, then perhaps an exponent. Only its digits and
        // where its point falls are read. Where two spellings of that many
        // digits are equally near, it writes the even one, as ECMA-262 asks
        // and V8 does; Rust's `{}` writes the larger.
        let mut buffer = zmij::Buffer::new();
        let text = buffer.format_finite(x.abs()).as_bytes();
        let (mantissa, exp) = match text.iter().position(|&b| b == b'e' || b == b'E') {
            Some(at) => {
                let exp = text.get(at + 1..).and_then(|e| std::str::from_utf8(e).ok());
                (text.get(..at)?, exp?.parse::<i64>().ok()?)
            }
            None => (text, 0),
        };
        let point = mantissa.iter().position(|&b| b == b'.').unwrap_or(mantissa.len());
        let mut shortest = Shortest { digits: [0; 24], k: 0, n: 0 };
        // Digits before the first non-zero one move the point, not the digits.
        let mut leading = 0;
        for &b in mantissa.iter().filter(|b| b.is_ascii_digit()) {
            if b == b'0' && shortest.k == 0 {
                leading += 1;
            } else {
                *shortest.digits.get_mut(shortest.k)? = b;
                shortest.k += 1;
            }
        }
        while shortest.k > 0 && shortest.digits.get(shortest.k - 1) == Some(&b'0') {
            shortest.k -= 1;
        }
        shortest.n = point as i64 - leading + exp;
        (shortest.k > 0).then_some(shortest)
    }

    fn digits(&self) -> &str {
        let digits = self.digits.get(..self.k).unwrap_or_default();
        std::str::from_utf8(digits).unwrap_or_default()
    }

    /// The exponent form's exponent, `n - 1`, unsigned, and its sign.
    fn exponent(&self) -> (u64, char) {
        let e = self.n - 1;
        (e.unsigned_abs(), if e < 0 { '-' } else { '+' })
    }

    /// The length of [`Shortest::spell`]'s text.
    fn spelled_len(&self) -> usize {
        let (k, n) = (self.k as i64, self.n);
        let len = if k <= n && n <= 21 {
            n
        } else if 0 < n && n <= 21 {
            k + 1
        } else if -6 < n && n <= 0 {
            2 - n + k
        } else {
            let (e, _) = self.exponent();
            let exp_digits = e.checked_ilog10().map_or(1, |l| i64::from(l) + 1);
            let point = i64::from(k > 1);
            k + point + 2 + exp_digits
        };
        len as usize
    }

    /// The magnitude as ECMA-262 Number::toString writes it.
    fn spell(&self, out: &mut String) {
        let digits = self.digits();
        let (k, n) = (self.k as i64, self.n);
        if k <= n && n <= 21 {
            out.push_str(digits);
            out.extend(std::iter::repeat_n('0', (n - k) as usize));
        } else if 0 < n && n <= 21 {
            let (int, frac) = digits.split_at(n as usize);
            out.push_str(int);
            out.push('.');
            out.push_str(frac);
        } else if -6 < n && n <= 0 {
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', (-n) as usize));
            out.push_str(digits);
        } else {
            let (first, rest) = digits.split_at(1);
            out.push_str(first);
            if !rest.is_empty() {
                out.push('.');
                out.push_str(rest);
            }
            let (e, sign) = self.exponent();
            out.push('e');
            out.push(sign);
            out.push_str(&e.to_string());
        }
    }
}
/// A number in JSON's grammar (checked by the reader), rounded as
/// JavaScript rounds it, `±inf` beyond the double range, as `JSON.parse`
/// gives `±Infinity`. serde_json's reader, which the crate links anyway,
/// rounds correctly and refuses only what is out of range (read as a
/// `Number`, which is the same reading with less around it than a
/// deserialised `f64`).
pub fn json_number(text: &str) -> f64 {
    if let Some(x) = exact_number(text) {
        return x;
    }
    match text.parse::<serde_json::Number>().ok().and_then(|n| n.as_f64()) {
        Some(x) => x,
        None if text.starts_with('-') => f64::NEG_INFINITY,
        None => f64::INFINITY,
    }
}

/// Powers of ten a double holds exactly.
const EXACT_TENS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
    1e19, 1e20, 1e21, 1e22,
];

/// A JSON number whose digits, read as one integer, are at most 2^53 and
/// whose scale is within 22 powers of ten: the integer and the power are
/// both exact as doubles, so one multiplication or division, correctly
/// rounded, is the nearest double (Clinger's fast path). Most numbers in
/// envelopes (counts, times in milliseconds, short decimals) are such, and
/// are read without the general reader. `None` for any other text.
fn exact_number(text: &str) -> Option<f64> {
    let b = text.as_bytes();
    let (negative, mut i) = if b.first() == Some(&b'-') { (true, 1) } else { (false, 0) };
    let (mut m, mut digits, mut scale) = (0u64, 0usize, 0i64);
    let mut point = false;
    while let Some(&c) = b.get(i) {
        match c {
            b'0'..=b'9' if digits < 16 => {
                m = m * 10 + u64::from(c - b'0');
                digits += 1;
                scale -= i64::from(point);
            }
            b'.' if !point && digits > 0 => point = true,
            b'e' | b'E' => break,
            _ => return None,
        }
        i += 1;
    }
    if digits == 0 || m > 1 << 53 {
        return None;
    }
    if i < b.len() {
        let rest = b.get(i + 1..)?;
        let (sign, rest) = match rest.split_first() {
            Some((b'-', r)) => (-1, r),
            Some((b'+', r)) => (1, r),
            _ => (1, rest),
        };
        if rest.is_empty() || rest.len() > 4 || !rest.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let e = rest.iter().fold(0i64, |e, &c| e * 10 + i64::from(c - b'0'));
        scale += sign * e;
    }
    let x = m as f64;
    let x = match usize::try_from(scale.unsigned_abs()).ok().and_then(|k| EXACT_TENS.get(k)) {
        Some(&p) if scale >= 0 => x * p,
        Some(&p) => x / p,
        None => return None,
    };
    Some(if negative { -x } else { x })
}

/// JavaScript's `Number(string)`: white space trimmed, the empty string 0,
/// decimal (`1.`, `.5`, `+1`, `007` too), `0x`/`0o`/`0b` integers and
/// `Infinity`; anything else `NaN`.
pub fn js_number_of(s: &str) -> f64 {
    let s = super::whitespace::js_trim(s);
    if s.is_empty() {
        return 0.0;
    }
    for (prefix, radix) in [("0x", 16), ("0X", 16), ("0o", 8), ("0O", 8), ("0b", 2), ("0B", 2)] {
        if let Some(digits) = s.strip_prefix(prefix) {
            let mut n = 0.0;
            for c in digits.chars() {
                let Some(d) = c.to_digit(radix) else { return f64::NAN };
                n = n * f64::from(radix) + f64::from(d);
            }
            return if digits.is_empty() { f64::NAN } else { n };
        }
    }
    let negative = s.starts_with('-');
    let unsigned = s.strip_prefix(['+', '-']).unwrap_or(s);
    if unsigned == "Infinity" {
        return if negative { f64::NEG_INFINITY } else { f64::INFINITY };
    }
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e)),
        None => (unsigned, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    if (int.is_empty() && frac.is_empty()) || !digits(int) || !digits(frac) || !exponent_ok {
        return f64::NAN;
    }
    // The same number in JSON's grammar.
    let int = int.trim_start_matches('0');
    let mut text = String::with_capacity(s.len() + 3);
    if negative {
        text.push('-');
    }
    text.push_str(if int.is_empty() { "0" } else { int });
    if !frac.is_empty() {
        text.push('.');
        text.push_str(frac);
    }
    if let Some(e) = exponent {
        text.push('e');
        text.push_str(e);
    }
    json_number(&text)
}

/// A number as `JSON.stringify` leaves it, as a JSON value: an integral
/// number below 2^53 in magnitude as an integer (`-0` as `0`), any other
/// finite number as a double, `NaN` and the infinities as `null`.
pub fn json_value(x: f64) -> serde_json::Value {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    if !x.is_finite() {
        serde_json::Value::Null
    } else if x.fract() == 0.0 && x.abs() < EXACT {
        #[expect(clippy::cast_possible_truncation, reason = "integral and below 2^53")]
        serde_json::Value::from(x as i64)
    } else {
        serde_json::Number::from_f64(x).map_or(serde_json::Value::Null, serde_json::Value::Number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_spelled_as_javascript_spells_them() {
        let cases: &[(f64, &str)] = &[
            (1.0, "1"),
            (-0.0, "0"),
            (0.1, "0.1"),
            (123.456, "123.456"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (1.5e-7, "1.5e-7"),
            (1e-6, "0.000001"),
            (1e-7, "1e-7"),
            (-2.5e30, "-2.5e+30"),
            (5e-324, "5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (9007199254740993.0, "9007199254740992"),
            (0.30000000000000004, "0.30000000000000004"),
            // Halfway between two 17-digit decimals: the even one, as V8
            // writes it (`{}` writes ...058.3).
            (1342216655580058.2, "1342216655580058.2"),
        ];
        for (x, want) in cases {
            assert_eq!(js_number(*x), *want, "{x:e}");
        }
    }

    #[test]
    fn lengths_are_the_lengths_of_the_spelling() {
        let numbers = [
            1.0,
            -1.0,
            0.0,
            -0.0,
            9.0,
            10.0,
            99.0,
            100.0,
            1e15,
            1e20,
            -1e20,
            999_999_999_999_999_999_999.0,
            1e21,
            1e22,
            0.5,
            -0.5,
            1.5e-7,
            9007199254740993.0,
            1.7976931348623157e308,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            18446744073709551615.0,
            18446744073709551616.0,
        ];
        // Integers on each side of every power of ten an integer is
        // written for (10^21 is the first in exponent form).
        let powers = (0..=21).flat_map(|k| {
            let p = 10f64.powi(k);
            [p - 1.0, p, p + 1.0, -p, p * 9.999_999_999_999_999].into_iter()
        });
        for x in numbers.into_iter().chain(powers) {
            assert_eq!(js_number_len(x), js_number(x).len(), "{x:e}");
        }
    }

    /// The digits JavaScript writes for `x` (positive and finite), as
    /// `<digits>e<exponent of the first digit>`: as many as the fewest that
    /// read back to `x` (`{:e}` writes that many), rounded from the exact
    /// value of `x` to the nearest, a tie to the even one (ECMA-262
    /// Number::toString, note 2, which V8 follows). `{:e}` alone breaks a tie
    /// upwards.
    fn by_exact(x: f64) -> String {
        let fewest = format!("{x:e}");
        let (mantissa, _) = fewest.split_once('e').unwrap_or((fewest.as_str(), "0"));
        let k = mantissa.bytes().filter(u8::is_ascii_digit).count();
        // Every double is a finite decimal of at most 767 significant digits.
        let exact = format!("{x:.1100e}");
        let (mantissa, exp) = exact.split_once('e').unwrap_or((exact.as_str(), "0"));
        let mut exp: i64 = exp.parse().unwrap_or(0);
        let all: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect();
        let (kept, rest) = all.split_at(k);
        let mut digits = kept.to_vec();
        let past_half = match rest.split_first() {
            Some((&first, more)) => first > 5 || (first == 5 && more.iter().any(|&d| d != 0)),
            None => false,
        };
        let tie = rest.split_first().is_some_and(|(&first, more)| first == 5 && more.iter().all(|&d| d == 0));
        if past_half || (tie && digits.last().is_some_and(|d| d % 2 == 1)) {
            let mut carry = true;
            for d in digits.iter_mut().rev() {
                if !carry {
                    break;
                }
                (*d, carry) = if *d == 9 { (0, true) } else { (*d + 1, false) };
            }
            if carry {
                digits.insert(0, 1);
                exp += 1;
            }
        }
        let digits: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
        format!("{}e{exp}", digits.trim_end_matches('0'))
    }

    fn by_js_number(x: f64) -> String {
        let s = js_number(x);
        let (mantissa, exp) = s.split_once('e').unwrap_or((s.as_str(), "0"));
        let exp: i64 = exp.parse().unwrap_or(0);
        let point = mantissa.find('.').unwrap_or(mantissa.len()) as i64;
        let all: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        let lead = (all.len() - all.trim_start_matches('0').len()) as i64;
        format!("{}e{}", all.trim_matches('0'), point + exp - lead - 1)
    }

    #[test]
    fn digits_are_the_shortest_round_trip_digits_on_awkward_values() {
        let awkward =
            [1e21, 1e-7, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 1.0 / 3.0, 123e18];
        for x in awkward {
            assert_eq!(by_js_number(x), by_exact(x), "{x:e}");
        }
    }

    /// `js_number_len` counts `{}` between 10^-6 and 10^21: on each side of
    /// both ends, and between them, it agrees with `js_number`.
    #[test]
    fn lengths_agree_at_the_ends_of_the_plain_decimal_range() {
        for end in [1e-6, 1e21, 1e-5, 0.1, 1e20] {
            let mut x = end;
            let mut below = end;
            for _ in 0..64 {
                for v in [x, below, -x, -below, x * 1.5, below / 3.0] {
                    assert_eq!(js_number_len(v), js_number(v).len(), "{v:e}");
                }
                x = x.next_up();
                below = below.next_down();
            }
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn a_plain_decimal_length_is_what_js_number_writes(m in 1.0f64..10.0, e in -8i32..23) {
            let x = m * 10f64.powi(e);
            proptest::prop_assert_eq!(js_number_len(x), js_number(x).len(), "{:e}", x);
            proptest::prop_assert_eq!(js_number_len(-x), js_number(-x).len(), "{:e}", x);
        }

        #[test]
        fn digits_are_the_shortest_round_trip_digits(bits in 1u64..0x7ff0_0000_0000_0000) {
            // Every positive finite double.
            let x = f64::from_bits(bits);
            proptest::prop_assert_eq!(by_js_number(x), by_exact(x));
            proptest::prop_assert_eq!(js_number_len(x), js_number(x).len());
            proptest::prop_assert_eq!(js_number_len(-x), js_number(-x).len());
        }

        #[test]
        fn a_tie_between_two_shortest_spellings_goes_to_the_even_one(q in (1u64 << 50)..(1u64 << 53)) {
            // Quarters from 2^48 to 2^51: 18 significant digits, often
            // halfway between two 17-digit decimals.
            let x = q as f64 / 4.0;
            proptest::prop_assert_eq!(by_js_number(x), by_exact(x));
        }
    }

    proptest::proptest! {
        #[test]
        fn short_numbers_read_as_the_general_reader_reads_them(
            m in 0u64..(1u64 << 54),
            point in 0usize..20,
            e in -30i64..30,
            form in 0u8..4,
        ) {
            let digits = m.to_string();
            let text = match form {
                0 => digits.clone(),
                1 if point < digits.len() && point > 0 => format!("{}.{}", &digits[..point], &digits[point..]),
                1 => format!("0.{digits}"),
                2 => format!("-{digits}e{e}"),
                _ => format!("{digits}E+{}", e.unsigned_abs()),
            };
            let want = text.parse::<f64>().unwrap();
            proptest::prop_assert_eq!(json_number(&text).to_bits(), want.to_bits(), "{}", text);
        }
    }

    #[test]
    fn the_fast_path_takes_only_what_it_reads_exactly() {
        for text in ["0", "-0", "12", "1733500000000", "0.5", "-12.25e3", "9007199254740992", "1e22", "3E-22"]
        {
            let x = exact_number(text);
            assert_eq!(x.map(f64::to_bits), Some(text.parse::<f64>().unwrap().to_bits()), "{text}");
        }
        // Too many digits, beyond 2^53 or ten's exact powers, or not a
        // number: the general reader's.
        for text in [
            "9007199254740993",
            "12345678901234567",
            "1e23",
            "1e-23",
            "1e",
            "1e+",
            "-",
            "",
            ".5",
            "1..2",
            "1e99999",
            "x",
        ] {
            assert_eq!(exact_number(text), None, "{text}");
        }
        assert!(json_number("-0").is_sign_negative());
    }

    #[test]
    fn numbers_read_as_javascript_reads_them() {
        for text in
            ["0", "-0", "0.1", "1e21", "123456789012345678901234567890", "2.5e-324", "1.7976931348623157e308"]
        {
            assert_eq!(json_number(text).to_bits(), text.parse::<f64>().unwrap().to_bits(), "{text}");
        }
        assert_eq!(json_number("1e400"), f64::INFINITY);
        assert_eq!(json_number("-1e400"), f64::NEG_INFINITY);
        assert_eq!(json_number("1e-400"), 0.0);
    }

    #[test]
    fn number_of_a_string_as_javascript_converts_it() {
        for (text, want) in [
            ("", 0.0),
            (" 12 ", 12.0),
            ("1.", 1.0),
            (".5", 0.5),
            ("+7", 7.0),
            ("007", 7.0),
            ("-2e1", -20.0),
            ("0x1f", 31.0),
            ("0b101", 5.0),
            ("-Infinity", f64::NEG_INFINITY),
        ] {
            assert_eq!(js_number_of(text), want, "{text}");
        }
        for text in ["inf", "NaN", "1e", ".", "0x", "-0x1", "1_000", "12px"] {
            assert!(js_number_of(text).is_nan(), "{text}");
        }
    }

    #[test]
    fn a_stored_number_is_an_integer_only_where_a_double_holds_it_exactly() {
        use serde_json::json;
        assert_eq!(json_value(-0.0), json!(0));
        assert_eq!(json_value(9_007_199_254_740_991.0), json!(9_007_199_254_740_991_i64));
        assert_eq!(json_value(9_007_199_254_740_992.0).to_string(), "9007199254740992.0");
        assert_eq!(json_value(0.5), json!(0.5));
        assert_eq!(json_value(f64::INFINITY), serde_json::Value::Null);
        assert_eq!(json_value(f64::NAN), serde_json::Value::Null);
    }
}
