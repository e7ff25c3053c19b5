/**
 * The text of a delivery exception (`deliveryErrorInfo`), whose inner fields the spec does not give: the first
 * message-like field present (the sandbox sends `errorMessage` and `errorCode`), else the object as compact JSON,
 * cut to `max` characters.
 */
const MESSAGE_FIELDS = ['errorMessage', 'message', 'msg', 'errorMsg', 'reason', 'description', 'error', 'errorCode'];

export function deliveryErrorText(info: unknown, max = 200): string {
  if (info === null || info === undefined) return '';
  if (typeof info === 'string') return cut(info, max);
  if (typeof info !== 'object') return cut(String(info), max);
  const record = info as Record<string, unknown>;
  for (const field of MESSAGE_FIELDS) {
    const v = record[field];
    if (typeof v === 'string' && v.trim() !== '') {
      const code = field !== 'errorCode' && typeof record['errorCode'] === 'string' ? ` (${record['errorCode']})` : '';
      return cut(`${v.trim()}${code}`, max);
    }
  }
  return cut(JSON.stringify(info), max);
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
