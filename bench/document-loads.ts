/**
 * The documents rows (SPEC §13's goal): a proposal of ten pages (a booking of 6 events and 40
 * lines with their descriptions, its schedule and terms), made once through the API of a running
 * contender, then its PDF rendered on each GET (a draft's PDF is made anew each time), alone at a
 * steady pace, and back to back while the bookings list is asked for at a steady pace, whose
 * latency says how long other requests wait while PDFs are rendered (off the event loop).
 */
type Info = Record<string, string>;

const NAMES = [
  'Ceremony',
  'Drinks reception',
  'Wedding breakfast',
  'Speeches',
  'Evening party',
  'Late supper',
];
const DESCRIPTION =
  'Seasonal three-course menu: chilled pea and mint soup with crème fraîche; slow-roast lamb with ' +
  'rosemary potatoes, spring greens and a red wine jus; lemon tart with raspberry sorbet — the chef’s ' +
  '“signature”. Vegetarian, vegan and gluten-free courses on request; dietary needs by 14 days before. ' +
  'Served by our own team at one waiter to ten guests, with linen, china, glassware and cutlery included; ' +
  'coffee and petits fours in the lounge afterwards, and late-night bacon rolls if the evening runs on.';

const made = new Map<string, Promise<string>>();

async function call(
  info: Info,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ data: { id: string } }> {
  const response = await fetch(`${info.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${info.token}`,
      'x-api-org': info.org!,
      ...(body ? { 'content-type': 'application/vnd.api+json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data: { id: string } };
}

const ref = (type: string, id: string) => ({ data: { type, id } });

export async function makeProposal(info: Info): Promise<string> {
  const id = async (path: string, type: string, attributes: object, relationships: object = {}) =>
    (await call(info, 'POST', path, { data: { type, attributes, relationships } })).data.id;
  const account = await id('/v2/accounts', 'accounts', { name: 'Bench wedding party', city: 'Bristol' });
  const contact = await id(
    '/v2/contacts',
    'contacts',
    { first_name: 'Ama', last_name: 'Mensah', email: 'ama@bench.example' },
    { account: ref('accounts', account) },
  );
  const day = Date.parse('2031-06-14T11:00:00Z');
  const booking = await id(
    '/v2/bookings',
    'bookings',
    {
      name: 'Bench wedding',
      status: 'tentative',
      start_at: new Date(day).toISOString(),
      end_at: new Date(day + 5400_000).toISOString(),
      currency: 'GBP',
      timezone: 'Europe/London',
    },
    { account: ref('accounts', account), contact: ref('contacts', contact) },
  );
  const first = (await call(info, 'GET', `/v2/events?filter[booking_id][eq]=${booking}`)) as unknown as {
    data: Array<{ id: string }>;
  };
  const events = [first.data[0]!.id];
  for (let i = 1; i < NAMES.length; i++) {
    const start = day + i * 2 * 3600_000;
    events.push(
      await id(
        '/v2/events',
        'events',
        {
          name: NAMES[i],
          start_at: new Date(start).toISOString(),
          end_at: new Date(start + 5400_000).toISOString(),
          guest_count: 120,
          setup_style: 'banquet',
        },
        { booking: ref('bookings', booking) },
      ),
    );
  }
  const categories = ['food', 'beverage', 'rental', 'av', 'labor', 'fee', 'other'];
  for (let n = 0; n < 40; n++) {
    await id(
      '/v2/line_items',
      'line_items',
      {
        name: `Line ${n + 1}: ${['Gold dinner menu', 'Prosecco on arrival', 'Chiavari chairs', 'PA and microphones', 'Waiting staff', 'Corkage', 'Flowers'][n % 7]}`,
        description: DESCRIPTION,
        category: categories[n % 7],
        unit: n % 3 === 0 ? 'per_person' : 'each',
        quantity: n % 3 === 0 ? '118' : '2',
        unit_price: 4500 + n * 125,
      },
      { booking: ref('bookings', booking), event: ref('events', events[n % events.length]!) },
    );
  }
  await id(
    '/v2/installments',
    'installments',
    { label: 'Deposit', percentage: '25', due_on_signing: true },
    { booking: ref('bookings', booking) },
  );
  await id(
    '/v2/installments',
    'installments',
    { label: 'Second payment', percentage: '50', due_days_before: 60 },
    { booking: ref('bookings', booking) },
  );
  await id(
    '/v2/installments',
    'installments',
    { label: 'Balance', remainder: true, due_days_before: 14 },
    { booking: ref('bookings', booking) },
  );
  const document = await id(
    '/v2/documents',
    'documents',
    { kind: 'proposal' },
    { booking: ref('bookings', booking) },
  );
  const pdf = await fetch(`${info.url}/v2/documents/${document}/pdf`, {
    headers: { authorization: `Bearer ${info.token}`, 'x-api-org': info.org! },
  });
  const pages = (
    Buffer.from(await pdf.arrayBuffer())
      .toString('latin1')
      .match(/\/Type \/Page\b/g) ?? []
  ).length;
  console.log(`documents: the bench proposal has ${pages} pages (40 lines, 6 events)`);
  return document;
}

/** The bench proposal of the contender (made on first use), its id in `info.proposal`. */
export async function withProposal<T>(info: Info, run: () => Promise<T>): Promise<T> {
  let proposal = made.get(info.url!);
  if (!proposal) made.set(info.url!, (proposal = makeProposal(info)));
  info.proposal = await proposal;
  return run();
}

export function proposalPdf(info: Info) {
  return {
    url: `${info.url}/v2/documents/${info.proposal}/pdf`,
    headers: { authorization: `Bearer ${info.token}`, 'x-api-org': info.org! },
  };
}

/** Renders the bench proposal back to back for as long as `run` measures; logs how long renders took. */
export async function whileRendering<T>(info: Info, run: () => Promise<T>): Promise<T> {
  return withProposal(info, async () => {
    let rendering = true;
    const times: number[] = [];
    const loop = (async () => {
      while (rendering) {
        const started = performance.now();
        const response = await fetch(proposalPdf(info).url, { headers: proposalPdf(info).headers });
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
    })();
    try {
      return await run();
    } finally {
      rendering = false;
      await loop;
      const sorted = times.sort((a, b) => a - b);
      console.log(
        `documents: ${times.length} renders meanwhile, median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms`,
      );
    }
  });
}
