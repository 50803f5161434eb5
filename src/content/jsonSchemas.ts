/** JSON Schema versions of the content schemas, for editor autocompletion. */
import { z } from 'zod';
import { directorySchema } from './schemas/directory.ts';
import { regionsSchema } from './schemas/regions.ts';
import { serviceSchema } from './schemas/service.ts';
import { siteSchema } from './schemas/site.ts';

const schemas = { site: siteSchema, service: serviceSchema, directory: directorySchema, regions: regionsSchema };

export function jsonSchemas(): Record<keyof typeof schemas, object> {
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [name, z.toJSONSchema(schema, { io: 'input', target: 'draft-07' })]),
  ) as Record<keyof typeof schemas, object>;
}
