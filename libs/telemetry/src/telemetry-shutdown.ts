import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { stopTelemetry } from './start-telemetry';

/** Flushes the spans of the app's last moments when Nest stops it (SIGTERM, shutdown hooks). */
@Injectable()
export class TelemetryShutdown implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    await stopTelemetry();
  }
}
