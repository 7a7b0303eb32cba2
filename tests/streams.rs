//! Provider streams natively: the recorded streams of every format
//! (`tests/data/streams.json`) as raw `text/event-stream` bytes through
//! `SseRewriter` over every chunking, and as parsed events through
//! `from_provider_event`; then the classes of input that must not mislead
//! them (a reused slot, a reused id, CR-only lines, binary streams,
//! duplicate keys, events past the maximum). Compiled to wasm too, the same
//! functions run in Node, Chromium and Firefox (`wasm-pack test`).

use mcp_boundary::{Format, SseRewriter, StreamCalls, ToolRegistry};
use serde_json::{json, Value};

fn streams() -> Value {
    serde_json::from_str(include_str!("data/streams.json")).expect("vectors parse")
}

fn registry(v: &Value) -> ToolRegistry {
    let mut r = ToolRegistry::default();
    for (server, tools) in v["registered"].as_object().unwrap() {
        let tools: Vec<&str> = tools.as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
        r.register_server(server, &tools).unwrap();
    }
    r
}

/// The recording as its provider's event stream carries it.
fn sse_text(f: &Value, eol: &str) -> String {
    let mut text = String::new();
    for e in f["events"].as_array().unwrap() {
        if f["sse"] == "event" {
            text.push_str(&["event: ", e["type"].as_str().unwrap(), eol].concat());
        }
        text.push_str(&["data: ", &serde_json::to_string(e).unwrap(), eol, eol].concat());
    }
    if let Some(done) = f["done"].as_str() {
        text.push_str(&["data: ", done, eol, eol].concat());
    }
    text
}

/// The oracle: the text with every `"name":"<alias>"` canonical (the recordings put a name nowhere else under that key).
fn canonical_text(v: &Value, text: &str) -> String {
    let mut text = text.to_owned();
    for (alias, canonical) in v["aliases"].as_object().unwrap() {
        text = text.replace(&format!("\"name\":\"{alias}\""), &format!("\"name\":{canonical}"));
    }
    text
}

fn run(r: &mut ToolRegistry, format: Format, chunks: &[&[u8]]) -> Vec<u8> {
    let mut sse = SseRewriter::new(format);
    let mut out = Vec::new();
    for c in chunks {
        sse.feed(r, c, &mut out);
    }
    sse.finish(&mut out);
    out
}

fn format_of(name: &str) -> Format {
    Format::from_name(name).expect("a format")
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn every_recording_at_every_split_and_byte_by_byte() {
    let v = streams();
    for (name, f) in v["formats"].as_object().unwrap() {
        let format = format_of(name);
        for eol in ["\n", "\r\n", "\r"] {
            let input = sse_text(f, eol);
            let want = canonical_text(&v, &input);
            assert_ne!(want, input, "{name}: the recording names tools");
            let bytes = input.as_bytes();
            for cut in 0..=bytes.len() {
                let mut r = registry(&v);
                let got = run(&mut r, format, &[&bytes[..cut], &bytes[cut..]]);
                assert_eq!(String::from_utf8(got).unwrap(), want, "{name} {eol:?} split at {cut}");
            }
            let mut r = registry(&v);
            let singles: Vec<&[u8]> = bytes.chunks(1).collect();
            assert_eq!(String::from_utf8(run(&mut r, format, &singles)).unwrap(), want, "{name}: byte by byte");
            for (id, tool) in f["callIds"].as_object().unwrap() {
                assert_eq!(r.tool_for_call_id(id), tool.as_str(), "{name}: {id}");
            }
        }
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn every_recording_as_parsed_events() {
    let v = streams();
    for (name, f) in v["formats"].as_object().unwrap() {
        let format = format_of(name);
        let mut r = registry(&v);
        let mut stream = StreamCalls::new();
        let want: Value =
            serde_json::from_str(&canonical_text(&v, &serde_json::to_string(&f["events"]).unwrap())).unwrap();
        let got: Vec<Value> =
            f["events"].as_array().unwrap().iter().map(|e| r.from_provider_event(&mut stream, e, format)).collect();
        assert_eq!(Value::from(got), want, "{name}");
        for (id, tool) in f["callIds"].as_object().unwrap() {
            assert_eq!(r.tool_for_call_id(id), tool.as_str(), "{name}: {id}");
        }
    }
}

fn tools() -> ToolRegistry {
    let mut r = ToolRegistry::default();
    r.register_server("fs", &["read_file"]).unwrap();
    r.register_server("shell", &["exec"]).unwrap();
    r
}

fn sse(events: &[Value]) -> String {
    events.iter().map(|e| ["data: ", &e.to_string(), "\n\n"].concat()).collect()
}

/// OpenAI Realtime numbers `output_index` from 0 in each response.
fn realtime_session() -> Vec<Value> {
    let response = |n: u32, call: &str, item: &str, tool: &str| {
        vec![
            json!({"type": "response.created", "response": {"id": format!("resp_{n}"), "output": []}}),
            json!({"type": "response.output_item.added", "response_id": format!("resp_{n}"), "output_index": 0,
                   "item": {"type": "function_call", "id": item, "call_id": call, "name": tool, "arguments": ""}}),
            json!({"type": "response.function_call_arguments.done", "response_id": format!("resp_{n}"), "output_index": 0,
                   "item_id": item, "call_id": call, "name": tool, "arguments": "{}"}),
            json!({"type": "response.output_item.done", "output_index": 0,
                   "item": {"type": "function_call", "id": item, "call_id": call, "name": tool, "arguments": "{}"}}),
            json!({"type": "response.done", "response": {"id": format!("resp_{n}"), "output": []}}),
        ]
    };
    [response(1, "call_1", "item_1", "fs__read_file"), response(2, "call_2", "item_2", "shell__exec")].concat()
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_slot_reused_by_a_later_response_never_re_points_an_earlier_id() {
    let events = realtime_session();
    let mut r = tools();
    run(&mut r, Format::OpenAiResponses, &[sse(&events).as_bytes()]);
    assert_eq!(r.tool_for_call_id("call_1"), Some("fs/read_file"));
    assert_eq!(r.tool_for_call_id("call_2"), Some("shell/exec"));
    assert_eq!(r.tool_for_call_id("item_2"), Some("shell/exec"));
    // Without the end events (a proxy that drops them), the slot still never pairs call_1 with shell/exec.
    let kept: Vec<Value> =
        events.into_iter().filter(|e| e["type"] != "response.done" && e["type"] != "response.created").collect();
    let mut r = tools();
    let mut stream = StreamCalls::new();
    for e in &kept {
        let _ = r.from_provider_event(&mut stream, e, Format::OpenAiResponses);
    }
    assert_eq!(r.tool_for_call_id("call_1"), Some("fs/read_file"));
    assert_eq!(r.tool_for_call_id("call_2"), Some("shell/exec"));
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn anthropic_blocks_close_and_an_id_alone_pairs_only_within_its_block() {
    let mut r = tools();
    let mut s = StreamCalls::new();
    let events = [
        json!({"type": "message_start", "message": {}}),
        json!({"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "id": "t1", "name": "fs__read_file"}}),
        json!({"type": "content_block_stop", "index": 0}),
        json!({"type": "message_stop"}),
        json!({"type": "message_start", "message": {}}),
        // The same index in the next message: a new call.
        json!({"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "id": "t2", "name": "shell__exec"}}),
    ];
    for e in &events {
        let _ = r.from_provider_event(&mut s, e, Format::Anthropic);
    }
    assert_eq!(r.tool_for_call_id("t1"), Some("fs/read_file"));
    assert_eq!(r.tool_for_call_id("t2"), Some("shell/exec"));
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn an_id_seen_with_two_tools_answers_none_across_streams() {
    let mut r = tools();
    let first = json!({"candidates": [{"content": {"parts": [{"functionCall": {"id": "g1", "name": "fs__read_file", "args": {}}}]}}]});
    let second = json!({"candidates": [{"content": {"parts": [{"functionCall": {"id": "g1", "name": "shell__exec", "args": {}}}]}}]});
    let _ = r.from_provider_event(&mut StreamCalls::new(), &first, Format::Gemini);
    assert_eq!(r.tool_for_call_id("g1"), Some("fs/read_file"));
    run(&mut r, Format::Gemini, &[sse(&[second]).as_bytes()]);
    assert_eq!(r.tool_for_call_id("g1"), None, "ambiguous, never the newer tool");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn chat_completions_pair_within_one_completion() {
    let chunk = |id: &str, call: Value| json!({"id": id, "choices": [{"index": 0, "delta": {"tool_calls": [call]}}]});
    let events = [
        chunk("cmpl-1", json!({"index": 0, "id": "call_1", "function": {"name": "fs__read_file", "arguments": ""}})),
        // The next completion: the id first, its name in a later chunk.
        chunk("cmpl-2", json!({"index": 0, "id": "call_2", "function": {"arguments": ""}})),
        chunk("cmpl-2", json!({"index": 0, "function": {"name": "shell__exec"}})),
    ];
    let mut r = tools();
    run(&mut r, Format::OpenAiChat, &[sse(&events).as_bytes()]);
    assert_eq!(r.tool_for_call_id("call_1"), Some("fs/read_file"));
    assert_eq!(r.tool_for_call_id("call_2"), Some("shell/exec"));
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_call_its_own_event_renames_answers_none_by_every_id() {
    let responses = [
        json!({"type": "response.output_item.added", "output_index": 0,
               "item": {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "fs__read_file", "arguments": ""}}),
        json!({"type": "response.function_call_arguments.done", "output_index": 0, "item_id": "fc_1", "name": "shell__exec", "arguments": "{}"}),
    ];
    let chunk = |call: Value| json!({"id": "cmpl-1", "choices": [{"index": 0, "delta": {"tool_calls": [call]}}]});
    let chat = [
        chunk(json!({"index": 0, "id": "call_0", "function": {"name": "fs__read_file", "arguments": ""}})),
        chunk(json!({"index": 0, "function": {"name": "shell__exec"}})),
        // Another call at another index keeps its tool; an empty name says nothing.
        chunk(json!({"index": 1, "id": "call_9", "function": {"name": "fs__read_file", "arguments": ""}})),
        chunk(json!({"index": 1, "id": "", "function": {"name": "", "arguments": "{}"}})),
    ];
    for (format, events, ids, kept) in [
        (Format::OpenAiResponses, &responses[..], &["fc_1", "call_1"][..], None),
        (Format::OpenAiChat, &chat[..], &["call_0"][..], Some(("call_9", "fs/read_file"))),
    ] {
        let mut parsed = tools();
        let mut stream = StreamCalls::new();
        for e in events {
            let _ = parsed.from_provider_event(&mut stream, e, format);
        }
        let mut raw = tools();
        run(&mut raw, format, &[sse(events).as_bytes()]);
        for r in [&parsed, &raw] {
            for id in ids {
                assert_eq!(r.tool_for_call_id(id), None, "{format:?}: {id} named two tools");
            }
            assert_eq!(kept.and_then(|(id, _)| r.tool_for_call_id(id)), kept.map(|(_, tool)| tool), "{format:?}");
            assert_eq!(r.tool_for_call_id(""), None, "{format:?}: an empty id is none");
        }
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_slot_number_past_fifteen_digits_pairs_nothing_parsed_or_raw() {
    // 2^53 + 1 and 2^53 read as one f64: as parts they would be one slot.
    let chunk = |call: Value| json!({"id": "cmpl-1", "choices": [{"index": 0, "delta": {"tool_calls": [call]}}]});
    let events = [
        chunk(json!({"index": 9_007_199_254_740_993_u64, "id": "call_a", "function": {"arguments": ""}})),
        chunk(json!({"index": 9_007_199_254_740_992_u64, "function": {"name": "shell__exec"}})),
        chunk(json!({"index": 1.5, "id": "call_b", "function": {"arguments": ""}})),
        chunk(json!({"index": 1.5, "function": {"name": "shell__exec"}})),
    ];
    let mut parsed = tools();
    let mut stream = StreamCalls::new();
    for e in &events {
        let _ = parsed.from_provider_event(&mut stream, e, Format::OpenAiChat);
    }
    let mut raw = tools();
    run(&mut raw, Format::OpenAiChat, &[sse(&events).as_bytes()]);
    for r in [&parsed, &raw] {
        assert_eq!(r.tool_for_call_id("call_a"), None);
        assert_eq!(r.tool_for_call_id("call_b"), None);
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn only_the_duplicate_key_json_keeps_is_rewritten() {
    let mut r = tools();
    let text = "data: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"fs__read_file\",\"name\":\"shell__exec\"}}\n\n";
    let out = String::from_utf8(run(&mut r, Format::Anthropic, &[text.as_bytes()])).unwrap();
    assert_eq!(out, text.replace("\"shell__exec\"", "\"shell/exec\""));
    assert_eq!(r.tool_for_call_id("t"), Some("shell/exec"));
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_binary_stream_passes_chunk_by_chunk() {
    // Bedrock's event stream: each frame starts with its length (big-endian u32).
    let frame = |payload: &str| {
        let mut f = u32::try_from(payload.len() + 16).unwrap().to_be_bytes().to_vec();
        f.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0]);
        f.extend_from_slice(payload.as_bytes());
        f.extend_from_slice(&[0, 0, 0, 0]);
        f
    };
    let mut r = tools();
    let mut sse = SseRewriter::new(Format::BedrockConverse);
    for i in 0..61 {
        let f = frame(&format!("{{\"contentBlockStart\":{{\"start\":{{\"toolUse\":{{\"toolUseId\":\"t{i}\",\"name\":\"fs__read_file\"}}}}}}}}"));
        let mut out = Vec::new();
        sse.feed(&mut r, &f, &mut out);
        assert_eq!(out, f, "frame {i} out as it came, at once");
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn an_event_past_the_maximum_passes_unrewritten_and_the_next_is_rewritten() {
    let mut r = tools();
    let small = "data: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"fs__read_file\"}}\n\n";
    let big = format!("data: {{\"type\":\"content_block_start\",\"pad\":\"{}\",\"index\":0,\"content_block\":{{\"type\":\"tool_use\",\"id\":\"u\",\"name\":\"fs__read_file\"}}}}\n\n", "x".repeat(200));
    let input = format!("{big}{small}");
    let mut sse = SseRewriter::new(Format::Anthropic).with_max_event_bytes(150);
    let mut out = Vec::new();
    let mut fed = 0;
    for c in input.as_bytes().chunks(7) {
        sse.feed(&mut r, c, &mut out);
        fed += c.len();
        // Never more than the maximum held: what went in has come out but for at most 150 bytes.
        assert!(fed - out.len() <= 150, "held past the maximum at {fed}");
    }
    sse.finish(&mut out);
    let want = format!("{big}{}", small.replace("fs__read_file", "fs/read_file"));
    assert_eq!(String::from_utf8(out).unwrap(), want);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn cr_only_lines_and_many_keys_frame_and_rewrite_exactly() {
    let mut r = tools();
    let keys: String = (0..2000).map(|i| ["\"k", &i.to_string(), "\":0,"].concat()).collect();
    let event = format!("event: x\rdata: {{{keys}\"type\":\"content_block_start\",\"index\":0,\r\rdata: \"\"}}\r\r");
    // Two events whose data, cut by the blank line, is not JSON: both pass as they came.
    let out = run(&mut r, Format::Anthropic, &[event.as_bytes()]);
    assert_eq!(String::from_utf8(out).unwrap(), event);
    let event = format!("data: {{{keys}\"type\":\"content_block_start\",\"index\":0,\rdata: \"content_block\":{{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"fs__read_file\"}}}}\r\r");
    let out = run(&mut r, Format::Anthropic, &event.as_bytes().chunks(3).collect::<Vec<_>>());
    assert_eq!(String::from_utf8(out).unwrap(), event.replace("fs__read_file", "fs/read_file"));
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_name_too_long_to_remember_still_belongs_to_its_call() {
    // OpenAI Chat: call_1 names a tool too long to remember; a later chunk's name is not call_1's.
    let chunk = |call: Value| json!({"id": "c", "choices": [{"index": 0, "delta": {"tool_calls": [call]}}]});
    let events = [
        chunk(json!({"index": 0, "id": "call_1", "function": {"name": "x".repeat(1025), "arguments": ""}})),
        chunk(json!({"index": 0, "function": {"name": "shell__exec"}})),
    ];
    let mut r = tools();
    run(&mut r, Format::OpenAiChat, &[sse(&events).as_bytes()]);
    assert_eq!(r.tool_for_call_id("call_1"), None);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_slot_string_over_the_bound_pairs_nothing() {
    let long = "s".repeat(300);
    let events = [
        json!({"type": "response.output_item.added", "output_index": long, "item": {"type": "function_call", "call_id": "c1"}}),
        json!({"type": "response.function_call_arguments.done", "output_index": long, "name": "shell__exec"}),
    ];
    let mut r = tools();
    run(&mut r, Format::OpenAiResponses, &[sse(&events).as_bytes()]);
    assert_eq!(r.tool_for_call_id("c1"), None, "no slot: the id and the later name stand alone");
    let short: Vec<Value> =
        events.iter().map(|e| serde_json::from_str(&e.to_string().replace(&long, "s")).unwrap()).collect();
    run(&mut r, Format::OpenAiResponses, &[sse(&short).as_bytes()]);
    assert_eq!(r.tool_for_call_id("c1"), Some("shell/exec"), "the oracle: a short slot pairs them");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_byte_order_mark_opens_only_the_first_event() {
    let event = "data: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"ID\",\"name\":\"shell__exec\"}}\n\n";
    let text = format!("\u{feff}{}\u{feff}{}", event.replace("ID", "t1"), event.replace("ID", "t9"));
    let mut r = tools();
    let out = String::from_utf8(run(&mut r, Format::Anthropic, &[text.as_bytes()])).unwrap();
    // An event source reads the second mark as part of a field name: that line is no data.
    assert_eq!(r.tool_for_call_id("t1"), Some("shell/exec"));
    assert_eq!(r.tool_for_call_id("t9"), None);
    assert_eq!(out.matches("shell/exec").count(), 1);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn names_out_of_the_rules_order_are_all_rewritten_in_text_order() {
    // Anthropic's `tools` rule comes before `content`'s; here the text has the calls first.
    let calls: Vec<Value> =
        (0..500).map(|i| json!({"type": "tool_use", "id": format!("t{i}"), "name": "fs__read_file"})).collect();
    let defs: Vec<Value> = (0..500).map(|_| json!({"name": "shell__exec"})).collect();
    let text = format!("data: {}\n\n", json!({"content": calls, "tools": defs}));
    let mut r = tools();
    let out = String::from_utf8(run(&mut r, Format::Anthropic, &[text.as_bytes()])).unwrap();
    assert_eq!(out, text.replace("fs__read_file", "fs/read_file").replace("shell__exec", "shell/exec"));
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn an_id_first_named_with_a_tool_too_long_to_hold_never_takes_another() {
    let start = |name: &str| {
        format!("data: {{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"{name}\"}}}}\n\n")
    };
    for first in ["x".repeat(1025), "\\ud800".to_owned()] {
        let mut r = tools();
        run(&mut r, Format::Anthropic, &[start(&first).as_bytes()]);
        run(&mut r, Format::Anthropic, &[start("shell__exec").as_bytes()]);
        assert_eq!(r.tool_for_call_id("t1"), None, "{}", &first[..6]);
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_scope_value_or_slot_that_cannot_be_read_closes_every_call() {
    // An OpenAI Chat completion id with a lone surrogate is still a new completion.
    let text = "data: {\"id\":\"A\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\"}]}}]}\n\n\
                data: {\"id\":\"\\ud800\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"name\":\"shell__exec\"}}]}}]}\n\n";
    let mut r = tools();
    run(&mut r, Format::OpenAiChat, &[text.as_bytes()]);
    assert_eq!(r.tool_for_call_id("call_1"), None);
    // A content block's end whose index is no whole number still ends it.
    let text = "data: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_use\",\"id\":\"t1\"}}\n\n\
                data: {\"type\":\"content_block_stop\",\"index\":1.0}\n\n\
                data: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_use\",\"name\":\"shell__exec\"}}\n\n";
    let mut r = tools();
    run(&mut r, Format::Anthropic, &[text.as_bytes()]);
    assert_eq!(r.tool_for_call_id("t1"), None);
    // The oracle: without the stop, the name completes t1's call.
    let without: String = text.lines().filter(|l| !l.contains("stop")).map(|l| [l, "\n"].concat()).collect();
    let mut r = tools();
    run(&mut r, Format::Anthropic, &[without.replace("\n\n\n", "\n\n").as_bytes()]);
    assert_eq!(r.tool_for_call_id("t1"), Some("shell/exec"));
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_call_with_a_function_and_a_custom_name_is_named_by_the_function_as_in_js() {
    // The JS walkers read `function.name`, then `custom.name` when there is
    // none: one call. Raw and parsed alike, natively too.
    let event = json!({"id": "c", "choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "id": "call_1", "function": {"name": "fs__read_file"}, "custom": {"name": "shell__exec"}},
        {"index": 1, "id": "call_2", "custom": {"name": "shell__exec"}}
    ]}}]});
    let mut raw = tools();
    run(&mut raw, Format::OpenAiChat, &[sse(std::slice::from_ref(&event)).as_bytes()]);
    let mut parsed = tools();
    parsed.from_provider_event(&mut StreamCalls::new(), &event, Format::OpenAiChat);
    for r in [&raw, &parsed] {
        assert_eq!(r.tool_for_call_id("call_1"), Some("fs/read_file"));
        assert_eq!(r.tool_for_call_id("call_2"), Some("shell/exec"));
    }
}
