import type { Route } from '../../router';

export function AfterSalesScreen(_props: { route: Route }) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">After-sales</h1>
    </section>
  );
}
