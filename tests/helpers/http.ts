/** A tiny HTTP client that keeps cookies like a browser does, for API tests over real HTTP. */
export class ApiClient {
  private readonly cookies = new Map<string, string>();
  /** Raw Set-Cookie headers of the last response, to check flags. */
  lastSetCookies: string[] = [];

  constructor(readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
  ): Promise<Response> {
    const init: RequestInit = {
      method,
      headers: { ...headers },
      redirect: 'manual',
      ...(signal ? { signal } : {}),
    };
    const allHeaders = init.headers as Record<string, string>;
    if (this.cookies.size > 0) allHeaders.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      allHeaders['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await fetch(`${this.baseUrl}${path}`, init);
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return response;
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body, headers);
  delete = (path: string, headers?: Record<string, string>) =>
    this.request('DELETE', path, undefined, headers);

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  clearCookies(): void {
    this.cookies.clear();
  }
}
