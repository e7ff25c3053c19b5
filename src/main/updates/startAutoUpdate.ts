import { app } from 'electron';
import { decisionTracker } from './decisionsInFlight';
import { electronUpdaterPort } from './electronUpdater';
import { createUpdateController } from './updateController';

/**
 * The auto-update wiring for main. Updates are on by default; MERCHANT_DESK_UPDATES=off turns them off (the
 * packaged-app test sets it: a test build must not install a release). A development build never updates.
 */
export function startAutoUpdate(options: { onReady(ready: boolean): void }) {
  const decisions = decisionTracker();
  const controller = createUpdateController({
    updater: electronUpdaterPort((line) => console.info(`[update] ${line}`)),
    enabled: () => process.env.MERCHANT_DESK_UPDATES !== 'off',
    unsupported: app.isPackaged ? null : 'a development build',
    decisionsInFlight: decisions.inFlight,
    whenNoDecisionInFlight: decisions.whenIdle,
    now: Date.now,
    setTimer: (fn, ms) => {
      const t = setTimeout(fn, ms);
      t.unref();
      return { cancel: () => clearTimeout(t) };
    },
    onState: (state) => options.onReady(state.kind === 'ready'),
    log: (line) => console.info(line),
  });
  controller.start();
  app.on('will-quit', () => controller.stop());
  return {
    track: decisions.track,
    /** The menu's "Check for Updates…" / "Restart to Update". */
    checkOrRestart: (): void => {
      void (controller.state().kind === 'ready' ? controller.restart() : controller.checkNow());
    },
    state: controller.state,
  };
}
