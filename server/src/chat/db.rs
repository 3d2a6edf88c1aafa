//! SQL of the chat domain. 1:1 conversations and their messages.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "chats",
    "chat_mensajes",
];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[];
