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
          <PlatformText value={values.join(', ')} controls="kept" />
        </span>
      );
  }
}

/** What the buyer filled in, by field type: text, textarea (line breaks kept), select, multi-select, images. */
export function DeliveryInfoList({ entries }: { entries: readonly DeliveryInfoEntry[] }) {
  if (entries.length === 0) return <p className="muted">The buyer filled in no delivery fields.</p>;
  return (
    <dl className="od-fields">
      {entries.map((entry, i) => {
        const key = typeof entry.key === 'string' && entry.key !== '' ? entry.key : `Field ${i + 1}`;
        return (
          <div key={`${key}-${i}`} className="od-field" data-type={String(entry.type)}>
            <dt>
              <PlatformText value={key} /> <span className="od-field-type">{typeName(entry.type)}</span>
            </dt>
            <dd>
              <Values entry={entry} label={key} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
