import type { z } from 'zod';
import type { FieldIssue } from './apiError';

export type ProfileStoreError =
  | { kind: 'not-found' | 'duplicate' | 'corrupt' | 'newer-version' | 'io'; message: string; action: string }
  | { kind: 'invalid'; message: string; action: string; issues: FieldIssue[] };

export function invalidError(error: z.ZodError): Extract<ProfileStoreError, { kind: 'invalid' }> {
  const issues: FieldIssue[] = error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  return {
    kind: 'invalid',
    message: issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '),
    action: 'Correct the named settings.',
    issues,
  };
}

export function describeProfileStoreError(error: ProfileStoreError): string {
  return `${error.message} Action: ${error.action}`;
}
