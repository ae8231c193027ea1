/** The locator names nodes by `Endpoint` strings, messaging by host/port objects: the two conversions. */
import { type Endpoint, endpoint } from '../../locator/index.js';
import { type InetAddressAndPort, endpointKey, parseEndpoint } from '../../net/index.js';

export function addressOf(e: Endpoint): InetAddressAndPort {
  return parseEndpoint(e);
}

export function endpointOf(a: InetAddressAndPort): Endpoint {
  return endpoint(endpointKey(a));
}
