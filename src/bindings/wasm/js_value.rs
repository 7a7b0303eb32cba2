//! Values Rust makes for JS without running any code of the caller's
//! realm: own properties defined, structured values as JSON text.

use js_sys::Array;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

// The module talks to JS through as few distinct import signatures as it
// can: the engine compiles a call wrapper for each one when it compiles
// the module, about 45 µs of every start apiece (docs/BENCHMARKS.md). So
// one keyed store fills the descriptors below and `out[0]`, elements are
// read with `Reflect.get`, and results are JSON text given to
// `JSON.parse`, rather than `Array.prototype.push`, an index get,
// `Reflect.set`, or a serializer's own imports (maps, 64-bit integers,
// property sets).
//
// No code of the caller's realm runs while Rust makes a value: a setter
// that a program put on `Object.prototype`, or a read-only property
// inherited from prototypes frozen by a hardened realm (an assignment of
// `name` to an error fails there), would otherwise run or throw through
// the module with the wasm object still borrowed, and every later call
// on it would fail. So an error's properties are defined, not assigned,
// through a descriptor without a prototype; arrays and objects are JSON
// text for `JSON.parse`, which defines; and the wrapper's `out` is an
// array without a prototype.
#[wasm_bindgen]
extern "C" {
    /// An object of ours: `out`, a descriptor, a fresh error.
    pub(crate) type Own;
    /// `target[key] = value`, on objects of ours without a prototype
    /// only: no setter runs, so it does not throw, and no exception
    /// handler is wrapped around the call.
    #[wasm_bindgen(method, structural, indexing_setter)]
    pub(crate) fn set(this: &Own, key: &JsValue, value: &JsValue);
    /// `Object.create(prototype)`; with `null`, an object that inherits
    /// nothing (a signature the module has anyway, as `Object.keys`: one
    /// reference in, one out).
    #[wasm_bindgen(js_namespace = Object, js_name = create)]
    pub(crate) fn object_create(prototype: &JsValue) -> Own;
    /// `Object.defineProperty`, with a descriptor of [`Definer`]'s on a
    /// fresh object of ours: it neither throws nor runs code.
    #[wasm_bindgen(js_namespace = Object, js_name = defineProperty)]
    pub(crate) fn define_property(target: &Own, key: &JsValue, descriptor: &Own);
    /// `JSON.parse`, on `serde_json`'s own output only (well-formed and
    /// shallow: it does not throw).
    #[wasm_bindgen(js_namespace = JSON, js_name = parse)]
    pub(crate) fn json_parse(text: &str) -> JsValue;
}

/// Defines own data properties as an assignment to a fresh object would
/// make them (writable, enumerable, configurable), whatever the realm's
/// prototypes carry: the descriptor has no prototype, so reading it
/// finds no inherited `get` or `set`, and defining runs no setter.
pub(crate) struct Definer(Own);

impl Definer {
    pub(crate) fn new() -> Definer {
        let descriptor = object_create(&JsValue::NULL);
        for flag in ["writable", "enumerable", "configurable"] {
            descriptor.set(&JsValue::from_str(flag), &JsValue::TRUE);
        }
        Definer(descriptor)
    }

    /// `target[key] = value` as an own data property, on a fresh object.
    pub(crate) fn define(&self, target: &JsValue, key: &JsValue, value: &JsValue) {
        self.0.set(&JsValue::from_str("value"), value);
        define_property(target.unchecked_ref(), key, &self.0);
    }
}

/// How an export hands a value back to the wrapper: `out[0] = value`.
pub(crate) trait Give {
    fn give(&self, value: JsValue);
}

impl Give for Array {
    /// `out` is the wrapper's array without a prototype (js/api/transport.js), so
    /// the store runs no code. Never inlined: it was, into each of its
    /// forty callers.
    #[inline(never)]
    fn give(&self, value: JsValue) {
        self.unchecked_ref::<Own>().set(&JsValue::from(0), &value);
    }
}

/// A JS array of strings, as JSON text for `JSON.parse` ([`to_js`]):
/// elements defined one by one cost about 450 ns each. Every list goes
/// through one `Vec<&str>`, so one serializer is compiled for them all
/// (one per list type cost about 250 bytes).
pub(crate) fn string_array<S: AsRef<str>>(list: &[S]) -> JsValue {
    to_js(&list.iter().map(AsRef::as_ref).collect::<Vec<&str>>())
}

/// A core value as a plain JS value, as its JSON would be: objects as
/// plain objects (every key an own data property, `__proto__` included,
/// and no setter on `Object.prototype` runs), `None` fields as `null`
/// unless the type skips them.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    // Serializing our own types (strings, bools, small numbers, lists and
    // structs) cannot fail; `undefined` would only mark a bug.
    serde_json::to_string(value).map_or(JsValue::UNDEFINED, |text| json_parse(&text))
}

/// A JSON-RPC id as the core takes it: strings and finite numbers as they
/// are; anything else becomes `null` in the core.
#[cfg(feature = "wasm-server")]
pub(super) fn request_id(id: &JsValue) -> serde_json::Value {
    match id.as_string() {
        Some(s) => serde_json::Value::String(s),
        None => number_id(id),
    }
}

/// The id of an envelope the wrapper completes (the classifier's
/// answers): a string id is left out (`null`), as
/// the wrapper puts the caller's own string in its place (copied in here
/// and out again as JSON text, a long id would cost the module twice its
/// size, and a lone surrogate would not survive).
#[cfg(feature = "wasm-server")]
pub(super) fn envelope_id(id: &JsValue) -> serde_json::Value {
    if id.is_string() {
        serde_json::Value::Null
    } else {
        number_id(id)
    }
}

/// A finite number id as it is; anything else `null`.
#[cfg(feature = "wasm-server")]
fn number_id(id: &JsValue) -> serde_json::Value {
    id.as_f64().and_then(serde_json::Number::from_f64).map_or(serde_json::Value::Null, serde_json::Value::Number)
}
