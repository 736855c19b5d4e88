import { holdsBlockedWord } from '@folio/shared';
import type { CommentSettings, CommentStatus } from '@folio/shared';
import type { CommentRecord } from '../store/records.js';

/** An IPv4 address as Node may show it on a dual-stack socket (`::ffff:203.0.113.5`), in its plain form. */
const plainAddress = (ip: string): string => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase();

/**
 * Whether a blocked address entry (server/API.md §E12) matches the visitor: `@domain` any email at
 * that domain, an email that very email, an entry ending in `.` or `:` an IP prefix, anything else
 * one IP. Cases are ignored.
 */
function entryMatches(entry: string, ip: string, email: string): boolean {
  const wanted = entry.toLowerCase();
  if (wanted.startsWith('@')) return email.endsWith(wanted);
  if (wanted.includes('@')) return email === wanted;
  if (wanted.endsWith('.') || wanted.endsWith(':')) return ip.startsWith(wanted);
  return ip === plainAddress(wanted);
}

export function isBlockedAddress(settings: CommentSettings, ip: string, email: string): boolean {
  const visitorIp = plainAddress(ip);
  const visitorEmail = email.trim().toLowerCase();
  return settings.blocked_addresses.some((entry) => entryMatches(entry, visitorIp, visitorEmail));
}

/**
 * Whether the nickname or the text holds a blocked word, both read as they show (any case and
 * width, invisible characters and look-alike letters aside: see `readingKey` in shared/).
 */
export function hasBlockedWord(settings: CommentSettings, author: string, content: string): boolean {
  return holdsBlockedWord(author, settings.blocked_words) || holdsBlockedWord(content, settings.blocked_words);
}

/** Who is posting, as the `first` rule recognises a returning visitor. */
export interface Visitor {
  author: string;
  email: string;
  ip: string;
}

/** Whether a shown comment is by the same visitor: the same email when one is given, else the same nickname from the same IP. */
export function sameVisitor(visitor: Visitor, comment: CommentRecord): boolean {
  const email = visitor.email.trim().toLowerCase();
  if (email !== '' && comment.email.trim().toLowerCase() === email) return true;
  return comment.author === visitor.author && plainAddress(comment.ip_address) === plainAddress(visitor.ip);
}

/**
 * The status of a new visitor comment: held when it holds a blocked word (whatever the moderation),
 * when every comment is reviewed, or when first comments are and the visitor has none shown yet.
 */
export function statusOfNewComment(
  settings: CommentSettings,
  visitor: Visitor,
  content: string,
  hasShownComment: (visitor: Visitor) => boolean,
): CommentStatus {
  if (hasBlockedWord(settings, visitor.author, content)) return 'pending';
  if (settings.moderation === 'all') return 'pending';
  if (settings.moderation === 'first' && !hasShownComment(visitor)) return 'pending';
  return 'published';
}
