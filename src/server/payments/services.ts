/**
 * What the payment, funding and plan routes share, built once per content version's config: client
 * settings, the processor adapter, the rules files (the same ones the browser gets) and the
 * funding forms (flow + precompiled validator, the same ones the browser form uses).
 */
import type { FastifyRequest } from 'fastify';
import type { AuthorizationContent } from '../../domain/payment-authorization';
import { optionVariantIds, type PaymentJourneyFile } from '../../domain/payment-journey';
import { checkPaymentOptionRules } from '../../domain/payment-options';
import type { FirstMatchRules, OptionGroupRules } from '../../domain/rules';
import type { FormFlow } from '../../engine/form/flow';
import { treeTranslator, type Translator } from '../../engine/form/messages';
import { loadPrecompiled, type CompiledForm } from '../../engine/form/precompiled';
import type { LocalizedTree } from '../../engine/i18n/split';
import * as bankFundingModule from '../../generated/validators/bank-funding';
import * as cardFundingModule from '../../generated/validators/card-funding';
import { ClientDirectory } from '../clients/settings';
import type { PortalConfig } from '../config';
import { perConfig } from '../content/per-config';
import type { Db } from '../db/types';
import { languageOf } from '../http/errors';
import type { PaymentProcessor } from './processor';
import { loadPaymentJourney } from './journey';
import { SandboxProcessor } from './sandbox';

export interface FundingForm {
  flow: FormFlow;
  compiled: CompiledForm;
}

export interface PaymentServices {
  clients: ClientDirectory;
  processor: PaymentProcessor;
  rules: { paymentOptions: OptionGroupRules; scheduleStatus: FirstMatchRules };
  forms: { card: FundingForm; bank: FundingForm };
  /** flows/journeys/payment.json: stages, and each variant's rules. */
  journey: PaymentJourneyFile;
  /** flows/content/payment-authorization.json and the agency's name it names. */
  authorization: { content: AuthorizationContent; agency: string };
  /** Generic texts (validation catalog) in the caller's language, for validateForm. */
  translator(request: FastifyRequest): Translator;
}

const cache = new WeakMap<PortalConfig, PaymentServices>();

/**
 * Overrides the processor for every database first used after the call (tests, a real processor).
 * It is given the portal's database: the sandbox keeps its ledger there.
 */
let processorFactory: (db: Db) => PaymentProcessor = (db) => new SandboxProcessor(db);
export function setProcessorFactory(factory: (db: Db) => PaymentProcessor): void {
  processorFactory = factory;
}

/**
 * One processor per database, whatever the content version: a publish makes new services (client
 * settings, rules, texts) but the processor, and anything it holds (a real one's connection), stays.
 */
const processors = new WeakMap<Db, PaymentProcessor>();
function processorOf(db: Db): PaymentProcessor {
  let processor = processors.get(db);
  if (!processor) {
    processor = processorFactory(db);
    processors.set(db, processor);
  }
  return processor;
}

function required<T>(folder: Record<string, unknown>, name: string, where: string): T {
  const value = folder[name];
  if (value === undefined) throw new Error(`flows/${where}/${name}.json is missing`);
  return value as T;
}

/**
 * flows/content/payment-authorization.json and the agency's name (flows/content/agency.json) of a
 * config (a content version's), once per config.
 */
export const authorizationOf = perConfig((config): PaymentServices['authorization'] => ({
  content: required<AuthorizationContent>(config.content ?? {}, 'payment-authorization', 'content'),
  agency: required<{ name: string }>(config.content ?? {}, 'agency', 'content').name,
}));

/**
 * The services of the content served now (`ctx.config`, read on every use: a publish changes it),
 * built on first use of each version (so a flows folder without payment files still serves
 * everything else); client files, when present, are checked at once so a broken one stops the
 * start (and a publish checks them: app.ts).
 */
export function lazyPaymentServices(ctx: {
  readonly config: PortalConfig;
  db: Db;
}): PaymentServices {
  const { db } = ctx;
  const config = ctx.config;
  if (config.clients && Object.keys(config.clients).length > 0) paymentServices(config, db);
  const get = () => paymentServices(ctx.config, db);
  return {
    get clients() {
      return get().clients;
    },
    get processor() {
      return get().processor;
    },
    get rules() {
      return get().rules;
    },
    get forms() {
      return get().forms;
    },
    get journey() {
      return get().journey;
    },
    get authorization() {
      return get().authorization;
    },
    translator: (request) => get().translator(request),
  };
}

export function paymentServices(config: PortalConfig, db: Db): PaymentServices {
  const cached = cache.get(config);
  if (cached) return cached;
  const texts = config.texts as LocalizedTree;
  const translators = { en: treeTranslator(texts, 'en'), es: treeTranslator(texts, 'es') };
  const journey = loadPaymentJourney(config);
  const paymentOptions = required<OptionGroupRules>(config.rules, 'payment-options', 'rules');
  // Every option the rules offer is a variant of the journey (as check:config says).
  const problems = checkPaymentOptionRules(paymentOptions, {
    optionVariants: optionVariantIds(journey),
  });
  if (problems.length > 0) {
    throw new Error(`flows/rules/payment-options.json: ${problems.join('; ')}`);
  }
  const services: PaymentServices = {
    clients: ClientDirectory.fromConfig(config.clients),
    processor: processorOf(db),
    rules: {
      paymentOptions,
      scheduleStatus: required<FirstMatchRules>(config.rules, 'schedule-status', 'rules'),
    },
    forms: {
      card: {
        flow: required<FormFlow>(config.forms, 'card-funding', 'forms'),
        compiled: loadPrecompiled(cardFundingModule),
      },
      bank: {
        flow: required<FormFlow>(config.forms, 'bank-funding', 'forms'),
        compiled: loadPrecompiled(bankFundingModule),
      },
    },
    journey,
    authorization: authorizationOf(config),
    translator: (request) => translators[languageOf(request)],
  };
  cache.set(config, services);
  return services;
}
