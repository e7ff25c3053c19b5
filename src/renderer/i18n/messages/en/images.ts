/** Images of an order and of after-sales evidence: thumbnails and the lightbox. */
export default {
  'images.none': 'No images',
  'images.nth': '{label}, image {n, number} of {count, number}',
  'images.notHttps': 'Not loaded (only https images are shown):',
  'images.localHost': 'Not loaded: {host} is on this computer or your local network.',
  'images.broken': 'Image could not be loaded:',
  'images.loadFrom': 'Load image from {host}',
  'images.askWhy': 'Not on this profile’s image hosts: loading it tells that server you opened this order.',
  'images.openLarger': 'Open larger: {url}',
  'lightbox.position': 'Image {n, number} of {count, number} · ←/→ move · Esc closes',
  'lightbox.hint': 'Esc closes',
  'lightbox.previous': 'Previous image',
  'lightbox.next': 'Next image',
} satisfies Record<string, string>;
