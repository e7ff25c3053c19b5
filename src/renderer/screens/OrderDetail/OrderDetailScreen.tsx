import type { Route } from '../../router';

export function OrderDetailScreen(_props: { route: Route }) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Order</h1>
    </section>
  );
}
