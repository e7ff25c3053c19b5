/** The host child process of the CoreHost tests: bundled by the test, started by nodeHostLauncher. */
import { runNodeCoreHost } from '../nodeHostMain';
import { testOperations } from './testOperations';

runNodeCoreHost(testOperations);
