// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../i18n/localeStore';
import { ContextualSaveBar } from './ContextualSaveBar';
import { useContextualSave } from './useContextualSave';

afterEach(() => {
  cleanup();
  act(() => useLocaleStore.getState().setChoice('en'));
});

/** A form as a screen writes one: a stored name, a field, the bar; `save` resolves when the test says so. */
function NameForm({ stored, save }: { stored: string; save(name: string): Promise<unknown> }) {
  const form = useContextualSave(stored, save);
  const blank = form.draft.trim() === '';
  return (
    <form onSubmit={form.submit} aria-label="Shop">
      <label htmlFor="name">Name</label>
      <input id="name" value={form.draft} onChange={(e) => form.setDraft(e.target.value)} />
      <ContextualSaveBar {...form.bar} invalid={blank} />
    </form>
  );
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ContextualSaveBar with useContextualSave', () => {
  it('appears only while the form differs from what is stored, and is announced politely', async () => {
    render(<NameForm stored="Anna" save={async () => {}} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    expect(screen.queryByRole('group', { name: 'Unsaved changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    await userEvent.type(screen.getByLabelText('Name'), 's');
    expect(screen.getByRole('group', { name: 'Unsaved changes' })).toBeTruthy();
    // The same status element (present before the change) now carries the words: screen readers read it out.
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Unsaved changes');

    // Typing the stored value back is not a change.
    await userEvent.type(screen.getByLabelText('Name'), '{Backspace}');
    expect(screen.queryByRole('group', { name: 'Unsaved changes' })).toBeNull();
    expect(status.textContent).toBe('');
  });

  it('Discard puts the stored value back and sends nothing', async () => {
    const sent: string[] = [];
    render(<NameForm stored="Anna" save={async (name) => void sent.push(name)} />);
    const field = screen.getByLabelText('Name') as HTMLInputElement;
    await userEvent.clear(field);
    await userEvent.type(field, 'Bo');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(field.value).toBe('Anna');
    expect(screen.queryByRole('group', { name: 'Unsaved changes' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('Save sends the draft once; while it is under way both buttons wait, a second Enter sends nothing', async () => {
    const sent: string[] = [];
    const gate = deferred();
    render(
      <NameForm
        stored="Anna"
        save={(name) => {
          sent.push(name);
          return gate.promise;
        }}
      />,
    );
    await userEvent.type(screen.getByLabelText('Name'), 'belle');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saving = screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Discard' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('group', { name: 'Unsaved changes' }).getAttribute('aria-busy')).toBe('true');
    await userEvent.type(screen.getByLabelText('Name'), '{Enter}');
    expect(sent).toEqual(['Annabelle']);
    await act(async () => gate.resolve());
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('Save waits while the form is invalid; Enter in the field saves once it is valid', async () => {
    const sent: string[] = [];
    render(<NameForm stored="Anna" save={async (name) => void sent.push(name)} />);
    const field = screen.getByLabelText('Name');
    await userEvent.clear(field);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(field, 'Cleo{Enter}');
    expect(sent).toEqual(['Cleo']);
  });

  it('is reached by keyboard in the form’s order: the field, Discard, then Save', async () => {
    render(<NameForm stored="Anna" save={async () => {}} />);
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Discard' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
  });

  it('speaks the app’s language', async () => {
    act(() => useLocaleStore.getState().setChoice('zh-CN'));
    function Fixed() {
      const [dirty] = useState(true);
      return <ContextualSaveBar dirty={dirty} onDiscard={() => {}} />;
    }
    render(<Fixed />);
    expect(screen.getByRole('group', { name: '未保存的更改' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '保存' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '放弃' })).toBeTruthy();
  });
});
