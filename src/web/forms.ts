/** Form posts as the pages receive them, and pages as they are sent. */
import { type Static, Type } from 'typebox';
import type { FastifyReply } from 'fastify';

/** Any urlencoded form: each field a string, or a list when repeated (checkboxes). */
export const FormBody = Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())]));
export type Form = Static<typeof FormBody>;

/** A single field's text ('' when absent or repeated). */
export function formText(form: Form, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value : '';
}

/** Every value of a field that may repeat. */
export function formList(form: Form, name: string): string[] {
  return [form[name] ?? []].flat();
}

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

export function sendPage(reply: FastifyReply, page: string, status = 200): FastifyReply {
  return reply.code(status).type(HTML_CONTENT_TYPE).send(page);
}

/** A decimal typed with a comma, as much of Europe writes it ("18,5"), read with a point ("18.5"). */
export function decimalPoint(text: string): string {
  return text.replace(/^(\d+),(\d+)$/, '$1.$2');
}
