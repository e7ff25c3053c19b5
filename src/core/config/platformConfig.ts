import { z } from 'zod';
import { DEFAULT_SIGNATURE_PROFILE, signatureProfileSchema } from '../signing/signatureProfile';

const httpBaseUrl = z
  .string()
  .trim()
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.search && !u.hash;
    } catch {
      return false;
    }
  }, 'must be an http(s) URL without query or fragment, e.g. https://api.example.com')
  .transform((s) => s.replace(/\/+$/, ''));

/** Everything the core needs to reach one merchant account on the platform (no secrets). */
export const platformConfigSchema = z.object({
  /** {base_url} of the seller endpoints. */
  baseUrl: httpBaseUrl,
  /** {platform_url} of the buyer-sync endpoint and the SSO pages; may carry a path prefix. */
  platformUrl: httpBaseUrl,
  /** Path prefix before the seller paths; the spec's examples use /merchant-api. Empty string for none. */
  apiPrefix: z
    .string()
    .trim()
    .regex(/^(\/[A-Za-z0-9._~-]+)*$/, 'API prefix must be empty or like /merchant-api')
    .default('/merchant-api'),
  merchantId: z.string().trim().min(1, 'merchant ID must not be empty'),
  apiVersion: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]+$/, 'API version must be like v1')
    .default('v1'),
  signatureProfile: signatureProfileSchema.default(DEFAULT_SIGNATURE_PROFILE),
  /** Per-request time limit. */
  timeoutMs: z.number().int().min(100).max(300_000).default(15_000),
});
export type PlatformConfigInput = z.input<typeof platformConfigSchema>;
export type PlatformConfig = z.output<typeof platformConfigSchema>;
