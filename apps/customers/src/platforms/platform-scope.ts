import { EventScope, toApiId } from '@payments/contracts';
import { PlatformScope } from '@payments/http';

/** Events name the platform by its API id, as the gateway and every other app do. */
export function eventScopeOf(scope: PlatformScope): EventScope {
  return { platformId: toApiId('Platform', scope.platformId), environment: scope.environment };
}
