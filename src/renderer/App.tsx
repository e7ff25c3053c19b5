import { useEffect, useState } from 'react';
import type { IpcResponse } from '../shared/ipc/contract';

type AppInfo = IpcResponse<'app:getInfo'>;
type InfoState = { status: 'loading' } | { status: 'ready'; info: AppInfo } | { status: 'failed'; message: string };

export function App() {
  const [state, setState] = useState<InfoState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    window.merchantDesk.invoke('app:getInfo').then(
      (info) => {
        if (!cancelled) setState({ status: 'ready', info });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
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
