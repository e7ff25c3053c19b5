/**
 * A sync in a child process, for the kill -9 tests: the test bundles this file, starts it, and SIGKILLs it
 * mid-sync. Settings come as one JSON argument; it prints one JSON line per finished window and at the end. With
 * `printAnswers`, also a line per answer, written synchronously (a kill loses none): `w` for a window's page, `c` for
 * the catch-up's, then the secondary indexes of `orders` this process's connection sees at that moment, then the
 * answer's order IDs (`w 0 1500…,1500…`).
 */
import { writeSync } from 'node:fs';
import { SellerApi } from '../../api/sellerApi';
import { openOrderCache } from '../../cache/openCache';
import { platformConfigSchema } from '../../config/platformConfig';
import { createAxiosTransport } from '../../http/axiosTransport';
import { SyncEngine } from '../syncEngine';
import { findWriterThreadEntry } from '../writerThread';
import { fixedCredentials } from '../../credentials/credentials';
import type { OrderSource } from '../orderSource';

interface ChildSettings {
  baseUrl: string;
  merchantId: string;
  token: string;
  file: string;
  parallelism: number;
  pageSize: number;
  printAnswers?: boolean;
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
const secondaryIndexes = opened.value.db.prepare(
  "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL",
);
const source: OrderSource = settings.printAnswers
  ? {
      listOrders: async (query) => {
        const answer = await seller.listOrders(query);
        if (answer.ok) {
          const kind = query.updateBeginDate === undefined ? 'w' : 'c';
          const ids = answer.value.data.list.map((o) => o.id).join(',');
          writeSync(1, `${kind} ${String(secondaryIndexes.pluck().get())} ${ids}\n`);
        }
        return answer;
      },
    }
  : seller;
const engine = new SyncEngine({
  cache: opened.value,
  source,
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
