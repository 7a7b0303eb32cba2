//! Shared helpers of the rmcp tests, demo and bench.
