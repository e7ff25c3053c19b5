import { describe, expect, it } from 'vitest';
import { errorResult, okResult } from '../shared/ipc/result';
import { withUnavailable } from '../../test/helpers/stubImplementations';
import { reopenOnProfileChange } from './reopenOnProfileChange';

describe('reopenOnProfileChange', () => {
  it('re-reads the host session after a profile change succeeds, before answering; not after a refusal', async () => {
    const order: string[] = [];
    let refuse = false;
    const implementations = reopenOnProfileChange(
      withUnavailable({
        'profiles:use': () => {
          order.push('use');
          return refuse ? errorResult('settings', 'No such profile.') : okResult({ activeProfileId: 'shop-us' });
        },
      }),
      async () => void order.push('reopen'),
    );
    expect(await implementations['profiles:use']({ profileId: 'shop-us' } as never)).toMatchObject({ ok: true });
    refuse = true;
    expect(await implementations['profiles:use']({ profileId: 'nope' } as never)).toMatchObject({ ok: false });
    expect(order).toEqual(['use', 'reopen', 'use']);
  });
});
