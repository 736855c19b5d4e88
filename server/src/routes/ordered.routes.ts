import type { Router } from '@koa/router';
import {
  LIMITS,
  RealtimeEvents,
  ServerMessages as M,
  contactCreateSchema,
  contactUpdateSchema,
  orderSchema,
  skillCreateSchema,
  skillUpdateSchema,
} from '@folio/shared';
import type { RealtimeEvent } from '@folio/shared';
import type { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { conflict, notFound } from '../errors.js';
import { jsonBody } from '../http/body.js';
import { sendCreated, sendOk } from '../http/envelope.js';
import { parseBody, parseId } from '../http/validate.js';
import { presentAdminContact, presentAdminSkill, presentContact, presentSkill } from '../presenters/ordered.presenter.js';
import type { ContactRecord, SkillRecord } from '../store/records.js';
import { OrderedRepository } from '../store/ordered.repository.js';

interface OrderedResource<K extends 'skills' | 'contacts', R> {
  collection: K;
  event: RealtimeEvent;
  notFoundMessage: string;
  createSchema: z.ZodType<Omit<R, 'id' | 'sort_order' | 'created_at' | 'updated_at'>>;
  updateSchema: z.ZodType<Partial<Omit<R, 'id' | 'sort_order' | 'created_at' | 'updated_at'>>>;
  present: (record: R) => unknown;
  presentAdmin: (record: R) => unknown;
}

/**
 * Skills and contacts share one contract (API section 6): public list, admin CRUD and a
 * whole-list reorder. One registration serves both.
 */
function registerOrderedResource<K extends 'skills' | 'contacts', R extends SkillRecord | ContactRecord>(
  router: Router,
  { store, realtime, requireAdmin }: AppContext,
  resource: OrderedResource<K, R>,
): void {
  const repository = new OrderedRepository<R>(store, resource.collection);
  const base = `/api/admin/${resource.collection}`;
  const json = jsonBody(LIMITS.jsonBodyBytes);

  router.get(`/api/${resource.collection}`, (ctx) => sendOk(ctx, repository.list().map(resource.present)));
  router.get(base, requireAdmin, (ctx) => sendOk(ctx, repository.list().map(resource.presentAdmin)));

  router.post(base, requireAdmin, json, async (ctx) => {
    const fields = parseBody(resource.createSchema, ctx.request.body);
    const created = await repository.create(fields);
    realtime.emit(resource.event);
    sendCreated(ctx, resource.presentAdmin(created), { legacy: { id: created.id } });
  });

  // Registered before `/:id` so "order" is never taken for an id.
  router.put(`${base}/order`, requireAdmin, json, async (ctx) => {
    const { ids } = parseBody(orderSchema, ctx.request.body);
    if (!repository.matchesAll(ids)) throw conflict(M.orderMismatch);
    const list = await repository.reorder(ids);
    realtime.emit(resource.event);
    sendOk(ctx, list.map(resource.presentAdmin), { msg: M.orderSaved });
  });

  router.put(`${base}/:id`, requireAdmin, json, async (ctx) => {
    const id = parseId(ctx.params.id, resource.notFoundMessage);
    if (!repository.find(id)) throw notFound(resource.notFoundMessage);
    const patch = parseBody(resource.updateSchema, ctx.request.body);
    const updated = await repository.update(id, patch);
    if (!updated) throw notFound(resource.notFoundMessage);
    realtime.emit(resource.event);
    sendOk(ctx, resource.presentAdmin(updated), { msg: M.updated });
  });

  router.delete(`${base}/:id`, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, resource.notFoundMessage);
    if (!(await repository.remove(id))) throw notFound(resource.notFoundMessage);
    realtime.emit(resource.event);
    sendOk(ctx, { id }, { msg: M.deleted });
  });
}

export function registerOrderedRoutes(router: Router, context: AppContext): void {
  registerOrderedResource<'skills', SkillRecord>(router, context, {
    collection: 'skills',
    event: RealtimeEvents.skills,
    notFoundMessage: M.skillNotFound,
    createSchema: skillCreateSchema,
    updateSchema: skillUpdateSchema,
    present: presentSkill,
    presentAdmin: presentAdminSkill,
  });
  registerOrderedResource<'contacts', ContactRecord>(router, context, {
    collection: 'contacts',
    event: RealtimeEvents.contacts,
    notFoundMessage: M.contactNotFound,
    createSchema: contactCreateSchema,
    updateSchema: contactUpdateSchema,
    present: presentContact,
    presentAdmin: presentAdminContact,
  });
}
