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

/** The handlers the skill list or the contact list needs; the routes below spell each path out for both. */
interface ListHandlers {
  listPublic: RouterMiddleware;
  listAdmin: RouterMiddleware;
  create: RouterMiddleware;
  reorder: RouterMiddleware;
  update: RouterMiddleware;
  remove: RouterMiddleware;
}

interface ListResource<R extends SkillOrContact> {
  service: SkillOrContactService<R>;
  emit: () => void;
  notFoundMessage: string;
  createSchema: z.ZodType<SkillOrContactFields<R>>;
  updateSchema: z.ZodType<Partial<SkillOrContactFields<R>>>;
  present: (record: R) => unknown;
  presentAdmin: (record: R) => unknown;
}

/** Skills and contacts share one contract (server/API.md §6), so one factory builds both lists' handlers. */
function listHandlers<R extends SkillOrContact>(resource: ListResource<R>): ListHandlers {
  const { service } = resource;
  return {
    listPublic: (ctx) => sendOk(ctx, service.list().map(resource.present)),
    listAdmin: (ctx) => sendOk(ctx, service.list().map(resource.presentAdmin)),
    create: async (ctx) => {
      const created = await service.create(parseBody(resource.createSchema, ctx.request.body));
      resource.emit();
      sendCreated(ctx, resource.presentAdmin(created), { legacy: { id: created.id } });
    },
    reorder: async (ctx) => {
      const { ids } = parseBody(orderSchema, ctx.request.body);
      const list = await service.reorder(ids);
      resource.emit();
      sendOk(ctx, list.map(resource.presentAdmin), { msg: M.orderSaved });
    },
    update: async (ctx) => {
      const id = parseId(ctx.params.id, resource.notFoundMessage);
      service.requireExisting(id);
      const updated = await service.update(id, parseBody(resource.updateSchema, ctx.request.body));
      resource.emit();
      sendOk(ctx, resource.presentAdmin(updated), { msg: M.updated });
    },
    remove: async (ctx) => {
      const id = parseId(ctx.params.id, resource.notFoundMessage);
      await service.remove(id);
      resource.emit();
      sendOk(ctx, { id }, { msg: M.deleted });
    },
  };
}

/** Skills and contacts (server/API.md §6): public list, admin CRUD and a whole-list reorder. */
export function registerSkillAndContactRoutes(router: Router, { services, realtime, requireAdmin }: AppContext): void {
  const json = jsonBody(LIMITS.jsonBodyBytes);

  const skills = listHandlers({
    service: services.skills,
    emit: () => realtime.emit(RealtimeEvents.skills),
    notFoundMessage: M.skillNotFound,
    createSchema: skillCreateSchema,
    updateSchema: skillUpdateSchema,
    present: presentSkill,
    presentAdmin: presentAdminSkill,
  });
  router.get('/api/skills', skills.listPublic);
  router.get('/api/admin/skills', requireAdmin, skills.listAdmin);
  router.post('/api/admin/skills', requireAdmin, json, skills.create);
  // Registered before `/:id` so "order" is never taken for an id.
  router.put('/api/admin/skills/order', requireAdmin, json, skills.reorder);
  router.put('/api/admin/skills/:id', requireAdmin, json, skills.update);
  router.delete('/api/admin/skills/:id', requireAdmin, skills.remove);

  const contacts = listHandlers({
    service: services.contacts,
    emit: () => realtime.emit(RealtimeEvents.contacts),
    notFoundMessage: M.contactNotFound,
    createSchema: contactCreateSchema,
    updateSchema: contactUpdateSchema,
    present: presentContact,
    presentAdmin: presentAdminContact,
  });
  router.get('/api/contacts', contacts.listPublic);
  router.get('/api/admin/contacts', requireAdmin, contacts.listAdmin);
  router.post('/api/admin/contacts', requireAdmin, json, contacts.create);
  router.put('/api/admin/contacts/order', requireAdmin, json, contacts.reorder);
  router.put('/api/admin/contacts/:id', requireAdmin, json, contacts.update);
  router.delete('/api/admin/contacts/:id', requireAdmin, contacts.remove);
}
