import type { IpcError } from '../../shared/ipc/result';
import { PlatformText } from './PlatformText';

/** An error as the merchant reads it: what happened and what to do, from the host's typed error. */
export function ErrorNotice({ error, title }: { error: IpcError; title?: string }) {
  return (
    <div className="error-notice" role="alert">
      {title && <strong className="error-notice-title">{title}</strong>}
      {/* The message may quote the platform's own text: its invisible characters are shown, never obeyed. */}
      <p className="error-notice-message">
        <PlatformText value={error.message} composed />
      </p>
      {error.action && <p className="error-notice-action">{error.action}</p>}
      {error.issues && error.issues.length > 0 && (
        <ul className="error-notice-issues">
          {error.issues.map((issue) => (
            <li key={`${issue.path}:${issue.message}`}>
              {issue.path ? <code>{issue.path}</code> : null} {issue.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
