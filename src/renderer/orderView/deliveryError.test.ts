import { describe, expect, it } from 'vitest';
import { readDeliveryError } from './deliveryError';

describe('readDeliveryError', () => {
  it("reads the sandbox's shape", () => {
    expect(
      readDeliveryError({
        errorCode: 'STOCK_OUT',
        errorMessage: 'out of stock',
        occurredAt: '2026-11-23T10:00:00.000Z',
      }),
    ).toEqual({
      type: 'STOCK_OUT',
      description: 'out of stock',
      time: '2026-11-23T10:00:00.000Z',
      imageUrls: [],
      other: [],
    });
  });

  it('collects screenshot URLs under any usual name and keeps unknown fields as sent', () => {
    const view = readDeliveryError({
      type: 2,
      description: 'Account locked',
      screenshotUrls: ['https://img.example/a.png', 'http://img.example/b.png'],
      imageUrl: 'https://img.example/c.png',
      retries: 3,
      detail: { step: 'top-up' },
      empty: null,
    });
    expect(view.type).toBe('2');
    expect(view.description).toBe('Account locked');
    expect(view.imageUrls).toEqual([
      'https://img.example/a.png',
      'http://img.example/b.png',
      'https://img.example/c.png',
    ]);
    expect(view.other).toEqual([
      ['retries', '3'],
      ['detail', '{"step":"top-up"}'],
    ]);
  });
});
