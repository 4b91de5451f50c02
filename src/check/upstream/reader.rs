//! The reader that builds a [`super::tree::Tree`] from a text, as
//! `JSON.parse` reads it (with the JavaScript values an adapter may spell):
//! the one lexer under `JSON.parse`'s policy, with the structure kept as a
//! flat list of nodes.

use crate::diagnostic::{self, Diagnostic};
use crate::json;
use crate::pointer::Pointer;

use super::tree::{Node, Other, Text, Tree};
use crate::json::lex::{Fault, Lexer, Policy};

impl<'t> Tree<'t> {
    /// `js`: the text may also spell `NaN`, `undefined`, `bigint`,
    /// `function` and `symbol` where a value stands ([`Options::js_values`]).
    pub(super) fn parse(text: &'t str, js: bool) -> Result<Self, Box<Diagnostic>> {
        // An envelope has a node for about every ten bytes: room for one
        // every eight (up to a few thousand) spares the list most of its
        // growing; a longer text grows it past that as it must.
        let room = (text.len() / 8 + 4).min(1 << 12);
        let mut r = Reader {
            lx: Lexer::new(text, Policy::JsonParse),
            nodes: Vec::with_capacity(room),
            open: Vec::with_capacity(8),
            depth: 0,
            escaped: false,
            js,
            spelled: false,
        };
        r.read()?;
        let mut tree =
            Tree { nodes: r.nodes, depth: r.depth, escaped: r.escaped, js: r.spelled, text_len: text.len() };
        tree.mark_duplicates();
        Ok(tree)
    }
}

pub(super) struct Reader<'t> {
    pub(super) lx: Lexer<'t>,
    pub(super) nodes: Vec<Node<'t>>,
    /// The containers open at the reader's place.
    pub(super) open: Vec<usize>,
    pub(super) depth: usize,
    /// A string or a key read so far holds an escape.
    pub(super) escaped: bool,
    /// JavaScript's words for values JSON cannot spell are read.
    pub(super) js: bool,
    /// One of them was read.
    pub(super) spelled: bool,
}

impl<'t> Reader<'t> {
    pub(super) fn peek(&self) -> Option<u8> {
        self.lx.peek()
    }

    /// `JSON.parse`'s white space: space, tab, line feed, carriage return.
    pub(super) fn blank(&mut self) {
        self.lx.blank();
    }

    /// A message naming `what` was expected where the reader stands, and
    /// what stands there.
    pub(super) fn fail(&self, what: &str) -> Box<Diagnostic> {
        let found = match self.lx.rest().chars().next() {
            Some(c) => format!("found {}", diagnostic::quote(&c.to_string())),
            None => "found the end of the text".to_owned(),
        };
        Box::new(Diagnostic::error(
            json::INVALID,
            &Pointer::root(),
            format!("expected {what} at byte {}, {found}", self.lx.at()),
        ))
    }

    /// The lexer's fault, in the reader's words (the lexer stands where it
    /// found it).
    fn fault(&self, fault: Fault) -> Box<Diagnostic> {
        self.fail(match fault {
            Fault::Escape => {
                "an escape (`\\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` or `\\u` and four hex digits)"
            }
            Fault::Character => "a character (control characters must be escaped)",
            Fault::Quote => "`\"`",
            // Strict faults: `JSON.parse`'s policy has none.
            Fault::Digit | Fault::Pair | Fault::Finite => "a digit",
        })
    }

    pub(super) fn read(&mut self) -> Result<(), Box<Diagnostic>> {
        self.blank();
        'value: loop {
            if let Some(&top) = self.open.last()
                && let Some(Node::Array { len, .. }) = self.nodes.get_mut(top)
            {
                *len += 1;
            }
            match self.peek() {
                Some(b'@') if self.js => {
                    // A class name, then the object it names.
                    self.lx.bump();
                    if self.peek() != Some(b'"') {
                        return Err(self.fail("a class name (a string)"));
                    }
                    let class = self.string()?;
                    if self.peek() != Some(b'{') {
                        return Err(self.fail("`{` after a class name"));
                    }
                    self.spelled = true;
                    self.open_container(b'{', Some(class));
                    if !self.after_open(b'{')? {
                        continue 'value;
                    }
                }
                Some(open @ (b'{' | b'[')) => {
                    self.open_container(open, None);
                    if !self.after_open(open)? {
                        continue 'value;
                    }
                }
                Some(b'"') => {
                    let t = self.string()?;
                    self.nodes.push(Node::String(t));
                }
                Some(b't') => self.literal("true", Node::Bool(true))?,
                Some(b'f') if self.js && self.lx.peek_ahead(1) == Some(b'u') => {
                    self.js_literal("function", Node::Other(Other::Function(0.0)))?;
                    self.function_length()?;
                }
                Some(b'f') => self.literal("false", Node::Bool(false))?,
                Some(b'n') => self.literal("null", Node::Null)?,
                Some(b'N') if self.js => self.js_literal("NaN", Node::Number(f64::NAN))?,
                Some(b'u') if self.js => self.js_literal("undefined", Node::Undefined)?,
                Some(b'b') if self.js => self.js_literal("bigint", Node::Other(Other::BigInt))?,
                Some(b's') if self.js => self.js_literal("symbol", Node::Other(Other::Symbol))?,
                Some(b'-' | b'0'..=b'9') => self.number()?,
                _ => return Err(self.fail("a value")),
            }
            // A value is complete: close what ends here, or go on to the
            // next member.
            while let Some(&top) = self.open.last() {
                self.blank();
                let object = matches!(self.nodes.get(top), Some(Node::Object { .. }));
                match self.peek() {
                    Some(b',') => {
                        self.lx.bump();
                        self.blank();
                        if object {
                            self.key()?;
                        }
                        continue 'value;
                    }
                    Some(b'}') if object => {
                        self.lx.bump();
                        self.close();
                    }
                    Some(b']') if !object => {
                        self.lx.bump();
                        self.close();
                    }
                    _ => return Err(self.fail(if object { "`,` or `}`" } else { "`,` or `]`" })),
                }
            }
            break;
        }
        self.blank();
        if !self.lx.at_end() {
            return Err(self.fail("the end of the text"));
        }
        Ok(())
    }

    /// Opens an object (`{`, named `class` where a JavaScript caller
    /// named one) or an array (`[`) at the reader's place.
    pub(super) fn open_container(&mut self, open: u8, class: Option<Text<'t>>) {
        self.lx.bump();
        let index = self.nodes.len();
        self.nodes.push(if open == b'{' {
            Node::Object { end: 0, len: 0, class }
        } else {
            Node::Array { end: 0, len: 0 }
        });
        self.open.push(index);
        self.depth = self.depth.max(self.open.len());
        self.blank();
    }

    /// After an opening bracket: an empty container is closed (`true`: a
    /// value is complete); an object's first key is read (`false`: a value
    /// comes next).
    pub(super) fn after_open(&mut self, open: u8) -> Result<bool, Box<Diagnostic>> {
        let close = if open == b'{' { b'}' } else { b']' };
        if self.lx.eat(close) {
            self.close();
            return Ok(true);
        }
        if open == b'{' {
            self.key()?;
        }
        Ok(false)
    }

    pub(super) fn close(&mut self) {
        if let Some(top) = self.open.pop() {
            let end_here = self.nodes.len();
            if let Some(Node::Array { end, .. } | Node::Object { end, .. }) = self.nodes.get_mut(top) {
                *end = end_here;
            }
        }
    }

    /// An object member's key and its colon.
    pub(super) fn key(&mut self) -> Result<(), Box<Diagnostic>> {
        if self.peek() != Some(b'"') {
            return Err(self.fail("a key (a string)"));
        }
        let text = self.string()?;
        if let Some(&top) = self.open.last()
            && let Some(Node::Object { len, .. }) = self.nodes.get_mut(top)
        {
            *len += 1;
        }
        self.nodes.push(Node::Key { text, shadowed: false, first: true });
        self.blank();
        if !self.lx.eat(b':') {
            return Err(self.fail("`:`"));
        }
        self.blank();
        Ok(())
    }

    /// A function's `length`, in parentheses after the word (`function(2)`),
    /// where the caller wrote one.
    pub(super) fn function_length(&mut self) -> Result<(), Box<Diagnostic>> {
        if !self.lx.eat(b'(') {
            return Ok(());
        }
        self.number()?;
        let length = match self.nodes.pop() {
            Some(Node::Number(x)) => x,
            _ => return Err(self.fail("a number")),
        };
        if !self.lx.eat(b')') {
            return Err(self.fail("`)`"));
        }
        // In place of the word's own node.
        if let Some(last) = self.nodes.last_mut() {
            *last = Node::Other(Other::Function(length));
        }
        Ok(())
    }

    pub(super) fn js_literal(&mut self, word: &str, node: Node<'t>) -> Result<(), Box<Diagnostic>> {
        self.spelled = true;
        self.literal(word, node)
    }

    pub(super) fn literal(&mut self, word: &str, node: Node<'t>) -> Result<(), Box<Diagnostic>> {
        if !self.lx.word(word.as_bytes()) {
            return Err(self.fail("a value"));
        }
        self.nodes.push(node);
        Ok(())
    }

    /// Inlined by force: its call cost a string read about as much as the
    /// reading, and an envelope holds some forty.
    #[inline(always)]
    pub(super) fn string(&mut self) -> Result<Text<'t>, Box<Diagnostic>> {
        let s = self.lx.string().map_err(|f| self.fault(f))?;
        self.escaped |= s.escaped;
        Ok(Text { raw: s.raw, escaped: s.escaped })
    }

    pub(super) fn number(&mut self) -> Result<(), Box<Diagnostic>> {
        let n = self.lx.number().map_err(|f| self.fault(f))?;
        self.nodes.push(Node::Number(n.value()));
        Ok(())
    }
}
