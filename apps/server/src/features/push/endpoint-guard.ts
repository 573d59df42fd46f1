import { checkOutboundUrl, type CheckedUrl, type Resolver } from '../../lib/outbound-address.js';

export { systemResolver, type Resolver } from '../../lib/outbound-address.js';

/** Where a push may be sent: the endpoint, and the address checked for it, which the sender connects to. */
export type CheckedEndpoint = CheckedUrl;

export type EndpointRefusal = 'invalid_push_endpoint' | 'push_endpoint_not_https' | 'push_endpoint_not_public';

const refusals = {
  invalid: 'invalid_push_endpoint',
  not_https: 'push_endpoint_not_https',
  not_public: 'push_endpoint_not_public',
} as const;

/** Checks a push endpoint (lib/outbound-address.ts) before a subscription is stored and again before each push. */
export async function checkEndpoint(
  endpoint: string,
  options: { production: boolean; resolve: Resolver },
): Promise<CheckedEndpoint | EndpointRefusal> {
  const checked = await checkOutboundUrl(endpoint, options);
  return typeof checked === 'string' ? refusals[checked] : checked;
}
