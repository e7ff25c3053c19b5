import { useEffect, useState } from 'react';
import type { IpcData } from '../shared/ipc/contract';

type AppInfo = IpcData<'app:getInfo'>;
type InfoState = { status: 'loading' } | { status: 'ready'; info: AppInfo } | { status: 'failed'; message: string };

export function App() {
  const [state, setState] = useState<InfoState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    void window.merchantDesk.invoke('app:getInfo').then((answer) => {
      if (cancelled) return;
      setState(
        answer.ok ? { status: 'ready', info: answer.data } : { status: 'failed', message: answer.error.message },
      );
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <main className="app">
      <h1>Merchant Desk</h1>
      <p className="app-info" data-testid="app-info">
        {state.status === 'loading' && 'Loading…'}
        {state.status === 'ready' && `Version ${state.info.version} · ${state.info.platform}`}
        {state.status === 'failed' && `Could not read the app version: ${state.message}`}
      </p>
    </main>
  );
}
