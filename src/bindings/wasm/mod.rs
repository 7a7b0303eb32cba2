//! The JS binding: every `#[wasm_bindgen]` export, and nothing else.
//!
//! Thin by design: convert, call the core, convert back. The public JS API
//! (`js/api/`, typed by `js/index.d.ts`) is a wrapper over these exports;
//! they are its private protocol, declared once here:
//!
//! - **Codes** are `#[wasm_bindgen]` enums ([`Verdict`], [`Reply`],
//!   [`Word`], [`StepKind`], [`Lookup`], [`Op`], [`Header`], [`Expected`], [`Limit`]), which the
//!   generated glue exports as frozen objects: the wrapper reads
//!   `glue.Verdict.Identity`, never a number of its own.
//! - **Strings in** cross through one [`Scratch`] per wasm object: JS writes
//!   UTF-16 code units straight into wasm memory and makes one call, so
//!   there is no UTF-8 re-encoding and lone surrogates reach the core
//!   intact. Numbers in and out (batch lengths, verdicts, ids) use the
//!   scratch's `i32` words.
//! - **Strings out** that a hot path returns (an alias, a canonical name)
//!   are written back into the same buffer; the call returns their length.
//! - **Structured values that cross rarely** (rejections as tool results,
//!   envelopes, issue lists, delivery plans, mark-read updates) are the
//!   core's `Serialize` types written as JSON by `serde_json` and made
//!   into objects by JS's `JSON.parse` ([`to_js`]). The start-up tables
//!   never cross at run time: the build-tables module's exports of them
//!   are written into `js/generated/tables.js` at build time.
//!   The hot accept paths return numbers, and the wrapper materializes the
//!   plain result from strings Rust gave it once.
//!
//! No export returns a JS value: values come back through an `out` array
//! argument, and exports return only numbers or nothing. Node 20's V8
//! inlines JS→wasm calls into optimized code, and a lazy deoptimization at
//! the return of an inlined call that returns an `externref` aborts the
//! process ("Fatal error … unreachable code"); a garbage collection is
//! enough to trigger it, e.g. in `list.map((x) => v.validate(x))`. Number
//! and void returns are safe (`js-tests/v8-deopt.test.mjs`).
#![allow(
    clippy::float_cmp,
    reason = "wasm-bindgen's generated enum conversions compare f64 values exactly, as they must"
)]

mod argument;
#[cfg(feature = "build-tables")]
mod build_tables;
#[cfg(feature = "wasm-check-tools")]
mod check_tools;
#[cfg(feature = "build-tables")]
mod cli_texts;
#[cfg(feature = "wasm-server")]
mod delivery;
#[cfg(feature = "wasm-server")]
mod error_data;
mod host;
mod js_error;
mod js_value;
mod options;
#[cfg(feature = "wasm-server")]
mod protect;
mod protocol;
mod read;
#[cfg(feature = "wasm-server")]
mod recipient;
#[cfg(feature = "wasm-server")]
mod refusal;
#[cfg(feature = "wasm-host")]
mod router;
mod scratch;
#[cfg(feature = "wasm-host")]
mod stream;
mod suggest;
#[cfg(feature = "wasm-host")]
mod tool_name;

// The start-up tables (limits, fixed strings, layouts) are exported only
// by the build with the build-tables feature, like the rules: the package
// build writes them into js/generated/tables.js (js/build/tables.mjs), so
// the shipped module carries neither them nor their serializers (about
// 16 KB raw, 7 KB gzip).
#[cfg(feature = "build-tables")]
pub use build_tables::{rules, stream_tables, StepKind};
#[cfg(feature = "wasm-check-tools")]
pub use check_tools::{check_tools, shown_text};
#[cfg(feature = "wasm-server")]
pub use delivery::{plan, Header, Mailbox, Op};
#[cfg(feature = "wasm-server")]
pub use error_data::{Classifier, IssueWord};
pub use host::{argument_error as host_argument_error, HostArgument};
#[cfg(feature = "wasm-server")]
pub use protect::{FailureKind, Protector};
#[cfg(feature = "wasm-server")]
pub use recipient::{MessageWord, RejectWord, RejectionField, Validator};
#[cfg(feature = "wasm-server")]
pub use refusal::refusal_answer_text;
#[cfg(feature = "wasm-host")]
pub use router::{check_name, Listing};
#[cfg(feature = "wasm-host")]
pub use stream::{CallStream, SseStream};
#[cfg(feature = "wasm-host")]
pub use tool_name::{pieces, Lookup, Mapper, OverrideForm, Registry};
#[cfg(feature = "build-tables")]
pub use {
    cli_texts::check_tools_texts, delivery::delivery_tables, error_data::error_tables, host::host_tables,
    recipient::recipient_tables, router::unknown_tool_table, tool_name::tool_layouts,
};

pub use argument::{argument_error, misuse, too_large, too_many, Class, Expected, Misuse};
pub use protocol::{EditWord, Limit, Reply, Verdict, Word};
pub use scratch::memory;

#[cfg(any(feature = "wasm-server", feature = "wasm-check-tools"))]
use argument::too_many_error;
use js_error::js_error;
#[cfg(feature = "wasm-server")]
use js_error::type_name;
#[cfg(feature = "wasm-server")]
use js_value::envelope_id;
#[cfg(feature = "wasm-server")]
use js_value::request_id;
use js_value::{string_array, to_js, Give};
#[cfg(feature = "wasm-host")]
use options::string_option;
use options::{get, options_object, whole_option};
#[cfg(feature = "wasm-server")]
use options::{string_list, unreadable};
#[cfg(feature = "wasm-server")]
use protocol::word;
#[cfg(feature = "wasm-server")]
use scratch::Utf16Check;
use scratch::{scratch_exports, Scratch};
use suggest::FedQuery;
