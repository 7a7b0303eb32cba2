//! `protect`: a `#[tool_router]` server's tools, answered by the core's policy (SPEC §6.1, §9).
