// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSettingsStore } from '../../stores/settingsStore';
import { installFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { SignatureInspector } from './SignatureInspector';

afterEach(cleanup);

describe('the signature inspector', () => {
  let bridge: FakeBridge;
  beforeEach(() => {
    bridge = installFakeBridge({
      'credentials:inspectSignature': ({ profileId }) => ({
        ok: true,
        data: {
          profileId,
          method: 'POST',
          url: 'https://platform.example/pay-fac/M/v1/user',
          path: '/pay-fac/M/v1/user',
          signatureProfile: { mode: 'canonical', algorithm: 'RSA-SHA256' },
          stringToSign: 'x',
          stringToSignVisible: 'x',
          stringToSignBytes: 1,
          headers: {
            'Content-Type': 'application/json',
            nonce: 'EXAMPLE-NONCE-NOT-SENDABLE',
            timestamp: '1000000000',
            signature: 'c2ln',
          },
          body: '{}',
          keyFingerprint: { hex: 'ab', base64: 'qw==' },
          selfCheck: true,
          publicKeyCheck: null,
        },
      }),
    });
    useSettingsStore.setState(useSettingsStore.getInitialState());
  });

  it('asks for the fixed example (no buyer of the page’s choosing) and says on screen it cannot sign anyone in', async () => {
    render(<SignatureInspector profileId="shop" />);
    expect(screen.getByText(/It cannot be used to sign anyone in/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Inspect a sample request' }));
    // The example's day (UTC) in the app's locale, through Intl.
    await screen.findByText(/timestamp 1000000000 is (9 September 2001|September 9, 2001)/);
    expect(bridge.calls).toEqual([['credentials:inspectSignature', { profileId: 'shop', publicKeyPem: null }]]);
  });
});
