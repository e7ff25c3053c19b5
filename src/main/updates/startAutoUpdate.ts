import { app } from 'electron';
import type { AppUpdatesPort } from '../../appHost/handlers/app';
import { decisionTracker } from '../../appHost/updates/decisionsInFlight';
import { createUpdateController } from '../../appHost/updates/updateController';
import type { UpdateState } from '../../shared/ipc/app';
import { electronUpdaterPort } from './electronUpdater';

/**
 * The auto-update wiring for main. Updates are on by default; the app setting `automaticUpdates` (Settings →
 * General) or MERCHANT_DESK_UPDATES=off turns them off (the packaged-app test sets it: a test build must not
 * install a release). A development build never updates.
 */
export function startAutoUpdate(options: { enabled(): boolean; onState(state: UpdateState): void }) {
  const decisions = decisionTracker();
  const controller = createUpdateController({
    updater: electronUpdaterPort((line) => console.info(`[update] ${line}`)),
    enabled: () => process.env.MERCHANT_DESK_UPDATES !== 'off' && options.enabled(),
    unsupported: app.isPackaged ? null : 'a development build',
    decisionsInFlight: decisions.inFlight,
    whenNoDecisionInFlight: decisions.whenIdle,
    now: Date.now,
    setTimer: (fn, ms) => {
      const t = setTimeout(fn, ms);
      t.unref();
      return { cancel: () => clearTimeout(t) };
    },
    onState: options.onState,
    log: (line) => console.info(line),
  });
  controller.start();
  app.on('will-quit', () => controller.stop());
  /** What Settings → About and the tray ask (appHost/handlers/app.ts). */
  const port: AppUpdatesPort = {
    state: controller.state,
    check: () => controller.checkNow(),
    restart: () => controller.restart(),
  };
  return {
    track: decisions.track,
    /** The menu's "Check for Updates…" / "Restart to Update". */
    checkOrRestart: (): void => {
      void (controller.state().kind === 'ready' ? controller.restart() : controller.checkNow());
    },
    port,
  };
}
