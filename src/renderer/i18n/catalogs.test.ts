import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { catalogs } from './catalogs';
import { LOCALES } from './locales';

/**
 * Every catalog has exactly the English catalog's keys, every message parses as ICU MessageFormat, and each
 * translation uses the same arguments (name and kind: plain, number, date, plural, select) and the same tags as the
 * English message — a translation that drops `{count}` or turns a plural into text fails here, not in front of a
 * merchant.
 */
type Signature = string[];

function signature(elements: MessageFormatElement[], into: Set<string> = new Set()): Set<string> {
  for (const el of elements) {
    switch (el.type) {
      case TYPE.argument:
        into.add(`${el.value}:text`);
        break;
      case TYPE.number:
        into.add(`${el.value}:number`);
        break;
      case TYPE.date:
      case TYPE.time:
        into.add(`${el.value}:date`);
        break;
      case TYPE.plural:
        into.add(`${el.value}:plural`);
        for (const option of Object.values(el.options)) signature(option.value, into);
        break;
      case TYPE.select:
        into.add(`${el.value}:select`);
        for (const option of Object.values(el.options)) signature(option.value, into);
        break;
      case TYPE.tag:
        into.add(`<${el.value}>`);
        signature(el.children, into);
        break;
      default:
        break;
    }
  }
  return into;
}

export function messageSignature(message: string): Signature {
  return [...signature(parse(message))].sort();
}

const en = catalogs.en;
const others = LOCALES.filter((l) => l !== 'en');

describe('message catalogs', () => {
  it('English messages all parse as ICU MessageFormat', () => {
    const broken = Object.entries(en).filter(([, m]) => {
      try {
        parse(m);
        return false;
      } catch {
        return true;
      }
    });
    expect(broken).toEqual([]);
  });

  it.each(others)('%s has every English key and no other', (locale) => {
    const keys = Object.keys(catalogs[locale]);
    expect(Object.keys(en).filter((k) => !keys.includes(k))).toEqual([]);
    expect(keys.filter((k) => !(k in en))).toEqual([]);
  });

  it.each(others)('%s uses the same ICU arguments and tags as English, message by message', (locale) => {
    const catalog: Record<string, string> = catalogs[locale];
    const mismatched = Object.entries(en)
      .map(([key, message]) => {
        const translated = catalog[key];
        if (translated === undefined) return null;
        let theirs: Signature;
        try {
          theirs = messageSignature(translated);
        } catch (error) {
          return { key, problem: `does not parse: ${(error as Error).message}` };
        }
        const ours = messageSignature(message);
        return JSON.stringify(ours) === JSON.stringify(theirs) ? null : { key, expected: ours, got: theirs };
      })
      .filter(Boolean);
    expect(mismatched).toEqual([]);
  });

  it('no message is left empty', () => {
    for (const locale of LOCALES) {
      expect(Object.entries(catalogs[locale]).filter(([, m]) => m.trim() === '')).toEqual([]);
    }
  });

  it('the check itself sees a dropped argument, a plural turned into text and a lost tag', () => {
    expect(messageSignature('{count, plural, one {# order} other {# orders}}')).toEqual(['count:plural']);
    expect(messageSignature('订单')).not.toEqual(messageSignature('{count, plural, other {# 个订单}} {name}'));
    expect(messageSignature('{count} 个订单')).not.toEqual(messageSignature('{count, plural, other {# orders}}'));
    expect(messageSignature('<b>x</b>')).toEqual(['<b>']);
  });
});
