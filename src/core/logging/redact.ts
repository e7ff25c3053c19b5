/**
 * Last-line defence for text that leaves the process unplanned (an unexpected error's message, a crash): the shapes
 * a secret has in this app are cut out. Planned output never holds secrets in the first place (errors are typed
 * values without them); this is for what nobody planned.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g, '[private key]')
    .replace(/\bBearer\s+[^\s"',;]+/gi, 'Bearer [redacted]')
    .replace(
      /\b(authorizationCode|token|signature|passphrase|password)(["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
      '$1$2[redacted]',
    );
}

/** One line for an error nobody expected: its message (never a stack or an object dump), redacted. */
export function describeUnexpected(e: unknown): string {
  const message = e instanceof Error ? e.message : typeof e === 'string' ? e : 'unknown failure';
  return `Unexpected error: ${redactSecrets(message)}`;
}
