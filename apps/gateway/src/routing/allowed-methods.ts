import { API_PREFIX, ApiException } from '@payments/http';

interface PathTemplate {
  pattern: RegExp;
  methods: string[];
  parameters: number;
}

/**
 * The methods each path of the public API takes, from docs/openapi.json: what turns a route the
 * apps do not have into 405 with `Allow` when the path is the API's but the method is not.
 */
export class AllowedMethods {
  private readonly templates: PathTemplate[];

  constructor(document: { paths: Record<string, Record<string, unknown>> }) {
    this.templates = Object.entries(document.paths)
      .map(([path, operations]) => {
        const template = path.slice(API_PREFIX.length);
        const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+');
        const methods = Object.keys(operations).map((method) => method.toUpperCase());
        if (methods.includes('GET')) methods.push('HEAD');
        return {
          pattern: new RegExp(`^${pattern}$`),
          methods: methods.sort(),
          parameters: template.split('{').length - 1,
        };
      })
      // A literal segment wins over a parameter: /customers/external-accounts is not /customers/{customerId}.
      .sort((a, b) => a.parameters - b.parameters);
  }

  /** 405 for a path the API serves with other methods only; undefined for any other path. */
  refusal(method: string, path: string): ApiException | undefined {
    const template = this.templates.find((each) => each.pattern.test(path));
    if (!template || template.methods.includes(method)) return undefined;
    return new ApiException(
      'METHOD_NOT_ALLOWED',
      `${method} is not allowed here; use ${template.methods.join(', ')}`,
      {
        allow: template.methods,
      },
    );
  }
}
