import { describe, expect, it } from 'vitest';
import {
  ApiError,
  apiJson,
  apiRequest,
  errorDetail,
  getQueryFn,
  messageOf,
  NetworkError,
  urlFromQueryKey,
  type FetchLike,
} from '../../../web/src/lib/api';
import { createQueryClient } from '../../../web/src/lib/queryClient';

interface RecordedCall {
  url: string;
  init: RequestInit | undefined;
}

/** A fetch that records what it was asked and answers with a canned response. */
function fakeFetch(respond: () => Response | Promise<Response>): {
  fetchImpl: FetchLike;
  calls: RecordedCall[];
} {
  const calls: RecordedCall[] = [];
  return {
    calls,
    fetchImpl: async (url, init) => {
      calls.push({ url, init });
      return respond();
    },
  };
}

const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

describe('apiRequest', () => {
  it('sends credentials and a JSON content-type with a JSON body', async () => {
    const { fetchImpl, calls } = fakeFetch(() => json({ success: true }));
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.co.za', password: 'x' }, { fetchImpl });
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.co.za', password: 'x' }));
  });

  it('sends no body and no content-type without data, but still credentials', async () => {
    const { fetchImpl, calls } = fakeFetch(() => json({ success: true }));
    await apiRequest('POST', '/api/auth/logout', undefined, { fetchImpl });
    const { init } = calls[0]!;
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
  });

  it("shows the API's JSON error text as '<status>: <error>'", async () => {
    const { fetchImpl } = fakeFetch(() => json({ error: 'Invalid email or password' }, 401, 'Unauthorized'));
    const failure = apiRequest('POST', '/api/auth/login', {}, { fetchImpl });
    await expect(failure).rejects.toThrow(new ApiError(401, 'Invalid email or password'));
    await expect(failure).rejects.toMatchObject({ message: '401: Invalid email or password', status: 401 });
  });

  it('shows a non-JSON body as sent, and the status text when the body is empty', async () => {
    const plain = fakeFetch(
      () => new Response('Bad gateway from proxy', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(apiRequest('GET', '/api/x', undefined, plain)).rejects.toThrow(
      '502: Bad gateway from proxy',
    );
    const empty = fakeFetch(() => new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/x', undefined, empty)).rejects.toThrow('503: Service Unavailable');
  });

  it('turns a fetch that never got an answer into a NetworkError', async () => {
    const fetchImpl: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(apiRequest('GET', '/api/x', undefined, { fetchImpl })).rejects.toBeInstanceOf(NetworkError);
  });

  it('apiJson returns the parsed body', async () => {
    const { fetchImpl } = fakeFetch(() => json({ success: true, user: { id: '1' } }));
    await expect(apiJson('POST', '/api/auth/register', {}, { fetchImpl })).resolves.toEqual({
      success: true,
      user: { id: '1' },
    });
  });
});

describe('errorDetail', () => {
  it.each([
    ['{"error":"Not authenticated"}', 'Unauthorized', 'Not authenticated'],
    ['{"message":"no error field"}', 'Bad Request', '{"message":"no error field"}'],
    ['{"error":""}', 'Bad Request', '{"error":""}'],
    ['{not json', 'Bad Request', '{not json'],
    ['plain text', 'Bad Request', 'plain text'],
    ['', 'Not Found', 'Not Found'],
    ['   ', 'Not Found', 'Not Found'],
  ])('%j with status text %j → %j', (body, statusText, expected) => {
    expect(errorDetail(body, statusText)).toBe(expected);
  });
});

describe('getQueryFn', () => {
  it("returns null on 401 in 'returnNull' mode", async () => {
    const { fetchImpl, calls } = fakeFetch(() => json({ error: 'Not authenticated' }, 401, 'Unauthorized'));
    const queryFn = getQueryFn({ on401: 'returnNull', fetchImpl });
    await expect(queryFn({ queryKey: ['/api/auth/me'] })).resolves.toBeNull();
    expect(calls[0]!.init?.credentials).toBe('include');
    expect(calls[0]!.init?.method).toBe('GET');
  });

  it("throws '401: …' on 401 in 'throw' mode", async () => {
    const { fetchImpl } = fakeFetch(() => json({ error: 'Not authenticated' }, 401, 'Unauthorized'));
    const queryFn = getQueryFn({ on401: 'throw', fetchImpl });
    await expect(queryFn({ queryKey: ['/api/auth/me'] })).rejects.toThrow('401: Not authenticated');
  });

  it('still throws other errors in returnNull mode', async () => {
    const { fetchImpl } = fakeFetch(() => json({ error: 'Boom' }, 500, 'Internal Server Error'));
    const queryFn = getQueryFn({ on401: 'returnNull', fetchImpl });
    await expect(queryFn({ queryKey: ['/api/auth/me'] })).rejects.toThrow('500: Boom');
  });

  it('builds the URL from the query key and returns the JSON body', async () => {
    const { fetchImpl, calls } = fakeFetch(() => json({ recordings: [] }));
    const queryFn = getQueryFn({ on401: 'throw', fetchImpl });
    const result = await queryFn({ queryKey: ['/api/recordings/history', { limit: 20, offset: 40 }] });
    expect(result).toEqual({ recordings: [] });
    expect(calls[0]!.url).toBe('/api/recordings/history?limit=20&offset=40');
  });
});

describe('urlFromQueryKey', () => {
  it('uses the first element as the path', () => {
    expect(urlFromQueryKey(['/api/auth/me'])).toBe('/api/auth/me');
  });

  it('adds only the non-null entries of the second element as query parameters', () => {
    expect(
      urlFromQueryKey(['/api/recordings/search', { q: 'bella & co', page: null, extra: undefined }]),
    ).toBe('/api/recordings/search?q=bella+%26+co');
    expect(urlFromQueryKey(['/api/x', { a: null }])).toBe('/api/x');
    expect(urlFromQueryKey(['/api/x?fixed=1', { b: false }])).toBe('/api/x?fixed=1&b=false');
  });

  it('ignores non-object second elements and rejects a missing path', () => {
    expect(urlFromQueryKey(['/api/x', 'not-params'])).toBe('/api/x');
    expect(() => urlFromQueryKey([42])).toThrow(TypeError);
  });
});

describe('createQueryClient', () => {
  it('never goes stale, never refetches on focus or polls, and never retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(Infinity);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
    expect(typeof defaults.queries?.queryFn).toBe('function');
  });
});

describe('messageOf', () => {
  it('prefers the error message and falls back otherwise', () => {
    expect(messageOf(new ApiError(401, 'Invalid email or password'), 'Invalid credentials')).toBe(
      '401: Invalid email or password',
    );
    expect(messageOf(new Error(''), 'Invalid credentials')).toBe('Invalid credentials');
    expect(messageOf('weird', 'Invalid credentials')).toBe('Invalid credentials');
  });
});
