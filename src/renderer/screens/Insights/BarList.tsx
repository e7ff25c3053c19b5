import { MARK } from '../../i18n/marks';
import { useT } from '../../i18n/t';

/** A horizontal bar list in HTML (each row a link, so keyboard and screen readers need nothing special). */
export interface BarRow {
  key: string;
  label: string;
  detail?: string;
  value: number;
  valueText: string;
  href?: string;
}

export function BarList({ title, rows, empty }: { title: string; rows: BarRow[]; empty?: string }) {
  const t = useT();
  const max = Math.max(0, ...rows.map((r) => r.value));
  return (
    <section className="bar-list" aria-label={title}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">{empty ?? t('insights.nothing')}</p>
      ) : (
        <ol>
          {rows.map((r) => {
            const body = (
              <>
                <span className="bar-label">
                  {r.label}
                  {r.detail ? (
                    <span className="muted">
                      {MARK.dot}
                      {r.detail}
                    </span>
                  ) : null}
                </span>
                <span className="bar-track" aria-hidden="true">
                  <span className="bar-fill" style={{ width: `${max === 0 ? 0 : (r.value / max) * 100}%` }} />
                </span>
                <span className="bar-value">{r.valueText}</span>
              </>
            );
            return (
              <li key={r.key}>
                {r.href ? (
                  <a className="bar-row" href={r.href}>
                    {body}
                  </a>
                ) : (
                  <span className="bar-row">{body}</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
