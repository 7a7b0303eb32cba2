//! Shared helpers of the rmcp tests, demo and bench.

pub mod bounties;
