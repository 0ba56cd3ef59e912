import {
  Controller,
  Get,
  Injectable,
  OnModuleDestroy,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';

export type DependencyProbe = () => Promise<unknown>;

/**
 * Each module that owns a connection registers a probe for it; /ready runs them all. From the start
 * of a shutdown (the first of Nest's hooks) the app is no longer ready, so that a load balancer or
 * Kubernetes stops sending it requests while it drains those it has.
 */
@Injectable()
export class ReadinessRegistry implements OnModuleDestroy {
  private readonly probes = new Map<string, DependencyProbe>();
  private stopping = false;

  get isStopping(): boolean {
    return this.stopping;
  }

  onModuleDestroy(): void {
    this.stopping = true;
  }

  register(name: string, probe: DependencyProbe): void {
    this.probes.set(name, probe);
  }

  entries(): [string, DependencyProbe][] {
    return [...this.probes.entries()];
  }
}

const PROBE_TIMEOUT_MS = 2_000;

@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly registry: ReadinessRegistry,
  ) {}

  /** Liveness: the process answers. */
  @Get('health')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: not shutting down, and every dependency this app needs answers within a short timeout. */
  @Get('ready')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    if (this.registry.isStopping) {
      void reply
        .status(503)
        .send({ status: 'error', error: { shutdown: { status: 'down', message: 'shutting down' } } });
      return;
    }
    try {
      const result = await this.health.check(
        this.registry.entries().map(
          ([name, probe]) =>
            () =>
              this.probe(name, probe),
        ),
      );
      void reply.status(200).send(result);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      void reply.status(503).send(error.getResponse());
    }
  }

  private async probe(name: string, probe: DependencyProbe): Promise<HealthIndicatorResult> {
    const indicator = this.indicators.check(name);
    try {
      await withTimeout(probe(), PROBE_TIMEOUT_MS);
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
