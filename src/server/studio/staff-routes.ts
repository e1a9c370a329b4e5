/**
 * Staff accounts in the studio (admin only; issue 24, four eyes per person since issue 39):
 * - a new member is invited (email, name, role, no password): the answer is a one-time link to
 *   pass on (invitations.ts), never a password or a TOTP secret; a new link withdraws the old;
 * - the approver and admin roles, at creation or by a role change, wait for a second admin: a
 *   pending grant that another admin (not the one who asked, not the member) approves. Until
 *   then a new member has no role (no session opens: sessions.ts), a member already in place
 *   keeps their role. Editor and client manager are given at once (a pending grant is cancelled);
 * - a member is disabled (their sessions end); an admin changes neither their own role nor
 *   their own account's state.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StudioStaffCreateRequest } from '@/generated/types/api/studio-staff-create-request';
import type { StudioStaffParams } from '@/generated/types/api/studio-staff-params';
import type { StudioStaffRoleRequest } from '@/generated/types/api/studio-staff-role-request';
import type { Db, StaffRole } from '../db/types';
import { ApiError } from '../http/errors';
import { schemaRef } from '../http/validation';
import type { ContentRoutesOptions } from './content-routes';
import { ownOrigin, staffOf } from './guard';
import { INVITATION_PATH, issueInvitation } from './invitations';
import type { StaffSessions } from './sessions';
import { GRANTED_ROLES, NOT_SET, inviteStaff } from './staff';

interface StaffRecord {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** False while the role waits for a second admin (the member has no role until then). */
  roleGranted: boolean;
  /** The approver or admin role asked for and not yet approved. */
  pendingRole: StaffRole | null;
  /** `invited` until the member accepted the invitation, then `active`; or `disabled`. */
  status: 'invited' | 'active' | 'disabled';
  createdAt: string;
  disabledAt: string | null;
}

async function staffRecords(db: Db, id?: number): Promise<StaffRecord[]> {
  let query = db
    .selectFrom('staff_accounts')
    .select([
      'id',
      'email',
      'display_name',
      'role',
      'role_granted',
      'password_hash',
      'created_at',
      'disabled_at',
    ])
    .orderBy('id');
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.execute();
  const grants = await db
    .selectFrom('staff_role_grants')
    .select(['staff_id', 'role'])
    .where('status', '=', 'pending')
    .execute();
  const pending = new Map(grants.map((grant) => [grant.staff_id, grant.role]));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.display_name,
    role: row.role,
    roleGranted: Number(row.role_granted) === 1,
    pendingRole: pending.get(row.id) ?? null,
    status:
      row.disabled_at !== null ? 'disabled' : row.password_hash === NOT_SET ? 'invited' : 'active',
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
  }));
}

export function registerStaffRoutes(
  studio: FastifyInstance,
  options: ContentRoutesOptions & { sessions: StaffSessions },
): void {
  const { ctx, record, sessions } = options;
  const staffParams = { params: schemaRef(ctx.schemas, 'studio-staff-params') };

  const staffRecord = async (id: number): Promise<StaffRecord> => {
    const [row] = await staffRecords(ctx.db, id);
    if (!row) throw new ApiError(404, 'notFound');
    return row;
  };

  const invitationOf = async (request: FastifyRequest, staffId: number) => {
    const { token, expiresAt } = await issueInvitation(
      ctx.db,
      staffId,
      staffOf(request).staffId,
      ctx.now(),
    );
    return { url: `${ownOrigin(request)}${INVITATION_PATH}#${token}`, expiresAt };
  };

  /** Asks for the approver or admin role: a pending grant, in place of any earlier one. */
  const requestGrant = async (request: FastifyRequest, member: StaffRecord, role: StaffRole) => {
    const admin = staffOf(request);
    await cancelPending(member.id, admin.staffId);
    await ctx.db
      .insertInto('staff_role_grants')
      .values({
        staff_id: member.id,
        role: role === 'admin' ? 'admin' : 'approver',
        requested_by: admin.staffId,
        requested_at: ctx.now().toISOString(),
        status: 'pending',
        decided_by: null,
        decided_at: null,
      })
      .execute();
    await record(request, {
      staffId: admin.staffId,
      action: 'staff.role.request',
      subject: member.email,
      detail: { id: member.id, role },
    });
  };

  const cancelPending = async (staffId: number, by: number) => {
    await ctx.db
      .updateTable('staff_role_grants')
      .set({ status: 'cancelled', decided_by: by, decided_at: ctx.now().toISOString() })
      .where('staff_id', '=', staffId)
      .where('status', '=', 'pending')
      .execute();
  };

  studio.get('/staff', async () => staffRecords(ctx.db));

  studio.post<{ Body: StudioStaffCreateRequest }>(
    '/staff',
    { schema: { body: schemaRef(ctx.schemas, 'studio-staff-create-request') } },
    async (request, reply) => {
      const admin = staffOf(request);
      const { role } = request.body;
      const made = await inviteStaff(
        ctx.db,
        { email: request.body.email, name: request.body.name, role },
        ctx.now(),
      );
      if (!made) throw new ApiError(409, 'staffEmailTaken');
      const invitation = await invitationOf(request, made.id);
      await record(request, {
        staffId: admin.staffId,
        action: 'staff.create',
        subject: made.email,
        detail: { id: made.id, name: request.body.name.trim(), role },
      });
      if (GRANTED_ROLES.has(role)) await requestGrant(request, await staffRecord(made.id), role);
      return reply.code(201).send({ staff: await staffRecord(made.id), invitation });
    },
  );

  // A new link for a member who has not accepted theirs (lost or expired); the old one ends.
  studio.post<{ Params: StudioStaffParams }>(
    '/staff/:id/invitation',
    { schema: staffParams },
    async (request) => {
      const member = await staffRecord(request.params.id);
      if (member.status !== 'invited') throw new ApiError(409, 'staffAlreadyActive');
      const invitation = await invitationOf(request, member.id);
      await record(request, {
        staffId: staffOf(request).staffId,
        action: 'staff.invitation',
        subject: member.email,
        detail: { id: member.id },
      });
      return { staff: member, invitation };
    },
  );

  studio.post<{ Params: StudioStaffParams; Body: StudioStaffRoleRequest }>(
    '/staff/:id/role',
    { schema: { ...staffParams, body: schemaRef(ctx.schemas, 'studio-staff-role-request') } },
    async (request) => {
      const admin = staffOf(request);
      const { role } = request.body;
      if (request.params.id === admin.staffId) throw new ApiError(409, 'staffCannotChangeOwnRole');
      const member = await staffRecord(request.params.id);
      if (member.status === 'disabled') throw new ApiError(404, 'notFound');
      if (GRANTED_ROLES.has(role)) {
        if (!(member.roleGranted && member.role === role)) {
          await requestGrant(request, member, role);
        }
      } else {
        await cancelPending(member.id, admin.staffId);
        await ctx.db
          .updateTable('staff_accounts')
          .set({ role, role_granted: 1 })
          .where('id', '=', member.id)
          .execute();
        await record(request, {
          staffId: admin.staffId,
          action: 'staff.role.change',
          subject: member.email,
          detail: { id: member.id, from: member.role, to: role },
        });
      }
      return staffRecord(member.id);
    },
  );

  studio.get('/staff/grants', async () => {
    const rows = await ctx.db
      .selectFrom('staff_role_grants as g')
      .innerJoin('staff_accounts as s', 's.id', 'g.staff_id')
      .innerJoin('staff_accounts as r', 'r.id', 'g.requested_by')
      .select([
        'g.id',
        'g.staff_id',
        's.email',
        's.display_name',
        's.role as current_role',
        's.role_granted',
        'g.role',
        'g.requested_by',
        'r.display_name as requested_by_name',
        'g.requested_at',
      ])
      .where('g.status', '=', 'pending')
      .orderBy('g.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      staff: { id: row.staff_id, email: row.email, name: row.display_name },
      currentRole: Number(row.role_granted) === 1 ? row.current_role : null,
      role: row.role,
      requestedBy: { id: row.requested_by, name: row.requested_by_name },
      requestedAt: row.requested_at,
    }));
  });

  const pendingGrant = async (request: FastifyRequest, id: number) => {
    const grant = await ctx.db
      .selectFrom('staff_role_grants')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!grant) throw new ApiError(404, 'notFound');
    if (grant.status !== 'pending') throw new ApiError(409, 'grantNotPending');
    return { admin: staffOf(request), grant };
  };

  const decide = async (id: number, by: number, status: 'approved' | 'cancelled') => {
    const moved = await ctx.db
      .updateTable('staff_role_grants')
      .set({ status, decided_by: by, decided_at: ctx.now().toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new ApiError(409, 'grantNotPending');
  };

  studio.post<{ Params: StudioStaffParams }>(
    '/staff/grants/:id/approve',
    { schema: staffParams },
    async (request) => {
      const { admin, grant } = await pendingGrant(request, request.params.id);
      // Four eyes: a second admin, who is neither the one who asked nor the member.
      if (grant.requested_by === admin.staffId || grant.staff_id === admin.staffId) {
        throw new ApiError(403, 'grantOwnApproval');
      }
      const member = await staffRecord(grant.staff_id);
      if (member.status === 'disabled') throw new ApiError(409, 'grantNotPending');
      await decide(grant.id, admin.staffId, 'approved');
      await ctx.db
        .updateTable('staff_accounts')
        .set({ role: grant.role, role_granted: 1 })
        .where('id', '=', grant.staff_id)
        .execute();
      await record(request, {
        staffId: admin.staffId,
        action: 'staff.role.approve',
        subject: member.email,
        detail: {
          id: member.id,
          grant: grant.id,
          role: grant.role,
          requestedBy: grant.requested_by,
        },
      });
      return staffRecord(grant.staff_id);
    },
  );

  studio.post<{ Params: StudioStaffParams }>(
    '/staff/grants/:id/cancel',
    { schema: staffParams },
    async (request) => {
      const { admin, grant } = await pendingGrant(request, request.params.id);
      await decide(grant.id, admin.staffId, 'cancelled');
      const member = await staffRecord(grant.staff_id);
      await record(request, {
        staffId: admin.staffId,
        action: 'staff.role.cancel',
        subject: member.email,
        detail: { id: member.id, grant: grant.id, role: grant.role },
      });
      return member;
    },
  );

  studio.post<{ Params: StudioStaffParams }>(
    '/staff/:id/disable',
    { schema: staffParams },
    async (request) => {
      const admin = staffOf(request);
      const { id } = request.params;
      if (id === admin.staffId) throw new ApiError(409, 'staffCannotDisableSelf');
      const before = await staffRecord(id);
      if (before.disabledAt === null) {
        await ctx.db
          .updateTable('staff_accounts')
          .set({ disabled_at: ctx.now().toISOString() })
          .where('id', '=', id)
          .where('disabled_at', 'is', null)
          .execute();
        await sessions.endAll(id);
        await cancelPending(id, admin.staffId);
        await record(request, {
          staffId: admin.staffId,
          action: 'staff.disable',
          subject: before.email,
          detail: { id },
        });
      }
      return staffRecord(id);
    },
  );
}
