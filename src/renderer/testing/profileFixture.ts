import type { IpcData } from '../../shared/ipc/contract';

type ProfileSettings = IpcData<'profiles:add'>['profile'];
type ProfileView = IpcData<'profiles:list'>['profiles'][number];

/** A merchant profile's settings as the host answers them, every field at its default; `changes` on top. */
export function profileSettings(id: string, changes: Partial<ProfileSettings> = {}): ProfileSettings {
  return {
    id,
    name: id,
    kind: 'merchant',
    baseUrl: 'https://api.example.com',
    platformUrl: 'https://shop.example.com',
    apiPrefix: '',
    merchantId: 'M1',
    apiVersion: 'v1',
    signatureProfile: { mode: 'canonical', algorithm: 'RSA-SHA256' },
    timeoutMs: 10_000,
    maxResponseMB: 32,
    pollIntervalSeconds: 60,
    pollOverlapMinutes: 2,
    notifications: {
      newOrder: true,
      statusChanged: true,
      afterSales: true,
      dispute: true,
      deliveryError: true,
      dueSoon: true,
      overdue: true,
    },
    statusLabels: { order: {}, afterSales: {} },
    deliveryDeadlines: {
      rules: { clockStart: 'paid', partialDelivery: 'earliest-first', closedOrderStatuses: [5, 6] },
      dueSoon: { fraction: 0.25, capMinutes: 30 },
    },
    imageHosts: [],
    afterSalesStatuses: { awaitingReview: [1], approved: [2], rejected: [3], closed: [4], confirmed: false },
    ...changes,
  };
}

/** The same profile as `profiles:list` shows it: a token set, no key. */
export function profileView(id: string, changes: Partial<ProfileView> = {}): ProfileView {
  return { ...profileSettings(id), tokenState: 'set', key: null, ...changes };
}
