import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { EgressPolicy } from './address-policy';
import { EgressRefusedError } from './egress-refused.error';
import { guardedLookup, Resolve } from './guarded-lookup';

export interface GuardedAgentOptions extends Omit<Agent.Options, 'connect'> {
  /** Socket options of each connection (its connect timeout, say); the lookup is the guard's. */
  connect?: Omit<buildConnector.BuildOptions, 'lookup'>;
  /** What host names resolve to; dns.lookup unless a test injects another. */
  resolve?: Resolve;
}

/**
 * An undici Agent whose every connection passes the egress guard: a host name through the guarded
 * lookup, an IP literal (which Node dials without any lookup) before the socket is opened. Whatever
 * spelling a URL used, undici has parsed it into the canonical host judged here, and redirects are
 * never followed by undici's request(), so no later hop escapes the check.
 */
export function guardedAgent(policy: EgressPolicy, options: GuardedAgentOptions = {}): Agent {
  const { connect, resolve, ...agentOptions } = options;
  const connectGuarded = buildConnector({ ...connect, lookup: guardedLookup(policy, resolve) });
  return new Agent({
    ...agentOptions,
    connect: (target, callback) => {
      const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
      // Node skips the lookup for an IP literal, so it is judged here; any other spelling is a name to resolve.
      const refusal = isIP(host) ? policy.refusalOfAddress(host) : undefined;
      if (refusal) return callback(new EgressRefusedError(host, refusal), null);
      connectGuarded(target, callback);
    },
  });
}
