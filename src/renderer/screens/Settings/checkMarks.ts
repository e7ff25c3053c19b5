/** The marks before a check's outcome (not words in any language: the words follow them). */
export const CHECK_MARK = { passed: '✓', failed: '✗' } as const;
