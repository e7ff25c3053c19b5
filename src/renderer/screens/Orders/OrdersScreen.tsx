import type { Route } from '../../router';

export function OrdersScreen(_props: { route: Route }) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Orders</h1>
    </section>
  );
}
