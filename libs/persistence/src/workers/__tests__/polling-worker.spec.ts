import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { delay } from '@payments/runtime';
import { register } from 'prom-client';
import { Queryable } from '../../parking/parked-rows';
import { PollingWorker } from '../polling-worker';

const BROKEN_WIDGET = 'widget-2';
const widgetTooLong = Object.assign(new Error('value too long'), { code: '22001' });

/** Stands for the database pool, which Nest closes in onApplicationShutdown. */
@Injectable()
class Pool implements OnApplicationShutdown {
  open = true;

  onApplicationShutdown(): void {
    this.open = false;
  }
}

/** Stands for the statements of Parking: answers as parked the rows that reached their last failure. */
class Widgets implements Queryable {
  readonly failures: string[][] = [];

  query = async <T>(_sql: string, [keys]: string[][] = []): Promise<T> => {
    this.failures.push(keys);
    return keys.map((key) => ({ key })) as T;
  };
}

@Injectable()
class WidgetWorker extends PollingWorker {
  /** Whether the pool was open when each sweep finished. */
  readonly sweeps: boolean[] = [];
  readonly widgets = new Widgets();
  /** What happened as the worker stopped, in order. */
  readonly stopping: string[] = [];
  readonly parking = this.declareLoop({
    name: 'widget-sweeper',
    work: 'sweeping widgets',
    table: { table: 'widgets', key: 'id', keyType: 'text' },
    maxFailures: 1,
    tick: () => this.sweep(),
    idleMs: 60_000,
    errorMs: 60_000,
  }).parking;
  readonly polishing = this.declareLoop({
    name: 'widget-polisher',
    work: 'polishing widgets',
    tick: async () => {
      await delay(10);
      this.stopping.push('polished');
      return false;
    },
    idleMs: 60_000,
    errorMs: 60_000,
  }).loop;

  constructor(private readonly pool: Pool) {
    super();
  }

  /** The logger the base built, for the spec to watch. */
  get log(): Logger {
    return this.logger;
  }

  protected override async afterLoopsStop(): Promise<void> {
    this.stopping.push(`handed-off work finished, polisher running: ${this.polishing.isRunning}`);
  }

  private async sweep(): Promise<boolean> {
    await delay(50);
    this.sweeps.push(this.pool.open);
    await this.parking.recordFailures(this.widgets, [
      { key: BROKEN_WIDGET, ids: { widgetId: BROKEN_WIDGET }, error: widgetTooLong },
    ]);
    return false;
  }
}

async function parkedWidgets(): Promise<number> {
  const metric = await register.getSingleMetric('background_items_parked_total')!.get();
  return (
    metric.values.find(({ labels }) => labels.worker === 'widget-sweeper' && labels.reason === '22001')
      ?.value ?? 0
  );
}

describe('PollingWorker', () => {
  async function compiledWorker() {
    const moduleRef = await Test.createTestingModule({ providers: [Pool, WidgetWorker] }).compile();
    moduleRef.useLogger(false);
    return { moduleRef, worker: moduleRef.get(WidgetWorker) };
  }

  it('starts its loops once the app is up, and stops them, the sweep in progress finished, before connections close', async () => {
    const { moduleRef, worker } = await compiledWorker();
    await delay(80);
    expect(worker.sweeps).toEqual([]);

    await moduleRef.init();
    await moduleRef.close();

    expect(worker.sweeps).toEqual([true]);
    expect(moduleRef.get(Pool).open).toBe(false);
  });

  it('parks an item its tick failed on, under the loop name, in the declared table and after the declared failures', async () => {
    const { moduleRef, worker } = await compiledWorker();
    const before = await parkedWidgets();

    await moduleRef.init();
    await moduleRef.close();

    expect(worker.widgets.failures).toEqual([[BROKEN_WIDGET]]);
    expect(worker.parking.isExhausted(1)).toBe(true);
    expect(await parkedWidgets()).toBe(before + 1);
  });

  it('names its logger after the worker class', async () => {
    const { worker } = await compiledWorker();
    expect(worker.log).toEqual(new Logger('WidgetWorker'));
  });

  it('stops every loop, their ticks finished, before finishing the work they handed off', async () => {
    const { moduleRef, worker } = await compiledWorker();

    await moduleRef.init();
    await moduleRef.close();

    expect(worker.stopping).toEqual(['polished', 'handed-off work finished, polisher running: false']);
  });
});
