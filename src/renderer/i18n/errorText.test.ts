import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { ipcErrorKinds } from '../../shared/ipc/result';
import { catalogs } from './catalogs';
import { errorMessageId, errorWords } from './errorText';
import { LOCALES, type Locale } from './locales';

const translator = (locale: Locale) => {
  const intl = createIntl({
    locale,
    messages: catalogs[locale],
    onError: (e) => {
      throw e;
    },
  });
  return (id: string, values?: Record<string, string>) => intl.formatMessage({ id: id as never }, values);
};

describe('error kinds in the app’s language', () => {
  it.each(LOCALES)('%s has a message for every error kind the host can answer', (locale) => {
    const catalog: Record<string, string> = catalogs[locale];
    expect(ipcErrorKinds.filter((kind) => catalog[`error.${kind}`] === undefined)).toEqual([]);
  });

  it.each(LOCALES)('%s words each kind with its code, or without one', (locale) => {
    const t = translator(locale);
    for (const kind of ipcErrorKinds) {
      expect(t(errorMessageId({ kind }), { code: 'none' })).not.toMatch(/\bnone\b|\{|^error\./);
    }
    expect(t('error.platform', { code: '10003' })).toContain('10003');
    expect(t('error.http', { code: 'HTTP 503' })).toContain('HTTP 503');
  });

  it('a known sub-kind (by code) has its own words; an unknown kind is "unexpected"', () => {
    expect(errorMessageId({ kind: 'io', code: 'clipboard-no-display' })).toBe('error.io.clipboard-no-display');
    expect(errorMessageId({ kind: 'io', code: 'EACCES' })).toBe('error.io');
    expect(errorMessageId({ kind: 'from-a-newer-host' })).toBe('error.unexpected');
  });

  it('in Chinese the message is the catalog’s, the host’s English only the technical details', () => {
    const error = {
      kind: 'platform',
      code: '10003',
      message: 'The platform refused the request: code 10003 (signature invalid).',
      action: 'Check the signature algorithm.',
    };
    const zh = errorWords(error, translator('zh-CN') as never, 'zh-CN');
    expect(zh.text).toBe('平台拒绝了该请求（错误码 10003）。');
    expect(zh.action).toBeNull();
    expect(zh.details).toBe(`${error.message} ${error.action}`);
    const en = errorWords(error, translator('en') as never, 'en');
    expect(en).toEqual({ text: error.message, action: error.action, details: null });
  });
});
