import { describe, expect, it } from 'vitest';
import { isWindowsReservedName } from '../../shared/domain/profileId';
import { profileIdSchema, slugify } from './profileSchema';

describe('profile IDs name files, so none may be a Windows device name', () => {
  it.each(['con', 'nul', 'aux', 'prn', 'com1', 'com9', 'lpt1', 'lpt9'])('"%s" is refused with the reason', (id) => {
    const r = profileIdSchema.safeParse(id);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/Windows reserves for a device/);
  });

  it('names that only look alike are fine', () => {
    for (const id of ['con-eu', 'console', 'com0', 'com10', 'lpt', 'nul1', 'shop-aux']) {
      expect(profileIdSchema.safeParse(id).success).toBe(true);
    }
  });

  it('the check ignores case and any extension, as Windows does', () => {
    for (const name of ['CON', 'Nul.txt', 'com1.sqlite', 'lpt3.key.pem', 'aux .log']) {
      expect(isWindowsReservedName(name)).toBe(true);
    }
    expect(isWindowsReservedName('conn.sqlite')).toBe(false);
  });

  it('slugify never proposes a reserved ID', () => {
    expect(slugify('Con')).toBe('con-profile');
    expect(profileIdSchema.safeParse(slugify('NUL')).success).toBe(true);
  });
});
