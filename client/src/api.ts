/**
 * The resource API for one token source (a user, the integration itself, or an API key) and,
 * optionally, one organization. Every call sends the bearer token (or X-API-KEY) and X-API-ORG; a
 * 401 is answered by renewing the token once and retrying (an API key is not renewed).
 */
import { type MessagesClient, messagesClient } from './messages-client.js';
import { type ChangesClient, changesClient } from './changes-client.js';
import { type HttpOptions, type HttpResponse, isInvalidToken, send } from './http.js';
import type {
  AccountChanges,
  ChangeOptions,
  BookingChanges,
  EventChanges,
  EventTypeChanges,
  NewEventType,
  NewEvent,
  ContactChanges,
  NewAccount,
  NewBooking,
  NewContact,
  NewNote,
  NewPipeline,
  NewReferralSource,
  NewTaxRate,
  NewEmailTemplate,
  NewTask,
  TaskChanges,
  EmailTemplateChanges,
  NewItem,
  NewLineItem,
  NewInstallment,
  NewPayment,
  NewSpace,
  NewStage,
  NoteChanges,
  PipelineChanges,
  ReferralSourceChanges,
  TaxRateChanges,
  ItemChanges,
  LineItemChanges,
  InstallmentChanges,
  StageChanges,
  OrganizationChanges,
  SpaceChanges,
} from './inputs.js';
import type {
  AccountListOptions,
  BookingListOptions,
  ContactListOptions,
  EventListOptions,
  EventTypeListOptions,
  NoteListOptions,
  PipelineListOptions,
  ReferralSourceListOptions,
  TaxRateListOptions,
  EmailTemplateListOptions,
  TaskListOptions,
  ItemListOptions,
  LineItemListOptions,
  InstallmentListOptions,
  PaymentListOptions,
  SpaceListOptions,
  StageListOptions,
} from './list-options.js';
import { flatten, type SingleDocument } from './jsonapi.js';
import {
  type Requester,
  type RequestOptions,
  type ResourceClient,
  resourceClient,
  resourceReader,
  type ResourceReader,
} from './resource-client.js';
import type { TokenSource } from './token-source.js';
import type {
  Account,
  Booking,
  Contact,
  Event,
  EventType,
  Me,
  MyMembership,
  TaskEmails,
  Note,
  Organization,
  Pipeline,
  ReferralSource,
  Space,
  TaxRate,
  EmailTemplate,
  Task,
  Item,
  LineItem,
  Installment,
  Payment,
  Stage,
  UsableOrganization,
} from './types.js';
import { type WebhookEndpointsClient, webhookEndpointsClient } from './webhook-endpoints.js';
import { type DocumentsClient, documentsClient } from './documents-client.js';
import { SHAPES } from './write-documents.js';
import type {
  Automation,
  AutomationChanges,
  AutomationListOptions,
  AutomationRun,
  AutomationRunListOptions,
  NewAutomation,
} from './automation-types.js';

export class MarqueeApi implements Requester {
  readonly bookings: ResourceClient<Booking, BookingListOptions, NewBooking, BookingChanges>;
  /** A booking's events (its functions), each in its own spaces and times. */
  readonly events: ResourceClient<Event, EventListOptions, NewEvent, EventChanges>;
  /** The kinds of event the venue holds (admins change them). */
  readonly eventTypes: ResourceClient<EventType, EventTypeListOptions, NewEventType, EventTypeChanges>;
  readonly accounts: ResourceClient<Account, AccountListOptions, NewAccount, AccountChanges>;
  readonly contacts: ResourceClient<Contact, ContactListOptions, NewContact, ContactChanges>;
  /** The venue's rooms; only organization admins may create, change or delete them. */
  readonly spaces: ResourceClient<Space, SpaceListOptions, NewSpace, SpaceChanges>;
  readonly notes: ResourceClient<Note, NoteListOptions, NewNote, NoteChanges>;
  /** The sales pipelines and their stages, and where bookings come from; admins change them. */
  readonly pipelines: ResourceClient<Pipeline, PipelineListOptions, NewPipeline, PipelineChanges>;
  readonly stages: ResourceClient<Stage, StageListOptions, NewStage, StageChanges>;
  readonly referralSources: ResourceClient<
    ReferralSource,
    ReferralSourceListOptions,
    NewReferralSource,
    ReferralSourceChanges
  >;
  /** The taxes the venue charges; organization admins change them. */
  readonly taxRates: ResourceClient<TaxRate, TaxRateListOptions, NewTaxRate, TaxRateChanges>;
  /** The venue's catalogue: menus, packages, rentals, fees; organization admins change it. */
  readonly items: ResourceClient<Item, ItemListOptions, NewItem, ItemChanges>;
  /** A booking's prices: its lines, each with its figures; the booking's sums follow them. */
  readonly lineItems: ResourceClient<LineItem, LineItemListOptions, NewLineItem, LineItemChanges>;
  /** A booking's payment schedule. */
  readonly installments: ResourceClient<
    Installment,
    InstallmentListOptions,
    NewInstallment,
    InstallmentChanges
  >;
  /** Payments and refunds (never changed; organization admins delete them). */
  readonly payments: ResourceClient<Payment, PaymentListOptions, NewPayment, never>;
  /** A booking's proposals, BEOs and invoices: make a version, send, issue, void, download the PDF. */
  readonly documents: DocumentsClient;
  /** The conversation with clients: each booking's messages in and out, and the Inbox. */
  readonly messages: MessagesClient;
  /** The venue's e-mail templates; organization admins change them. */
  readonly emailTemplates: ResourceClient<
    EmailTemplate,
    EmailTemplateListOptions,
    NewEmailTemplate,
    EmailTemplateChanges
  >;
  /** The venue's automations; organization admins change them. */
  readonly automations: ResourceClient<Automation, AutomationListOptions, NewAutomation, AutomationChanges>;
  /** Each booking's way through an automation (read only). */
  readonly automationRuns: ResourceReader<AutomationRun, AutomationRunListOptions>;
  /** The team's tasks: a member's own with `assignee_id: 'me'`, the late ones with `overdue: true`. */
  readonly tasks: ResourceClient<Task, TaskListOptions, NewTask, TaskChanges>;
  /** The organization's changes, for polling (the same changes webhooks deliver). */
  readonly changes: ChangesClient;
  /** This integration's webhook endpoints in the organization. */
  readonly webhookEndpoints: WebhookEndpointsClient;
  /** The organization's name, time zone and currency; its admins may change them. */
  readonly organization: OrganizationClient;

  constructor(
    private readonly baseUrl: string,
    private readonly http: HttpOptions,
    private readonly tokens: TokenSource,
    private readonly organizationId?: string,
  ) {
    this.bookings = resourceClient(this, '/v2/bookings', SHAPES.bookings);
    this.events = resourceClient(this, '/v2/events', SHAPES.events);
    this.eventTypes = resourceClient(this, '/v2/event_types', SHAPES.event_types);
    this.accounts = resourceClient(this, '/v2/accounts', SHAPES.accounts);
    this.contacts = resourceClient(this, '/v2/contacts', SHAPES.contacts);
    this.spaces = resourceClient(this, '/v2/spaces', SHAPES.spaces);
    this.notes = resourceClient(this, '/notes', SHAPES.notes);
    this.pipelines = resourceClient(this, '/v2/pipelines', SHAPES.pipelines);
    this.stages = resourceClient(this, '/v2/stages', SHAPES.stages);
    this.referralSources = resourceClient(this, '/v2/referral_sources', SHAPES.referral_sources);
    this.taxRates = resourceClient(this, '/v2/tax_rates', SHAPES.tax_rates);
    this.items = resourceClient(this, '/v2/items', SHAPES.items);
    this.lineItems = resourceClient(this, '/v2/line_items', SHAPES.line_items);
    this.installments = resourceClient(this, '/v2/installments', SHAPES.installments);
    this.payments = resourceClient(this, '/v2/payments', SHAPES.payments);
    this.documents = documentsClient(this);
    this.messages = messagesClient(this);
    this.emailTemplates = resourceClient(this, '/v2/email_templates', SHAPES.email_templates);
    this.automations = resourceClient(this, '/v2/automations', SHAPES.automations);
    this.automationRuns = resourceReader(this, '/v2/automation_runs');
    this.tasks = resourceClient(this, '/v2/tasks', SHAPES.tasks);
    this.changes = changesClient(this);
    this.webhookEndpoints = webhookEndpointsClient(this);
    this.organization = organizationClient(this, () => this.organizationId);
  }

  /** The same client acting in another organization (sets X-API-ORG). */
  inOrganization(organizationId: string): MarqueeApi {
    return new MarqueeApi(this.baseUrl, this.http, this.tokens, organizationId);
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const organizationId = options.organizationId ?? this.organizationId;
    if (options.organization !== false && !organizationId) {
      throw new Error(
        'Say which organization to act in: inOrganization(id) or { organizationId } (see me()).',
      );
    }
    const url = `${this.baseUrl}${path}${options.query && [...options.query].length ? `?${options.query}` : ''}`;
    const attempt = (token: string) =>
      send<T>(this.http, {
        method,
        url,
        body: options.body,
        ...(options.bytes ? { bytes: true } : {}),
        headers: {
          ...(this.tokens.headers ? this.tokens.headers(token) : { authorization: `Bearer ${token}` }),
          ...(options.organization !== false && organizationId ? { 'x-api-org': organizationId } : {}),
          ...options.headers,
        },
      });
    const token = await this.tokens.accessToken();
    try {
      return await attempt(token);
    } catch (error) {
      if (!isInvalidToken(error) || !this.tokens.renew) throw error;
      return attempt(await this.tokens.renew(token));
    }
  }

  async me(): Promise<Me> {
    const { body } = await this.request<{
      data: { id: string; attributes: { email: string; name: string } };
      meta: Omit<Me, 'user'>;
    }>('GET', '/v2/me', { organization: false });
    return { user: { id: body.data.id, ...body.data.attributes }, ...body.meta };
  }

  /** The caller's own membership of an organization me() lists: their role and task e-mails. */
  async myMembership(organizationId: string): Promise<MyMembership> {
    const { body } = await this.request<MembershipDocument>('GET', membershipPath(organizationId), {
      organization: false,
    });
    return membershipOf(body);
  }

  /**
   * Changes the caller's own membership of an organization: their choice of task e-mails there.
   * Needs crm_manage.
   */
  async updateMyMembership(
    organizationId: string,
    changes: { task_emails: TaskEmails },
  ): Promise<MyMembership> {
    const { body } = await this.request<MembershipDocument>('PATCH', membershipPath(organizationId), {
      organization: false,
      body: { data: { type: 'memberships', id: organizationId, attributes: changes } },
    });
    return membershipOf(body);
  }

  /** The organizations these credentials may use, with the id to act in (inOrganization). */
  async organizations(): Promise<UsableOrganization[]> {
    const { body } = await this.request<{
      data: Array<{ id: string; attributes: { name: string }; meta: { role: string } }>;
    }>('GET', '/v2/organizations', { organization: false });
    return body.data.map((o) => ({ id: o.id, name: o.attributes.name, role: o.meta.role }));
  }
}

interface MembershipDocument {
  data: {
    id: string;
    attributes: { role: MyMembership['role']; task_emails: TaskEmails };
    relationships: { user: { data: { id: string } } };
  };
}

const membershipPath = (organizationId: string) => `/v2/me/memberships/${encodeURIComponent(organizationId)}`;

const membershipOf = ({ data }: MembershipDocument): MyMembership => ({
  organization_id: data.id,
  user_id: data.relationships.user.data.id,
  ...data.attributes,
});

export interface OrganizationClient {
  get(options?: { organizationId?: string }): Promise<Organization>;
  /** Needs crm_manage and an admin of the organization. */
  update(changes: OrganizationChanges, options?: ChangeOptions): Promise<Organization>;
}

function organizationClient(
  api: Requester,
  defaultOrganization: () => string | undefined,
): OrganizationClient {
  const read = (response: HttpResponse<SingleDocument>): Organization => {
    const etag = response.headers.get('etag');
    return { ...flatten<Organization>(response.body.data), ...(etag ? { etag } : {}) };
  };
  return {
    get: async (options = {}) => read(await api.request<SingleDocument>('GET', '/v2/organization', options)),
    update: async (changes, options = {}) => {
      // The document names the organization the call acts in (its X-API-ORG).
      const organizationId = options.organizationId ?? defaultOrganization() ?? '';
      return read(
        await api.request<SingleDocument>('PATCH', '/v2/organization', {
          organizationId: options.organizationId,
          headers: options.ifMatch ? { 'if-match': options.ifMatch } : {},
          body: { data: { type: 'organizations', id: organizationId, attributes: changes } },
        }),
      );
    },
  };
}
