/**
 * A sync in a child process, for the kill -9 test: the test bundles this file, starts it, and SIGKILLs it
 * mid-sync. Settings come as one JSON argument; it prints one JSON line per finished window and at the end.
 */
import { SellerApi } from '../../api/sellerApi';
import { openOrderCache } from '../../cache/openCache';
import { platformConfigSchema } from '../../config/platformConfig';
import { createAxiosTransport } from '../../http/axiosTransport';
import { SyncEngine } from '../syncEngine';
import { findWriterThreadEntry } from '../writerThread';
import { fixedCredentials } from '../../credentials/credentials';

interface ChildSettings {
  baseUrl: string;
  merchantId: string;
  token: string;
  file: string;
  parallelism: number;
  pageSize: number;
}

const settings = JSON.parse(process.argv[2] ?? '{}') as ChildSettings;
const opened = openOrderCache({
  file: settings.file,
  identity: { baseUrl: settings.baseUrl, merchantId: settings.merchantId },
});
if (!opened.ok) {
  process.stdout.write(`${JSON.stringify({ error: opened.error })}\n`);
  process.exit(3);
}
const seller = new SellerApi({
  config: platformConfigSchema.parse({
    baseUrl: settings.baseUrl,
    platformUrl: settings.baseUrl,
    merchantId: settings.merchantId,
  }),
  transport: createAxiosTransport(),
  credentials: fixedCredentials({ token: settings.token }),
});
const engine = new SyncEngine({
  cache: opened.value,
  source: seller,
  settings: { parallelism: settings.parallelism, pageSize: settings.pageSize },
  trace: (e) => {
    if (e.kind === 'complete') process.stdout.write(`${JSON.stringify({ windowDone: e.window })}\n`);
  },
});
// Whether the writer thread's file sits beside this bundle (full syncs then store their pages there).
process.stdout.write(`${JSON.stringify({ writerThread: findWriterThreadEntry() !== undefined })}\n`);
const result = await engine.sync();
process.stdout.write(`${JSON.stringify(result)}\n`);
opened.value.close();
