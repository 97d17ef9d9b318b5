/**
 * The request layer (spec section 7): every call sends cookies, JSON bodies carry a JSON content-type,
 * and a non-OK response becomes an ApiError whose message is '<status>: <body or statusText>'.
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface RequestOptions {
  /** Injected in tests; defaults to the browser's fetch. */
  fetchImpl?: FetchLike;
  signal?: AbortSignal;
}

/** The server answered, but not with 2xx. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    /** What follows '<status>: ' in the message. */
    readonly detail: string,
  ) {
    super(`${status}: ${detail}`);
  }
}

/** The request never got an answer: offline, DNS, server down. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(override readonly cause: unknown) {
    super('Network error - please check your connection and try again');
  }
}

const defaultFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/**
 * The body part of an error message. Our API answers `{ "error": "..." }`; users should read that text
 * ('401: Invalid email or password'), not raw JSON. Anything else is shown as sent, or the status text.
 */
export function errorDetail(bodyText: string, statusText: string): string {
  const trimmed = bodyText.trim();
  if (trimmed === '') return statusText;
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed === 'object' && parsed !== null && 'error' in parsed) {
        const error = (parsed as { error: unknown }).error;
        if (typeof error === 'string' && error.trim() !== '') return error;
      }
    } catch {
      // Not JSON after all: show the text as it came.
    }
  }
  return bodyText;
}

export async function throwIfResponseNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  let bodyText = '';
  try {
    bodyText = await response.text();
  } catch {
    bodyText = '';
  }
  throw new ApiError(response.status, errorDetail(bodyText, response.statusText));
}

async function send(url: string, init: RequestInit, options: RequestOptions): Promise<Response> {
  const fetchImpl = options.fetchImpl ?? defaultFetch;
  try {
    return await fetchImpl(url, { ...init, credentials: 'include', signal: options.signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
}

/** A mutation-style call. Resolves with the OK response; rejects with ApiError or NetworkError. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const init: RequestInit = { method };
  if (data !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(data);
  }
  const response = await send(url, init, options);
  await throwIfResponseNotOk(response);
  return response;
}

/** apiRequest that reads the JSON body, typed by the caller. */
export async function apiJson<T>(
  method: string,
  url: string,
  data?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const response = await apiRequest(method, url, data, options);
  return (await response.json()) as T;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/**
 * A query key is [path] or [path, params]: the first element is the URL and the non-null entries of the
 * optional second object become query-string parameters.
 */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  const [path, params] = queryKey;
  if (typeof path !== 'string') throw new TypeError('The first query key element must be the request path');
  if (typeof params !== 'object' || params === null) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    search.append(name, String(value));
  }
  const query = search.toString();
  if (query === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** 'returnNull': a 401 resolves to null (e.g. "who am I?"); 'throw': a 401 is an error like any other. */
export type UnauthorizedBehavior = 'returnNull' | 'throw';

export interface QueryFnOptions extends Omit<RequestOptions, 'signal'> {
  on401: UnauthorizedBehavior;
}

export interface QueryFnContext {
  queryKey: readonly unknown[];
  signal?: AbortSignal;
}

export function getQueryFn<T>({ on401, fetchImpl }: QueryFnOptions) {
  return async ({ queryKey, signal }: QueryFnContext): Promise<T | null> => {
    const response = await send(urlFromQueryKey(queryKey), { method: 'GET' }, { fetchImpl, signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfResponseNotOk(response);
    return (await response.json()) as T;
  };
}

/** The message to show a user for a failed call, or the fallback when there is nothing useful. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
