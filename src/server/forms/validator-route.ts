/**
 * GET /validators/<name>.js: the validator module of a flows/forms form that the build did not
 * precompile (a form and its schema added after the build, e.g. a new journey stage), made from its
 * schema on first request and kept. The browser loads it with a dynamic import (web/lib/forms.ts);
 * the built forms never come here. Unknown names, and schemas whose module would need more than
 * ajv's self-contained helpers, are 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RJSFSchema } from '@rjsf/utils';
import type { FormFlow } from '../../engine/form/flow';
import type { PortalContext } from '../context';
import { hasPrecompiledForm } from './compiled-forms';
import { generateModule, selfContainedModule } from './validator-module';

const NAME = /^([a-z0-9-]+)\.js$/;
const SCHEMA = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

export function registerValidatorModules(app: FastifyInstance, ctx: PortalContext): void {
  // Kept by schema: a form's flow comes from the content served now (a publish may add a form or
  // give one another schema), the schemas from schemas/ (the same until a restart).
  const made = new Map<string, string | null>();
  const moduleOf = (name: string): string | null => {
    const flow = (ctx.config.forms as Record<string, FormFlow | undefined>)[name];
    if (!flow || typeof flow.schema !== 'string' || !SCHEMA.test(flow.schema)) return null;
    if (made.has(flow.schema)) return made.get(flow.schema) ?? null;
    let code: string | null = null;
    const file = path.join(ctx.schemasDir, `${flow.schema}.schema.json`);
    if (existsSync(file)) {
      const schema = JSON.parse(readFileSync(file, 'utf8')) as RJSFSchema;
      code = selfContainedModule(generateModule(schema, `${flow.schema}.schema.json`));
    }
    made.set(flow.schema, code);
    return code;
  };

  app.get<{ Params: { file: string } }>(
    '/validators/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const name = NAME.exec(request.params.file)?.[1];
      const code = name && !hasPrecompiledForm(name) ? moduleOf(name) : null;
      if (!code) return reply.code(404).header('cache-control', 'no-store').send();
      return reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(code);
    },
  );
}
