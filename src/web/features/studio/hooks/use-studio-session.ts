/**
 * The signed-in staff member, shared by the studio's screens: from the sign-in's answer, or from
 * GET /me when a page of the studio is (re)loaded. The CSRF token goes to the API client only.
 */
import { createContext, useContext } from 'react';
import type { StaffMember, StaffRole } from '../api/types';

export interface StudioSession {
  staff: StaffMember;
  /** Keeps the signed-in member (after the sign-in), or forgets them (signed out). */
  setStaff: (staff: StaffMember | null) => void;
}

export const StudioSessionContext = createContext<StudioSession | null>(null);

/** The signed-in member; only under the studio's signed-in screens. */
export function useStudioSession(): StudioSession & { role: StaffRole } {
  const session = useContext(StudioSessionContext);
  if (!session?.staff) throw new Error('useStudioSession outside a signed-in studio screen');
  return { ...session, role: session.staff.role };
}

/** What each role may do, as the screens show it (the server enforces the same: guard.ts). */
/** Editors draft texts, client managers clients/, admins policies/ only (issue 39). */
export const canDraft = (role: StaffRole): boolean =>
  role === 'editor' || role === 'client_manager' || role === 'admin';
export const canReview = (role: StaffRole): boolean => role === 'approver';
export const readsContent = (_role: StaffRole): boolean => true;
/** Debtors' names, phones and bankruptcy details: approvers and admins, not editors (issue 39). */
export const readsEvidence = (role: StaffRole): boolean => role === 'approver' || role === 'admin';
export const readsAudit = (role: StaffRole): boolean => role === 'approver' || role === 'admin';
/** The events the portal wrote and the webhooks' log (issue 42): approvers and admins. */
export const readsActivity = (role: StaffRole): boolean => role === 'approver' || role === 'admin';
/** Webhook endpoints are made, rotated, disabled and redelivered by admins only. */
export const managesWebhooks = (role: StaffRole): boolean => role === 'admin';
export const managesStaff = (role: StaffRole): boolean => role === 'admin';
