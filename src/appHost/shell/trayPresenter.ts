import { buildTrayModel, type TrayIcon, type TrayMenuId, type TrayState } from './trayModel';

export interface TrayPort<Image, MenuHandle> {
  setImage(image: Image): void;
  setToolTip(text: string): void;
  setContextMenu(menu: MenuHandle): void;
}

export interface MenuTemplateItem {
  label: string;
  enabled: boolean;
  click(): void;
}

export interface TrayPresenterPorts<Image, MenuHandle> {
  /** Electron's `Tray` constructor. */
  createTray(image: Image): TrayPort<Image, MenuHandle>;
  /** `Menu.buildFromTemplate`. */
  buildMenu(template: MenuTemplateItem[]): MenuHandle;
  /** The image for one tray state (`nativeImage.createFromPath`). */
  trayImage(icon: TrayIcon): Image;
  /** The do-not-disturb instant of the app settings (epoch ms; null: not set). */
  doNotDisturbUntilMs(): number | null;
  /** What each menu item does (the information lines do nothing). */
  actions: Partial<Record<TrayMenuId, () => void>>;
  now(): number;
  formatTime(epochMs: number): string;
}

export interface TrayPresenter {
  /** Creates the tray (app ready) and draws it. */
  show(): void;
  /** Whether the tray exists (it is created once, on start). */
  readonly shown: boolean;
  /** Applies a change and redraws: the image, the tooltip and the menu follow one state. */
  update(patch: Partial<TrayState>): void;
  state(): TrayState;
}

/** The tray: one state (sync, counts, last sync, pause) drawn as image, tooltip and menu by `buildTrayModel`. */
export function createTrayPresenter<Image, MenuHandle>(ports: TrayPresenterPorts<Image, MenuHandle>): TrayPresenter {
  let tray: TrayPort<Image, MenuHandle> | undefined;
  let state: TrayState = {
    sync: 'idle',
    awaitingDecision: 0,
    attention: null,
    lastSyncedMs: null,
    notificationsPausedUntilMs: ports.doNotDisturbUntilMs(),
  };

  function update(patch: Partial<TrayState>): void {
    // Do-not-disturb is a setting (the window may change it too): read afresh for every redraw.
    state = { ...state, ...patch, notificationsPausedUntilMs: ports.doNotDisturbUntilMs() };
    if (!tray) return;
    const model = buildTrayModel(state, { nowMs: ports.now(), formatTime: ports.formatTime });
    tray.setImage(ports.trayImage(model.icon));
    tray.setToolTip(model.tooltip);
    tray.setContextMenu(
      ports.buildMenu(
        model.menu.map((item) => ({
          label: item.label,
          enabled: item.enabled,
          click: () => ports.actions[item.id]?.(),
        })),
      ),
    );
  }

  return {
    show() {
      tray = ports.createTray(ports.trayImage('idle'));
      update({});
    },
    get shown() {
      return tray !== undefined;
    },
    update,
    state: () => state,
  };
}
