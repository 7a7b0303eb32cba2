//! Shared by the vector tests: option paths as the shared vectors spell
//! them (JS's words) in the words of the Rust API.

/// A vector's option path (JS's words: `fieldMessages['f'][1]`) in Rust's
/// words (`field_messages['f'][1]`): the leading option names in
/// `snake_case`, keys and indexes as they are.
pub fn rust_words(js: &str) -> String {
    let names = js.find(['[', '\'']).unwrap_or(js.len());
    let mut out = String::new();
    for c in js[..names].chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out + &js[names..]
}
