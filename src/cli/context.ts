import { createPrivateKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { BuyerSyncApi } from '../core/api/buyerSyncApi';
import type { Credentials } from '../core/api/clientDeps';
import { SellerApi } from '../core/api/sellerApi';
import { platformConfigSchema, type PlatformConfig } from '../core/config/platformConfig';
import { createAxiosTransport } from '../core/http/axiosTransport';
import { CliInputError, type CliIo } from './io';

export interface GlobalOptions {
  baseUrl?: string;
  platformUrl?: string;
  merchant?: string;
  apiPrefix?: string;
  json?: boolean;
}

/** Settings from flags, then the environment; secrets only from the environment. */
export function resolveConfig(opts: GlobalOptions, env: CliIo['env'], needs: { baseUrl?: boolean; platform?: boolean }): PlatformConfig {
  const baseUrl = opts.baseUrl ?? env.MERCHANT_DESK_BASE_URL;
  const platformUrl = opts.platformUrl ?? env.MERCHANT_DESK_PLATFORM_URL;
  const merchantId = opts.merchant ?? env.MERCHANT_DESK_MERCHANT_ID;
  if (needs.baseUrl && !baseUrl) throw new CliInputError('No base URL: pass --base-url URL or set MERCHANT_DESK_BASE_URL.');
  if (needs.platform && !platformUrl) throw new CliInputError('No platform URL: pass --platform-url URL or set MERCHANT_DESK_PLATFORM_URL.');
  if (needs.platform && !merchantId) throw new CliInputError('No merchant ID: pass --merchant ID or set MERCHANT_DESK_MERCHANT_ID.');
  const parsed = platformConfigSchema.safeParse({
    // Unused URLs get a harmless placeholder so one schema validates both kinds of command.
    baseUrl: baseUrl ?? 'http://unused.invalid',
    platformUrl: platformUrl ?? 'http://unused.invalid',
    merchantId: merchantId ?? 'unused',
    ...(opts.apiPrefix !== undefined ? { apiPrefix: opts.apiPrefix } : env.MERCHANT_DESK_API_PREFIX !== undefined ? { apiPrefix: env.MERCHANT_DESK_API_PREFIX } : {}),
    ...(env.MERCHANT_DESK_API_VERSION ? { apiVersion: env.MERCHANT_DESK_API_VERSION } : {}),
    ...(env.MERCHANT_DESK_TIMEOUT_MS ? { timeoutMs: Number(env.MERCHANT_DESK_TIMEOUT_MS) } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliInputError(`Invalid setting ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

/** Credentials from MERCHANT_DESK_TOKEN and the PEM file named by MERCHANT_DESK_PRIVATE_KEY_FILE. */
export function environmentCredentials(env: CliIo['env']): Credentials {
  return {
    bearerToken: async () => {
      const token = env.MERCHANT_DESK_TOKEN?.trim();
      if (!token) throw new Error('MERCHANT_DESK_TOKEN is not set (the seller endpoints need the access token)');
      return token;
    },
    signingKey: async () => {
      const file = env.MERCHANT_DESK_PRIVATE_KEY_FILE;
      if (!file) throw new Error('MERCHANT_DESK_PRIVATE_KEY_FILE is not set (buyer sync needs the RSA private key PEM file)');
      let pem: string;
      try {
        pem = await readFile(file, 'utf8');
      } catch (e) {
        throw new Error(`cannot read the key file named by MERCHANT_DESK_PRIVATE_KEY_FILE (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
      }
      try {
        const key = createPrivateKey(pem);
        if (key.asymmetricKeyType !== 'rsa') throw new Error(`it is a ${key.asymmetricKeyType} key, not RSA`);
        return key;
      } catch (e) {
        const why = e instanceof Error && /passphrase/i.test(e.message) ? 'it is encrypted (decrypt it first, e.g. openssl pkey -in key.pem -out plain.pem)' : 'it is not a readable RSA private key PEM';
        throw new Error(`the key file named by MERCHANT_DESK_PRIVATE_KEY_FILE is unusable: ${why}`);
      }
    },
  };
}

export function sellerApi(config: PlatformConfig, env: CliIo['env']): SellerApi {
  return new SellerApi({ config, transport: createAxiosTransport(), credentials: environmentCredentials(env) });
}

export function buyerSyncApi(config: PlatformConfig, env: CliIo['env']): BuyerSyncApi {
  return new BuyerSyncApi({ config, transport: createAxiosTransport(), credentials: environmentCredentials(env) });
}
