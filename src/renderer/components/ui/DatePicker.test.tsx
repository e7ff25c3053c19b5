// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { datePickerPresets } from '../../screens/Orders/datePresets';
import { translate } from '../../i18n/t';
import { DatePicker } from './DatePicker';

afterEach(cleanup);

// 26 Nov 2026, 15:00 local time.
const now = () => new Date(2026, 10, 26, 15, 0).getTime();
const presets = datePickerPresets(translate);

describe('DatePicker', () => {
  it('says the range in force: a preset by its name, any other by its days, none as any time', () => {
    const { rerender } = render(
      <DatePicker
        label="Created"
        value={{ from: '2026-11-20', to: '2026-11-26' }}
        presets={presets}
        now={now}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: /Created: Last 7 days/ })).toBeTruthy();
    rerender(
      <DatePicker
        label="Created"
        value={{ from: '2026-11-02', to: '' }}
        presets={presets}
        now={now}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: /Created: 2026-11-02 – …/ })).toBeTruthy();
    rerender(
      <DatePicker label="Created" value={{ from: '', to: '' }} presets={presets} now={now} onChange={() => {}} />,
    );
    expect(screen.getByRole('button', { name: /Created: Any time/ })).toBeTruthy();
  });

  it('offers Today, Last 7/30/90 days, This month and Custom range; a preset applies at once and closes', () => {
    const onChange = vi.fn();
    render(<DatePicker label="Created" value={{ from: '', to: '' }} presets={presets} now={now} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /Created/ }));
    const names = screen.getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(
      expect.arrayContaining(['Today', 'Last 7 days', 'Last 30 days', 'Last 90 days', 'This month', 'Custom range']),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2026-08-29', to: '2026-11-26' });
    expect(screen.queryByRole('button', { name: 'Last 90 days' })).toBeNull();
  });

  it('a custom range of two days, applied by Apply', () => {
    const onChange = vi.fn();
    render(<DatePicker label="Created" value={{ from: '', to: '' }} presets={presets} now={now} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /Created/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Custom range' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-15' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2026-10-01', to: '2026-10-15' });
  });
});
