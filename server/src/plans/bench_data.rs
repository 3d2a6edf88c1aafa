//! Generator of the benchmark's plan data (`aula plan datos-bench`, package C).
