//! Unit tests of the fold.
