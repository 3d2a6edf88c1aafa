//! Topic-view list definitions (package C).
