/** The server's only output channel, so tests can silence it and production keeps one format. */
export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export function createLogger(level: 'silent' | 'error' | 'info'): Logger {
  return {
    info: (message) => {
      if (level === 'info') console.info(`[folio] ${message}`);
    },
    error: (message, error) => {
      if (level !== 'silent') console.error(`[folio] ${message}`, error ?? '');
    },
  };
}
