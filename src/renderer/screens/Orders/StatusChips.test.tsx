// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusChips } from './StatusChips';

afterEach(cleanup);

describe('StatusChips', () => {
  it('a few values: one chip each', () => {
    render(
      <StatusChips
        legend="Order status"
        values={[1, 2, 3]}
        labels={{ '1': 'Paid' }}
        selected={[]}
        onCommit={() => {}}
      />,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Paid', '2', '3']);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('many values: the chosen ones as chips, the rest found in a combobox by label or code', () => {
    const onCommit = vi.fn();
    const values = Array.from({ length: 20 }, (_, i) => i + 1);
    const labels = Object.fromEntries(values.map((v) => [String(v), `Status ${String.fromCharCode(64 + v)}`]));
    render(<StatusChips legend="Order status" values={values} labels={labels} selected={[3]} onCommit={onCommit} />);
    expect(screen.getAllByRole('button', { pressed: true }).map((b) => b.textContent)).toEqual(['Status C']);
    const field = screen.getByRole('combobox', { name: 'Add Order status' });
    fireEvent.change(field, { target: { value: '17' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Status Q']);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith([3, 17]);
  });
});
