/**
 * Child process for test/integration/settingsLock.test.ts: adds `count` profiles named `<prefix>-<n>` to the
 * settings of `dataDir`, as fast as it can, while another process does the same. Prints failures, if any.
 */
import { createConfProfileStore } from '../confProfileStore';

const [dataDir, prefix, count] = process.argv.slice(2);
const store = createConfProfileStore(dataDir!);
let failures = 0;
for (let i = 0; i < Number(count); i++) {
  const r = store.add({
    id: `${prefix}-${i}`,
    name: `${prefix} ${i}`,
    kind: 'merchant',
    baseUrl: 'https://api.example.com',
    platformUrl: 'https://platform.example.com',
    merchantId: `M-${prefix}-${i}`,
  });
  if (!r.ok) {
    failures++;
    process.stderr.write(`${r.error.message}\n`);
  }
}
process.stdout.write(`${JSON.stringify({ failures })}\n`);
