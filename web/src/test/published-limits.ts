// Reads field rules straight from the committed OpenAPI document (src/lib/api/openapi.json,
// what the server publishes) and checks a form schema against them at the boundaries, so a
// form that copies a limit by hand, or reads the wrong field, fails.
import { expect } from 'vitest';
import type { z } from 'zod';
import doc from '@/lib/api/openapi.json';

/** The rules the server publishes on one field of one request-body schema. */
export interface PublishedRules {
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: PublishedRules;
}

type Doc = {
  components: { schemas: Record<string, { properties?: Record<string, PublishedRules> }> };
};

/** The published rules of `schema.field`; fails the test when the server does not publish them. */
export function published(schema: string, field: string): PublishedRules {
  const published = doc as unknown as Doc;
  const rules = published.components.schemas[schema]?.properties?.[field];
  expect(rules, `${schema}.${field} is in the server's OpenAPI document`).toBeDefined();
  return rules ?? {};
}

/** Messages a form schema gives for one field of `values`. */
export function issuesAt(schema: z.ZodType, values: Record<string, unknown>, field: string): string[] {
  const result = schema.safeParse(values);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

/** Translation stub: the key is the message. */
export const t = (key: string) => key;

/**
 * The form takes exactly the published maximum length on `field`: `max` characters pass,
 * `max + 1` do not. `fill` builds a valid text of a length (letters by default).
 */
export function expectMaxLength(
  schema: z.ZodType,
  values: Record<string, unknown>,
  field: string,
  max: number | undefined,
  fill: (length: number) => string = (n) => 'a'.repeat(n),
): void {
  expect(max, `a published maxLength for ${field}`).toBeTypeOf('number');
  const n = max ?? 0;
  expect(issuesAt(schema, { ...values, [field]: fill(n) }, field), `${field}: ${n} characters pass`).toEqual([]);
  expect(issuesAt(schema, { ...values, [field]: fill(n + 1) }, field), `${field}: ${n + 1} characters do not`).not.toEqual([]);
}

/** How a published pattern reads as a RegExp's `source` (a RegExp escapes `/`). */
export function asSource(pattern: string | undefined): string {
  expect(pattern, 'a published pattern').toBeTypeOf('string');
  return new RegExp(pattern ?? '', 'u').source;
}
