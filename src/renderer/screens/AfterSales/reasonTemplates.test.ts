import { describe, expect, it } from 'vitest';
import { loadTemplates, saveTemplates, TEMPLATES_KEY, withoutTemplate, withTemplate } from './reasonTemplates';

function memoryStorage(initial?: string) {
  const map = new Map<string, string>(initial === undefined ? [] : [[TEMPLATES_KEY, initial]]);
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('reason templates', () => {
  it('round-trips through storage under a versioned key', () => {
    const storage = memoryStorage();
    expect(loadTemplates(storage)).toEqual({ templates: [], problem: null });
    const list = withTemplate(withTemplate([], { name: 'Used', text: 'The item was used.' }), {
      name: 'Late',
      text: 'Asked after the return window.',
    });
    expect(saveTemplates(storage, list)).toBe(true);
    expect(JSON.parse(storage.map.get(TEMPLATES_KEY)!)).toMatchObject({ version: 1 });
    expect(loadTemplates(storage).templates.map((t) => t.name)).toEqual(['Late', 'Used']);
    expect(withTemplate(list, { name: ' used ', text: 'New text' }).map((t) => [t.name, t.text])).toEqual([
      ['Late', 'Asked after the return window.'],
      ['used', 'New text'],
    ]);
    expect(withoutTemplate(list, 'Late').map((t) => t.name)).toEqual(['Used']);
  });

  it('survives damage: bad JSON, another shape or version, bad entries, a storage that throws', () => {
    expect(loadTemplates(memoryStorage('{not json'))).toMatchObject({ templates: [], problem: /damaged/ });
    expect(loadTemplates(memoryStorage('[1,2]'))).toMatchObject({ templates: [], problem: /form this version/ });
    expect(loadTemplates(memoryStorage('{"version":2,"templates":[]}'))).toMatchObject({ problem: /version 2/ });
    const mixed = JSON.stringify({ version: 1, templates: [{ name: 'Ok', text: 'Fine' }, { name: '' }, 7, null] });
    expect(loadTemplates(memoryStorage(mixed))).toEqual({
      templates: [{ name: 'Ok', text: 'Fine' }],
      problem: '3 damaged templates were skipped.',
    });
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(loadTemplates(throwing)).toMatchObject({ templates: [], problem: /unavailable/ });
    expect(saveTemplates(throwing, [])).toBe(false);
    expect(saveTemplates(null, [])).toBe(false);
  });
});
