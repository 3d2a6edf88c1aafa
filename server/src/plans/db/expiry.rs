//! Expiry-run SQL (package C): runs, claimed notices, sends and the report's list definition.
