//! A layer for rmcp's Streamable HTTP service (SPEC §6.1, §9).
