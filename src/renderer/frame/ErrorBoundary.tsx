import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/ui/Button';
import { useAppStore } from '../stores/appStore';
import { Msg, useT } from '../i18n/t';

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
  const t = useT();
  const code = (text: ReactNode[]) => <code>{text}</code>;
  return (
    <main className="crash-notice" role="alert" aria-labelledby="crash-title">
      <h1 id="crash-title">{t('crash.title')}</h1>
      <p>
        <Msg id="crash.body" values={{ message: error.message, code }} />
      </p>
      <p>
        <Button onClick={reload} autoFocus>
          {t('crash.reload')}
        </Button>
      </p>
      {info ? (
        <p>
          <Msg id="crash.logFile" values={{ file: info.logFile, code }} />
        </p>
      ) : (
        <p>{t('crash.logFolder')}</p>
      )}
    </main>
  );
}
