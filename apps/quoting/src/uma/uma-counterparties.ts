import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { ApiException, Caller } from '@payments/http';
import { QuotingEnvironment } from '@quoting/quoting.environment';
import { RemoteUmaCounterparty } from '@quoting/uma/remote-uma-counterparty';
import { SandboxUmaCounterparty } from '@quoting/uma/sandbox-uma-counterparty';
import { UmaAddress } from '@quoting/uma/uma-address';
import { UmaCounterparty } from '@quoting/uma/uma-counterparty';

/**
 * Which UmaCounterparty speaks for a receiver, by its domain: the simulated receivers at
 * SANDBOX_UMA_DOMAIN, for sandbox callers only (production money never goes to a simulation), and
 * every other domain a real UMA peer over HTTP(S) (RemoteUmaCounterparty).
 */
@Injectable()
export class UmaCounterparties {
  private readonly sandboxDomain: string;
  private readonly sandbox = new SandboxUmaCounterparty();

  constructor(
    config: ConfigService<QuotingEnvironment, true>,
    private readonly remote: RemoteUmaCounterparty,
  ) {
    this.sandboxDomain = config.get('SANDBOX_UMA_DOMAIN', { infer: true }).toLowerCase();
  }

  get sandboxUmaDomain(): string {
    return this.sandboxDomain;
  }

  /** The counterparty of `receiver`; 424 LNURLP_REQUEST_FAILED for the simulated ones with production credentials. */
  of(caller: Caller, receiver: UmaAddress): UmaCounterparty {
    if (receiver.domain !== this.sandboxDomain) return this.remote;
    if (caller.environment !== Environment.Sandbox) {
      throw new ApiException(
        'LNURLP_REQUEST_FAILED',
        `Lookup of ${receiver.address} failed (the simulated receivers at ${this.sandboxDomain} serve sandbox credentials only): look it up with sandbox credentials, or pay a real receiver`,
      );
    }
    return this.sandbox;
  }
}
