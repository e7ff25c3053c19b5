import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { useSettingsStore, type Settings } from '../../stores/settingsStore';
import { LabelRowsEditor } from './LabelRowsEditor';
import { SaveStatus } from './SaveStatus';
import { unconfirmedStatusNote } from '../../../shared/domain/afterSalesReview';
import { mapOf, rowHints, rowsOf } from './statusLabelRows';

type Labels = NonNullable<Settings['profile']>['statusLabels'];

function LabelsForm({ stored }: { stored: Labels }) {
  const save = useSettingsStore((s) => s.save);
  const updateProfile = useSettingsStore((s) => s.updateProfile);
  const [order, setOrder] = useState(() => rowsOf(stored.order));
  const [afterSales, setAfterSales] = useState(() => rowsOf(stored.afterSales));
  const [checked, setChecked] = useState(false);
  const hints = checked ? { ...rowHints(order), ...rowHints(afterSales) } : {};
  const hostIssues = save.section === 'labels' ? Object.entries(save.fieldErrors) : [];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (Object.keys({ ...rowHints(order), ...rowHints(afterSales) }).length > 0) return;
    await updateProfile('labels', { statusLabels: { order: mapOf(order), afterSales: mapOf(afterSales) } });
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
      <div className="settings-actions">
        <button type="submit" disabled={save.status === 'saving'}>
          Save labels
        </button>
        <SaveStatus section="labels" />
      </div>
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
  const profile = activeProfile(useProfilesStore((s) => s.list.data));
  const data = settings.data?.profile;
  return (
    <div className="settings-section">
      <h2>Status labels</h2>
      <p className="settings-help">
        The platform sends statuses as numbers. Name them here{profile ? ` for ${profile.name}` : ''}; a status without
        a name is shown as its number.
      </p>
      {settings.error && <ErrorNotice error={settings.error} title="Could not read the settings" />}
      {data && !data.afterSalesStatuses.confirmed && <AfterSalesValuesNote statuses={data.afterSalesStatuses} />}
      {data && <LabelsForm key={`${data.profileId}:${JSON.stringify(data.statusLabels)}`} stored={data.statusLabels} />}
      {settings.data && !data && <p className="muted">No profile is active.</p>}
    </div>
  );
}
