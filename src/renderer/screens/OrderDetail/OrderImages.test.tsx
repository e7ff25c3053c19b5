// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../i18n/localeStore';
import { ImageHostsProvider, OrderImages } from './OrderImages';

afterEach(cleanup);

const sources = () => [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('order images', () => {
  it('loads allow-listed hosts at once; another host waits for a click; a private host never loads', async () => {
    render(
      <ImageHostsProvider hosts={new Set(['cdn.platform.example'])}>
        <OrderImages
          label="Buyer upload"
          urls={[
            'https://cdn.platform.example/a.png',
            'https://tracker.buyer.example/pixel.png',
            'https://192.168.1.1/router.png',
          ]}
        />
      </ImageHostsProvider>,
    );
    expect(sources()).toEqual(['https://cdn.platform.example/a.png']);
    expect(screen.getByText(/192\.168\.1\.1 is on this computer or your local network/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Load image from tracker\.buyer\.example/ }));
    expect(sources()).toEqual(['https://cdn.platform.example/a.png', 'https://tracker.buyer.example/pixel.png']);
    expect(screen.queryByRole('button', { name: /Load image from 192/ })).toBeNull();
  });

  it('without an allow-list (outside an order), every image waits for a click', () => {
    render(<OrderImages label="Screenshot" urls={['https://cdn.platform.example/a.png']} />);
    expect(sources()).toEqual([]);
    expect(screen.getByRole('button', { name: /Load image from cdn\.platform\.example/ })).toBeTruthy();
  });

  it('opens the loaded images in one lightbox: full size, ←/→ page through them only, Esc closes, focus returns', async () => {
    const user = userEvent.setup();
    render(
      <ImageHostsProvider hosts={new Set(['cdn.platform.example'])}>
        <OrderImages
          label="Delivery 1 screenshot"
          urls={[
            'https://cdn.platform.example/a.png',
            'https://192.168.1.1/router.png',
            'https://cdn.platform.example/b.png',
            'https://tracker.buyer.example/pixel.png',
          ]}
        />
      </ImageHostsProvider>,
    );
    const thumb = screen.getByRole('button', { name: 'Delivery 1 screenshot, image 3 of 4' });
    await user.click(thumb);
    const dialog = await screen.findByRole('dialog', { name: 'Delivery 1 screenshot, image 3 of 4' });
    const shown = () => within(dialog).getByRole('img').getAttribute('src');
    expect(shown()).toBe('https://cdn.platform.example/b.png');
    // Two images load here (the private host never, the other host only on a click): the lightbox has those two.
    expect(within(dialog).getByText(/^Image 2 of 2/)).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('https://cdn.platform.example/a.png');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toBe('https://cdn.platform.example/b.png');
    await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(shown()).toBe('https://cdn.platform.example/a.png');
    expect(within(dialog).getByRole('img').getAttribute('referrerpolicy')).toBe('no-referrer');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(thumb);
  });

  it('shows the lightbox in Chinese when the app is in Chinese', async () => {
    useLocaleStore.getState().setChoice('zh-CN');
    try {
      render(
        <ImageHostsProvider hosts={new Set(['cdn.platform.example'])}>
          <OrderImages
            label="截图"
            urls={['https://cdn.platform.example/a.png', 'https://cdn.platform.example/b.png']}
          />
        </ImageHostsProvider>,
      );
      await userEvent.click(screen.getByRole('button', { name: '截图，第 1 张，共 2 张' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('button', { name: '下一张' })).toBeTruthy();
      expect(within(dialog).getByText(/^第 1 \/ 2 张/)).toBeTruthy();
    } finally {
      useLocaleStore.getState().setChoice('en');
    }
  });
});
