/** Optional fields cross the bridge as null. */
export const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);
