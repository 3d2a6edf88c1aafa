// The limits of a topic's texts, as the server checks them, so the client says no before a round trip.

/** The allowed characters of a catalogue name: letters, digits, spaces and basic punctuation. */
export const NAME_PATTERN = /^[\p{L}\p{N} .,\-'&()/#°:]+$/u;
export const NAME_MAX = 150;
export const DESCRIPTION_MAX = 2000;
