// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../i18n/localeStore';
import type { IpcOrder } from '../../stores/orderFacts';
import { InboxList } from './InboxList';

afterEach(() => {
  cleanup();
  useLocaleStore.getState().setChoice('en');
});

const requests = (n: number): IpcOrder[] =>
  Array.from({ length: n }, (_, i) => ({
    id: String(i + 1),
    orderNum: `SO-${i + 1}`,
    isExistAfterSales: true,
    orderStatus: 4,
  }));

describe('the inbox heading counts what awaits a decision, not the page shown', () => {
  it('a first page of 100 out of 100,603 says both (it read "Awaiting a decision (100)" at a million orders)', () => {
    render(<InboxList awaiting={requests(100)} awaitingTotal={100_603} recent={[]} selectedId={null} listRef={null} />);
    expect(screen.getByText('Awaiting a decision (100,603) — the oldest 100 shown')).toBeTruthy();
  });

  it('a list shown whole says its length, in both languages', () => {
    const { unmount } = render(
      <InboxList awaiting={requests(3)} awaitingTotal={3} recent={[]} selectedId={null} listRef={null} />,
    );
    expect(screen.getByText('Awaiting a decision (3) — oldest first')).toBeTruthy();
    unmount();
    useLocaleStore.getState().setChoice('zh-CN');
    render(<InboxList awaiting={requests(100)} awaitingTotal={250} recent={[]} selectedId={null} listRef={null} />);
    expect(screen.getByText('待审核（250）— 显示最早的 100 个')).toBeTruthy();
  });
});
