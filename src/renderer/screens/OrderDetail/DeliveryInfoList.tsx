import { SPACE, useT, type Translate } from '../../i18n/t';
import { Check, Copy } from 'lucide-react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { useId, useState } from 'react';
import type { DeliveryInfoEntry } from '../../../shared/domain/order';
import { deliveryInfoTypes } from '../../../shared/domain/orderCodes';
import { OrderImages } from './OrderImages';
import { PlatformText } from '../../components/PlatformText';

const typeName = (type: unknown, t: Translate) =>
  typeof type === 'number' && type in deliveryInfoTypes
    ? t(`detail.fieldType.${type as keyof typeof deliveryInfoTypes}`)
    : t('detail.fieldType.other', { type: String(type) });

function Values({ entry, label }: { entry: DeliveryInfoEntry; label: string }) {
  const t = useT();
  const values = Array.isArray(entry.value) ? entry.value.map((v) => (typeof v === 'string' ? v : String(v))) : [];
  if (values.length === 0) return <span className="muted">{t('detail.notFilled')}</span>;
  switch (entry.type) {
    case 2:
      // Textarea: the buyer's line breaks are kept (pre-wrap).
      return (
        <div className="od-lines">
          {values.map((v, i) => (
            <p key={i}>
              <PlatformText value={v} controls="kept" />
            </p>
          ))}
        </div>
      );
    case 3:
      return (
        <Badge icon={false} title={values.join(', ')}>
          <PlatformText value={values.join(', ')} controls="kept" />
        </Badge>
      );
    case 4:
      return (
        <ul className="od-choices" aria-label={label}>
          {values.map((v, i) => (
            <li key={i}>
              <Badge icon={false} title={v}>
                <PlatformText value={v} controls="kept" />
              </Badge>
            </li>
          ))}
        </ul>
      );
    case 5:
      return <OrderImages urls={values} label={label} />;
    default:
      return (
        <span className="od-text">
          <PlatformText value={values.join(', ')} controls="kept" />
          {SPACE}
          <CopyButton text={values.join(', ')} label={label} />
        </span>
      );
  }
}

/**
 * Copies a value the buyer entered (a UID, an e-mail) with the page's own clipboard: not a secret, so no host and no
 * clearing; a failure says how to copy it by hand.
 */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const t = useT();
  return (
    <>
      <Button
        variant="tertiary"
        size="sm"
        icon={state === 'copied' ? Check : Copy}
        className="od-copy"
        aria-label={t('detail.copyField', { label })}
        onClick={() => {
          navigator.clipboard
            .writeText(text)
            .then(() => setState('copied'))
            .catch(() => setState('failed'));
        }}
      >
        {t('detail.copy')}
      </Button>
      <span role="status" className="muted">
        {state === 'copied' ? t('detail.copiedField') : state === 'failed' ? t('detail.copyFailed') : ''}
      </span>
    </>
  );
}

/** What the buyer filled in, by field type: text, textarea (line breaks kept), select, multi-select, images. */
export function DeliveryInfoList({ entries }: { entries: readonly DeliveryInfoEntry[] }) {
  // The field types (Text, Select…) are the platform's form details: shown only when asked for.
  const [showTypes, setShowTypes] = useState(false);
  const toggleId = useId();
  const t = useT();
  if (entries.length === 0) return <p className="muted">{t('detail.noFields')}</p>;
  return (
    <>
      <label className="od-show-types" htmlFor={toggleId}>
        <input id={toggleId} type="checkbox" checked={showTypes} onChange={(e) => setShowTypes(e.target.checked)} />
        {SPACE}
        {t('detail.showFieldTypes')}
      </label>
      <dl className="od-fields">
        {entries.map((entry, i) => {
          const key = typeof entry.key === 'string' && entry.key !== '' ? entry.key : t('detail.fieldN', { n: i + 1 });
          return (
            <div key={`${key}-${i}`} className="od-field" data-type={String(entry.type)}>
              <dt>
                <PlatformText value={key} />
                {SPACE}
                {showTypes && <span className="od-field-type">{typeName(entry.type, t)}</span>}
              </dt>
              <dd>
                <Values entry={entry} label={key} />
              </dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}
