import { DateTime } from '../../components/DateTime';
import { readDeliveryError } from '../../orderView/deliveryError';
import { OrderImages } from './OrderImages';
import { PlatformText } from '../../components/PlatformText';

/** The platform's delivery error: type, description, when, screenshots, and any other field as sent. */
export function DeliveryErrorInfo({ info }: { info: Record<string, unknown> }) {
  const view = readDeliveryError(info);
  return (
    <div className="od-error">
      <dl className="od-pairs">
        <div>
          <dt>Type</dt>
          <dd>{view.type !== null ? <PlatformText value={view.type} /> : <span className="muted">Not given</span>}</dd>
        </div>
        <div>
          <dt>Description</dt>
          <dd className="od-lines">
            {view.description !== null ? (
              <PlatformText value={view.description} controls="kept" />
            ) : (
              <span className="muted">Not given</span>
            )}
          </dd>
        </div>
        {view.time !== null && (
          <div>
            <dt>Occurred</dt>
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
      {view.imageUrls.length > 0 && <OrderImages urls={view.imageUrls} label="Delivery error screenshot" />}
    </div>
  );
}
