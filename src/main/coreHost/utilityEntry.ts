/**
 * The core host's entry in its Electron utility process (bundled by electron-vite through the `?modulePath`
 * import in startCoreHost.ts). Main sends one message carrying a MessagePortMain; everything else goes over it.
 * No `electron` import: the utility process gets `process.parentPort` instead.
 */
import { messagePortMainPort, type MessagePortMainLike } from '../../core/host/port';
import { serveCoreHost } from '../../core/host/serveHost';
import { desktopHostOperations } from '../../appHost/coreHost/hostOperations';

interface ParentPortLike {
  once(event: 'message', listener: (event: { data: unknown; ports: MessagePortMainLike[] }) => void): unknown;
}

const parentPort = (process as NodeJS.Process & { parentPort?: ParentPortLike }).parentPort;
if (parentPort) {
  parentPort.once('message', ({ ports }) => {
    const [port] = ports;
    if (port) serveCoreHost(messagePortMainPort(port), desktopHostOperations);
  });
}
