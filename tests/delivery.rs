//! The shared delivery vectors (`tests/data/delivery.json`), natively and,
//! compiled to wasm, in Node and headless Chromium (`wasm-pack test`): the
//! same test functions run in all three.

#[path = "support/recipient_options.rs"]
mod recipient_options;
use mcp_boundary::{
    list_unread, mark_read, plan_delivery, read_state, records_from_json, unread_count, AgentEntry, MarkError,
    MessageRecord, RecipientValidator,
};
use recipient_options::options;
use serde_json::{json, Value};

fn vectors() -> Value {
    serde_json::from_str(include_str!("data/delivery.json")).expect("vectors parse")
}

/// The vectors under `key`: a loop over an empty or missing list would pass
/// having checked nothing.
fn cases(key: &str) -> Vec<Value> {
    let list = vectors()[key].as_array().cloned().unwrap_or_default();
    assert!(!list.is_empty(), "tests/data/delivery.json has no {key} vectors");
    list
}

fn record(v: &Value) -> Result<MessageRecord<&str>, String> {
    MessageRecord::from_json(v).ok_or_else(|| "not_a_record".to_owned())
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn states() {
    for c in &cases("states") {
        let got = read_state(&record(&c["message"]).unwrap(), c["reader"].as_str().unwrap()).unwrap();
        assert_eq!(got.as_str(), c["state"], "{}", c["name"]);
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn malformed_records() {
    for c in &cases("malformed") {
        let e = match record(&c["message"]) {
            Err(reason) => {
                assert_eq!(reason, c["reason"].as_str().unwrap());
                continue;
            }
            Ok(m) => read_state(&m, "@b").unwrap_err(),
        };
        assert_eq!(e.reason(), c["reason"], "{}", c["name"]);
        assert_eq!(e.place(), c["place"].as_str().unwrap(), "{}", c["name"]);
        assert_eq!(e.code(), "MALFORMED_RECORD");
        // Every function refuses the record the same way.
        assert!(unread_count(&[record(&c["message"]).unwrap()], "@b").is_err());
        assert!(matches!(
            mark_read(&record(&c["message"]).unwrap(), "@b", "2026-11-22T08:15:00Z"),
            Err(MarkError::Malformed(_))
        ));
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn marks() {
    for c in &cases("marks") {
        let m = record(&c["message"]).unwrap();
        let got = match mark_read(&m, c["reader"].as_str().unwrap(), c["now"].as_str().unwrap()) {
            Ok(mark) => {
                json!({"ok": true, "alreadyRead": mark.already_read, "target": mark.target, "readAt": mark.read_at})
            }
            Err(MarkError::NotARecipient(n)) => json!({"ok": false, "code": n.code()}),
            Err(e) => panic!("{}: {e:?}", c["name"]),
        };
        assert_eq!(got, c["expect"], "{}", c["name"]);
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn mailbox_counts() {
    let doc = vectors();
    let mailbox = &doc["mailbox"];
    let values = mailbox["messages"].as_array().unwrap();
    let records = records_from_json(values).unwrap();
    for (reader, count) in mailbox["unreadCount"].as_object().unwrap() {
        assert_eq!(unread_count(&records, reader).unwrap() as u64, count.as_u64().unwrap(), "{reader}");
        let ids: Vec<&Value> = list_unread(&records, reader).unwrap().into_iter().map(|i| &values[i]["id"]).collect();
        assert_eq!(json!(ids), mailbox["listUnread"][reader], "{reader}");
    }
    let bad = vec![values[0].clone(), json!("not a record")];
    assert_eq!(records_from_json(&bad).unwrap_err().place(), "messages[1]");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn plans() {
    for c in &cases("plans") {
        let agents: Vec<AgentEntry<'_>> = c["agents"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|a| match a {
                Value::String(id) => Some(AgentEntry { id, account_type: None }),
                Value::Object(o) => Some(AgentEntry {
                    id: o.get("id")?.as_str()?,
                    account_type: o.get("accountType").and_then(Value::as_str),
                }),
                _ => None,
            })
            .collect();
        let validator =
            RecipientValidator::new(options(c.get("options")).expect("Rust options")).expect("valid options");
        let got = match plan_delivery(c["to"].as_str().unwrap(), c["sender"].as_str(), &agents, &validator) {
            Ok(plan) => {
                let mut v = serde_json::to_value(&plan).unwrap();
                v["ok"] = json!(true);
                v
            }
            Err(e) => json!({"ok": false, "code": e.code(), "reason": e.reason().as_str()}),
        };
        assert_eq!(got, c["expect"], "{}", c["name"]);
    }
}
