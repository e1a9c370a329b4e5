/**
 * Long texts from flows/content (schemas/meta/content.schema.json), read from the page config:
 * the legal documents and the agency's details.
 */
import type { LocalizedText } from '../../generated/types/api/localized-text';
import type { AuthorizationContent } from '../../domain/payment-authorization';
import { portalConfig } from './config';

export type ContentBlock =
  | { type: 'heading'; text: LocalizedText }
  | { type: 'paragraph'; text: LocalizedText; links?: Record<string, string>; emphasis?: boolean }
  | { type: 'list'; items: LocalizedText[]; links?: Record<string, string> }
  | { type: 'address'; lines: string[] }
  /** The agency's mailing address (agency.json). */
  | { type: 'address'; agency: true };

export interface ContentDocument {
  kind: 'document';
  title: LocalizedText;
  /** YYYY-MM-DD */
  updated: string;
  blocks: ContentBlock[];
  /** A page of its own at /<path> (e.g. /accessibility). */
  path?: string;
  /** The words of the footer's link to that page. */
  footerLink?: LocalizedText;
}

export interface AgencyInfo {
  kind: 'agency';
  name: string;
  communication: LocalizedText;
  mailingAddress: string[];
  hours: LocalizedText;
}

/** The legal documents the portal shows as pages and dialogs. */
export type DocumentName = 'terms' | 'privacy' | 'state-disclosures' | 'e-sign' | (string & {});

export function contentDocument(name: DocumentName): ContentDocument {
  const document = portalConfig().content[name] as ContentDocument | undefined;
  if (document?.kind !== 'document') throw new Error(`flows/content/${name}.json is missing`);
  return document;
}

/** The content documents that are pages of their own (`path`), in the order of flows/content. */
export function pageDocuments(): { name: DocumentName; document: ContentDocument }[] {
  return Object.entries(portalConfig().content)
    .filter(([, document]) => {
      const candidate = document as Partial<ContentDocument> | undefined;
      return candidate?.kind === 'document' && typeof candidate.path === 'string';
    })
    .map(([name, document]) => ({ name, document: document as ContentDocument }));
}

export function agencyInfo(): AgencyInfo {
  const agency = portalConfig().content.agency as AgencyInfo | undefined;
  if (agency?.kind !== 'agency') throw new Error('flows/content/agency.json is missing');
  return agency;
}

/** The payment wizard's agreement, e-sign and authorization texts (compliance-owned). */
export function authorizationContent(): AuthorizationContent {
  const content = portalConfig().content['payment-authorization'] as
    AuthorizationContent | undefined;
  if (content?.kind !== 'authorization') {
    throw new Error('flows/content/payment-authorization.json is missing');
  }
  return content;
}
