import { z } from 'zod';

/**
 * The spec does not say what is signed for buyer sync, nor the digest. These settings make that explicit.
 * Default (labelled as such in the README): canonical string, SHA256withRSA (PKCS#1 v1.5), standard Base64.
 */
export const signatureAlgorithms = ['RSA-SHA256', 'RSA-SHA1', 'RSA-PSS-SHA256'] as const;
export type SignatureAlgorithm = (typeof signatureAlgorithms)[number];

export const signedStringModes = ['canonical', 'body', 'template'] as const;
export type SignedStringMode = (typeof signedStringModes)[number];

/** Placeholders a user-defined template may use. */
export const templatePlaceholders = ['method', 'path', 'timestamp', 'nonce', 'body', 'merchant'] as const;

export const signatureProfileSchema = z
  .object({
    mode: z.enum(signedStringModes),
    /** Only for mode "template": e.g. "{method}\n{path}\n{timestamp}\n{nonce}\n{body}\n". Escapes \n and \t are honoured. */
    template: z.string().optional(),
    algorithm: z.enum(signatureAlgorithms),
  })
  .refine((p) => p.mode !== 'template' || (p.template !== undefined && p.template.length > 0), {
    message: 'a template signature profile needs a non-empty template',
    path: ['template'],
  });
export type SignatureProfile = z.infer<typeof signatureProfileSchema>;

export const DEFAULT_SIGNATURE_PROFILE: SignatureProfile = { mode: 'canonical', algorithm: 'RSA-SHA256' };
