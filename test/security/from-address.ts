/** fetch as if through a proxy: X-Forwarded-For (and -Proto) name the client's address. */
export function fromAddress(fetcher: typeof fetch, address: string, proto?: 'https' | 'http'): typeof fetch {
  return ((input: string | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', address);
    if (proto) headers.set('x-forwarded-proto', proto);
    return fetcher(input, { ...init, headers });
  }) as typeof fetch;
}
