import type { DeliveryRecord } from '../../../shared/domain/order';
import { DateTime } from '../../components/DateTime';
import { OrderImages } from './OrderImages';
import { PlatformText } from '../../components/PlatformText';

/** The deliveries made so far: when, how many, the description and its screenshots. */
export function DeliveryRecords({ records }: { records: readonly DeliveryRecord[] }) {
  if (records.length === 0) return <p className="muted">Nothing delivered yet.</p>;
  return (
    <ol className="od-records">
      {records.map((record, i) => (
        <li key={i} className="od-record">
          <p className="od-record-head">
            <strong>Delivery {i + 1}</strong> · <DateTime value={record.createTime} />
            {typeof record.deliveringNumber === 'number' && <> · quantity {record.deliveringNumber}</>}
          </p>
          {record.description ? (
            <p className="od-lines">
              <PlatformText value={record.description} controls="kept" />
            </p>
          ) : (
            <p className="muted">No description</p>
          )}
          <OrderImages urls={record.imageUrls ?? []} label={`Delivery ${i + 1} screenshot`} />
        </li>
      ))}
    </ol>
  );
}
