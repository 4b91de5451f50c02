use serde_json::json;

use super::*;

fn run(old: Value, new: Value) -> Report {
    check(&old, &new, Options::default()).unwrap()
}

fn lenient(old: Value, new: Value) -> Report {
    check(&old, &new, Options { policy: Policy::Lenient, assert_format: false }).unwrap()
}

fn codes(r: &Report) -> Vec<&str> {
    r.changes.iter().map(|c| c.code.as_str()).collect()
}

fn verdicts(r: &Report) -> (Verdict, Verdict) {
    (r.backward, r.forward)
}

const C: Verdict = Verdict::Compatible;
const B: Verdict = Verdict::Breaking;

#[test]
fn identical_schemas_have_no_changes() {
    let s = json!({"type":"object","properties":{"a":{"type":"string"}}});
    let r = run(s.clone(), s);
    assert!(r.changes.is_empty());
    assert_eq!(r.full, Verdict::Compatible);
}

#[test]
fn adding_null_to_a_type_list_widens_the_type() {
    let r = run(json!({"type":"string"}), json!({"type":["string","null"]}));
    assert_eq!(codes(&r), ["compat/type-widened"]);
    assert_eq!(verdicts(&r), (C, B));
}

#[test]
fn number_to_integer_narrows_the_type() {
    let r = run(json!({"type":"number"}), json!({"type":"integer"}));
    assert_eq!(codes(&r), ["compat/type-narrowed"]);
    assert_eq!(verdicts(&r), (B, C));
}

#[test]
fn string_to_number_changes_the_type() {
    let r = run(json!({"type":"string"}), json!({"type":"number"}));
    assert_eq!(codes(&r), ["compat/type-changed"]);
    assert_eq!(verdicts(&r), (B, B));
}

#[test]
fn an_enum_value_added_is_backward_compatible_only() {
    let r = run(json!({"enum":["a"]}), json!({"enum":["a","b"]}));
    assert_eq!(codes(&r), ["compat/enum-widened"]);
    assert_eq!(verdicts(&r), (C, B));
}

#[test]
fn const_and_a_one_value_enum_are_the_same() {
    assert!(run(json!({"const":"x"}), json!({"enum":["x"]})).changes.is_empty());
}

#[test]
fn enum_values_are_compared_by_json_equality() {
    assert!(run(json!({"enum":[1, {"a":1,"b":2}]}), json!({"enum":[1.0, {"b":2,"a":1}]})).changes.is_empty());
}

#[test]
fn lowering_max_length_tightens_a_bound() {
    let r = run(json!({"type":"string","maxLength":10}), json!({"type":"string","maxLength":5}));
    assert_eq!(codes(&r), ["compat/bound-tightened"]);
    assert_eq!(r.changes[0].path, "/maxLength");
    assert_eq!(verdicts(&r), (B, C));
}

#[test]
fn draft_04_exclusive_minimum_is_read_as_a_strict_bound() {
    let old = json!({"type":"number","minimum":10,"exclusiveMinimum":true});
    let r = run(old, json!({"type":"number","exclusiveMinimum":10}));
    assert!(r.changes.is_empty(), "{:?}", r.changes);
}

#[test]
fn a_finer_multiple_of_relaxes_and_an_unrelated_one_changes() {
    let finer = run(json!({"type":"number","multipleOf":10}), json!({"type":"number","multipleOf":5}));
    assert_eq!(codes(&finer), ["compat/bound-relaxed"]);
    let other = run(json!({"type":"number","multipleOf":7}), json!({"type":"number","multipleOf":13}));
    assert_eq!(codes(&other), ["compat/bound-changed"]);
}

#[test]
fn a_changed_pattern_breaks_both_ways() {
    let r = run(json!({"type":"string","pattern":"^a"}), json!({"type":"string","pattern":"^b"}));
    assert_eq!(verdicts(&r), (B, B));
}

#[test]
fn format_is_an_annotation_unless_asserted() {
    let (old, new) = (json!({"type":"string"}), json!({"type":"string","format":"email"}));
    let r = run(old.clone(), new.clone());
    assert_eq!(r.changes[0].backward, Verdict::Info);
    assert_eq!(r.full, C);
    let asserted = check(&old, &new, Options { policy: Policy::Strict, assert_format: true }).unwrap();
    assert_eq!(verdicts(&asserted), (B, C));
}

#[test]
fn annotations_are_info() {
    let r = run(json!({"title":"a","description":"x","default":1}), json!({"title":"b","examples":[1]}));
    assert!(r.changes.iter().all(|c| c.backward == Verdict::Info && c.forward == Verdict::Info));
    assert_eq!(r.changes.len(), 4);
    assert_eq!(r.full, C);
}

#[test]
fn an_optional_property_added_to_an_open_object_breaks_backward_only_under_strict() {
    let old = json!({"type":"object","properties":{"a":{"type":"string"}}});
    let new = json!({"type":"object","properties":{"a":{"type":"string"},"b":{"type":"number"}}});
    assert_eq!(verdicts(&run(old.clone(), new.clone())), (B, C));
    assert_eq!(verdicts(&lenient(old, new)), (C, C));
}

#[test]
fn a_property_with_an_empty_schema_added_to_an_open_object_is_harmless() {
    let r = run(json!({"type":"object"}), json!({"type":"object","properties":{"x":{}}}));
    assert_eq!(verdicts(&r), (C, C));
}

#[test]
fn a_property_added_to_a_closed_object_breaks_forward_under_strict() {
    let old = json!({"type":"object","additionalProperties":false});
    let new = json!({"type":"object","properties":{"b":{"type":"number"}},"additionalProperties":false});
    let r = run(old.clone(), new.clone());
    assert_eq!(codes(&r), ["compat/property-added-to-closed"]);
    assert_eq!(verdicts(&r), (C, B));
    assert_eq!(verdicts(&lenient(old, new)), (C, C));
}

#[test]
fn a_property_covered_by_additional_properties_is_compatible_both_ways() {
    let old = json!({"type":"object","additionalProperties":{"type":"string"}});
    let new = json!({"type":"object","properties":{"b":{"type":"string"}},"additionalProperties":{"type":"string"}});
    let r = run(old, new);
    assert_eq!(codes(&r), ["compat/property-added-partially-open"]);
    assert_eq!(verdicts(&r), (C, C));
}

#[test]
fn a_property_removed_from_a_closed_object_breaks_backward_under_strict() {
    let old = json!({"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false});
    let r = run(old, json!({"type":"object","additionalProperties":false}));
    assert_eq!(codes(&r), ["compat/property-removed-from-closed"]);
    assert_eq!(verdicts(&r), (B, C));
}

#[test]
fn a_new_required_property_breaks_backward_even_with_a_default() {
    let old = json!({"type":"object","properties":{"a":{"type":"string","default":"x"}}});
    let new = json!({"type":"object","properties":{"a":{"type":"string","default":"x"}},"required":["a"]});
    let r = run(old, new);
    assert_eq!(codes(&r), ["compat/required-added"]);
    assert_eq!(verdicts(&r), (B, C));
    assert!(r.changes[0].message.contains("default"));
}

#[test]
fn closing_the_content_model_is_lenient_compatible() {
    let (old, new) = (json!({"type":"object"}), json!({"type":"object","additionalProperties":false}));
    assert_eq!(verdicts(&run(old.clone(), new.clone())), (B, C));
    assert_eq!(verdicts(&lenient(old, new)), (C, C));
}

#[test]
fn unevaluated_properties_closing_is_reported_like_additional_properties() {
    let r = run(json!({"type":"object"}), json!({"type":"object","unevaluatedProperties":false}));
    assert_eq!(codes(&r), ["compat/content-closed"]);
    assert_eq!(r.changes[0].path, "/unevaluatedProperties");
}

#[test]
fn a_pattern_property_added_on_an_open_object_narrows_matching_names() {
    let r =
        run(json!({"type":"object"}), json!({"type":"object","patternProperties":{"^x-":{"type":"string"}}}));
    assert_eq!(verdicts(&r), (B, C));
    assert!(r.changes[0].path.starts_with("/patternProperties/^x-"));
}

#[test]
fn property_names_narrowed_breaks_backward() {
    let r = run(json!({"type":"object"}), json!({"type":"object","propertyNames":{"maxLength":3}}));
    assert_eq!(codes(&r), ["compat/bound-tightened"]);
    assert_eq!(r.changes[0].path, "/propertyNames/maxLength");
}

#[test]
fn dependent_required_and_draft_07_dependencies_are_compared_alike() {
    let old = json!({"type":"object","dependencies":{"a":["b"]}});
    let new = json!({"type":"object","dependentRequired":{"a":["b","c"]}});
    let r = run(old, new);
    assert_eq!(codes(&r), ["compat/dependency-added"]);
    assert_eq!(verdicts(&r), (B, C));
}

#[test]
fn a_dependent_schema_added_narrows() {
    let r =
        run(json!({"type":"object"}), json!({"type":"object","dependentSchemas":{"a":{"required":["b"]}}}));
    assert_eq!(codes(&r), ["compat/required-added"]);
    assert_eq!(r.changes[0].path, "/dependentSchemas/a/required");
}

#[test]
fn draft_07_tuples_compare_like_prefix_items() {
    let old = json!({"type":"array","items":[{"type":"string"}],"additionalItems":false});
    let new = json!({"type":"array","prefixItems":[{"type":"string"}],"items":false});
    assert!(run(old, new).changes.is_empty());
}

#[test]
fn a_tuple_slot_added_to_a_closed_tuple_is_backward_compatible() {
    let old = json!({"type":"array","prefixItems":[{"type":"string"}],"items":false});
    let new = json!({"type":"array","prefixItems":[{"type":"string"},{"type":"number"}],"items":false});
    let r = run(old, new);
    assert_eq!(codes(&r), ["compat/was-false"]);
    assert_eq!(verdicts(&r), (C, B));
}

#[test]
fn contains_and_unique_items_added_break_backward() {
    let r =
        run(json!({"type":"array"}), json!({"type":"array","contains":{"type":"string"},"uniqueItems":true}));
    assert_eq!(codes(&r), ["compat/contains-added", "compat/unique-items-added"]);
    assert_eq!(verdicts(&r), (B, C));
}

#[test]
fn reordered_any_of_branches_are_no_change() {
    let r = run(
        json!({"anyOf":[{"type":"string"},{"type":"number"}]}),
        json!({"anyOf":[{"type":"number"},{"type":"string"}]}),
    );
    assert!(r.changes.is_empty());
}

#[test]
fn a_type_becoming_a_union_of_itself_and_more_widens() {
    let r = run(json!({"type":"string"}), json!({"anyOf":[{"type":"string"},{"type":"number"}]}));
    assert_eq!(codes(&r), ["compat/branch-added"]);
    assert_eq!(verdicts(&r), (C, B));
}

#[test]
fn an_overlapping_one_of_branch_is_an_overlap_risk() {
    let old = json!({"oneOf":[{"type":"string"}]});
    let new = json!({"oneOf":[{"type":"string"},{"maxLength":5}]});
    let r = run(old, new);
    assert!(codes(&r).contains(&"compat/one-of-overlap"));
    assert_eq!(r.backward, B);
}

#[test]
fn a_disjoint_one_of_branch_is_no_overlap_risk() {
    let old = json!({"oneOf":[{"type":"string"}]});
    let new = json!({"oneOf":[{"type":"string"},{"type":"number"}]});
    let r = run(old, new);
    assert_eq!(codes(&r), ["compat/branch-added"]);
    assert_eq!(verdicts(&r), (C, B));
}

#[test]
fn one_of_to_any_of_is_backward_compatible() {
    let r =
        run(json!({"oneOf":[{"maximum":1},{"minimum":0}]}), json!({"anyOf":[{"maximum":1},{"minimum":0}]}));
    assert_eq!(codes(&r), ["compat/one-of-to-any-of"]);
    assert_eq!(verdicts(&r), (C, B));
}

#[test]
fn an_all_of_conjunct_added_breaks_backward_unless_implied() {
    let r = run(json!({"type":"string"}), json!({"type":"string","allOf":[{"maxLength":3}]}));
    assert_eq!(verdicts(&r), (B, C));
    let implied = run(
        json!({"type":"string","maxLength":2}),
        json!({"type":"string","maxLength":2,"allOf":[{"maxLength":3}]}),
    );
    assert_eq!(verdicts(&implied), (C, C));
}

#[test]
fn a_not_added_that_excludes_no_old_value_is_backward_compatible() {
    let r = run(json!({"type":"string"}), json!({"not":{"type":"number"}}));
    assert_eq!(r.backward, C);
}

#[test]
fn a_narrower_not_widens_the_schema() {
    let r = run(json!({"not":{"type":"string"}}), json!({"not":{"type":"string","maxLength":3}}));
    assert_eq!(codes(&r), ["compat/not-changed"]);
    assert_eq!(verdicts(&r), (C, B));
}

#[test]
fn a_conditional_added_breaks_backward() {
    let new = json!({"type":"object","if":{"required":["a"]},"then":{"required":["b"]}});
    let r = run(json!({"type":"object"}), new);
    assert_eq!(codes(&r), ["compat/conditional-added"]);
    assert_eq!(verdicts(&r), (B, C));
}

#[test]
fn a_changed_if_breaks_both_ways() {
    let old = json!({"if":{"properties":{"k":{"const":1}}},"then":{"required":["a"]}});
    let new = json!({"if":{"properties":{"k":{"const":2}}},"then":{"required":["a"]}});
    assert_eq!(codes(&run(old, new)), ["compat/conditional-if-changed"]);
}

#[test]
fn inlining_a_ref_is_no_change() {
    let old = json!({"$defs":{"s":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/s"}}});
    let new = json!({"properties":{"a":{"type":"string"}}});
    assert!(run(old, new).changes.iter().all(|c| c.backward == Verdict::Info));
}

#[test]
fn a_change_behind_a_shared_ref_is_reported_at_the_target() {
    let old = json!({"$defs":{"s":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/s"},"b":{"$ref":"#/$defs/s"}}});
    let new = json!({"$defs":{"s":{"type":"number"}},"properties":{"a":{"$ref":"#/$defs/s"},"b":{"$ref":"#/$defs/s"}}});
    let r = run(old, new);
    assert_eq!(r.changes.len(), 1);
    assert_eq!(r.changes[0].path, "/$defs/s/type");
}

#[test]
fn recursive_schemas_terminate() {
    let node = |t: &str| json!({"$defs":{"n":{"type":"object","properties":{"v":{"type":t},"next":{"$ref":"#/$defs/n"}}}},"$ref":"#/$defs/n"});
    let r = run(node("string"), node("number"));
    assert_eq!(codes(&r), ["compat/type-changed"]);
}

#[test]
fn draft_07_anchors_resolve() {
    let s = |t: &str| json!({"definitions":{"A":{"$id":"#A","type":t}},"properties":{"a":{"$ref":"#A"}}});
    assert_eq!(codes(&run(s("string"), s("number"))), ["compat/type-changed"]);
}

#[test]
fn remote_refs_fail_closed() {
    let r = run(json!({"type":"object"}), json!({"$ref":"https://example.com/other.json"}));
    assert_eq!(codes(&r), ["compat/remote-ref"]);
    assert_eq!(verdicts(&r), (B, B));
}

#[test]
fn dynamic_refs_fail_closed() {
    let r = run(json!({"type":"object"}), json!({"$dynamicRef":"#node"}));
    assert_eq!(codes(&r), ["compat/dynamic-ref"]);
}

#[test]
fn unresolvable_and_looping_refs_fail_closed() {
    let missing = run(json!({}), json!({"$ref":"#/$defs/nope"}));
    assert_eq!(codes(&missing), ["compat/unresolved-ref"]);
    let looping = json!({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"});
    let r = run(json!({}), looping);
    assert!(codes(&r).iter().all(|c| *c == "compat/unresolved-ref"), "{:?}", r.changes);
    assert_eq!(verdicts(&r), (B, B));
}

#[test]
fn a_schema_that_is_not_an_object_or_boolean_is_refused() {
    let e = check(&json!(5), &json!({}), Options::default()).unwrap_err();
    assert_eq!(e.code, "compat/invalid-schema");
    let e = check(&json!({}), &json!({"properties":{"a":{"type":"strin"}}}), Options::default()).unwrap_err();
    assert!(e.message.contains("/properties/a/type"), "{}", e.message);
}

#[test]
fn ten_thousand_properties_find_the_one_that_changed() {
    let props: serde_json::Map<String, Value> =
        (0..10_000).map(|i| (format!("p{i}"), json!({"type":"string"}))).collect();
    let old = json!({"type":"object","properties":props});
    let mut new = old.clone();
    new["properties"]["p9999"] = json!({"type":"number"});
    let r = run(old, new);
    assert_eq!(codes(&r), ["compat/type-changed"]);
}

#[test]
fn deep_nesting_fails_closed_without_overflowing() {
    let mut old = json!({"type":"string"});
    let mut new = json!({"type":"number"});
    for _ in 0..100 {
        old = json!({"properties":{"a":old}});
        new = json!({"properties":{"a":new}});
    }
    let r = run(old, new);
    assert_eq!(codes(&r), ["compat/too-deep"]);
    assert_eq!(verdicts(&r), (B, B));
}

#[test]
fn huge_enums_compare_as_sets() {
    let old: Vec<Value> = (0..100_000).map(Value::from).collect();
    let mut new = old.clone();
    new.push(json!(-1));
    let r = run(json!({"enum":old}), json!({"enum":new}));
    assert_eq!(codes(&r), ["compat/enum-widened"]);
}

#[test]
fn a_union_explosion_fails_closed() {
    let branch = |n: usize| json!({"anyOf": (0..12).map(|i| json!({"type":"object","properties":{format!("k{i}"): {"minimum": n + i}}})).collect::<Vec<_>>()});
    let nest = |n: usize| json!({"anyOf": (0..12).map(|i| branch(n + i)).collect::<Vec<_>>()});
    let r = run(nest(0), nest(1));
    assert_eq!(r.backward, B);
}

#[test]
fn the_rule_table_covers_every_change_code() {
    let table = rules_markdown();
    for c in CODES.iter().filter(|c| c.code != INVALID_SCHEMA) {
        assert!(rules().iter().any(|r| r.code == c.code), "{} has no rule", c.code);
        assert!(table.contains(&format!("| `{}` |", c.code)), "{} missing from the table", c.code);
    }
    assert_eq!(rules().len(), CODES.len() - 1);
}

#[test]
fn directories_pair_by_id_and_report_added_and_removed_schemas() {
    let base = [
        SchemaFile::new("a.json", r#"{"$id":"urn:a","type":"string"}"#),
        SchemaFile::new("gone.json", r#"{"type":"string"}"#),
    ];
    let head = [
        SchemaFile::new("renamed.json", r#"{"$id":"urn:a","type":"string","maxLength":3}"#),
        SchemaFile::new("new.json", r#"{"type":"string"}"#),
    ];
    let r = check_dirs(&base, &head, Options::default()).unwrap();
    let keys: Vec<(&str, &str)> =
        r.pairs.iter().map(|p| (p.key.as_str(), p.report.changes[0].code.as_str())).collect();
    assert_eq!(
        keys,
        [
            ("gone.json", "compat/schema-removed"),
            ("new.json", "compat/schema-added"),
            ("urn:a", "compat/bound-tightened")
        ]
    );
    assert!(r.breaks(Direction::Full));
}

#[test]
fn an_unreadable_schema_file_is_an_error() {
    let e = check_dirs(&[SchemaFile::new("a.json", "{")], &[], Options::default()).unwrap_err();
    assert!(e.code.starts_with("parse/"));
}

#[test]
fn github_annotations_escape_their_properties() {
    let base = [SchemaFile::new("a,b.json", r#"{"type":"string"}"#)];
    let head = [SchemaFile::new("a,b.json", r#"{"type":"number"}"#)];
    let r = check_dirs(&base, &head, Options::default()).unwrap();
    let text = render_github(&r, Direction::Full, "schemas");
    assert_eq!(
        text,
        "::error file=schemas/a%2Cb.json,title=compat/type-changed::/type: no longer accepts string and now \
         accepts number (backward breaking, forward breaking)\n"
    );
}

#[cfg(not(target_arch = "wasm32"))]
mod props {
    use proptest::prelude::*;

    use super::*;

    fn schema() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(json!(true)),
            Just(json!({"type":"string"})),
            Just(json!({"type":["integer","null"]})),
            (0u32..5).prop_map(|n| json!({"maxLength": n})),
            (0i64..5).prop_map(|n| json!({"minimum": n})),
            Just(json!({"enum":[1,"a",null]})),
            Just(json!({"$ref":"#"})),
        ];
        leaf.prop_recursive(4, 32, 4, |inner| {
            prop_oneof![
                prop::collection::btree_map("[a-c]", inner.clone(), 0..3)
                    .prop_map(|m| json!({"type":"object","properties":m})),
                inner.clone().prop_map(|s| json!({"type":"array","items":s})),
                prop::collection::vec(inner.clone(), 1..3).prop_map(|v| json!({"anyOf":v})),
                prop::collection::vec(inner.clone(), 1..3).prop_map(|v| json!({"oneOf":v})),
                prop::collection::vec(inner.clone(), 1..3).prop_map(|v| json!({"allOf":v})),
                inner.clone().prop_map(|s| json!({"not":s})),
                inner.prop_map(|s| json!({"additionalProperties":s})),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn a_schema_is_always_compatible_with_itself(s in schema()) {
            let r = check(&s, &s, Options::default()).unwrap();
            prop_assert_eq!(r.full, Verdict::Compatible);
        }

        #[test]
        fn any_two_schemas_get_an_answer(a in schema(), b in schema()) {
            let r = check(&a, &b, Options::default()).unwrap();
            let any_break = r.changes.iter().any(|c| c.backward == Verdict::Breaking);
            prop_assert_eq!(r.backward == Verdict::Breaking, any_break);
        }
    }
}

// ------------------------------------------------------------ empty sets

#[test]
fn all_of_disjoint_types_accepts_nothing_so_every_old_value_breaks() {
    let r = run(json!({"type":"string"}), json!({"allOf":[{"type":"number"},{"type":"string"}]}));
    assert_eq!(codes(&r), ["compat/became-false"]);
    assert_eq!(verdicts(&r), (B, C));
}

#[test]
fn an_empty_property_schema_is_reported_where_it_is() {
    let old = json!({"properties":{"p":{"type":"string"}}});
    let new = json!({"properties":{"p":{"allOf":[{"type":"array"},{"type":"string"}]}}});
    let r = run(old, new);
    assert_eq!(codes(&r), ["compat/became-false"]);
    assert_eq!(r.changes[0].path, "/properties/p");
}

#[test]
fn contradicting_keywords_are_empty_sets() {
    let root = json!({});
    for s in [
        json!({"type":"number","minimum":5,"maximum":3}),
        json!({"type":"integer","minimum":1.2,"maximum":1.8}),
        json!({"allOf":[{"enum":["a"]},{"enum":["b"]}]}),
        json!({"allOf":[{"const":1},{"type":"string"}]}),
        json!({"type":"string","minLength":3,"maxLength":2}),
        json!({"type":"object","required":["a"],"properties":{"a":false}}),
        json!({"type":"object","required":["a"],"additionalProperties":false}),
        json!({"type":"array","minItems":1,"items":false}),
        json!({"not":{}}),
        json!({"anyOf":[false,{"allOf":[{"type":"null"},{"type":"boolean"}]}]}),
    ] {
        assert!(super::empty::is_empty(&s, &root), "{s} should be empty");
    }
    for s in [
        json!({"minimum":5,"maximum":3}),
        json!({"type":"number","minimum":1.2,"maximum":1.8}),
        json!({"required":["a"],"properties":{"a":false}}),
        json!({"type":"array","items":false}),
        json!({"not":{"type":"string"}}),
    ] {
        assert!(!super::empty::is_empty(&s, &root), "{s} is not empty");
    }
}

#[test]
fn an_exact_all_of_fold_intersects_types() {
    let old = json!({"type":"boolean"});
    let new = json!({"allOf":[{"type":["number","string"]},{"type":["string","boolean"]}]});
    assert_eq!(run(old, new).backward, B);
}

#[test]
fn a_value_the_new_type_refuses_is_not_listed_even_beside_not() {
    let old = json!({"enum":["b",2.5],"not":{"enum":[true]}});
    let new = json!({"enum":["b",2.5],"not":{"enum":[true]},"type":"number"});
    assert_eq!(run(old, new).backward, B);
}

#[test]
fn any_of_and_one_of_side_by_side_are_both_compared() {
    let old = json!({"anyOf":[{"type":["string","integer"]}],"oneOf":[{"type":"string"}]});
    let new = json!({"anyOf":[{"type":["string","integer"]}],"oneOf":[{"type":"integer"}]});
    let r = run(old, new);
    assert_eq!(verdicts(&r), (B, B));
}

#[test]
fn narrowing_an_overlapping_one_of_branch_breaks_forward() {
    let old = json!({"oneOf":[{"type":"string"},{"maxLength":5}]});
    let new = json!({"oneOf":[{"type":"string"},{"maxLength":5,"type":"integer"}]});
    let r = run(old, new);
    assert!(codes(&r).contains(&"compat/one-of-overlap-removed"));
    assert_eq!(r.forward, B);
}

// ------------------------------------------------------------ dialects

#[test]
fn dialects_are_read_from_schema() {
    use super::Dialect;
    let d = |uri: &str| Dialect::of(&json!({ "$schema": uri }));
    assert_eq!(d("http://json-schema.org/draft-07/schema#"), Dialect::Draft7);
    assert_eq!(d("https://json-schema.org/draft/2019-09/schema"), Dialect::Draft2019);
    assert_eq!(d("https://json-schema.org/draft/2020-12/schema"), Dialect::Draft2020);
    assert_eq!(d("http://json-schema.org/draft-04/schema#"), Dialect::Draft4);
    assert_eq!(d("https://example.com/my-dialect"), Dialect::Unspecified);
    assert_eq!(Dialect::of(&json!({})), Dialect::Unspecified);
}

#[test]
fn draft_07_ignores_ref_siblings_and_later_keywords() {
    let d7 = "http://json-schema.org/draft-07/schema#";
    let old = json!({"$schema":d7,"definitions":{"n":{"type":"integer"}},"properties":{"x":{"$ref":"#/definitions/n","maximum":3}}});
    let new = json!({"$schema":d7,"properties":{"x":{"type":"integer","maximum":3}}});
    assert_eq!(run(old, new).backward, B);
    let old = json!({"$schema":d7,"type":"array"});
    let new = json!({"$schema":d7,"type":"array","prefixItems":[false],"minContains":4});
    let r = run(old, new);
    assert_eq!(verdicts(&r), (C, C));
    assert!(r.changes.iter().all(|c| c.code == "compat/annotation-changed"));
}

#[test]
fn the_same_keywords_in_2020_12_are_compared() {
    let d = "https://json-schema.org/draft/2020-12/schema";
    let old = json!({"$schema":d,"type":"array"});
    let new = json!({"$schema":d,"type":"array","prefixItems":[false]});
    assert_eq!(run(old, new).backward, B);
}

#[test]
fn unevaluated_properties_beside_applicators_fails_closed() {
    let old = json!({"allOf":[{"properties":{"a":{}}}],"unevaluatedProperties":false});
    let new = json!({"allOf":[{"properties":{"a":{},"b":{}}}],"unevaluatedProperties":false});
    let r = run(old, new);
    assert!(codes(&r).contains(&"compat/undecided"));
    assert_eq!(verdicts(&r), (B, B));
}

#[test]
fn unevaluated_items_governs_the_items_past_the_slots() {
    let old = json!({"prefixItems":[{}],"unevaluatedItems":false});
    let new = json!({"prefixItems":[{},{"type":"string"}],"unevaluatedItems":false});
    assert_eq!(run(old, new).forward, B);
}

// ------------------------------------------------------------ witnesses

fn witness_of(old: Value, new: Value) -> Witness {
    let r = run(old.clone(), new.clone());
    witness(&old, &new, Options::default(), &r)
}

#[test]
fn a_witness_is_valid_under_one_side_only() {
    let w = witness_of(json!({"type":"integer","maximum":10}), json!({"type":"integer","maximum":5}));
    let b = w.backward.unwrap();
    let x = b.as_f64().unwrap();
    assert!(x > 5.0 && x <= 10.0, "{b}");
    assert!(w.forward.is_none());
}

#[test]
fn witnesses_reach_into_properties_and_items() {
    let old = json!({"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"}}}});
    let new = json!({"type":"object","properties":{"tags":{"type":"array","items":{"type":"string","minLength":2}}}});
    let w = witness_of(old, new);
    let b = w.backward.unwrap();
    let tags = b["tags"].as_array().unwrap();
    assert!(tags.iter().any(|t| t.as_str().is_some_and(|s| s.chars().count() < 2)), "{b}");
}

#[test]
fn no_witness_for_a_compatible_direction_or_an_undecidable_one() {
    let w = witness_of(json!({"type":"string"}), json!({"type":["string","null"]}));
    assert!(w.backward.is_none());
    assert_eq!(w.forward, Some(Value::Null));
    // A changed pattern: the judge reads no regular expressions beyond literals.
    let w = witness_of(
        json!({"type":"string","pattern":"^[a-z]+$"}),
        json!({"type":"string","pattern":"^[a-y]+$"}),
    );
    assert!(w.is_empty());
}

#[test]
fn the_judge_is_three_valued() {
    use super::judge::Judge;
    let s = json!({"anyOf":[{"pattern":"[0-9]"},{"type":"integer"}]});
    let mut j = Judge::new(&s, false);
    assert_eq!(j.valid(&json!(3)), Some(true));
    assert_eq!(j.valid(&json!("x")), None);
    let s = json!({"oneOf":[{"type":"integer"},{"minimum":0}]});
    let mut j = Judge::new(&s, false);
    assert_eq!(j.valid(&json!(1)), Some(false));
    assert_eq!(j.valid(&json!(-1)), Some(true));
    assert_eq!(j.valid(&json!(0.5)), Some(true));
    let s = json!({"$defs":{"a":{"allOf":[{"$ref":"#/$defs/a"}]}},"$ref":"#/$defs/a"});
    assert_eq!(Judge::new(&s, false).valid(&json!(1)), None);
}

#[test]
fn a_ref_and_its_siblings_both_apply() {
    let old = json!({"const":"b"});
    let new = json!({"const":"b","$ref":"#/$defs/d","$defs":{"d":{"pattern":"^ab$"}}});
    assert_eq!(run(old, new).backward, B);
    let old = json!({"const":true});
    let new = json!({"const":true,"$ref":"#/$defs/d","$defs":{"d":{"const":0.5}}});
    assert_eq!(run(old, new).backward, B);
}

#[test]
fn equal_text_with_a_ref_is_compared_through_the_ref() {
    let defs = |d: Value| json!({"d": d});
    let old = json!({"allOf":[{"$ref":"#/$defs/d"}],"$defs":defs(json!({"type":"string"}))});
    let new = json!({"allOf":[{"$ref":"#/$defs/d"}],"$defs":defs(json!({"type":"integer"}))});
    assert_eq!(verdicts(&run(old, new)), (B, B));
    let old = json!({"additionalProperties":{"$ref":"#/$defs/d"},"$defs":defs(json!({"type":"string"}))});
    let new = json!({"additionalProperties":{"$ref":"#/$defs/d"},"$defs":defs(json!({"type":"integer"}))});
    assert_eq!(verdicts(&run(old, new)), (B, B));
}

#[test]
fn a_pattern_beside_a_listed_value_is_not_ignored() {
    let r = run(json!({"const":"b"}), json!({"const":"b","pattern":"^ab$"}));
    assert_eq!(r.backward, B);
    // The same pattern on both sides decides the same way.
    let r = run(json!({"const":"b","pattern":"b"}), json!({"const":"b","pattern":"b","title":"t"}));
    assert_eq!(verdicts(&r), (C, C));
}

#[test]
fn additional_properties_beside_unevaluated_properties_takes_over() {
    let old = json!({"unevaluatedProperties":false});
    let new = json!({"unevaluatedProperties":false,"additionalProperties":{"type":"boolean"}});
    assert_eq!(run(old, new).forward, B);
}

#[test]
fn matching_thousands_of_branches_is_charged_to_the_budget() {
    // Each old branch is compared with each new one: 4,000,000 pairs are
    // over the budget and fail closed at once; 250,000 are compared.
    let union = |key: &str, n: usize, shift: usize| {
        let branches: Vec<Value> =
            (0..n).map(|i| json!({"type": "object", "properties": {"k": {"const": i + shift}}})).collect();
        json!({ key: branches })
    };
    for key in ["oneOf", "anyOf", "allOf"] {
        let r = check(&union(key, 2000, 0), &union(key, 2000, 1), Options::default()).unwrap();
        assert_eq!(r.changes.len(), 1, "{key}");
        assert_eq!(r.changes[0].code, TOO_COMPLEX, "{key}");
        assert_eq!(r.full, B, "{key}");
        let r = check(&union(key, 500, 0), &union(key, 500, 1), Options::default()).unwrap();
        assert!(r.changes.iter().all(|c| c.code != TOO_COMPLEX), "{key}");
    }
}

/// The locator names the line of a member's key (the last of a key named
/// twice), of an array item, or of the root; nothing where the pointer
/// names no place.
#[test]
fn a_pointer_is_located_on_the_line_of_its_key_or_item() {
    let text = "{\n  \"a\": 1,\n  \"b\": {\"c\": [10,\n    {\"d\": \"x\\\"y\"},\r\n  30]},\r  \"a~/\\u00e9\": [],\n  \"a\": {\"z\": true}\n}";
    for (pointer, line) in [
        ("", Some(1)),
        ("/a", Some(7)),
        ("/a/z", Some(7)),
        ("/b", Some(3)),
        ("/b/c", Some(3)),
        ("/b/c/0", Some(3)),
        ("/b/c/1", Some(4)),
        ("/b/c/1/d", Some(4)),
        ("/b/c/2", Some(5)),
        ("/a~0~1\u{e9}", Some(6)),
        ("/b/c/3", None),
        ("/x", None),
        ("/a/z/q", None),
        ("/b/c/one", None),
        ("a", None),
    ] {
        assert_eq!(line_of(text, pointer), line, "{pointer:?}");
    }
    assert_eq!(line_of("  [1, 2]", "/1"), Some(1));
    assert_eq!(line_of("[]", "/0"), None);
}
