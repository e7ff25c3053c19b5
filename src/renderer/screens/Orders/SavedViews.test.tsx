// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyFilters } from '../../stores/orderFilters';
import { AWAITING_REFUND_VIEW, DELIVERY_ERRORS_TODAY_VIEW } from '../../stores/savedViews';
import { useViewsStore } from '../../stores/viewsStore';
import { SavedViews } from './SavedViews';

afterEach(cleanup);

describe('SavedViews', () => {
  it('a count past the quick count\'s cap reads "10,000+" (and "more than" to a screen reader) until it is exact', () => {
    useViewsStore.getState().load();
    useViewsStore.setState({
      counts: { [AWAITING_REFUND_VIEW]: 10_000, [DELIVERY_ERRORS_TODAY_VIEW]: 7 },
      countsAtLeast: { [AWAITING_REFUND_VIEW]: true, [DELIVERY_ERRORS_TODAY_VIEW]: false },
    });
    render(<SavedViews filters={emptyFilters} onApply={() => {}} />);
    const awaiting = screen.getByRole('button', { name: /Awaiting refund decision/ });
    expect(awaiting.querySelector('.saved-view-count')!.textContent).toBe('10,000+');
    expect(awaiting.querySelector('.saved-view-count')!.getAttribute('aria-label')).toBe('more than 10,000 orders');
    const errors = screen.getByRole('button', { name: /Delivery errors today/ });
    expect(errors.querySelector('.saved-view-count')!.textContent).toBe('7');
    expect(errors.querySelector('.saved-view-count')!.getAttribute('aria-label')).toBe('7 orders');
  });
});
