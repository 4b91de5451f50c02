//! Stable sorts through one copy of the standard library's sort.
//!
//! Each `sort_by` on another element type, or with another closure, is a
//! separate copy of the standard library's sort: several kilobytes each in
//! the wasm module. These sort indexes with one comparator type, so the
//! crate holds one copy, and only the cheap reordering is compiled per
//! element type.

use std::cmp::Ordering;

/// Sorts indexes, stably, by `cmp`.
pub(crate) fn indices(list: &mut [u32], cmp: &dyn Fn(u32, u32) -> Ordering) {
    list.sort_by(|&a, &b| cmp(a, b));
}

/// Sorts a list, stably, by `cmp` (through [`indices`]).
pub(crate) fn list<T>(list: &mut Vec<T>, cmp: &dyn Fn(&T, &T) -> Ordering) {
    // Many lists are short or in order already: nothing to build for them.
    if list.is_sorted_by(|a, b| cmp(a, b) != Ordering::Greater) {
        return;
    }
    // Indexes are `u32`: no list this crate sorts comes near 2^32 items.
    let mut order: Vec<u32> = (0..u32::try_from(list.len()).unwrap_or(u32::MAX)).collect();
    let items: &[T] = list;
    indices(&mut order, &|a, b| match (items.get(a as usize), items.get(b as usize)) {
        (Some(x), Some(y)) => cmp(x, y),
        _ => a.cmp(&b),
    });
    let mut slots: Vec<Option<T>> = list.drain(..).map(Some).collect();
    list.extend(order.iter().filter_map(|&i| slots.get_mut(i as usize).and_then(Option::take)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_sort_stably_as_the_standard_sort_does() {
        // Pairs sorted on the first item only: the second tells whether
        // equal keys kept their order.
        let mut seed = 0x9e37_79b9_u32;
        for len in [0, 1, 2, 3, 7, 20, 33, 100, 500] {
            let items: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed ^= seed << 13;
                    seed ^= seed >> 17;
                    seed ^= seed << 5;
                    ((seed % 5) as u8, i)
                })
                .collect();
            let mut ours = items.clone();
            list(&mut ours, &|a, b| a.0.cmp(&b.0));
            let mut std = items.clone();
            std.sort_by_key(|a| a.0);
            assert_eq!(ours, std, "{len} items");
            let mut descending = items;
            list(&mut descending, &|a, b| b.0.cmp(&a.0));
            std.sort_by_key(|a| std::cmp::Reverse(a.0));
            assert_eq!(descending, std, "{len} items, descending");
        }
    }

    #[test]
    fn indices_sort_by_their_comparator() {
        let keys = [3, 1, 2, 1, 0];
        let mut order: Vec<u32> = (0..5).collect();
        indices(&mut order, &|a, b| keys[a as usize].cmp(&keys[b as usize]));
        assert_eq!(order, [4, 1, 3, 2, 0]);
    }
}
