// The limits of the structure's texts, as the server checks them (NAME_PATTERN: @/components/forms).

export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 500;
