import type { SiteBlock } from '@folio/shared';
import type { SiteBlockRecord } from '../store/records.js';

const RESERVED_KEYS = new Set(['name', 'content', 'updated_at']);

/** A block with each content key also copied to the top level (server/API.md §3.1), for the original client. */
export function presentSiteBlock(block: SiteBlockRecord): SiteBlock {
  const topLevel = Object.fromEntries(Object.entries(block.content).filter(([key]) => !RESERVED_KEYS.has(key)));
  return { ...topLevel, name: block.name, content: { ...block.content }, updated_at: block.updated_at };
}
