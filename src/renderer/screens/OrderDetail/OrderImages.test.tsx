// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
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
});
