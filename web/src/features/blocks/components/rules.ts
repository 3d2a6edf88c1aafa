// The limits of a block's texts, as the server checks them, so the client says no before a round trip.

export const NAME_MAX = 150;
export const DESCRIPTION_MAX = 2000;
