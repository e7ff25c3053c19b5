import { slugify } from '../domain/profileId';
import type { IpcError } from '../ipc/result';

/**
 * The "Add a merchant profile" form as data, and the hints shown while it is filled in. The hints mirror the core's
 * profile rules (src/core/config) so the merchant learns of a mistake before anything is sent; the host's
 * `invalid-input` answer stays the authority, and its issues are shown at the fields too. Kept in shared (no Node, no
 * DOM) so a test can hold the hints against the core's rules input by input (test/integration/profileFormHints).
 */
export interface ProfileDraft {
  name: string;
  id: string;
  baseUrl: string;
  platformUrl: string;
  apiPrefix: string;
  merchantId: string;
}

export type ProfileField = keyof ProfileDraft;
export type FieldMessages = Partial<Record<string, string>>;

export const emptyDraft = (): ProfileDraft => ({
  name: '',
  id: '',
  baseUrl: '',
  platformUrl: '',
  apiPrefix: '/merchant-api',
  merchantId: '',
});

/** "Shop EU" → "shop-eu": the profile ID suggested from the name (the core's slug rule); none for no name. */
export function suggestedId(name: string): string {
  return name.trim() === '' ? '' : slugify(name);
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** What is wrong with a base URL as typed, or null: http(s), no query, fragment or user info, https unless loopback. */
export function urlHint(text: string): string | null {
  const value = text.trim();
  if (value === '') return 'Required, e.g. https://api.example.com';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Must be an http(s) URL, e.g. https://api.example.com';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash)
    return 'Must be an http(s) URL without query or fragment, e.g. https://api.example.com';
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value))
    return 'Must not contain a user name or password: the platform is reached with the access token and the key.';
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return `Must use https (plain http only for this computer, such as the sandbox): https://${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  return null;
}

const ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** Where a profile connects: the part of the draft an existing profile can change. */
export type ConnectionDraft = Pick<ProfileDraft, 'baseUrl' | 'platformUrl' | 'apiPrefix' | 'merchantId'>;

/** The hints of a whole draft, by field; empty when it looks sendable. */
export function draftHints(draft: ProfileDraft): FieldMessages {
  const hints: FieldMessages = {};
  if (draft.name.trim() === '') hints.name = 'Required: the name you know this profile by.';
  if (!ID_PATTERN.test(draft.id.trim()))
    hints.id = '1–40 lower-case letters, digits and "-", not starting or ending with "-" (e.g. shop-eu).';
  return { ...hints, ...connectionHints(draft) };
}

/** The hints of the connection fields, by field. */
export function connectionHints(draft: ConnectionDraft): FieldMessages {
  const hints: FieldMessages = {};
  const base = urlHint(draft.baseUrl);
  if (base) hints.baseUrl = base;
  const platform = urlHint(draft.platformUrl);
  if (platform) hints.platformUrl = platform;
  const prefix = draft.apiPrefix.trim();
  if (!/^(\/[A-Za-z0-9._~-]+)*$/.test(prefix) || prefix.split('/').some((s) => s === '.' || s === '..'))
    hints.apiPrefix = 'Empty, or a path like /merchant-api.';
  const merchant = draft.merchantId.trim();
  if (merchant === '') hints.merchantId = 'Required: your merchant ID on the platform.';
  else if (merchant === '.' || merchant === '..') hints.merchantId = 'Must not be "." or "..".';
  return hints;
}

/** The host's per-field issues by field name ("statusLabels.order.3" stays whole; messages of one field joined). */
export function issuesByField(error: IpcError | null): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of error?.issues ?? []) {
    const key = issue.path === '' ? '_' : issue.path;
    out[key] = out[key] ? `${out[key]}; ${issue.message}` : issue.message;
  }
  return out;
}

/** The draft as the profile fields of `profiles:add` (trimmed; the core trims too). */
export function draftToProfile(draft: ProfileDraft) {
  return {
    id: draft.id.trim(),
    name: draft.name.trim(),
    kind: 'merchant' as const,
    baseUrl: draft.baseUrl.trim(),
    platformUrl: draft.platformUrl.trim(),
    apiPrefix: draft.apiPrefix.trim(),
    merchantId: draft.merchantId.trim(),
  };
}
