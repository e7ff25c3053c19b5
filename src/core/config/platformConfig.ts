import { z } from 'zod';
import { DEFAULT_SIGNATURE_PROFILE, signatureProfileSchema } from './signatureProfile';
import { platformUrlSchema } from './platformUrl';

/** "." and ".." are dot segments: inside a URL path they would climb to another endpoint. */
const isDotSegment = (segment: string) => segment === '.' || segment === '..';

/** The largest answer accepted by default, decompressed. A page of 100 rich orders is far smaller (see README). */
export const DEFAULT_MAX_RESPONSE_MB = 32;

/** Everything the core needs to reach one merchant account on the platform (no secrets). */
export const platformConfigSchema = z.object({
  /** {base_url} of the seller endpoints. */
  baseUrl: platformUrlSchema,
  /** {platform_url} of the buyer-sync endpoint and the SSO pages; may carry a path prefix. */
  platformUrl: platformUrlSchema,
  /** Path prefix before the seller paths; the spec's examples use /merchant-api. Empty string for none. */
  apiPrefix: z
    .string()
    .trim()
    .regex(/^(\/[A-Za-z0-9._~-]+)*$/, 'API prefix must be empty or like /merchant-api')
    .refine((p) => !p.split('/').some(isDotSegment), 'API prefix must not contain "." or ".." segments')
    .default('/merchant-api'),
  /** A path segment of buyer sync (`/pay-fac/{merchant}/…`), percent-encoded there. */
  merchantId: z
    .string()
    .trim()
    .min(1, 'merchant ID must not be empty')
    .refine((id) => !isDotSegment(id), 'merchant ID must not be "." or ".." (it would change the request path)'),
  apiVersion: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]+$/, 'API version must be like v1')
    .refine((v) => !isDotSegment(v), 'API version must not be "." or ".." (it would change the request path)')
    .default('v1'),
  signatureProfile: signatureProfileSchema.default(DEFAULT_SIGNATURE_PROFILE),
  /** Per-request time limit: one deadline for connecting, the headers and the whole body of an attempt. */
  timeoutMs: z.number().int().min(100).max(300_000).default(15_000),
  /** The largest answer accepted, in MiB after decompression; reading stops at the first byte over it. */
  maxResponseMB: z.number().int().min(1).max(1024).default(DEFAULT_MAX_RESPONSE_MB),
});
export type PlatformConfigInput = z.input<typeof platformConfigSchema>;
export type PlatformConfig = z.output<typeof platformConfigSchema>;
