// The formats mirror the server's validate.rs, so the client says no before a round trip
// (the shared ones, NAME_PATTERN, RFC_PATTERN and optional, are in @/components/forms).

/** IMSS employer registration: letters and digits (dashes and spaces allowed as separators). */
export const EMPLOYER_REGISTRATION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
export const EMPLOYER_REGISTRATION_MAX = 20;
export const NAME_MAX = 120;
export const COMPANY_NAME_MAX = 200;
export const TEXT_MAX = 300;
export const WORKERS_MAX = 1_000_000;
