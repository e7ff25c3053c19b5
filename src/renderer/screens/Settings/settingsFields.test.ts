import { describe, expect, it } from 'vitest';
import {
  appSettingSection,
  changes,
  formatBytes,
  instantToLocalInput,
  labelFromName,
  localInputToInstant,
  sectionOf,
  settingLabel,
  shapeOf,
} from './settingsFields';
import { mapOf, rowHints, rowsOf } from './statusLabelRows';
import { translate } from '../../i18n/t';

describe('settings shown from what the host answers', () => {
  it('labels known settings from the table and new ones from their names', () => {
    expect(settingLabel('closeToTray', translate).label).toMatch(/tray/);
    expect(settingLabel('clipboardClearSeconds', translate).unit).toBe('seconds');
    expect(settingLabel('quietHoursEnd', translate).label).toBe('Quiet hours end');
    expect(labelFromName('do_not_disturb')).toBe('Do not disturb');
  });

  it('picks a control from the value', () => {
    expect(shapeOf(true)).toBe('boolean');
    expect(shapeOf(3)).toBe('number');
    expect(shapeOf(120, settingLabel('clipboardClearSeconds', translate))).toBe('nullable-number');
    expect(shapeOf(null)).toBe('nullable-number');
    expect(shapeOf('22:00')).toBe('time');
    expect(shapeOf('x')).toBe('text');
    expect(shapeOf({ enabled: true })).toBe('group');
    expect(shapeOf([1])).toBe('list');
  });

  it('puts notification settings under Notifications, the rest under General', () => {
    expect(appSettingSection('doNotDisturb')).toBe('notifications');
    expect(appSettingSection('notificationKinds')).toBe('notifications');
    expect(appSettingSection('closeToTray')).toBe('general');
  });

  it('sends only what changed (objects compared by value)', () => {
    const stored = { a: 1, b: { x: true }, c: null };
    expect(changes(stored, { a: 1, b: { x: true }, c: null })).toEqual({});
    expect(changes(stored, { a: 2, b: { x: false }, c: null })).toEqual({ a: 2, b: { x: false } });
  });

  it('routes to a known section or the first', () => {
    expect(sectionOf(['signature'])).toBe('signature');
    expect(sectionOf(['nope'])).toBe('connection');
    expect(sectionOf([])).toBe('connection');
  });

  it('formats sizes', () => {
    expect(formatBytes(900, 'en-GB')).toBe('900 bytes');
    expect(formatBytes(1536, 'en-GB')).toBe('1.5 kB');
    expect(formatBytes(1_468_006, 'de-DE')).toBe('1,4 MB');
    expect(formatBytes(900, 'zh-CN')).toBe('900字节');
  });
});

describe('status label rows', () => {
  it('round-trips a map, sorted by value', () => {
    const rows = rowsOf({ '10': 'Done', '-1': 'Cancelled', '2': 'Paid' });
    expect(rows.map((r) => r.value)).toEqual(['-1', '2', '10']);
    expect(mapOf(rows)).toEqual({ '-1': 'Cancelled', '2': 'Paid', '10': 'Done' });
    expect(mapOf([{ key: 'k', value: ' 03 ', name: ' Shipped ' }])).toEqual({ '3': 'Shipped' });
  });

  it('points out non-numbers, duplicates, blank and long names', () => {
    const hints = rowHints([
      { key: 'a', value: 'x', name: 'A' },
      { key: 'b', value: '3', name: 'B' },
      { key: 'c', value: '03', name: 'C' },
      { key: 'd', value: '4', name: '  ' },
      { key: 'e', value: '5', name: 'x'.repeat(61) },
      { key: 'f', value: '6', name: 'Fine' },
    ]);
    expect(Object.keys(hints)).toEqual(['a', 'c', 'd', 'e']);
    expect(hints.c).toMatch(/named twice/);
  });
});

describe('do-not-disturb until an instant', () => {
  it('is edited as local time and stored as an ISO instant; null is off', () => {
    expect(shapeOf(null, settingLabel('doNotDisturbUntil', translate))).toBe('instant');
    expect(shapeOf('2026-11-23T20:00:00.000Z', settingLabel('doNotDisturbUntil', translate))).toBe('instant');
    expect(instantToLocalInput(null)).toBe('');
    const local = instantToLocalInput('2026-11-23T20:00:00.000Z');
    expect(local).toMatch(/^2026-11-2\dT\d{2}:00$/);
    expect(localInputToInstant(local)).toBe('2026-11-23T20:00:00.000Z');
    expect(localInputToInstant('')).toBeNull();
    expect(localInputToInstant('soon')).toBeNull();
  });
});
