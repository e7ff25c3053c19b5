import { useId } from 'react';
import { Button } from '../components/ui/Button';
import { Modal } from '../components/Modal';
import { useT } from '../i18n/t';
import { shortcutGroups } from './shortcuts';

/** `?`: every keyboard shortcut. */
export function HelpSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  // The list is a component of its own: its ~40 texts are formatted when the sheet opens, not on every frame render.
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} className="help-sheet">
      <ShortcutList titleId={titleId} onClose={onClose} />
    </Modal>
  );
}

function ShortcutList({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const t = useT();
  return (
    <>
      <h2 id={titleId}>{t('help.title')}</h2>
      {shortcutGroups.map((group) => (
        <section key={group.group}>
          <h3>{t(group.group)}</h3>
          <dl>
            {group.shortcuts.map((s) => (
              <div key={s.keys} className="shortcut">
                <dt>
                  <kbd>{s.keysId ? t(s.keysId) : s.keys}</kbd>
                </dt>
                <dd>{t(s.does)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <Button onClick={onClose}>{t('help.close')}</Button>
    </>
  );
}
