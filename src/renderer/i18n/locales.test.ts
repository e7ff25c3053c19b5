import { describe, expect, it } from 'vitest';
import { formattingLocale, resolveLocale } from './locales';

describe('the language shown', () => {
  it('follows the OS: the first of its languages the app has', () => {
    expect(resolveLocale('system', ['zh-CN', 'en-US'])).toBe('zh-CN');
    expect(resolveLocale('system', ['fr-FR', 'zh-Hans-SG', 'en'])).toBe('zh-CN');
    expect(resolveLocale('system', ['zh-TW'])).toBe('zh-CN');
    expect(resolveLocale('system', ['de-DE', 'en-GB', 'zh-CN'])).toBe('en');
    expect(resolveLocale('system', ['ja-JP'])).toBe('en');
    expect(resolveLocale('system', [])).toBe('en');
  });

  it('the setting wins over the OS', () => {
    expect(resolveLocale('en', ['zh-CN'])).toBe('en');
    expect(resolveLocale('zh-CN', ['en-US'])).toBe('zh-CN');
  });

  it('writes dates and numbers in the OS’s own variant of the language shown', () => {
    expect(formattingLocale('en', ['en-GB', 'zh-CN'])).toBe('en-GB');
    expect(formattingLocale('en', ['zh-CN'])).toBe('en');
    expect(formattingLocale('zh-CN', ['en-US', 'zh-SG'])).toBe('zh-SG');
    expect(formattingLocale('zh-CN', ['en-US'])).toBe('zh-CN');
  });
});
