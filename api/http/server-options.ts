import type { ServerOptions } from 'node:http';
import type { Config } from '../config.js';

/**
 * Node's own limits on how long a client may take to send a request, so a slow-drip client (a byte every
 * few seconds) cannot hold a connection and its memory for minutes. Past them Node answers 408 and closes
 * the connection. Only receiving the request counts: a transcription that takes minutes to answer is not cut.
 */
export function httpServerOptions(
  config: Pick<Config, 'HTTP_HEADERS_TIMEOUT_SECONDS' | 'HTTP_REQUEST_TIMEOUT_SECONDS'>,
): ServerOptions {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000;
  // Node refuses a headers timeout longer than the request timeout.
  const headersTimeout = Math.min(config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000, requestTimeout);
  return {
    requestTimeout,
    headersTimeout,
    // How often Node looks for requests past those limits (its default, 30 s, would let one overrun by that much).
    connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(headersTimeout / 4))),
  };
}
