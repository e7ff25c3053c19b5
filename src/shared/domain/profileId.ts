/**
 * Names Windows reserves for devices, in any case and with any extension: `con`, `NUL.txt` and `com1.sqlite` all
 * open the device instead of a file. A profile ID becomes file names (`<id>.sqlite`, `<id>.key.pem`), so it must
 * not be one of them on any system: a profile made on Linux must still work when its data directory moves.
 */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;

export function isWindowsReservedName(name: string): boolean {
  // Windows ignores everything from the first dot, and trailing spaces, when it matches device names.
  const stem = name.split('.')[0]!.trimEnd();
  return WINDOWS_RESERVED.test(stem);
}

/**
 * "Shop EU" → "shop-eu"; "Con" → "con-profile" (see isWindowsReservedName); "***" → "profile". The CLI's and the
 * connect form's suggestion alike, so the form never proposes an ID the core refuses.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  if (!slug) return 'profile';
  return isWindowsReservedName(slug) ? `${slug}-profile` : slug;
}
