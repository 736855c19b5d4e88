/** Where a logged fault happened: never a token, a password, a query string or a body. */
export interface RequestLogContext {
  method: string;
  path: string;
  /** The matched route pattern (`/api/admin/skills/:id`), when a route matched. */
  route: string | undefined;
  status: number;
  durationMs: number;
}

/** The server's only output channel, so tests can silence it and production keeps one format. */
export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown, request?: RequestLogContext): void;
}

/** `method=GET path=/api/x route=/api/x/:id status=500 duration_ms=3`, one line to grep. */
export function formatRequestContext(request: RequestLogContext): string {
  return [
    `method=${request.method}`,
    `path=${JSON.stringify(request.path)}`,
    `route=${request.route === undefined ? '-' : JSON.stringify(request.route)}`,
    `status=${request.status}`,
    `duration_ms=${request.durationMs}`,
  ].join(' ');
}

export function createLogger(level: 'silent' | 'error' | 'info'): Logger {
  return {
    info: (message) => {
      if (level === 'info') console.info(`[folio] ${message}`);
    },
    error: (message, error, request) => {
      if (level === 'silent') return;
      const context = request ? ` ${formatRequestContext(request)}` : '';
      console.error(`[folio] ${message}${context}`, error ?? '');
    },
  };
}
