/**
 * The countries the product ships (migrations/0003, `paises`): the contract has no call
 * that lists them, so the form offers these ids; names come from the `countries` texts.
 */
export const COUNTRY_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
