//! The old home of employee maintenance, split by concern into `form`, `edit`,
//! `accounts`, `access`, `photo`, `absences`, `profiles` and `options`. These names stay
//! for the bulk upload until it calls the new modules.

pub use super::accounts::create_login;
pub use super::edit::{save, stored};
pub use super::form::{EmployeeForm, TIPOS_EMPLEADO, check_references, check_unique};
