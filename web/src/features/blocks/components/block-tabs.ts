/** The tabs of a block's drawer. */
export const BLOCK_TABS = ['datos', 'temas'] as const;
export type BlockTab = (typeof BLOCK_TABS)[number];
