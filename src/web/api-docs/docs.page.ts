/**
 * The API reference at /docs, rendered on the server from the OpenAPI document itself: no script,
 * no third-party assets or branding, the pages' own stylesheet under the strict
 * Content-Security-Policy, and readable on a phone. Schemas fold away in <details>, which needs
 * no JavaScript. The full machine-readable document stays at /openapi.json.
 */
import { html, type SafeHtml } from '../html.js';
import { page } from '../layout.js';

type Json = Record<string, unknown>;
type Schema = Json & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  description?: string;
  format?: string;
};

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: Schema }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
  security?: Array<Record<string, string[]>>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const MAX_DEPTH = 6;

/** `code` spans written in backticks become <code>; everything else is text. */
function prose(text: string | undefined): SafeHtml {
  const parts = (text ?? '').split('`');
  return html`${parts.map((part, i) => (i % 2 === 1 ? html`<code>${part}</code>` : part))}`;
}

function typeOf(schema: Schema): string {
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map(typeOf).join(' | ');
  const type = [schema.type ?? 'any'].flat().join(' | ');
  if (type === 'array' && schema.items) return `array of ${typeOf(schema.items)}`;
  return schema.format ? `${type} (${schema.format})` : type;
}

function objectOf(schema: Schema): Schema | undefined {
  if (schema.properties) return schema;
  if (schema.items?.properties) return schema.items;
  return (schema.anyOf ?? schema.oneOf)?.find((s) => s.properties || s.items?.properties);
}

function schemaOutline(schema: Schema, depth = 0): SafeHtml {
  const object = objectOf(schema);
  if (!object?.properties || depth >= MAX_DEPTH) return html``;
  const required = new Set(object.required ?? []);
  return html`<ul>
    ${Object.entries(object.properties).map(
      ([name, property]) => html`<li><code>${name}</code>
        <span class="muted">${typeOf(property)}${required.has(name) ? ', required' : ''}</span>
        ${property.description ? html` — ${prose(property.description)}` : ''}
        ${schemaOutline(property, depth + 1)}</li>`,
    )}
  </ul>`;
}

function anchor(method: string, path: string): string {
  return `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '');
}

function access(operation: Operation): SafeHtml | string {
  const scopes = [...new Set((operation.security ?? []).flatMap((s) => Object.values(s).flat()))];
  const schemes = [...new Set((operation.security ?? []).flatMap((s) => Object.keys(s)))];
  if (schemes.length === 0) return '';
  const how = schemes.includes('bearer')
    ? schemes.includes('apiKey')
      ? 'Bearer access token, or API key (X-API-KEY)'
      : 'Bearer access token'
    : schemes.includes('clientSecretBasic')
      ? 'Client credentials (HTTP Basic or in the body)'
      : schemes.join(', ');
  return html`<p><strong>Authorization:</strong> ${how}${
    scopes.length ? html`; scope ${scopes.map((s) => html`<code>${s}</code> `)}` : ''
  }</p>`;
}

function parameters(operation: Operation): SafeHtml | string {
  const list = operation.parameters ?? [];
  if (list.length === 0) return '';
  return html`<details>
    <summary>Parameters (${list.length})</summary>
    <ul>${list.map(
      (p) => html`<li><code>${p.name}</code>
        <span class="muted">${p.in}${p.schema ? `, ${typeOf(p.schema)}` : ''}${p.required ? ', required' : ''}</span>
        ${p.description ? html` — ${prose(p.description)}` : ''}</li>`,
    )}</ul>
  </details>`;
}

function body(operation: Operation): SafeHtml | string {
  const content = operation.requestBody?.content;
  if (!content) return '';
  const [type, media] = Object.entries(content)[0] ?? [];
  return html`<details>
    <summary>Request body: ${Object.keys(content).map((t) => html`<code>${t}</code> `)}</summary>
    ${type && media?.schema ? schemaOutline(media.schema) : ''}
  </details>`;
}

function responses(operation: Operation): SafeHtml {
  const entries = Object.entries(operation.responses ?? {});
  const success = entries.find(([status]) => status.startsWith('2'));
  const schema = success?.[1].content && Object.values(success[1].content)[0]?.schema;
  return html`<p><strong>Responses:</strong> ${entries.map(([status]) => html`<code>${status}</code> `)}</p>
    ${
      success && schema && objectOf(schema)
        ? html`<details><summary>Response ${success[0]}</summary>${schemaOutline(schema)}</details>`
        : ''
    }`;
}

function operationSection(method: string, path: string, operation: Operation): SafeHtml {
  return html`<section id="${anchor(method, path)}" aria-labelledby="${anchor(method, path)}-title">
    <h3 id="${anchor(method, path)}-title"><code>${method.toUpperCase()} ${path}</code></h3>
    <p><strong>${operation.summary ?? ''}</strong></p>
    ${operation.description ? html`<p>${prose(operation.description)}</p>` : ''}
    ${access(operation)} ${parameters(operation)} ${body(operation)} ${responses(operation)}
  </section>`;
}

export function docsPage(document: OpenApiDocument): string {
  const groups = new Map<string, Array<[string, string, Operation]>>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), [method, path, operation]]);
    }
  }
  const tagId = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return page({
    title: 'API reference',
    wide: true,
    body: html`<h1>${document.info.title} <span class="muted">${document.info.version}</span></h1>
      <p class="lead">${prose(document.info.description)}</p>
      <p>Base URL: <code>${document.servers?.[0]?.url ?? ''}</code> · The same reference as
        <a href="/openapi.json">OpenAPI 3.1 JSON</a> · Tokens from
        <a href="/.well-known/oauth-authorization-server">the authorization server</a>.</p>
      <nav aria-label="Contents"><h2>Contents</h2><ul>
        ${[...groups].map(
          ([tag, operations]) => html`<li><a href="#${tagId(tag)}">${tag}</a>
            <ul>${operations.map(
              ([method, path, operation]) =>
                html`<li><a href="#${anchor(method, path)}"><code>${method.toUpperCase()} ${path}</code></a> ${operation.summary ?? ''}</li>`,
            )}</ul></li>`,
        )}
      </ul></nav>
      ${[...groups].map(
        ([tag, operations]) => html`<h2 id="${tagId(tag)}">${tag}</h2>
          ${operations.map(([method, path, operation]) => operationSection(method, path, operation))}`,
      )}`,
  });
}
