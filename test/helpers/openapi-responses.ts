/**
 * Holding real responses against /openapi.json: each body must match the schema the document
 * gives its path, method and status (JSON Schema 2020-12, formats checked).
 */
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export interface OpenApiDocument {
  openapi?: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
}

/** A function failing the test when a body does not match its documented response. */
export function responseChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return (path: string, method: string, status: number, body: unknown): void => {
    const content = document.paths[path]?.[method]?.responses[String(status)]?.content;
    const schema = content && Object.values(content)[0]?.schema;
    assert.ok(schema, `no schema for ${method} ${path} ${status}`);
    const validate = ajv.compile(schema as object);
    assert.ok(
      validate(body),
      `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 300)}`,
    );
  };
}
