import type { Router } from '@koa/router';
import { LIMITS, RealtimeEvents, ServerMessages as M, orderSchema } from '@folio/shared';
import type { AppContext } from '../app-context.js';
import { jsonBody } from '../http/body.js';
import { sendCreated, sendOk } from '../http/envelope.js';
import { parseBody, parseId } from '../http/validate.js';
import { presentAdminAvatar, presentAvatar } from '../presenters/avatars.presenter.js';
import { formField, imageUploadBody, uploadedFile } from './uploads.routes.js';

/** Avatars (server/API.md §7): public and admin lists, upload, set current, reorder, delete. */
export function registerAvatarRoutes(router: Router, { services, realtime, requireAdmin }: AppContext): void {
  const service = services.avatars;
  const base = '/api/admin/avatars';

  router.get('/api/avatars', (ctx) =>
    sendOk(
      ctx,
      service.list().map((avatar) => presentAvatar(avatar, services.imageSizes.facts(avatar.filename))),
    ),
  );
  router.get(base, requireAdmin, (ctx) => sendOk(ctx, service.list().map(presentAdminAvatar)));

  router.post(base, requireAdmin, imageUploadBody(services.uploads.tempDir, services.uploads.maxImageBytes), async (ctx) => {
    const created = await service.upload(uploadedFile(ctx), formField(ctx, 'cropped_info'));
    realtime.emit(RealtimeEvents.avatars);
    const data = presentAdminAvatar(created);
    sendCreated(ctx, data, { msg: M.avatarUploaded, legacy: { id: data.id, url: data.url } });
    services.imageSizes.processLater(created.filename);
  });

  // Registered before `/:id` routes so "order" is never taken for an id.
  router.put(`${base}/order`, requireAdmin, jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const { ids } = parseBody(orderSchema, ctx.request.body);
    const list = await service.reorder(ids);
    realtime.emit(RealtimeEvents.avatars);
    sendOk(ctx, list.map(presentAdminAvatar), { msg: M.orderSaved });
  });

  // Body-less (server/API.md §1.1): whatever content type or body arrives is ignored.
  router.put(`${base}/:id/set_current`, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.avatarNotFound);
    const list = await service.setCurrent(id);
    realtime.emit(RealtimeEvents.avatars);
    sendOk(ctx, list.map(presentAdminAvatar), { msg: M.avatarSetCurrent });
  });

  router.delete(`${base}/:id`, requireAdmin, async (ctx) => {
    const id = parseId(ctx.params.id, M.avatarNotFound);
    await service.remove(id);
    realtime.emit(RealtimeEvents.avatars);
    sendOk(ctx, { id }, { msg: M.avatarDeleted });
  });
}
