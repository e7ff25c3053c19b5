import { MARK } from '../../i18n/marks';
import { useT } from '../../i18n/t';
import type { DeliveryRecord } from '../../../shared/domain/order';
import { DateTime } from '../../components/DateTime';
import { OrderImages } from './OrderImages';
import { PlatformText } from '../../components/PlatformText';

/** The deliveries made so far: when, how many, the description and its screenshots. */
export function DeliveryRecords({ records }: { records: readonly DeliveryRecord[] }) {
  const t = useT();
  if (records.length === 0) return <p className="muted">{t('detail.records.none')}</p>;
  return (
    <ol className="od-records">
      {records.map((record, i) => (
        <li key={i} className="od-record">
          <p className="od-record-head">
            <strong>{t('detail.records.n', { n: i + 1 })}</strong>
            {MARK.dot}
            <DateTime value={record.createTime} />
            {typeof record.deliveringNumber === 'number' && (
              <>
                {MARK.dot}
                {t('detail.records.quantity', { quantity: record.deliveringNumber })}
              </>
            )}
          </p>
          {record.description ? (
            <p className="od-lines">
              <PlatformText value={record.description} controls="kept" />
            </p>
          ) : (
            <p className="muted">{t('detail.records.noDescription')}</p>
          )}
          <OrderImages urls={record.imageUrls ?? []} label={t('detail.records.screenshot', { n: i + 1 })} />
        </li>
      ))}
    </ol>
  );
}
