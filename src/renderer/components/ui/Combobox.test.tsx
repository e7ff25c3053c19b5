// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Combobox, filterOptions, type ComboboxOption } from './Combobox';

afterEach(cleanup);

const currencies: ComboboxOption[] = [
  { value: 'USD', label: 'US dollar (USD)' },
  { value: 'EUR', label: 'Euro (EUR)' },
  { value: 'CNY', label: 'Chinese yuan (CNY)', keywords: '人民币' },
  { value: 'KRW', label: 'South Korean won (KRW)' },
  { value: 'BRL', label: 'Brazilian real (BRL)', keywords: 'Real brasileiro' },
];

describe('filterOptions', () => {
  it('keeps options holding every word typed, in any order, ignoring case and accents', () => {
    expect(filterOptions(currencies, 'won korean').map((o) => o.value)).toEqual(['KRW']);
    expect(filterOptions(currencies, 'BRASILEIRO').map((o) => o.value)).toEqual(['BRL']);
    expect(filterOptions(currencies, 'réal').map((o) => o.value)).toEqual(['BRL']);
    expect(filterOptions(currencies, '人民币').map((o) => o.value)).toEqual(['CNY']);
    expect(filterOptions(currencies, '  ')).toHaveLength(5);
  });
});

describe('Combobox (WAI-ARIA combobox with a listbox)', () => {
  it('typing filters the list; ↓/↑ move the active option with focus staying in the field; Enter picks', () => {
    const onPick = vi.fn();
    render(<Combobox label="Currency" options={currencies} onPick={onPick} />);
    const field = screen.getByRole('combobox', { name: 'Currency' });
    expect(field.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(field, { target: { value: 'an' } });
    expect(field.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Chinese yuan (CNY)',
      'South Korean won (KRW)',
      'Brazilian real (BRL)',
    ]);
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith('BRL');
    expect((field as HTMLInputElement).value).toBe('');
    expect(field.getAttribute('aria-expanded')).toBe('false');
  });

  it('says when nothing matches; Escape closes, then clears; a click picks', () => {
    const onPick = vi.fn();
    render(<Combobox label="Currency" options={currencies} onPick={onPick} />);
    const field = screen.getByRole('combobox', { name: 'Currency' }) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'zzz' } });
    expect(screen.getByText('No match')).toBeTruthy();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.value).toBe('zzz');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.value).toBe('');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.click(screen.getByRole('option', { name: 'Euro (EUR)' }));
    expect(onPick).toHaveBeenCalledWith('EUR');
  });
});
