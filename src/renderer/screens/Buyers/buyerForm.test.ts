import { describe, expect, it } from 'vitest';
import { checkBuyer, checkItemId, emptyBuyer, matchBuyers } from './buyerForm';

describe('buyer form', () => {
  it('needs a user number and an e-mail; names are optional and trimmed', () => {
    const missing = checkBuyer(emptyBuyer);
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.problems.merchantUserNo).toMatch(/must not be empty/);
      expect(missing.problems.email).toMatch(/name@example.com/);
    }
    expect(
      checkBuyer({ merchantUserNo: ' u-1 ', email: 'anna@example.com', firstName: ' Anna ', lastName: '' }),
    ).toEqual({
      ok: true,
      value: { merchantUserNo: 'u-1', email: 'anna@example.com', firstName: 'Anna' },
    });
  });

  it('refuses item IDs that are not a platform product ID before anything is sent', () => {
    for (const bad of ['../../x', '-1', '42?x=1', '', '0', '99999999999999999999'])
      expect(checkItemId(bad).ok, bad).toBe(false);
    expect(checkItemId(' 9007199254740993 ')).toEqual({ ok: true, value: '9007199254740993' });
  });

  it('finds buyers by any word, ignoring case and accents', () => {
    const buyers = [
      { merchantUserNo: 'u1', email: 'anna@example.com', firstName: 'Anna', lastName: 'Müller' },
      { merchantUserNo: 'u2', email: 'bob@example.com' },
    ];
    expect(matchBuyers(buyers, 'MULLER').map((b) => b.merchantUserNo)).toEqual(['u1']);
    expect(matchBuyers(buyers, 'example u2').map((b) => b.merchantUserNo)).toEqual(['u2']);
    expect(matchBuyers(buyers, '  ')).toHaveLength(2);
  });
});
