import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useAppStore } from '../stores/appStore';

/**
 * The last net under the screens: a render error shows what to do instead of a blank window — Reload, and where
 * the log is (Settings → About says the same). The error's message is shown (it names what failed, never a
 * secret: secrets never reach the renderer) and goes to the console, which main's log keeps.
 */
interface Props {
  children: ReactNode;
  /** Reloads the page (window.location.reload); a prop so a test can count it. */
  reload?: () => void;
}
interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(
      `[renderer] ${error.name}: ${error.message}`,
      info.componentStack?.split('\n').slice(0, 4).join('\n'),
    );
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return <CrashNotice error={this.state.error} reload={this.props.reload ?? (() => window.location.reload())} />;
  }
}

function CrashNotice({ error, reload }: { error: Error; reload: () => void }) {
  const info = useAppStore((s) => s.info.data);
  return (
    <main className="crash-notice" role="alert" aria-labelledby="crash-title">
      <h1 id="crash-title">Something went wrong in this window</h1>
      <p>
        Merchant Desk hit an error it did not expect: <code>{error.message}</code>. Your orders and settings are safe.
      </p>
      <p>
        <button type="button" onClick={reload} autoFocus>
          Reload
        </button>
      </p>
      {info ? (
        <p>
          If it happens again, send the log to support: <code>{info.logFile}</code>
        </p>
      ) : (
        <p>If it happens again, send the log (in the data folder, under logs/) to support.</p>
      )}
    </main>
  );
}
