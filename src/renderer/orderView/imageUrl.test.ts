import { describe, expect, it } from 'vitest';
import { loadableImageUrl } from './imageUrl';

describe('loadableImageUrl', () => {
  it('lets absolute https URLs through', () => {
    expect(loadableImageUrl('https://img.example.com/a.png')).toBe('https://img.example.com/a.png');
    expect(loadableImageUrl('  HTTPS://img.example.com/a b.png ')).toBe('https://img.example.com/a%20b.png');
  });

  it('refuses everything else', () => {
    for (const bad of [
      'http://img.example.com/a.png',
      '//img.example.com/a.png',
      '/local/a.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://',
      'https://user:pw@img.example.com/a.png',
      ' http://x/https://y',
      '',
      null,
      42,
    ])
      expect(loadableImageUrl(bad), String(bad)).toBeNull();
  });
});
