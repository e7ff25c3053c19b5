import { createContext, useContext, useState, type ReactNode } from 'react';
import { PlatformText } from '../../components/PlatformText';
import { imageDecision } from '../../orderView/imageUrl';
import { ImageDialog } from './ImageDialog';

interface Shown {
  src: string;
  label: string;
}

/** The hosts whose images load without a click (allowedImageHosts: the platform's own, and the merchant's). */
const ImageHosts = createContext<ReadonlySet<string>>(new Set());

export function ImageHostsProvider({ hosts, children }: { hosts: ReadonlySet<string>; children: ReactNode }) {
  return <ImageHosts.Provider value={hosts}>{children}</ImageHosts.Provider>;
}

/**
 * Image URLs of the order as thumbnails that open larger (imageDecision): https images from an allow-listed host
 * load, with no referrer; from another public host only when the merchant asks (each fetch tells that host when
 * and from where the order was looked at); anything else — not https, or a host on this computer or the local
 * network — is shown as text and never requested.
 */
export function OrderImages({ urls, label }: { urls: readonly unknown[]; label: string }) {
  const allowed = useContext(ImageHosts);
  const [open, setOpen] = useState<Shown | null>(null);
  const [broken, setBroken] = useState<ReadonlySet<number>>(new Set());
  const [asked, setAsked] = useState<ReadonlySet<number>>(new Set());
  if (urls.length === 0) return <span className="muted">No images</span>;
  return (
    <>
      <ul className="od-images" aria-label={label}>
        {urls.map((url, i) => {
          const text = typeof url === 'string' ? url : JSON.stringify(url);
          const decision = imageDecision(url, allowed);
          const name = urls.length > 1 ? `${label}, image ${i + 1} of ${urls.length}` : label;
          if (decision.kind === 'refused')
            return (
              <li key={i} className="od-image-unsafe">
                <span className="muted">
                  {decision.why === 'not-https'
                    ? 'Not loaded (only https images are shown):'
                    : `Not loaded: ${new URL(text.trim()).hostname} is on this computer or your local network.`}
                </span>{' '}
                <code>
                  <PlatformText value={text} controls="kept" />
                </code>
              </li>
            );
          if (broken.has(i))
            return (
              <li key={i} className="od-image-unsafe">
                <span className="muted">Image could not be loaded:</span>{' '}
                <code>
                  <PlatformText value={text} controls="kept" />
                </code>
              </li>
            );
          if (decision.kind === 'ask' && !asked.has(i))
            return (
              <li key={i} className="od-image-ask">
                <button
                  type="button"
                  className="od-thumb od-thumb-ask"
                  title={text}
                  onClick={() => setAsked((a) => new Set(a).add(i))}
                >
                  Load image from <PlatformText value={decision.host} />
                </button>
                <span className="muted">
                  {' '}
                  Not on this profile’s image hosts: loading it tells that server you opened this order.
                </span>
              </li>
            );
          const src = decision.src;
          return (
            <li key={i}>
              <button
                type="button"
                className="od-thumb"
                title={`Open larger: ${text}`}
                onClick={() => setOpen({ src, label: name })}
              >
                <img
                  src={src}
                  alt={name}
                  referrerPolicy="no-referrer"
                  loading="lazy"
                  onError={() => setBroken((b) => new Set(b).add(i))}
                />
              </button>
            </li>
          );
        })}
      </ul>
      {open && <ImageDialog src={open.src} label={open.label} onClose={() => setOpen(null)} />}
    </>
  );
}
