import { apiResponse } from '../lib/api';

/**
 * The active plan's payments to come as a calendar file (GET Account/PlanCalendar, v2): one event
 * per payment with a reminder the day before, in the page's language. Null when the API answered
 * no file.
 */
export async function planCalendar(accountNumber: string): Promise<Blob | null> {
  const response = await apiResponse('/api/v2/Account/PlanCalendar', {
    query: { accountNumber },
    accept: 'text/calendar',
  });
  return response ? response.blob() : null;
}
