/** Kysely types of migration 0028's table (issue 43, item 4): a message's link opened. */

export interface MessageClicksTable {
  id: string;
  message_id: string;
  clicked_at: string;
  /** `clicked_at` plus 7 days: a payment by then counts as clicked through. */
  until_at: string;
}

declare module '../db/types' {
  interface Database {
    message_clicks: MessageClicksTable;
  }
}
