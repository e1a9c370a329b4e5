/**
 * The reads a journey stage shows (flows/pages `stages[].load`): each is a query of src/web/api,
 * asked with the route's account and the stage's arguments; its answer is the stage's fact
 * `preview`.
 */
import { planChangeReadQuery } from '@/web/api/plan-changes';
import type { LoadCallName } from './names';

type LoadQuery = (
  accountNumber: string,
  args: Record<string, string | number | undefined>,
) => ReturnType<typeof planChangeReadQuery>;

export const LOAD_QUERIES: Record<LoadCallName, LoadQuery> = {
  /** Account/PlanCancellation: what cancelling would do today, and the texts to read first. */
  planCancellation: (accountNumber, args) =>
    planChangeReadQuery('planCancellation', accountNumber, args),
  /** Account/PaymentDayChange (args: day): each payment's new date. */
  paymentDayChange: (accountNumber, args) =>
    planChangeReadQuery('paymentDayChange', accountNumber, args),
  /** Account/PlanChangeOptions (args: day, optional): the plan now, and the plans it may become. */
  planChangeOptions: (accountNumber, args) =>
    planChangeReadQuery('planChangeOptions', accountNumber, args),
};
