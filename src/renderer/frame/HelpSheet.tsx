import { useId } from 'react';
import { Button } from '../components/ui/Button';
import { Modal } from '../components/Modal';
import { useT } from '../i18n/t';
import { shortcutGroups } from './shortcuts';

/** `?`: every keyboard shortcut. */
export function HelpSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const t = useT();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} className="help-sheet">
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
    </Modal>
  );
}
