import { useEffect, useState } from 'react';
import type { IpcError } from '../../../shared/ipc/result';
import { invoke } from '../../ipc';
import { useChangesStore } from '../../stores/changesStore';
import type { IpcOrder } from '../../stores/orderFacts';

/**
 * The cached copy of one order (`orders:get`), read when `orderId` changes and again on every cache change notice
 * (a decision, a sync); an answer for an order no longer asked for is dropped. The copy is what the merchant sees
 * before deciding: the decision flow fetches the order from the platform again before anything is sent.
 */
export function useCachedOrder(orderId: string | null): { order: IpcOrder | null; error: IpcError | null } {
  const revision = useChangesStore((s) => s.revision);
  const [read, setRead] = useState<{ id: string; order: IpcOrder | null; error: IpcError | null } | null>(null);
  useEffect(() => {
    if (orderId === null) return;
    let current = true;
    void invoke('orders:get', { id: orderId }).then((answer) => {
      if (!current) return;
      setRead((before) =>
        answer.ok
          ? { id: orderId, order: answer.data.order, error: null }
          : // A failed re-read keeps the copy already shown for this order.
            { id: orderId, order: before?.id === orderId ? before.order : null, error: answer.error },
      );
    });
    return () => {
      current = false;
    };
  }, [orderId, revision]);
  if (orderId === null || read?.id !== orderId) return { order: null, error: null };
  return { order: read.order, error: read.error };
}
