import type { CommentSettings, CommentUnread } from '@folio/shared';
import type { CommentSettingsRepository } from '../store/comment-settings.repository.js';
import type { CommentsRepository } from '../store/comments.repository.js';

/** The owner's comment settings and unread count (server/API.md §E12), shared by the browser admin and the desktop. */
export class CommentSettingsService {
  constructor(
    private readonly settings: CommentSettingsRepository,
    private readonly comments: CommentsRepository,
  ) {}

  get(): CommentSettings {
    return this.settings.get();
  }

  /** Stores validated settings (see `commentSettingsSchema`); they apply to the next comment. */
  save(settings: CommentSettings): Promise<CommentSettings> {
    return this.settings.save(settings);
  }

  /** Visitor comments since the owner's last look (the owner's replies never count), and the held ones. */
  unread(): CommentUnread {
    return { unread: this.comments.visitorCountFrom(this.settings.seenBeforeId()), pending: this.comments.heldCount() };
  }

  /** Everything stored until now counts as seen; answers the new counts. */
  async markSeen(): Promise<CommentUnread> {
    await this.settings.markSeenBefore(this.comments.nextId());
    return this.unread();
  }
}
