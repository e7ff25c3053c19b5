import { describe, expect, it } from 'vitest';
import { EXIT_CODE_OF_KIND, ExitCode, exitCodeFor } from './exitCodes';

describe('the one mapping from error kind to exit code', () => {
  it('what nothing was sent for exits 2; refusals 3; the network 4; an unknown outcome 5', () => {
    expect(EXIT_CODE_OF_KIND).toMatchObject({
      'invalid-input': 2,
      settings: 2,
      credentials: 2,
      keychain: 2,
      platform: 3,
      http: 3,
      'not-found': 3,
      network: 4,
      timeout: 4,
      'outcome-unknown': 5,
      protocol: 1,
    });
  });

  it('an API error exits by its kind', () => {
    expect(exitCodeFor({ kind: 'credentials', message: 'keychain locked' })).toBe(ExitCode.invalidInput);
    expect(exitCodeFor({ kind: 'http', status: 401 })).toBe(ExitCode.refused);
  });
});
