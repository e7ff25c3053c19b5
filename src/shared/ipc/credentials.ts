import { z } from 'zod';
import type { IpcChannelSpec } from './channelSpec';
import { profileIdWire, signatureProfileWire } from './profiles';

/**
 * Channels of the `credentials` domain: the access token, the RSA key, the connection test and the signature
 * inspector. Secrets are write-only: a token, a passphrase or a private key PEM appear only in requests; answers
 * say "set / not set" and show a key's public part and fingerprint (contract.test.ts checks every answer schema).
 */

const profileRef = z.object({ profileId: profileIdWire }).strict();

export const fingerprintWire = z.object({ hex: z.string(), base64: z.string() }).strict();
export const publicKeyWire = z
  .object({ publicKeyPem: z.string(), bits: z.number().int(), fingerprint: fingerprintWire })
  .strict();

const keySaved = z
  .object({
    profileId: profileIdWire,
    key: publicKeyWire,
    /** A previous key was replaced: register the new public key with the platform. */
    replaced: z.boolean(),
    /** The imported key was the stored one already: nothing changed. */
    unchanged: z.boolean(),
  })
  .strict();

const deleted = z.object({ profileId: profileIdWire, deleted: z.boolean() }).strict();

export const connectionCheckWire = z
  .object({
    id: z.enum(['token', 'signature']),
    title: z.string(),
    status: z.enum(['ok', 'failed']),
    detail: z.string(),
    action: z.string().nullable(),
  })
  .strict();

const verificationWire = z
  .object({
    valid: z.boolean(),
    algorithm: signatureProfileWire.shape.algorithm,
    publicKeyFingerprint: fingerprintWire,
    action: z.string().nullable(),
  })
  .strict();

export const credentialsChannels = {
  'credentials:setToken': {
    request: z.object({ profileId: profileIdWire, token: z.string().min(1).max(4096) }).strict(),
    data: z.object({ profileId: profileIdWire, tokenState: z.literal('set'), length: z.number().int() }).strict(),
  },
  'credentials:tokenStatus': {
    request: profileRef,
    data: z.object({ profileId: profileIdWire, tokenState: z.enum(['set', 'not set']) }).strict(),
  },
  'credentials:deleteToken': { request: profileRef, data: deleted },
  'credentials:keyStatus': {
    request: profileRef,
    data: z.object({ profileId: profileIdWire, key: publicKeyWire.nullable() }).strict(),
  },
  'credentials:generateKey': {
    request: z
      .object({
        profileId: profileIdWire,
        bits: z.union([z.literal(2048), z.literal(3072), z.literal(4096)]).default(2048),
        /** Replace an existing key (the platform must then be given the new public key). */
        replace: z.boolean().default(false),
      })
      .strict(),
    data: keySaved,
  },
  'credentials:importKey': {
    request: z
      .object({
        profileId: profileIdWire,
        /** PEM private key, PKCS#1 or PKCS#8, encrypted or not. */
        privateKeyPem: z.string().min(1).max(65_536),
        /** The passphrase of an encrypted PEM; null for a plain one. */
        passphrase: z.string().max(1024).nullable().default(null),
        replace: z.boolean().default(false),
      })
      .strict(),
    data: keySaved,
  },
  'credentials:removeKey': { request: profileRef, data: deleted },
  'credentials:testConnection': {
    request: profileRef,
    data: z.object({ profileId: profileIdWire, ok: z.boolean(), checks: z.array(connectionCheckWire) }).strict(),
  },
  'credentials:inspectSignature': {
    request: z
      .object({
        profileId: profileIdWire,
        // No buyer: the page gets a fixed example (core/signing/inspector.ts), never a request signed for a buyer it
        // chose — even an unreplayable one.
        /** A public key PEM to verify the signature with too (e.g. the one registered with the platform). */
        publicKeyPem: z.string().max(65_536).nullable().default(null),
      })
      .strict(),
    data: z
      .object({
        profileId: profileIdWire,
        method: z.literal('POST'),
        url: z.string(),
        path: z.string(),
        signatureProfile: signatureProfileWire,
        stringToSign: z.string(),
        /** The string with its control characters made visible ("\n" before each line break, "\t"…). */
        stringToSignVisible: z.string(),
        stringToSignBytes: z.number().int(),
        headers: z.record(z.string(), z.string()),
        body: z.string(),
        keyFingerprint: fingerprintWire,
        selfCheck: z.boolean(),
        publicKeyCheck: verificationWire.nullable(),
      })
      .strict(),
  },
} satisfies Record<`credentials:${string}`, IpcChannelSpec>;
