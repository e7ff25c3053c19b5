/** startSandbox: the HTTP server, request pipeline (count, latency, faults, route, respond) and the handle. */
import { createPublicKey, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SIGNATURE_PROFILE, signatureProfileSchema } from '../core/config/signatureProfile';
import { DATA_SET_HEADER } from '../core/sync/dataSetWatch';
import { AuthCodeStore } from './authCodes';
import { BuyerRegistry } from './buyers';
import { handleBuyerSync, handleLanding, type BuyerSyncContext } from './buyerSyncRoute';
import { Churn } from './churn';
import { resolveConfig } from './config';
import {
  CODES,
  errorResponse,
  jsonResponse,
  textResponse,
  type SandboxRequest,
  type SandboxResponse,
} from './envelope';
import { FaultController, POST_PROCESSING_FAULTS } from './faults';
import { OrderStore } from './orderStore';
import {
  readSandboxState,
  SandboxStateError,
  stateFilePath,
  writeSandboxState,
  type DataSetFacts,
} from './persistentState';
import { endpointOf, Router, type Route } from './router';
import { handleDeliver } from './managementRoutes';
import { handleAudit, handleOrderList, type SellerContext } from './sellerRoutes';
import { BuyerSyncVerifier } from './signatureCheck';
import type { Endpoint, FaultOptions, SandboxOptions, ScriptedFault } from './types';

/** Request bodies above this size are refused (10002, HTTP 413). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface SandboxHandle {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** = origin; seller endpoints at baseUrl + apiPrefix + '/seller/order'. */
  baseUrl: string;
  /** = origin + platformPathPrefix. */
  platformUrl: string;
  merchantId: string;
  token: string;
  apiPrefix: string;
  platformPathPrefix: string;
  /** What the data set is generated from, and its ID (sent as the `x-data-set-id` header of every answer). */
  dataSet: DataSetFacts;
  /** The data set came from the state directory (a restart), not generated now. */
  restored: boolean;
  /** Queues one-shot faults for an endpoint, consumed in order by its next requests. */
  failNext(endpoint: Endpoint, ...faults: ScriptedFault[]): void;
  /** Replaces the random fault settings (latency and rates). */
  setFaults(f: FaultOptions): void;
  /** Requests received for an endpoint, or for all three endpoints when omitted (faulted ones included). */
  requestCount(endpoint?: Endpoint): number;
  resetCounts(): void;
  store: OrderStore;
  authCodes: AuthCodeStore;
  buyers: BuyerRegistry;
  /** Churn rounds applied so far. */
  churnRounds(): number;
  /** Stops listening and destroys every open connection (including hanging ones). Idempotent. */
  stop(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, r: SandboxResponse, dataSetId: string): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(r.status, {
    ...r.headers,
    [DATA_SET_HEADER]: dataSetId,
    'content-length': String(Buffer.byteLength(r.body)),
  });
  res.end(r.body);
}

/** The saved data set of `stateDir`, or a new one. */
function loadDataSet(options: SandboxOptions, cfg: { seed: number; orders: number; now: () => number }) {
  const saved = options.stateDir === undefined ? undefined : readSandboxState(options.stateDir);
  const facts: DataSetFacts = saved
    ? { dataSetId: saved.dataSetId, seed: saved.seed, orders: saved.orders, generatedAtMs: saved.generatedAtMs }
    : { dataSetId: options.dataSetId ?? randomUUID(), seed: cfg.seed, orders: cfg.orders, generatedAtMs: cfg.now() };
  const store = new OrderStore({
    seed: facts.seed,
    orders: facts.orders,
    now: cfg.now,
    generatedAtMs: facts.generatedAtMs,
  });
  const buyers = new BuyerRegistry(facts.seed);
  if (saved) {
    try {
      store.restore(saved.store);
    } catch (e) {
      throw new SandboxStateError(stateFilePath(options.stateDir!), (e as Error).message);
    }
    buyers.restore(saved.buyers);
  }
  return { facts, store, buyers, restored: saved !== undefined };
}

export async function startSandbox(options: SandboxOptions): Promise<SandboxHandle> {
  const cfg = resolveConfig(options);
  const profile = signatureProfileSchema.parse(options.signatureProfile ?? DEFAULT_SIGNATURE_PROFILE);
  const publicKey = createPublicKey(options.publicKeyPem);
  const now = cfg.now;

  const { facts, store, buyers, restored } = loadDataSet(options, cfg);
  const faults = new FaultController(facts.seed, options.faults ?? {});
  const churn = new Churn(store, options.churn);
  const authCodes = new AuthCodeStore(cfg.authCodeTtlMs, now);
  // Saved after every request that changed something, so even a killed sandbox keeps its decisions.
  let saved = { orders: -1, buyers: -1 };
  const saveIfChanged = () => {
    if (options.stateDir === undefined) return;
    if (saved.orders === store.revision && saved.buyers === buyers.revision) return;
    writeSandboxState(options.stateDir, { ...facts, store: store.changes(), buyers: buyers.all() });
    saved = { orders: store.revision, buyers: buyers.revision };
  };
  saveIfChanged();
  const router = new Router(cfg.apiPrefix, cfg.platformPathPrefix);
  const seller: SellerContext = {
    token: cfg.token,
    store,
    churn,
    now,
    extendedOrderFields: options.extendedOrderFields === true,
  };
  const buyerSync: BuyerSyncContext = {
    merchantId: cfg.merchantId,
    verifier: new BuyerSyncVerifier({ publicKey, profile, timestampWindowSeconds: cfg.timestampWindowSeconds, now }),
    buyers,
    authCodes,
    now,
  };

  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  function handleRoute(route: Route, req: SandboxRequest): SandboxResponse {
    switch (route.kind) {
      case 'orders':
        return handleOrderList(seller, req);
      case 'audit':
        return handleAudit(seller, req, route.orderId);
      case 'buyer-sync':
        return handleBuyerSync(buyerSync, req, route.merchant, route.ver);
      case 'landing':
        return handleLanding(buyerSync, req, route.itemId);
      case 'deliver':
        return handleDeliver(seller, req, route.orderId);
      case 'not-found':
        return errorResponse(
          route.style,
          now(),
          CODES.urlParse,
          `no route for ${req.method} ${req.rawUrl.split('?', 1)[0]}`,
          404,
        );
    }
  }

  /** The answer for a fault that is not a drop or a hang. */
  function faultResponse(fault: ScriptedFault, route: Route): SandboxResponse {
    const style = route.kind === 'buyer-sync' ? 'buyer-sync' : 'seller';
    switch (fault) {
      case 'platform-10004':
        return errorResponse(style, now(), CODES.server);
      case 'http-500':
        return textResponse(500, 'Internal Server Error');
      case 'http-503':
        return textResponse(503, 'Service Unavailable');
      case 'http-429':
        return textResponse(429, 'Too Many Requests', { 'retry-after': '1' });
      case 'malformed-body':
        return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: 'not json <html>' };
      default:
        return jsonResponse(200, { hello: 1 });
    }
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    const method = req.method ?? 'GET';
    const route = router.match(method, rawUrl);
    const endpoint = endpointOf(route);
    if (endpoint) faults.recordRequest(endpoint);
    const body = await readBody(req);
    if (faults.latencyMs > 0) await delay(faults.latencyMs);
    if (stopped) return;
    if (body === 'too-large') {
      send(
        res,
        errorResponse(
          route.kind === 'buyer-sync' ? 'buyer-sync' : 'seller',
          now(),
          CODES.jsonParse,
          `request body exceeds ${MAX_BODY_BYTES} bytes`,
          413,
        ),
        facts.dataSetId,
      );
      return;
    }
    const fault = endpoint ? faults.decide(endpoint) : undefined;
    if (fault === 'drop-before-processing') {
      req.socket.destroy();
      return;
    }
    if (fault && !POST_PROCESSING_FAULTS.has(fault)) {
      send(res, faultResponse(fault, route), facts.dataSetId);
      return;
    }
    const response = handleRoute(route, { method, rawUrl, headers: req.headers, body });
    saveIfChanged();
    if (fault === 'drop-after-processing') {
      req.socket.destroy();
      return;
    }
    if (fault === 'hang-after-processing') return; // never answered; stop() destroys the socket
    send(res, response, facts.dataSetId);
  }

  const server = createServer((req, res) => {
    dispatch(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) return;
      send(
        res,
        errorResponse(
          'seller',
          now(),
          CODES.server,
          `sandbox failure: ${(error as Error)?.message ?? String(error)}`,
          500,
        ),
        facts.dataSetId,
      );
    });
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(cfg.port, cfg.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostInUrl = cfg.host.includes(':') ? `[${cfg.host}]` : cfg.host;
  const origin = `http://${hostInUrl}:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= new Promise<void>((resolve) => {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return stopping;
  };

  return {
    origin,
    baseUrl: origin,
    platformUrl: origin + cfg.platformPathPrefix,
    merchantId: cfg.merchantId,
    token: cfg.token,
    apiPrefix: cfg.apiPrefix,
    platformPathPrefix: cfg.platformPathPrefix,
    dataSet: facts,
    restored,
    failNext: (endpoint, ...list) => faults.failNext(endpoint, ...list),
    setFaults: (f) => faults.setFaults(f),
    requestCount: (endpoint) => faults.requestCount(endpoint),
    resetCounts: () => faults.resetCounts(),
    store,
    authCodes,
    buyers,
    churnRounds: () => churn.applied,
    stop,
  };
}
