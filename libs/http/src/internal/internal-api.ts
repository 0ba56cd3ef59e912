import { OnApplicationShutdown } from '@nestjs/common';
import { InternalClient } from './internal-client';

/** Another app's internal API, over a connection pool this app closes when it shuts down. */
export abstract class InternalApi implements OnApplicationShutdown {
  protected readonly client: InternalClient;

  protected constructor(app: string, baseUrl: string) {
    this.client = new InternalClient(app, baseUrl);
  }

  onApplicationShutdown(): Promise<void> {
    return this.client.close();
  }
}
