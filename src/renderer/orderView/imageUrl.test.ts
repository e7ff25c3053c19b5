import { describe, expect, it } from 'vitest';
import { allowedImageHosts, imageDecision, isPrivateHost, loadableImageUrl } from './imageUrl';

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

describe('imageDecision: the allow-list and private hosts', () => {
  const allowed = allowedImageHosts(
    [{ productSkuImagesUrl: ['https://cdn.platform.example/p/1.jpg'] }],
    ['Images.Partner.example'],
  );

  it('loads images from the platform’s own product-image hosts and the merchant’s additions', () => {
    expect([...allowed].sort()).toEqual(['cdn.platform.example', 'images.partner.example']);
    expect(imageDecision('https://cdn.platform.example/delivery/9.jpg', allowed)).toEqual({
      kind: 'load',
      src: 'https://cdn.platform.example/delivery/9.jpg',
    });
    expect(imageDecision('https://images.partner.example/x.png', allowed).kind).toBe('load');
  });

  it('asks before loading from any other public host (a buyer’s server would learn when and from where)', () => {
    expect(imageDecision('https://tracker.buyer.example/pixel.png', allowed)).toEqual({
      kind: 'ask',
      src: 'https://tracker.buyer.example/pixel.png',
      host: 'tracker.buyer.example',
    });
  });

  it('never loads from loopback, private, link-local or local-only hosts, in any spelling', () => {
    for (const url of [
      'https://localhost/a.png',
      'https://printer.local/a.png',
      'https://router.lan/a.png',
      'https://127.0.0.1/a.png',
      'https://127.1/a.png',
      'https://2130706433/a.png',
      'https://0x7f000001/a.png',
      'https://10.1.2.3/a.png',
      'https://172.20.0.1/a.png',
      'https://192.168.1.1/a.png',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/a.png',
      'https://0.0.0.0/a.png',
      'https://[::1]/a.png',
      'https://[::ffff:127.0.0.1]/a.png',
      'https://[fd00::1]/a.png',
      'https://[fe80::1]/a.png',
    ])
      expect(imageDecision(url, new Set([new URL(url).hostname])), url).toEqual({
        kind: 'refused',
        why: 'private-host',
      });
    expect(allowedImageHosts([{ productSkuImagesUrl: ['https://127.0.0.1/p.jpg'] }], ['localhost']).size).toBe(0);
    expect(isPrivateHost('172.32.0.1')).toBe(false);
    expect(isPrivateHost('cdn.example')).toBe(false);
  });
});
