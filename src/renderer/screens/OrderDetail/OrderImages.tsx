import { createContext, useContext, useState, type ReactNode } from 'react';
import { PlatformText } from '../../components/PlatformText';
import { Lightbox, type LightboxImage } from '../../components/ui/Lightbox';
import { SPACE, useT } from '../../i18n/t';
import { imageDecision } from '../../orderView/imageUrl';

/** The hosts whose images load without a click (allowedImageHosts: the platform's own, and the merchant's). */
const ImageHosts = createContext<ReadonlySet<string>>(new Set());

export function ImageHostsProvider({ hosts, children }: { hosts: ReadonlySet<string>; children: ReactNode }) {
  return <ImageHosts.Provider value={hosts}>{children}</ImageHosts.Provider>;
}

/**
 * Image URLs of the order as thumbnails that open in the lightbox (imageDecision): https images from an
 * allow-listed host load, with no referrer; from another public host only when the merchant asks (each fetch tells
 * that host when and from where the order was looked at); anything else — not https, or a host on this computer or
 * the local network — is shown as text and never requested. The lightbox pages through the images shown here only.
 */
export function OrderImages({ urls, label }: { urls: readonly unknown[]; label: string }) {
  const t = useT();
  const allowed = useContext(ImageHosts);
  const [open, setOpen] = useState<number | null>(null);
  const [broken, setBroken] = useState<ReadonlySet<number>>(new Set());
  const [asked, setAsked] = useState<ReadonlySet<number>>(new Set());
  if (urls.length === 0) return <span className="muted">{t('images.none')}</span>;
  const nameOf = (i: number) => (urls.length > 1 ? t('images.nth', { label, n: i + 1, count: urls.length }) : label);
  // The images the page loads, in order: the lightbox's sequence (index into it, by URL position).
  const shown: Array<LightboxImage & { at: number }> = [];
  urls.forEach((url, i) => {
    const decision = imageDecision(url, allowed);
    if (broken.has(i)) return;
    if (decision.kind === 'refused' || (decision.kind === 'ask' && !asked.has(i))) return;
    shown.push({ src: decision.src, label: nameOf(i), at: i });
  });
  return (
    <>
      <ul className="od-images" aria-label={label}>
        {urls.map((url, i) => {
          const text = typeof url === 'string' ? url : JSON.stringify(url);
          const decision = imageDecision(url, allowed);
          const name = nameOf(i);
          if (decision.kind === 'refused')
            return (
              <li key={i} className="od-image-unsafe">
                <span className="muted">
                  {decision.why === 'not-https'
                    ? t('images.notHttps')
                    : t('images.localHost', { host: new URL(text.trim()).hostname })}
                </span>
                {SPACE}
                <code>
                  <PlatformText value={text} controls="kept" />
                </code>
              </li>
            );
          if (broken.has(i))
            return (
              <li key={i} className="od-image-unsafe">
                <span className="muted">{t('images.broken')}</span>
                {SPACE}
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
                  {t('images.loadFrom', { host: decision.host })}
                </button>
                <span className="muted">
                  {SPACE}
                  {t('images.askWhy')}
                </span>
              </li>
            );
          const src = decision.src;
          return (
            <li key={i}>
              <button
                type="button"
                className="od-thumb"
                title={t('images.openLarger', { url: text })}
                onClick={() => setOpen(shown.findIndex((s) => s.at === i))}
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
      <Lightbox images={shown} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}
