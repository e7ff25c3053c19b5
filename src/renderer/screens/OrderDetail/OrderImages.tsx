import { useState } from 'react';
import { loadableImageUrl } from '../../orderView/imageUrl';
import { ImageDialog } from './ImageDialog';

interface Shown {
  src: string;
  label: string;
}

/**
 * Image URLs of the order as thumbnails that open larger. Only https URLs are loaded (loadableImageUrl), with no
 * referrer; anything else is shown as text and never requested.
 */
export function OrderImages({ urls, label }: { urls: readonly unknown[]; label: string }) {
  const [open, setOpen] = useState<Shown | null>(null);
  const [broken, setBroken] = useState<ReadonlySet<number>>(new Set());
  if (urls.length === 0) return <span className="muted">No images</span>;
  return (
    <>
      <ul className="od-images" aria-label={label}>
        {urls.map((url, i) => {
          const text = typeof url === 'string' ? url : JSON.stringify(url);
          const src = loadableImageUrl(url);
          const name = urls.length > 1 ? `${label}, image ${i + 1} of ${urls.length}` : label;
          if (src === null)
            return (
              <li key={i} className="od-image-unsafe">
                <span className="muted">Not loaded (only https images are shown):</span> <code>{text}</code>
              </li>
            );
          if (broken.has(i))
            return (
              <li key={i} className="od-image-unsafe">
                <span className="muted">Image could not be loaded:</span> <code>{text}</code>
              </li>
            );
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
