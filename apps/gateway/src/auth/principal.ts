import { Environment, Permission } from '@payments/contracts';

/** Who is calling: the token, its platform, its environment and what it may do. */
export interface Principal {
  tokenId: string;
  /** Kept with each audit entry, so the log names the token as it was called then. */
  tokenName: string;
  clientId: string;
  platformId: string;
  environment: Environment;
  permissions: Permission[];
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}
