//! The handoff delivery state machine: `queued → delivered → consumed`, and
//! `queued` / `delivered → undeliverable`. Nothing leaves `consumed` or
//! `undeliverable`; a retry is a new handoff linked `retries`, never a
//! rewrite of the old one's state.

use crate::vocab::DELIVERY_STATE;

crate::define_codes! {
    LEGAL = "delivery/legal", "the move is one of the four legal delivery transitions";
    NO_CHANGE = "delivery/no-change", "the move stays in the same state; there is nothing to record";
    TERMINAL = "delivery/terminal", "nothing leaves `consumed` or `undeliverable`; retry with a new handoff linked `retries`";
    BACKWARDS = "delivery/backwards", "a delivered handoff cannot go back to `queued`; retry with a new handoff linked `retries`";
    SKIPS_DELIVERY = "delivery/skips-delivery", "a queued handoff cannot be consumed before it is delivered";
    UNKNOWN_STATE = "delivery/unknown-state", "a state outside `queued, delivered, consumed, undeliverable`";
}

/// The verdict on one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transition {
    /// Whether the hub may record the move.
    pub allowed: bool,
    /// One of this module's codes.
    pub code: crate::diagnostic::Code,
    /// One line saying why.
    pub message: String,
}

fn verdict(allowed: bool, code: crate::diagnostic::Code, message: &str) -> Transition {
    Transition { allowed, code, message: message.to_owned() }
}

/// Decides whether a handoff may move from `from` to `to` (exact,
/// case-sensitive state names).
pub fn transition(from: &str, to: &str) -> Transition {
    if let Some(unknown) = [from, to].into_iter().find(|s| !DELIVERY_STATE.contains(s)) {
        let message = format!(
            "{} is not a delivery state; the states are queued, delivered, consumed and undeliverable",
            crate::diagnostic::quote(unknown)
        );
        return Transition { allowed: false, code: UNKNOWN_STATE, message };
    }
    match (from, to) {
        ("queued", "delivered") => verdict(true, LEGAL, "the handoff reached its sink"),
        ("queued", "undeliverable") => verdict(true, LEGAL, "the handoff could not reach its sink"),
        ("delivered", "consumed") => verdict(true, LEGAL, "the sink took the handoff into a turn"),
        ("delivered", "undeliverable") => {
            verdict(true, LEGAL, "the sink went away before it took the handoff into a turn")
        }
        _ if from == to => verdict(false, NO_CHANGE, "the handoff is already in that state"),
        ("consumed" | "undeliverable", _) => {
            verdict(false, TERMINAL, "the state is final; a retry is a new handoff linked `retries`")
        }
        ("delivered", "queued") => {
            verdict(false, BACKWARDS, "delivery cannot be undone; a retry is a new handoff linked `retries`")
        }
        _ => verdict(false, SKIPS_DELIVERY, "a handoff is delivered before it is consumed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STATES: [&str; 4] = ["queued", "delivered", "consumed", "undeliverable"];

    #[test]
    fn exactly_four_moves_are_legal() {
        let legal: Vec<(&str, &str)> = STATES
            .iter()
            .flat_map(|f| STATES.iter().map(move |t| (*f, *t)))
            .filter(|(f, t)| transition(f, t).allowed)
            .collect();
        assert_eq!(
            legal,
            vec![
                ("queued", "delivered"),
                ("queued", "undeliverable"),
                ("delivered", "consumed"),
                ("delivered", "undeliverable")
            ]
        );
    }

    #[test]
    fn nothing_leaves_a_final_state() {
        assert_eq!(transition("consumed", "delivered").code, TERMINAL);
        assert_eq!(transition("undeliverable", "queued").code, TERMINAL);
    }

    #[test]
    fn staying_put_is_no_change() {
        assert_eq!(transition("consumed", "consumed").code, NO_CHANGE);
    }

    #[test]
    fn consuming_a_queued_handoff_skips_delivery() {
        assert_eq!(transition("queued", "consumed").code, SKIPS_DELIVERY);
    }

    #[test]
    fn going_back_to_queued_is_backwards() {
        assert_eq!(transition("delivered", "queued").code, BACKWARDS);
    }

    #[test]
    fn state_names_are_case_sensitive() {
        assert_eq!(transition("Queued", "delivered").code, UNKNOWN_STATE);
        assert_eq!(transition("queued", "dispatching").code, UNKNOWN_STATE);
    }
}
