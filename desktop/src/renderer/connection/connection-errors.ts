import { DesktopMessages } from '@folio/shared';
import { BridgeError } from '../../channels';

/**
 * The four ways a connection fails, each with its own clear sentence. Main's message is kept for
 * a wrong password: the server's own text also says when sign-in is locked after many tries.
 */
export function connectionErrorMessage(error: unknown): string {
  if (!(error instanceof BridgeError)) return error instanceof Error ? error.message : String(error);
  switch (error.code) {
    case 'bad-url':
      return DesktopMessages.urlMalformed;
    case 'unreachable':
    case 'offline':
      return DesktopMessages.serverUnreachable;
    case 'not-folio':
      return DesktopMessages.notFolio;
    default:
      return error.message;
  }
}
