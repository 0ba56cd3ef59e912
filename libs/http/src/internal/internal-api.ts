import { OnApplicationShutdown } from '@nestjs/common';
import { CallerAssertions } from './caller-assertion';
import { InternalApp } from './internal-call-map';
import { InternalClient } from './internal-client';

/** Another app's internal API, over a connection pool this app closes when it shuts down. */
export abstract class InternalApi implements OnApplicationShutdown {
  protected readonly client: InternalClient;

  protected constructor(app: InternalApp, baseUrl: string, assertions: CallerAssertions) {
    this.client = new InternalClient(app, baseUrl, assertions);
  }

  onApplicationShutdown(): Promise<void> {
    return this.client.close();
  }
}
