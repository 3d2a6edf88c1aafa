//! Ledger and summary SQL: `plan_acreditaciones` and `plan_estado_temas`.
