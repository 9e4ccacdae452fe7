/** GET /orgs/:org/bookings: the home page of the workspace. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BOOKING_STATUSES, bookingsPage, type BookingStatus } from '../../../crm/bookings/index.js';
import { accountNames } from '../../../crm/accounts/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { unreadByBooking } from '../../../crm/messages/index.js';
import { countRecords } from '../../../crm/records.js';
import { customFieldsOf } from '../../../crm/custom-fields/index.js';
import { CustomListParams, customListOf } from '../forms/custom-list.js';
import { spaceNamesOf } from '../../../crm/spaces/index.js';
import { sendPage } from '../../forms.js';
import { bookingsListPage } from './bookings-list.page.js';
import { addDays, isDate, localDate, zonedToUtc } from '../time-zones.js';
import { visitorOf } from '../workspace-visitor.js';

const Text = Type.Optional(Type.String({ maxLength: 500 }));
export const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });

export const bookingsListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/orgs/:org/bookings',
    {
      schema: {
        params: OrgParams,
        querystring: Type.Object({
          status: Text,
          q: Text,
          from: Text,
          to: Text,
          account: Text,
          after: Text,
          before: Text,
          notice: Text,
          ...CustomListParams,
        }),
      },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const organizationId = request.params.org;
      const query = request.query;
      const zone = await organizationZone(db, organizationId);
      const today = localDate(request.ctx.now(), zone);
      const status = BOOKING_STATUSES.find((s) => s === query.status) as BookingStatus | undefined;
      // Absent: from today on; "all" or empty: every date.
      const from = query.from === undefined ? today : isDate(query.from) ? query.from : '';
      const to = isDate(query.to) ? query.to : '';
      const q = (query.q ?? '').trim().slice(0, 200);
      const account = query.account && query.account.length <= 64 ? query.account : undefined;
      const { fields } = await customFieldsOf(db, organizationId, 'bookings');
      const custom = customListOf(query, fields);
      const [page, bookings, spaces, accounts, unread] = await Promise.all([
        bookingsPage(db, app.cursors, organizationId, {
          status,
          q: q || undefined,
          from: from ? new Date(zonedToUtc(from, zone) ?? 0).toISOString() : undefined,
          to: to ? new Date(zonedToUtc(addDays(to, 1), zone) ?? 0).toISOString() : undefined,
          accountId: account,
          after: query.after,
          before: query.before,
          custom: custom.filters,
        }),
        countRecords(db, 'bookings', organizationId),
        countRecords(db, 'spaces', organizationId),
        countRecords(db, 'accounts', organizationId),
        // The one read for the unread marks, of every row and of Home's replies waiting.
        unreadByBooking(db, organizationId),
      ]);
      return sendPage(
        reply,
        bookingsListPage(v, {
          zone,
          filters: { status, q, from, to, account },
          defaultFrom: today,
          rows: page.rows,
          accountNames: await accountNames(
            db,
            organizationId,
            page.rows.map((b) => b.account_id),
          ),
          spaceNames: (await spaceNamesOf(db, organizationId)).names,
          next: page.next,
          prev: page.prev,
          incomplete: page.incomplete,
          totals: { bookings, spaces, accounts },
          notice: query.notice,
          unread,
          customFields: fields,
          custom,
        }),
        custom.error ? 400 : 200,
      );
    },
  );
};
