//! A router over rmcp client connections (SPEC §7, §9).
