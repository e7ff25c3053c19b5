import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { useEnvironmentLabelsStore } from '../../stores/servedLabels';
import { useSettingsStore, type Settings } from '../../stores/settingsStore';
import { LabelRowsEditor } from './LabelRowsEditor';
import { SaveStatus } from './SaveStatus';
import { ContextualSaveBar } from '../../components/ui/ContextualSaveBar';
import { useContextualSave } from '../../components/ui/useContextualSave';
import { SPACE, useT } from '../../i18n/t';
import { useLeaveWarning } from './useLeaveWarning';
import { mapOf, rowHints, rowsOf, type LabelRow } from './statusLabelRows';

type Labels = NonNullable<Settings['profile']>['statusLabels'];

/** Where the labels go: the profile's settings, or (no profile) the environment's names kept in this window. */
type SaveLabels = (labels: Labels) => Promise<void>;

interface LabelsDraft {
  order: LabelRow[];
  afterSales: LabelRow[];
}

// Rows carry fresh React keys: compare what they say, not who they are.
const said = (rows: readonly LabelRow[]) => JSON.stringify(rows.map((r) => [r.value, r.name]));
const sameLabels = (a: LabelsDraft, b: LabelsDraft) =>
  said(a.order) === said(b.order) && said(a.afterSales) === said(b.afterSales);

function LabelsForm({ stored, onSave }: { stored: Labels; onSave: SaveLabels }) {
  const save = useSettingsStore((s) => s.save);
  const t = useT();
  const [storedRows] = useState<LabelsDraft>(() => ({
    order: rowsOf(stored.order),
    afterSales: rowsOf(stored.afterSales),
  }));
  // Hints show once Save was tried (not while a new row is still empty); Save then waits for the rows to be sound.
  const [checked, setChecked] = useState(false);
  const form = useContextualSave(
    storedRows,
    async ({ order, afterSales }) => {
      await onSave({ order: mapOf(order), afterSales: mapOf(afterSales) });
    },
    { same: sameLabels, onDiscard: () => setChecked(false) },
  );
  const { draft, setDraft } = form;
  const allHints = { ...rowHints(draft.order), ...rowHints(draft.afterSales) };
  const hints = checked ? allHints : {};
  useLeaveWarning(form.dirty, t('settings.section.labels'));
  const hostIssues = save.section === 'labels' ? Object.entries(save.fieldErrors) : [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (Object.keys(allHints).length > 0) return;
    form.submit();
  };
  return (
    <form className="settings-form" onSubmit={submit} aria-label={t('labels.form')} noValidate>
      <LabelRowsEditor
        id="labels-order"
        title={t('labels.order')}
        rows={draft.order}
        hints={hints}
        onChange={(order) => setDraft((d) => ({ ...d, order }))}
      />
      <LabelRowsEditor
        id="labels-after-sales"
        title={t('labels.afterSales')}
        rows={draft.afterSales}
        hints={hints}
        onChange={(afterSales) => setDraft((d) => ({ ...d, afterSales }))}
      />
      {hostIssues.length > 0 && (
        <ul className="settings-field-error">
          {hostIssues.map(([path, message]) => (
            <li key={path}>
              <code>{path}</code> {message}
            </li>
          ))}
        </ul>
      )}
      <ContextualSaveBar
        {...form.bar}
        invalid={checked && Object.keys(allHints).length > 0}
        saveLabel={t('labels.save')}
      />
      <SaveStatus section="labels" />
    </form>
  );
}

type AfterSalesValues = NonNullable<Settings['profile']>['afterSalesStatuses'];

/** Said once, here and in the inbox: the after-sales values the filter is asked with are unconfirmed defaults. */
function AfterSalesValuesNote({ statuses }: { statuses: AfterSalesValues }) {
  const updateProfile = useSettingsStore((s) => s.updateProfile);
  const t = useT();
  return (
    <p className="banner-note" data-testid="after-sales-values-note">
      {/* The inbox says the same (shared/domain's unconfirmedStatusNote, English for the CLI); here in the app's language. */}
      {t('labels.unconfirmed', { values: statuses.awaitingReview.join(', ') })}
      {SPACE}
      {t('labels.afterSalesValues', {
        approved: statuses.approved.join(', '),
        rejected: statuses.rejected.join(', '),
        closed: statuses.closed.join(', '),
      })}
      {SPACE}
      <Button onClick={() => void updateProfile('labels', { afterSalesStatuses: { confirmed: true } })}>
        {t('labels.confirmValues')}
      </Button>
    </p>
  );
}

/** The merchant's names for the platform's numeric status values (shown as "name (n)" everywhere). */
export function LabelsSection() {
  const settings = useSettingsStore((s) => s.settings);
  const updateProfile = useSettingsStore((s) => s.updateProfile);
  const profile = activeProfile(useProfilesStore((s) => s.list.data));
  const environmentLabels = useEnvironmentLabelsStore((s) => s.labels);
  const [environmentSaved, setEnvironmentSaved] = useState(false);
  const t = useT();
  const data = settings.data?.profile;
  const saveToProfile: SaveLabels = async (statusLabels) => {
    await updateProfile('labels', { statusLabels });
  };
  const saveToEnvironment: SaveLabels = async (labels) => {
    useEnvironmentLabelsStore.getState().save(labels);
    setEnvironmentSaved(true);
  };
  return (
    <div className="settings-section">
      <h2>{t('settings.section.labels')}</h2>
      <p className="settings-help">{profile ? t('labels.introFor', { profile: profile.name }) : t('labels.intro')}</p>
      {settings.error && <ErrorNotice error={settings.error} title={t('general.readFailed')} />}
      {data && !data.afterSalesStatuses.confirmed && <AfterSalesValuesNote statuses={data.afterSalesStatuses} />}
      {data && (
        <LabelsForm
          key={`${data.profileId}:${JSON.stringify(data.statusLabels)}`}
          stored={data.statusLabels}
          onSave={saveToProfile}
        />
      )}
      {settings.data && !data && (
        <>
          <p className="settings-help">{t('labels.environment')}</p>
          <LabelsForm key={JSON.stringify(environmentLabels)} stored={environmentLabels} onSave={saveToEnvironment} />
          {environmentSaved && (
            <p role="status" className="muted">
              {t('settings.saved')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
