/**
 * Follows Marquee's HTML pages over real HTTP the way a browser without JavaScript does: keeps
 * cookies, reads hidden form fields, submits forms, and stops at redirects to other origins.
 */
export interface PageResponse {
  status: number;
  url: string;
  location: string | undefined;
  headers: Headers;
  body: string;
}

export class BrowserSession {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly origin: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  async request(
    pathOrUrl: string,
    init: { method?: string; form?: Record<string, string | string[]> } = {},
  ): Promise<PageResponse> {
    const url = new URL(pathOrUrl, this.origin).href;
    let body: string | undefined;
    if (init.form) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(init.form)) for (const item of [v].flat()) params.append(k, item);
      body = params.toString();
    }
    const response = await this.fetcher(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        cookie: this.cookieHeader(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    this.remember(response);
    const location = response.headers.get('location') ?? undefined;
    return {
      status: response.status,
      url,
      location: location ? new URL(location, url).href : undefined,
      headers: response.headers,
      body: await response.text(),
    };
  }

  /** GETs and follows same-origin redirects; returns the first page or the first cross-origin redirect. */
  async follow(
    pathOrUrl: string,
    init: { form?: Record<string, string | string[]> } = {},
  ): Promise<PageResponse> {
    let response = await this.request(pathOrUrl, init);
    for (let hops = 0; hops < 10 && response.location?.startsWith(this.origin); hops++) {
      response = await this.request(response.location);
    }
    return response;
  }
}

/** The value of a named hidden or text input on a page. */
export function inputValue(page: string, name: string): string | undefined {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`, 'i').exec(page)?.[0];
  const value = tag ? /value="([^"]*)"/.exec(tag)?.[1] : undefined;
  return value
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** All hidden inputs of the first form posting to `action`. */
export function formFields(page: string, action: string): Record<string, string> {
  const start = page.indexOf(`action="${action}"`);
  const form = start === -1 ? '' : page.slice(start, page.indexOf('</form>', start));
  const fields: Record<string, string> = {};
  for (const tag of form.match(/<input[^>]*type="hidden"[^>]*>/g) ?? []) {
    const name = /name="([^"]*)"/.exec(tag)?.[1];
    if (name) fields[name] = inputValue(tag, name) ?? '';
  }
  return fields;
}
