import type { Route } from '../../router';

export function BuyersScreen(_props: { route: Route }) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Buyers</h1>
    </section>
  );
}
