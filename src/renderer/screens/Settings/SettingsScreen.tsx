import type { Route } from '../../router';

export function SettingsScreen(_props: { route: Route }) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Settings</h1>
    </section>
  );
}
