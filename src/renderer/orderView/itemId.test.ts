import { describe, expect, it } from 'vitest';
import { itemIdSchema } from '../../shared/domain/requests';
import { checkItemId } from './itemId';

describe('checkItemId', () => {
  it('agrees with the contract on every sample', () => {
    const samples = [
      '1',
      '0042',
      ' 77 ',
      '9223372036854775807',
      '9223372036854775808',
      '0',
      '-1',
      '42?x=1',
      '../../x',
      '1.5',
      '',
      '   ',
      '١٢٣',
      '1e3',
      '9'.repeat(41),
    ];
    for (const s of samples) {
      const ours = checkItemId(s);
      const contract = itemIdSchema.safeParse(s);
      expect(ours.ok, s).toBe(contract.success);
      if (ours.ok && contract.success) expect(ours.value).toBe(contract.data);
    }
  });

  it('says what is wrong', () => {
    expect(checkItemId('')).toMatchObject({ ok: false, message: expect.stringMatching(/Enter the item ID/) });
    expect(checkItemId('abc')).toMatchObject({ ok: false, message: expect.stringMatching(/whole number/) });
    expect(checkItemId('0')).toMatchObject({ ok: false, message: expect.stringMatching(/between 1 and/) });
  });
});
