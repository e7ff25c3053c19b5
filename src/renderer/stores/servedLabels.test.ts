// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { DEFAULT_STATUS_LABELS } from '../../shared/domain/defaultStatusLabels';
import { profileView } from '../testing/profileFixture';
import { labelsFor, useEnvironmentLabelsStore } from './servedLabels';

describe('served status labels', () => {
  it('are the active profile’s; with no profile (the environment mode) the default names, not none', () => {
    const profile = profileView('shop', { statusLabels: { order: { 4: 'Done' }, afterSales: {} } });
    expect(labelsFor({ activeProfileId: 'shop', profiles: [profile], tokenProblem: null }, DEFAULT_STATUS_LABELS)).toBe(
      profile.statusLabels,
    );
    const environment = labelsFor({ activeProfileId: null, profiles: [], tokenProblem: null }, DEFAULT_STATUS_LABELS);
    expect(environment.order['4']).toBe('Completed');
    expect(environment.afterSales['1']).toBe('Awaiting seller review');
  });

  it('with no profile, keeps the merchant’s own names across a reload of the page', async () => {
    useEnvironmentLabelsStore.getState().save({ order: { 4: 'Done' }, afterSales: {} });
    expect(JSON.parse(window.localStorage.getItem('merchant-desk.environment-status-labels')!)).toEqual({
      order: { 4: 'Done' },
      afterSales: {},
    });
  });
});
