import { findProfile } from '../../app/session';
import { cacheFilePath } from '../../cache/openCache';
import type { ProfileStore } from '../../profiles/profileStore';
import { toPlatformConfig } from '../../profiles/profileSchema';
import { ok, type Result } from '../../result';
import type { AppError } from '../../../shared/errors/appError';
import type { OrderSessionConfig } from './sessionOperations';

/**
 * The core host's session configuration for the active profile (plain data: the host asks for secrets over its
 * port). Null when no profile is chosen yet — the host then serves no session operations.
 */
export function activeSessionConfig(
  profiles: ProfileStore,
  dataDir: string,
): Result<OrderSessionConfig | null, AppError> {
  const profile = findProfile(profiles);
  if (!profile.ok) return profile.error.code === 'no-profile' ? ok(null) : profile;
  const { id } = profile.value;
  return ok({
    profileId: id,
    platform: toPlatformConfig(profile.value),
    cacheFile: cacheFilePath(dataDir, id),
    dataDir,
    deliveryDeadlines: profile.value.deliveryDeadlines,
    statusLabels: profile.value.statusLabels,
    afterSales: profile.value.afterSalesStatuses,
    pollOverlapMinutes: profile.value.pollOverlapMinutes,
  });
}
