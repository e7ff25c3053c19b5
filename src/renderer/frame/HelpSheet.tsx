import { useId } from 'react';
import { Modal } from '../components/Modal';
import { shortcutGroups } from './shortcuts';

/** `?`: every keyboard shortcut. */
export function HelpSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} className="help-sheet">
      <h2 id={titleId}>Keyboard shortcuts</h2>
      {shortcutGroups.map((group) => (
        <section key={group.title}>
          <h3>{group.title}</h3>
          <dl>
            {group.shortcuts.map((s) => (
              <div key={s.keys} className="shortcut">
                <dt>
                  <kbd>{s.keys}</kbd>
                </dt>
                <dd>{s.does}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <button type="button" onClick={onClose}>
        Close
      </button>
    </Modal>
  );
}
