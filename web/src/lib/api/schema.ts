// Names for the generated OpenAPI types (schema.d.ts, `npm run gen:api`).
import type { components } from './schema.d';

/** A schema of the server's OpenAPI document, by name: `Schema<'Estado'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
