//! Core results as Python objects, made directly: a `serde::Serializer`
//! whose output is the object `json.loads` would make of the core's JSON
//! text (dicts, lists, `str`, `int`, `float`, `bool`, `None`), without the
//! text. Keys keep the core's serialization order (a dict keeps insertion
//! order); a struct's field names, which serde hands over as
//! `&'static str`, become interned strings made once and then reused, so
//! that the hot results (a validation, a classification) cost a few
//! allocations. No key is spelled here: every one is the core's.
//!
//! What `serde_json` does, this does: `None`, unit and unit structs are
//! `None`; a unit variant is its name; a newtype variant is
//! `{variant: value}`, a tuple variant `{variant: [...]}` and a struct
//! variant `{variant: {...}}`; bytes are a list of ints; a non-finite
//! float is `None` (as `serde_json` writes it, `null`); map keys are
//! strings, and integer, boolean and char keys their text.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Mutex, TryLockError};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString};
use serde::ser::{self, Serialize};

/// A core result as Python objects.
///
/// # Errors
/// A `RuntimeError` if the value does not serialize (as `serde_json` would
/// refuse it: a map key that is not a string, number, boolean or char; a
/// `Serialize` impl's own error).
pub(crate) fn to_python<'py, T: Serialize + ?Sized>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    // One lock per result, not per key. A result is built without running
    // Python code, but an allocation may start the garbage collector, whose
    // finalizers may call back into this module: then the lock is taken,
    // and that nested result makes its keys without the cache.
    // A panic while it was held leaves the cache as it was: still good.
    let mut guard = match KEYS.try_lock() {
        Ok(guard) => Some(guard),
        Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
        Err(TryLockError::WouldBlock) => None,
    };
    let keys = guard.as_deref_mut().map(|keys| keys.get_or_insert_with(Keys::default));
    value.serialize(Ser { py, keys }).map_err(|e| e.0)
}

/// Field names made Python strings, by the address and length of the
/// `&'static str` (two names with the same text at two addresses are two
/// entries holding the same interned string).
type Keys = HashMap<(usize, usize), Py<PyString>, BuildHasherDefault<AddressHasher>>;

/// Made on first use (a const `HashMap` needs Rust 1.85; the crate's MSRV
/// is older).
static KEYS: Mutex<Option<Keys>> = Mutex::new(None);

/// A `&'static str` field name as an interned Python string.
fn key<'py>(py: Python<'py>, keys: Option<&mut Keys>, name: &'static str) -> Bound<'py, PyString> {
    let Some(keys) = keys else { return PyString::intern(py, name) };
    keys.entry((name.as_ptr() as usize, name.len()))
        .or_insert_with(|| PyString::intern(py, name).unbind())
        .bind(py)
        .clone()
}

/// A hasher for addresses (the key cache's; `SipHash` would cost more
/// than the lookup it guards).
#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// A Python error, or a `Serialize` impl's own.
#[derive(Debug)]
pub(crate) struct Error(PyErr);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Self(PyRuntimeError::new_err("a core result did not serialize"))
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Self {
        Self(e)
    }
}

type Out<'py> = Result<Bound<'py, PyAny>, Error>;

/// The serializer: the interpreter and, unless taken by an outer result,
/// the key cache.
struct Ser<'k, 'py> {
    py: Python<'py>,
    keys: Option<&'k mut Keys>,
}

impl<'py> Ser<'_, 'py> {
    fn reborrow(&mut self) -> Ser<'_, 'py> {
        Ser { py: self.py, keys: self.keys.as_deref_mut() }
    }

    fn key(&mut self, name: &'static str) -> Bound<'py, PyString> {
        key(self.py, self.keys.as_deref_mut(), name)
    }

    /// `{variant: value}`, how `serde_json` writes a variant with content.
    fn wrap(&mut self, variant: &'static str, value: Bound<'py, PyAny>) -> Out<'py> {
        let dict = PyDict::new(self.py);
        dict.set_item(self.key(variant), value)?;
        Ok(dict.into_any())
    }
}

impl<'k, 'py> ser::Serializer for Ser<'k, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    type SerializeSeq = Seq<'k, 'py>;
    type SerializeTuple = Seq<'k, 'py>;
    type SerializeTupleStruct = Seq<'k, 'py>;
    type SerializeTupleVariant = Seq<'k, 'py>;
    type SerializeMap = Map<'k, 'py>;
    type SerializeStruct = Map<'k, 'py>;
    type SerializeStructVariant = Map<'k, 'py>;

    fn serialize_bool(self, v: bool) -> Out<'py> {
        Ok(PyBool::new(self.py, v).to_owned().into_any())
    }

    fn serialize_i8(self, v: i8) -> Out<'py> {
        self.serialize_i64(v.into())
    }

    fn serialize_i16(self, v: i16) -> Out<'py> {
        self.serialize_i64(v.into())
    }

    fn serialize_i32(self, v: i32) -> Out<'py> {
        self.serialize_i64(v.into())
    }

    fn serialize_i64(self, v: i64) -> Out<'py> {
        let Ok(int) = v.into_pyobject(self.py);
        Ok(int.into_any())
    }

    fn serialize_i128(self, v: i128) -> Out<'py> {
        let Ok(int) = v.into_pyobject(self.py);
        Ok(int.into_any())
    }

    fn serialize_u8(self, v: u8) -> Out<'py> {
        self.serialize_u64(v.into())
    }

    fn serialize_u16(self, v: u16) -> Out<'py> {
        self.serialize_u64(v.into())
    }

    fn serialize_u32(self, v: u32) -> Out<'py> {
        self.serialize_u64(v.into())
    }

    fn serialize_u64(self, v: u64) -> Out<'py> {
        let Ok(int) = v.into_pyobject(self.py);
        Ok(int.into_any())
    }

    fn serialize_u128(self, v: u128) -> Out<'py> {
        let Ok(int) = v.into_pyobject(self.py);
        Ok(int.into_any())
    }

    fn serialize_f32(self, v: f32) -> Out<'py> {
        self.serialize_f64(v.into())
    }

    fn serialize_f64(self, v: f64) -> Out<'py> {
        if v.is_finite() {
            Ok(PyFloat::new(self.py, v).into_any())
        } else {
            self.serialize_unit()
        }
    }

    fn serialize_char(self, v: char) -> Out<'py> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }

    fn serialize_str(self, v: &str) -> Out<'py> {
        Ok(PyString::new(self.py, v).into_any())
    }

    fn serialize_bytes(self, v: &[u8]) -> Out<'py> {
        Ok(PyList::new(self.py, v)?.into_any())
    }

    fn serialize_none(self) -> Out<'py> {
        self.serialize_unit()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Out<'py> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Out<'py> {
        Ok(self.py.None().into_bound(self.py))
    }

    fn serialize_unit_struct(self, _: &'static str) -> Out<'py> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(mut self, _: &'static str, _: u32, variant: &'static str) -> Out<'py> {
        Ok(self.key(variant).into_any())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Out<'py> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        mut self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Out<'py> {
        let inner = value.serialize(self.reborrow())?;
        self.wrap(variant, inner)
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Seq<'k, 'py>, Error> {
        Ok(Seq { ser: self, items: Vec::with_capacity(len.unwrap_or(0)), variant: None })
    }

    fn serialize_tuple(self, len: usize) -> Result<Seq<'k, 'py>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq<'k, 'py>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Seq<'k, 'py>, Error> {
        Ok(Seq { ser: self, items: Vec::with_capacity(len), variant: Some(variant) })
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Map<'k, 'py>, Error> {
        let dict = PyDict::new(self.py);
        Ok(Map { ser: self, dict, key: None, variant: None })
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Map<'k, 'py>, Error> {
        self.serialize_map(None)
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Map<'k, 'py>, Error> {
        let dict = PyDict::new(self.py);
        Ok(Map { ser: self, dict, key: None, variant: Some(variant) })
    }
}

/// A list being made (for a tuple variant, wrapped in `{variant: …}` at
/// the end).
pub(crate) struct Seq<'k, 'py> {
    ser: Ser<'k, 'py>,
    items: Vec<Bound<'py, PyAny>>,
    variant: Option<&'static str>,
}

impl<'py> Seq<'_, 'py> {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let item = value.serialize(self.ser.reborrow())?;
        self.items.push(item);
        Ok(())
    }

    fn finish(mut self) -> Out<'py> {
        let list = PyList::new(self.ser.py, self.items)?.into_any();
        match self.variant {
            Some(variant) => self.ser.wrap(variant, list),
            None => Ok(list),
        }
    }
}

/// The list-shaped serializer traits, all pushing onto the one list.
macro_rules! seq_traits {
    ($($trait:ident::$method:ident),*) => {$(
        impl<'py> ser::$trait for Seq<'_, 'py> {
            type Ok = Bound<'py, PyAny>;
            type Error = Error;

            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.push(value)
            }

            fn end(self) -> Out<'py> {
                self.finish()
            }
        }
    )*};
}

seq_traits!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// A dict being made (for a struct variant, wrapped in `{variant: …}` at
/// the end); `key` holds a map key until its value comes.
pub(crate) struct Map<'k, 'py> {
    ser: Ser<'k, 'py>,
    dict: Bound<'py, PyDict>,
    key: Option<Bound<'py, PyAny>>,
    variant: Option<&'static str>,
}

impl<'py> Map<'_, 'py> {
    fn field<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) -> Result<(), Error> {
        let value = value.serialize(self.ser.reborrow())?;
        let name = self.ser.key(name);
        self.dict.set_item(name, value)?;
        Ok(())
    }

    fn finish(mut self) -> Out<'py> {
        let dict = self.dict.into_any();
        match self.variant {
            Some(variant) => self.ser.wrap(variant, dict),
            None => Ok(dict),
        }
    }
}

impl<'py> ser::SerializeMap for Map<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(key.serialize(MapKey { py: self.ser.py })?);
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self.key.take().ok_or_else(|| <Error as ser::Error>::custom("a value without a key"))?;
        let value = value.serialize(self.ser.reborrow())?;
        self.dict.set_item(key, value)?;
        Ok(())
    }

    fn end(self) -> Out<'py> {
        self.finish()
    }
}

impl<'py> ser::SerializeStruct for Map<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) -> Result<(), Error> {
        self.field(name, value)
    }

    fn end(self) -> Out<'py> {
        self.finish()
    }
}

impl<'py> ser::SerializeStructVariant for Map<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) -> Result<(), Error> {
        self.field(name, value)
    }

    fn end(self) -> Out<'py> {
        self.finish()
    }
}

/// A map key as `serde_json` writes it: a string, or the text of an
/// integer, boolean or char; anything else is refused.
struct MapKey<'py> {
    py: Python<'py>,
}

impl MapKey<'_> {
    #[allow(clippy::unnecessary_wraps, reason = "every key path returns the serializer's result")]
    fn text<'py>(py: Python<'py>, text: &str) -> Out<'py> {
        Ok(PyString::new(py, text).into_any())
    }
}

fn key_error() -> Error {
    <Error as ser::Error>::custom("a map key that is not a string")
}

impl<'py> ser::Serializer for MapKey<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    type SerializeSeq = ser::Impossible<Bound<'py, PyAny>, Error>;
    type SerializeTuple = ser::Impossible<Bound<'py, PyAny>, Error>;
    type SerializeTupleStruct = ser::Impossible<Bound<'py, PyAny>, Error>;
    type SerializeTupleVariant = ser::Impossible<Bound<'py, PyAny>, Error>;
    type SerializeMap = ser::Impossible<Bound<'py, PyAny>, Error>;
    type SerializeStruct = ser::Impossible<Bound<'py, PyAny>, Error>;
    type SerializeStructVariant = ser::Impossible<Bound<'py, PyAny>, Error>;

    fn serialize_bool(self, v: bool) -> Out<'py> {
        Self::text(self.py, if v { "true" } else { "false" })
    }

    fn serialize_i8(self, v: i8) -> Out<'py> {
        Self::text(self.py, &v.to_string())
    }

    fn serialize_i16(self, v: i16) -> Out<'py> {
        Self::text(self.py, &v.to_string())
    }

    fn serialize_i32(self, v: i32) -> Out<'py> {
        Self::text(self.py, &v.to_string())
    }

    fn serialize_i64(self, v: i64) -> Out<'py> {
        Self::text(self.py, &v.to_string())
    }

    fn serialize_i128(self, v: i128) -> Out<'py> {
        Self::text(self.py, &v.to_string())
    }

    fn serialize_u8(self, v: u8) -> Out<'py> {
        Self::text(self.py, &v.to_string())
    }

    fn serialize_u16(self, v: u16) -> Out<'py> {
        Self::text(self.py, &v.to_string())
    }

    fn serialize_u32(self, v: u32) -> Out<'py> {
        Self::text(self.py, &v.to_string())
    }

    fn serialize_u64(self, v: u64) -> Out<'py> {
        Self::text(self.py, &v.to_string())
    }

    fn serialize_u128(self, v: u128) -> Out<'py> {
        Self::text(self.py, &v.to_string())
    }

    fn serialize_f32(self, _: f32) -> Out<'py> {
        Err(key_error())
    }

    fn serialize_f64(self, _: f64) -> Out<'py> {
        Err(key_error())
    }

    fn serialize_char(self, v: char) -> Out<'py> {
        Self::text(self.py, v.encode_utf8(&mut [0; 4]))
    }

    fn serialize_str(self, v: &str) -> Out<'py> {
        Self::text(self.py, v)
    }

    fn serialize_bytes(self, _: &[u8]) -> Out<'py> {
        Err(key_error())
    }

    fn serialize_none(self) -> Out<'py> {
        Err(key_error())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Out<'py> {
        Err(key_error())
    }

    fn serialize_unit(self) -> Out<'py> {
        Err(key_error())
    }

    fn serialize_unit_struct(self, _: &'static str) -> Out<'py> {
        Err(key_error())
    }

    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Out<'py> {
        Self::text(self.py, variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Out<'py> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Out<'py> {
        Err(key_error())
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_error())
    }

    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_error())
    }

    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_error())
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_error())
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_error())
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Err(key_error())
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_error())
    }
}
