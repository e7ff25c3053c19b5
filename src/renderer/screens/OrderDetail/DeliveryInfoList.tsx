import { Check, Copy } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { useId, useState } from 'react';
import { deliveryInfoTypes, type DeliveryInfoEntry } from '../../../shared/domain/order';
import { OrderImages } from './OrderImages';
import { PlatformText } from '../../components/PlatformText';

const typeName = (type: unknown) =>
  typeof type === 'number' && type in deliveryInfoTypes
    ? deliveryInfoTypes[type as keyof typeof deliveryInfoTypes]
    : `Type ${String(type)}`;

function Values({ entry, label }: { entry: DeliveryInfoEntry; label: string }) {
  const values = Array.isArray(entry.value) ? entry.value.map((v) => (typeof v === 'string' ? v : String(v))) : [];
  if (values.length === 0) return <span className="muted">Not filled in</span>;
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
        <span className="chip">
          <PlatformText value={values.join(', ')} controls="kept" />
        </span>
      );
    case 4:
      return (
        <ul className="od-choices" aria-label={label}>
          {values.map((v, i) => (
            <li key={i} className="chip">
              <PlatformText value={v} controls="kept" />
            </li>
          ))}
        </ul>
      );
    case 5:
      return <OrderImages urls={values} label={label} />;
    default:
      return (
        <span className="od-text">
          <PlatformText value={values.join(', ')} controls="kept" />{' '}
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
  return (
    <>
      <Button
        variant="tertiary"
        size="sm"
        icon={state === 'copied' ? Check : Copy}
        className="od-copy"
        aria-label={`Copy ${label}`}
        onClick={() => {
          navigator.clipboard
            .writeText(text)
            .then(() => setState('copied'))
            .catch(() => setState('failed'));
        }}
      >
        Copy
      </Button>
      <span role="status" className="muted">
        {state === 'copied' ? 'Copied.' : state === 'failed' ? 'Could not copy: select the text and copy it.' : ''}
      </span>
    </>
  );
}

/** What the buyer filled in, by field type: text, textarea (line breaks kept), select, multi-select, images. */
export function DeliveryInfoList({ entries }: { entries: readonly DeliveryInfoEntry[] }) {
  // The field types (Text, Select…) are the platform's form details: shown only when asked for.
  const [showTypes, setShowTypes] = useState(false);
  const toggleId = useId();
  if (entries.length === 0) return <p className="muted">The buyer filled in no delivery fields.</p>;
  return (
    <>
      <label className="od-show-types" htmlFor={toggleId}>
        <input id={toggleId} type="checkbox" checked={showTypes} onChange={(e) => setShowTypes(e.target.checked)} />{' '}
        Show field types
      </label>
      <dl className="od-fields">
        {entries.map((entry, i) => {
          const key = typeof entry.key === 'string' && entry.key !== '' ? entry.key : `Field ${i + 1}`;
          return (
            <div key={`${key}-${i}`} className="od-field" data-type={String(entry.type)}>
              <dt>
                <PlatformText value={key} />{' '}
                {showTypes && <span className="od-field-type">{typeName(entry.type)}</span>}
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
