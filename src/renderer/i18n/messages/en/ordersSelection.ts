/** The Orders list's selection and bulk actions, the toast, the date presets and the combobox. */
export default {
  'selection.column': 'Selection',
  'selection.selectLoaded': 'Select all loaded orders',
  'selection.selectRow': 'Select order {num}',
  'selection.bar': 'Bulk actions',
  'selection.count': '{count, plural, one {# selected} other {# selected}}',
  'selection.allMatching': 'All {count, plural, one {# order} other {# orders}} selected',
  'selection.selectAllMatching': 'Select all {count, plural, one {# order} other {# orders}}',
  'selection.clear': 'Clear selection',
  'selection.export': 'Export selected',
  'selection.exportCsv': 'Export selected (CSV)',
  'selection.exportExcel': 'Export selected (Excel)',
  'selection.tooMany': 'A selection can export at most {max, number} orders: export the view, or narrow the filters.',

  'toast.viewport': 'Notifications ({hotkey})',
  'toast.label': 'Notification',
  'toast.dismiss': 'Dismiss',

  'datePicker.presets': 'Date range',
  'datePicker.today': 'Today',
  'datePicker.last7': 'Last 7 days',
  'datePicker.last30': 'Last 30 days',
  'datePicker.last90': 'Last 90 days',
  'datePicker.thisMonth': 'This month',
  'datePicker.custom': 'Custom range',
  'datePicker.apply': 'Apply',

  'combobox.noMatch': 'No match',
  'combobox.clear': 'Clear {label}',
};
