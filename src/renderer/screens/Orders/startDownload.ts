/**
 * Fetches a file the host offers (`/_md/export/<id>`, same origin, valid once) as a download: a temporary
 * `<a download>` clicked, so the page stays where it is and the browser saves the file under the host's name.
 */
export function startDownload(href: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = '';
  a.rel = 'noopener';
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
}
