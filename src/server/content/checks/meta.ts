/** Each flow file against the meta-schema it names in `$schema`. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Schema } from '@/domain/studio/meta-schema';
import { problem, type Check } from './problems';
import type { CheckEnvironment, JsonObject, Report } from './types';

/** An Ajv error as a `meta` check (null when another check says it better). */
function describeAjvError(error: ErrorObject): Check | null {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && ['en', 'es'].includes(String(params.missingProperty))) {
    return null; // reported by checkTexts with a clearer line
  }
  if (error.keyword === 'if') return null; // 'must match "then" schema': the branch's errors say why
  const detail =
    error.keyword === 'additionalProperties'
      ? `unknown property "${String(params.additionalProperty)}"`
      : (error.message ?? error.keyword);
  return problem('meta', { keyword: error.keyword, params, detail });
}

/** Compiles each meta-schema once (per place it is read from), for every tree checked after. */
export class MetaSchemas {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false });
  private readonly validators = new Map<string, Promise<ValidateFunction>>();
  private readonly read = new Map<string, Promise<Schema>>();

  constructor(private readonly env: CheckEnvironment) {}

  private validator(where: string): Promise<ValidateFunction> {
    let validate = this.validators.get(where);
    if (!validate) {
      validate = this.env.readJson(where).then((json) => {
        const meta = { ...(json as JsonObject) };
        delete meta.$schema; // the meta-schema's own draft marker; Ajv2020 reads 2020-12 and draft-07 alike
        return this.ajv.compile(meta);
      });
      this.validators.set(where, validate);
    }
    return validate;
  }

  /** The meta-schema a file names, as read (after `check` said the file is valid against it). */
  async schema(file: string, json: JsonObject): Promise<Schema> {
    const where = this.env.metaSchemaPath(file, String(json.$schema));
    let read = this.read.get(where);
    if (!read) {
      read = this.env.readJson(where) as Promise<Schema>;
      this.read.set(where, read);
    }
    return read;
  }

  /** Reports what breaks the file's meta-schema; true when nothing does. */
  async check(report: Report, file: string, json: JsonObject): Promise<boolean> {
    const ref = json.$schema;
    if (typeof ref !== 'string') {
      report(file, '/$schema', problem('missingMetaSchema', {}));
      return false;
    }
    let validate: ValidateFunction;
    try {
      validate = await this.validator(this.env.metaSchemaPath(file, ref));
    } catch (error) {
      report(
        file,
        '/$schema',
        problem('metaSchemaUnreadable', { ref, detail: (error as Error).message }),
      );
      return false;
    }
    if (validate(json)) return true;
    for (const error of validate.errors ?? []) {
      const check = describeAjvError(error);
      if (check) report(file, error.instancePath, check);
    }
    return false;
  }
}
