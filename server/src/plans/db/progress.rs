//! Population-control and progress list definitions (package B).
