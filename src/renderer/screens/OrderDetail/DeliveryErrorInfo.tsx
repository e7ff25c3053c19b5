import { useT } from '../../i18n/t';
import { DateTime } from '../../components/DateTime';
import { readDeliveryError } from '../../orderView/deliveryError';
import { OrderImages } from './OrderImages';
import { PlatformText } from '../../components/PlatformText';

/** The platform's delivery error: type, description, when, screenshots, and any other field as sent. */
export function DeliveryErrorInfo({ info }: { info: Record<string, unknown> }) {
  const view = readDeliveryError(info);
  const t = useT();
  return (
    <div className="od-error">
      <dl className="od-pairs">
        <div>
          <dt>{t('detail.error.type')}</dt>
          <dd>
            {view.type !== null ? (
              <PlatformText value={view.type} />
            ) : (
              <span className="muted">{t('detail.notGiven')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('detail.error.description')}</dt>
          <dd className="od-lines">
            {view.description !== null ? (
              <PlatformText value={view.description} controls="kept" />
            ) : (
              <span className="muted">{t('detail.notGiven')}</span>
            )}
          </dd>
        </div>
        {view.time !== null && (
          <div>
            <dt>{t('detail.error.occurred')}</dt>
            <dd>
              <DateTime value={view.time} />
            </dd>
          </div>
        )}
        {view.other.map(([key, text]) => (
          <div key={key}>
            <dt>
              <PlatformText value={key} />
            </dt>
            <dd>
              <PlatformText value={text} controls="kept" />
            </dd>
          </div>
        ))}
      </dl>
      {view.imageUrls.length > 0 && <OrderImages urls={view.imageUrls} label={t('detail.error.screenshot')} />}
    </div>
  );
}
