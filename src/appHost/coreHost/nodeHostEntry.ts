/**
 * The core host's entry as a Node child process (`merchant-desk ui`): bundled beside the CLI as core-host.js
 * (vite.cli.config.ts) and started by nodeHostLauncher. It serves exactly what the Electron utility process serves
 * (utilityEntry.ts): the sandbox platform or the active profile's session operations.
 */
import { runNodeCoreHost } from '../../core/host/nodeHostMain';
import { desktopHostOperations } from './hostOperations';

runNodeCoreHost(desktopHostOperations);
