import type { DatePreset as PickerPreset } from '../../components/ui/DatePicker';
import type { MessageId } from '../../i18n/catalogs';
import type { Translate } from '../../i18n/t';
import { localDay } from '../../stores/orderFilters';

/** The ranges a merchant asks for most, as days in their time zone (from and to both included). */
export const DATE_PRESETS = ['Today', 'Last 7 days', 'Last 30 days', 'Last 90 days', 'This month'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

const NAMES: Record<DatePreset, MessageId> = {
  Today: 'datePicker.today',
  'Last 7 days': 'datePicker.last7',
  'Last 30 days': 'datePicker.last30',
  'Last 90 days': 'datePicker.last90',
  'This month': 'datePicker.thisMonth',
};

/** The first and last day of a preset on the day of `nowMs` ("Last 7 days" is today and the 6 days before). */
export function presetRange(preset: DatePreset, nowMs: number): { from: string; to: string } {
  const now = new Date(nowMs);
  const to = localDay(nowMs);
  const daysBack = (n: number) => localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - n).getTime());
  switch (preset) {
    case 'Today':
      return { from: to, to };
    case 'Last 7 days':
      return { from: daysBack(6), to };
    case 'Last 30 days':
      return { from: daysBack(29), to };
    case 'Last 90 days':
      return { from: daysBack(89), to };
    case 'This month':
      return { from: localDay(new Date(now.getFullYear(), now.getMonth(), 1).getTime()), to };
  }
}

/** The presets as the date picker offers them, named in the app's language. */
export function datePickerPresets(t: Translate): PickerPreset[] {
  return DATE_PRESETS.map((preset) => ({
    id: preset,
    label: t(NAMES[preset]),
    range: (nowMs: number) => presetRange(preset, nowMs),
  }));
}
