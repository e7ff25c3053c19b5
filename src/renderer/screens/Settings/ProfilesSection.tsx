import { useState } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useProfileSetupStore } from '../../stores/profileSetupStore';
import { activeProfile, useProfilesStore, type ProfileView } from '../../stores/profilesStore';
import { ConfirmDialog } from './ConfirmDialog';
import { RenameForm } from './RenameForm';
import { Msg, SPACE, useT, type Translate } from '../../i18n/t';

const keyText = (key: ProfileView['key'], t: Translate) =>
  key === null
    ? t('profiles.key.none')
    : key === 'unknown'
      ? t('profiles.unknown')
      : t('rsaKey.bits', { bits: key.bits });

const tokenText = (state: ProfileView['tokenState'], t: Translate) =>
  state === 'set' ? t('profiles.token.set') : state === 'not set' ? t('profiles.token.notSet') : t('profiles.unknown');

/** Every profile of this data directory: switch, rename, remove (after a question). */
export function ProfilesSection() {
  const list = useProfilesStore((s) => s.list);
  const use = useProfilesStore((s) => s.use);
  const switchError = useProfilesStore((s) => s.switchError);
  const removal = useProfileSetupStore((s) => s.removal);
  const removeProfile = useProfileSetupStore((s) => s.removeProfile);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ProfileView | null>(null);
  const [lastRemoved, setLastRemoved] = useState<string | null>(null);
  const t = useT();
  const profiles = list.data?.profiles ?? [];
  const active = activeProfile(list.data);

  const confirmRemove = async () => {
    if (!removing) return;
    const name = removing.name;
    if (await removeProfile(removing.id)) setLastRemoved(name);
    setRemoving(null);
  };

  return (
    <div className="settings-section">
      <h2>{t('settings.section.profiles')}</h2>
      <p role="status" className="active-profile-line">
        {active ? (
          <Msg
            id="profiles.active"
            values={{ name: active.name, id: active.id, b: (chunks) => <strong>{chunks}</strong> }}
          />
        ) : profiles.length > 0 ? (
          t('profiles.noneActive')
        ) : (
          t('profiles.none')
        )}
        {lastRemoved && removal.status === 'ready' && (
          <>
            {SPACE}
            {t('profiles.removed', { name: lastRemoved })}
          </>
        )}
      </p>
      {list.error && <ErrorNotice error={list.error} title={t('profiles.readFailed')} />}
      {list.data?.tokenProblem && <ErrorNotice error={list.data.tokenProblem} title={t('profiles.keychainFailed')} />}
      {switchError && <ErrorNotice error={switchError} title={t('profiles.switchFailed')} />}
      {removal.status === 'failed' && removal.error && (
        <ErrorNotice error={removal.error} title={t('profiles.removeFailed')} />
      )}
      <table className="settings-table">
        <caption className="visually-hidden">{t('settings.section.profiles')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('profiles.column.name')}</th>
            <th scope="col">{t('profiles.column.id')}</th>
            <th scope="col">{t('profiles.column.kind')}</th>
            <th scope="col">{t('profiles.column.token')}</th>
            <th scope="col">{t('profiles.column.key')}</th>
            <th scope="col">{t('profiles.column.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {profiles.map((p) => (
            <tr key={p.id} aria-current={p.id === active?.id ? 'true' : undefined}>
              <th scope="row">
                {renaming === p.id ? (
                  <RenameForm profile={p} onDone={() => setRenaming(null)} />
                ) : (
                  <>
                    {p.name}
                    {p.id === active?.id && <Badge tone="success">{t('profiles.activeChip')}</Badge>}
                  </>
                )}
              </th>
              <td>
                <code>{p.id}</code>
              </td>
              <td>{p.kind === 'sandbox' ? t('profiles.kind.sandbox') : t('profiles.kind.merchant')}</td>
              <td>{tokenText(p.tokenState, t)}</td>
              <td>{keyText(p.key, t)}</td>
              <td>
                <div className="settings-row-actions">
                  {p.id !== active?.id && (
                    <Button onClick={() => void use(p.id)} aria-label={t('profiles.switchTo', { name: p.name })}>
                      {t('profiles.switch')}
                    </Button>
                  )}
                  <Button onClick={() => setRenaming(p.id)} aria-label={t('profiles.renameName', { name: p.name })}>
                    {t('profiles.rename')}
                  </Button>
                  <Button
                    variant="critical"
                    onClick={() => setRemoving(p)}
                    aria-label={t('profiles.removeName', { name: p.name })}
                  >
                    {t('profiles.remove')}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {removing && (
        <ConfirmDialog
          title={t('profiles.confirmTitle', { name: removing.name })}
          confirmLabel={t('profiles.confirm')}
          busy={removal.status === 'loading'}
          onCancel={() => setRemoving(null)}
          onConfirm={() => void confirmRemove()}
        >
          <p>{t('profiles.confirmBody')}</p>
          {removing.id === active?.id ? (
            <p>
              <strong>{t('profiles.isActive')}</strong>
              {SPACE}
              {t('profiles.confirmActive')}
            </p>
          ) : (
            active && (
              <p>
                <Msg
                  id="profiles.staysActive"
                  values={{ name: active.name, b: (chunks) => <strong>{chunks}</strong> }}
                />
              </p>
            )
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
