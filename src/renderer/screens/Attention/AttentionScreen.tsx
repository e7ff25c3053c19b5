import type { Route } from '../../router';

export function AttentionScreen(_props: { route: Route }) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Needs attention</h1>
    </section>
  );
}
