import { metricsRegisteredIn } from './exported-metrics';
import { exportedMetricOf, metricNamesIn, selectorsIn, unbalancedBracket } from './promql';

describe('metricNamesIn', () => {
  it('reads the metrics of an expression, not its functions, keywords, labels or durations', () => {
    const expr =
      'histogram_quantile(0.99, sum by (app, le) (rate(http_request_duration_seconds_bucket{app="gateway", route=~"/a|/b"}[$__rate_interval])))' +
      ' / on (app) group_left sum without (pod) (up offset 30m) > bool 3 * 3600 and max(x_total[30m:1m])';
    expect(metricNamesIn(expr).sort()).toEqual(['http_request_duration_seconds_bucket', 'up', 'x_total']);
  });

  it('finds a made-up metric', () => {
    expect(metricNamesIn('sum(rate(made_up_requests_total{namespace="payments"}[5m])) > 0')).toEqual([
      'made_up_requests_total',
    ]);
  });

  it('reads no metric out of a string literal', () => {
    expect(metricNamesIn('up{job="not_a_metric (really)"}')).toEqual(['up']);
  });

  it('refuses a selector by __name__, which would hide the metric', () => {
    expect(() => metricNamesIn('{__name__="up"}')).toThrow(/__name__/);
  });
});

describe('selectorsIn', () => {
  it('gives each selector with the labels its matchers test', () => {
    expect(selectorsIn('a_total{x="1", y!~"a|b"} / b{z="{}"}')).toEqual([
      { metric: 'a_total', labels: ['x', 'y'] },
      { metric: 'b', labels: ['z'] },
    ]);
  });
});

describe('unbalancedBracket', () => {
  it.each(['sum(rate(a[5m]))', 'up{job="a)"}', 'max(b) by (app)'])('passes %s', (expr) => {
    expect(unbalancedBracket(expr)).toBeUndefined();
  });

  it.each([
    ['sum(rate(a[5m])', '('],
    ['sum(rate(a[5m])))', ')'],
    ['rate(a{x="1"}[5m)]', ')'],
  ])('finds the stray bracket of %s', (expr, bracket) => {
    expect(unbalancedBracket(expr)).toBe(bracket);
  });
});

describe('exportedMetricOf', () => {
  const sampled = new Set(['latency_seconds']);

  it('takes the series of a histogram as that histogram', () => {
    expect(exportedMetricOf('latency_seconds_bucket', sampled)).toBe('latency_seconds');
    expect(exportedMetricOf('latency_seconds_count', sampled)).toBe('latency_seconds');
  });

  it('keeps a name whose suffix belongs to no histogram', () => {
    expect(exportedMetricOf('rows_count', sampled)).toBe('rows_count');
  });
});

describe('metricsRegisteredIn', () => {
  it('reads the name, type and labels of each metric, a name held by a constant too', () => {
    const source = `
      const DEPTH = 'queue_depth';
      const a = new Counter({ name: 'jobs_total', help: 'Jobs {by} outcome', labelNames: ['outcome'] as const });
      new Gauge({ name: DEPTH, help: 'Depth', collect() { this.set(1); } });
      const b = new Histogram<'route'>({
        name: 'took_seconds',
        help: 'How long',
        labelNames: ['route'],
      });`;
    expect(metricsRegisteredIn(source, 'sample.ts')).toEqual([
      { name: 'jobs_total', type: 'counter', labelNames: ['outcome'] },
      { name: 'queue_depth', type: 'gauge', labelNames: [] },
      { name: 'took_seconds', type: 'histogram', labelNames: ['route'] },
    ]);
  });

  it('fails on a metric whose name it cannot tell, rather than miss it', () => {
    expect(() => metricsRegisteredIn('new Counter({ name: prefix + "x", help: "" })', 'sample.ts')).toThrow(
      /cannot tell/,
    );
  });
});
