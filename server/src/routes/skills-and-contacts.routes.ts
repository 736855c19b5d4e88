import type { Router, RouterMiddleware } from '@koa/router';
import type { z } from 'zod';
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
import type { AppContext } from '../app-context.js';
import { jsonBody } from '../http/body.js';
import { sendCreated, sendOk } from '../http/envelope.js';
import { parseBody, parseId } from '../http/validate.js';
import {
  presentAdminContact,
  presentAdminSkill,
  presentContact,
  presentSkill,
} from '../presenters/skills-and-contacts.presenter.js';
import type { SkillOrContact, SkillOrContactFields, SkillOrContactService } from '../services/skills-and-contacts.service.js';

interface ListResource<R extends SkillOrContact> {
  /** The path segment both the public and the admin routes use: `skills` or `contacts`. */
  path: string;
  service: SkillOrContactService<R>;
  emit: () => void;
  notFoundMessage: string;
  createSchema: z.ZodType<SkillOrContactFields<R>>;
  updateSchema: z.ZodType<Partial<SkillOrContactFields<R>>>;
  present: (record: R) => unknown;
  presentAdmin: (record: R) => unknown;
}

/**
 * Skills and contacts share one contract (server/API.md §6), so one function registers either
 * list: the public list, the admin list, create, a whole-list reorder, update and delete.
 */
function registerOrderedList<R extends SkillOrContact>(
  router: Router,
  requireAdmin: AppContext['requireAdmin'],
  json: RouterMiddleware,
  resource: ListResource<R>,
): void {
  const { service, path } = resource;
  router.get(`/api/${path}`, (ctx) => sendOk(ctx, service.list().map(resource.present)));
  router.get(`/api/admin/${path}`, requireAdmin, (ctx) => sendOk(ctx, service.list().map(resource.presentAdmin)));
  router.post(`/api/admin/${path}`, requireAdmin, json, async (ctx) => {
    const created = await service.create(parseBody(resource.createSchema, ctx.request.body));
    resource.emit();
    sendCreated(ctx, resource.presentAdmin(created), { legacy: { id: created.id } });
  });
  // Registered before `/:id` so "order" is never taken for an id.
  router.put(`/api/admin/${path}/order`, requireAdmin, json, async (ctx) => {
    const { ids } = parseBody(orderSchema, ctx.request.body);
    const list = await service.reorder(ids);
    resource.emit();
    sendOk(ctx, list.map(resource.presentAdmin), { msg: M.orderSaved });
  });
  router.put(`/api/admin/${path}/:id`, requireAdmin, json, async (ctx) => {
    const id = parseId(ctx.params.id, resource.notFoundMessage);
    service.requireExisting(id);
    const updated = await service.update(id, parseBody(resource.updateSchema, ctx.request.body));
    resource.emit();
    sendOk(ctx, resource.presentAdmin(updated), { msg: M.updated });
  });
  router.delete(`/api/admin/${path}/:id`, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, resource.notFoundMessage);
    await service.remove(id);
    resource.emit();
    sendOk(ctx, { id }, { msg: M.deleted });
  });
}

/** Skills and contacts (server/API.md §6): public list, admin CRUD and a whole-list reorder. */
export function registerSkillAndContactRoutes(router: Router, { services, realtime, requireAdmin }: AppContext): void {
  const json = jsonBody(LIMITS.jsonBodyBytes);
  registerOrderedList(router, requireAdmin, json, {
    path: 'skills',
    service: services.skills,
    emit: () => realtime.emit(RealtimeEvents.skills),
    notFoundMessage: M.skillNotFound,
    createSchema: skillCreateSchema,
    updateSchema: skillUpdateSchema,
    present: presentSkill,
    presentAdmin: presentAdminSkill,
  });
  registerOrderedList(router, requireAdmin, json, {
    path: 'contacts',
    service: services.contacts,
    emit: () => realtime.emit(RealtimeEvents.contacts),
    notFoundMessage: M.contactNotFound,
    createSchema: contactCreateSchema,
    updateSchema: contactUpdateSchema,
    present: presentContact,
    presentAdmin: presentAdminContact,
  });
}
