import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { useEnvironmentLabelsStore } from '../../stores/servedLabels';
import { useSettingsStore, type Settings } from '../../stores/settingsStore';
import { LabelRowsEditor } from './LabelRowsEditor';
import { SaveBar } from './SaveBar';
import { useLeaveWarning } from './useLeaveWarning';
import { unconfirmedStatusNote } from '../../../shared/domain/afterSalesReview';
import { mapOf, rowHints, rowsOf } from './statusLabelRows';

type Labels = NonNullable<Settings['profile']>['statusLabels'];

/** Where the labels go: the profile's settings, or (no profile) the environment's names kept in this window. */
type SaveLabels = (labels: Labels) => Promise<void>;

function LabelsForm({ stored, onSave }: { stored: Labels; onSave: SaveLabels }) {
  const save = useSettingsStore((s) => s.save);
  const [order, setOrder] = useState(() => rowsOf(stored.order));
  const [afterSales, setAfterSales] = useState(() => rowsOf(stored.afterSales));
  const [checked, setChecked] = useState(false);
  const hints = checked ? { ...rowHints(order), ...rowHints(afterSales) } : {};
  // Rows carry fresh React keys: compare what they say, not who they are.
  const said = (rows: readonly { value: string; name: string }[]) => JSON.stringify(rows.map((r) => [r.value, r.name]));
  const dirty = said(order) !== said(rowsOf(stored.order)) || said(afterSales) !== said(rowsOf(stored.afterSales));
  useLeaveWarning(dirty, 'Status labels');
  const discard = () => {
    setOrder(rowsOf(stored.order));
    setAfterSales(rowsOf(stored.afterSales));
    setChecked(false);
  };
  const hostIssues = save.section === 'labels' ? Object.entries(save.fieldErrors) : [];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (Object.keys({ ...rowHints(order), ...rowHints(afterSales) }).length > 0) return;
    await onSave({ order: mapOf(order), afterSales: mapOf(afterSales) });
  };
  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
      <LabelRowsEditor id="labels-order" title="Order statuses" rows={order} hints={hints} onChange={setOrder} />
      <LabelRowsEditor
        id="labels-after-sales"
        title="After-sales statuses"
        rows={afterSales}
        hints={hints}
        onChange={setAfterSales}
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
      <SaveBar section="labels" dirty={dirty} onDiscard={discard} saveLabel="Save labels" />
    </form>
  );
}

type AfterSalesValues = NonNullable<Settings['profile']>['afterSalesStatuses'];

/** Said once, here and in the inbox: the after-sales values the filter is asked with are unconfirmed defaults. */
function AfterSalesValuesNote({ statuses }: { statuses: AfterSalesValues }) {
  const updateProfile = useSettingsStore((s) => s.updateProfile);
  return (
    <p className="banner-note" data-testid="after-sales-values-note">
      {unconfirmedStatusNote(statuses)} (Approved {statuses.approved.join(', ')}, rejected{' '}
      {statuses.rejected.join(', ')}, closed {statuses.closed.join(', ')}.){' '}
      <button type="button" onClick={() => void updateProfile('labels', { afterSalesStatuses: { confirmed: true } })}>
        These are my platform’s values
      </button>
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
      <h2>Status labels</h2>
      <p className="settings-help">
        The platform sends statuses as numbers. Name them here{profile ? ` for ${profile.name}` : ''}; a status without
        a name is shown as its number.
      </p>
      {settings.error && <ErrorNotice error={settings.error} title="Could not read the settings" />}
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
          <p className="settings-help">
            No profile is active (the MERCHANT_DESK_* settings are used): these names start as the defaults and are kept
            in this window’s storage until you add a profile.
          </p>
          <LabelsForm key={JSON.stringify(environmentLabels)} stored={environmentLabels} onSave={saveToEnvironment} />
          {environmentSaved && (
            <p role="status" className="muted">
              Saved.
            </p>
          )}
        </>
      )}
    </div>
  );
}
