/**
 * The staff studio (issue 24): a product of its own inside the web app, at /studio/*, in its own
 * code chunk (router.tsx loads it lazily), with its own shell, session and screens. The debtor
 * portal's header, idle watcher and session are not used here.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { queryClient } from '@/web/lib/query-client';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { setCsrfToken, setStudioUnauthorizedHandler, studioCall } from '../api/client';
import { useReadsFollowLanguage } from '../api/queries';
import type { MeAnswer, StaffMember } from '../api/types';
import { StudioSessionContext, type StudioSession } from '../hooks/use-studio-session';
import { StudioShell } from './studio-shell';
import { SignInPage } from './sign-in-page';
import { HomePage } from './home-page';
import { DraftPage } from './draft-page';
import { ReviewPage } from './review-page';
import { HistoryPage } from './history-page';
import { TranslationsPage } from './translations-page';
import { RollbackPage } from './rollback-page';
import { EvidencePage } from './evidence-page';
import { AuditPage } from './audit-page';
import { ActivityPage } from './activity-page';
import { WebhooksPage } from './webhooks-page';
import { StaffPage } from './staff-page';
import { JoinPage } from './join-page';
import { AccountPage } from './account-page';
import { MessagesPage } from '../messages/messages-page';
import { MessageEvidencePage } from '../messages/message-evidence-page';
import { MessageCountsPage } from '../messages/message-counts-page';
import { MessagePreviewPage } from '../messages/message-preview-page';

export const STUDIO_HOME = '/studio';
export const STUDIO_SIGN_IN = '/studio/sign-in';
export const STUDIO_JOIN = '/studio/join';

/** Why the sign-in page was shown: a session that ended, and where to go back to. */
export interface SignInState {
  ended?: boolean;
  from?: string;
}

/** Screens that need a signed-in member: else the sign-in, which comes back here after. */
function SignedIn({ staff }: { staff: StaffMember | null }) {
  const { pathname } = useLocation();
  if (!staff) return <Navigate to={STUDIO_SIGN_IN} replace state={{ from: pathname }} />;
  return <Outlet />;
}

export default function StudioApp() {
  // undefined: not known yet (GET /me is out); null: signed out.
  const [staff, setStaffState] = useState<StaffMember | null | undefined>(undefined);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useReadsFollowLanguage();

  const setStaff = useCallback((next: StaffMember | null) => {
    if (!next) {
      setCsrfToken(null);
      queryClient.removeQueries({ queryKey: ['studio'] });
    }
    setStaffState(next);
  }, []);

  // A reloaded page asks who is signed in, and gets the session's CSRF token again.
  useEffect(() => {
    let live = true;
    studioCall<MeAnswer>('GET', '/me').then(
      ({ csrfToken, ...me }) => {
        if (!live) return;
        setCsrfToken(csrfToken);
        setStaffState(me);
      },
      // 401 (no session) or anything else: the sign-in, which a signed-in member passes through.
      () => {
        if (live) setStaffState(null);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  // A call refused for want of a session: back to the sign-in, which says why.
  const where = useMemo(() => ({ pathname }), [pathname]);
  useEffect(() => {
    setStudioUnauthorizedHandler(() => {
      setStaff(null);
      // The invitation page is for someone without a session: it stays.
      if (where.pathname.startsWith(STUDIO_JOIN)) return;
      const state: SignInState = { ended: true, from: where.pathname };
      navigate(STUDIO_SIGN_IN, { replace: true, state });
    });
    return () => setStudioUnauthorizedHandler(() => undefined);
  }, [navigate, setStaff, where]);

  const session = useMemo<StudioSession | null>(
    () => (staff ? { staff, setStaff } : null),
    [staff, setStaff],
  );
  const routes = useRoutes([
    {
      element: <StudioShell staff={staff ?? null} onSignedOut={() => setStaff(null)} />,
      children: [
        {
          path: 'sign-in',
          element: <SignInPage signedIn={!!staff} onSignedIn={(member) => setStaff(member)} />,
        },
        // A new member's invitation: open without a session (issue 39).
        { path: 'join', element: <JoinPage /> },
        {
          element: <SignedIn staff={staff ?? null} />,
          children: [
            { index: true, element: <HomePage /> },
            { path: 'drafts/:draftId', element: <DraftPage /> },
            { path: 'drafts/:draftId/review', element: <ReviewPage /> },
            { path: 'history', element: <HistoryPage /> },
            { path: 'translations', element: <TranslationsPage /> },
            { path: 'history/:version/rollback', element: <RollbackPage /> },
            { path: 'evidence', element: <EvidencePage /> },
            { path: 'audit', element: <AuditPage /> },
            // Events and webhooks (issue 42, item 4): approvers and admins.
            { path: 'activity', element: <ActivityPage /> },
            { path: 'activity/webhooks', element: <WebhooksPage /> },
            // Messages to debtors (issue 43): outbox, evidence, counts and preview.
            { path: 'messages', element: <MessagesPage /> },
            { path: 'messages/counts', element: <MessageCountsPage /> },
            { path: 'messages/preview', element: <MessagePreviewPage /> },
            { path: 'messages/:messageId', element: <MessageEvidencePage /> },
            { path: 'staff', element: <StaffPage /> },
            { path: 'account', element: <AccountPage /> },
            { path: '*', element: <Navigate to={STUDIO_HOME} replace /> },
          ],
        },
      ],
    },
  ]);
  if (staff === undefined) return <DelayedSpinner />;
  return <StudioSessionContext.Provider value={session}>{routes}</StudioSessionContext.Provider>;
}
