import { describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../../src/main/app-origin';
import { createAppProtocolHandler } from '../../src/main/app-protocol';
import { contentSecurityPolicy } from '../../src/main/csp';
import { createActiveUploadsHandler } from '../../src/main/server-files';

/**
 * A body image linked the way the server writes it (`/uploads/x.png`) is asked of the app's own
 * origin by the editor's preview: it is the active server's, fetched through `/server-files/`.
 */
function protocolWith(activeProfileId: string | undefined) {
  const asked: string[] = [];
  const serverFiles = async (request: Request) => {
    asked.push(request.url);
    return new Response('image', { status: 200, headers: { 'Content-Type': 'image/png' } });
  };
  const serve = createAppProtocolHandler({
    rendererDir: '/nonexistent-renderer',
    contentSecurityPolicy: () => contentSecurityPolicy(APP_ORIGIN, []),
    serverFiles,
    activeUploads: createActiveUploadsHandler(serverFiles, () => activeProfileId),
  });
  return { serve, asked };
}

describe('app://folio/uploads/', () => {
  it("fetches the image from the active profile's server", async () => {
    const { serve, asked } = protocolWith('profile-1');
    const answer = await serve(new Request(`${APP_ORIGIN}/uploads/abc.png?v=2`));
    expect(answer.status).toBe(200);
    expect(asked).toEqual([`${APP_ORIGIN}/server-files/profile-1/uploads/abc.png?v=2`]);
  });

  it('answers 404 with no active profile, and never reads the renderer folder', async () => {
    const { serve, asked } = protocolWith(undefined);
    expect((await serve(new Request(`${APP_ORIGIN}/uploads/abc.png`))).status).toBe(404);
    expect(asked).toEqual([]);
  });
});
