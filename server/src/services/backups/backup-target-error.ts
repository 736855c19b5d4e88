/**
 * A target's failure told in the owner's words (server/API.md §E22): the runner records
 * `message` as the target's error, and a restore answers it with `status`. Targets throw it for
 * what they understand (a wrong key, a full disk, a missing backup); anything else is recorded
 * as its own message.
 */
export class BackupTargetError extends Error {
  constructor(
    message: string,
    /** The HTTP status a request meeting it answers: 404 for a backup that is not there, else 502. */
    readonly status = 502,
  ) {
    super(message);
    this.name = 'BackupTargetError';
  }
}
