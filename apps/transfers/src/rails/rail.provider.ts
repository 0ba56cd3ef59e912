import { Provider } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Rail } from '@transfers/rails/rail';
import { SandboxRail } from '@transfers/rails/sandbox-rail';
import { RAIL_NAMES, TransfersEnvironment } from '@transfers/transfers.environment';

type RailClass = new (config: ConfigService<TransfersEnvironment, true>) => Rail;

/** Each rail RAIL may name: a new rail is its class here and its name in RAIL_NAMES. */
const RAILS: Record<(typeof RAIL_NAMES)[number], RailClass> = { sandbox: SandboxRail };

/** The Rail every service and the settlement worker use, the one RAIL names. */
export const RAIL_PROVIDER: Provider = {
  provide: Rail,
  inject: [ConfigService],
  useFactory: (config: ConfigService<TransfersEnvironment, true>) =>
    new RAILS[config.get('RAIL', { infer: true })](config),
};
