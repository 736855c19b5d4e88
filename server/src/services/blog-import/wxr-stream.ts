/**
 * A WordPress export (WXR) read as a stream with sax (server/API.md §E21): each `<item>` is handed
 * on as soon as it closes, so a 20 MB export never becomes one DOM nor one string.
 */
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import sax from 'sax';
import { BlogImportWordPressMessages as M } from '@folio/shared';
import { BlogSourceError } from './source.js';
import type { ReadInput } from './source.js';

const WXR_NAMESPACE = /^https?:\/\/wordpress\.org\/export\/1\.\d+\/?$/;
/**
 * Small reads: between two, the server answers its visitors (each read converts the posts it
 * ends). 64 KB converted some ten posts at a time, a few tens of milliseconds each read on a
 * busy machine, the time a page then waited (server/API.md §E21.2).
 */
const READ_CHUNK_BYTES = 16 * 1024;

/** One `<item>` as read, before it becomes a post (or an attachment, or a skip). */
export interface RawItem {
  title: string;
  link: string;
  guid: string;
  content: string;
  excerpt: string;
  postId: string;
  postDate: string;
  postDateGmt: string;
  modifiedGmt: string;
  slug: string;
  status: string;
  parentId: string;
  postType: string;
  attachmentUrl: string;
  categories: string[];
  tags: string[];
  meta: Map<string, string>;
  comments: RawComment[];
}

export interface RawComment {
  id: string;
  parentId: string;
  author: string;
  email: string;
  date: string;
  dateGmt: string;
  content: string;
  approved: string;
  type: string;
}

function newItem(): RawItem {
  return {
    title: '',
    link: '',
    guid: '',
    content: '',
    excerpt: '',
    postId: '',
    postDate: '',
    postDateGmt: '',
    modifiedGmt: '',
    slug: '',
    status: '',
    parentId: '0',
    postType: 'post',
    attachmentUrl: '',
    categories: [],
    tags: [],
    meta: new Map(),
    comments: [],
  };
}

function newComment(): RawComment {
  return { id: '', parentId: '0', author: '', email: '', date: '', dateGmt: '', content: '', approved: '1', type: '' };
}

/**
 * The text as a string of its own. sax hands out pieces of the text it was given, and V8 keeps a
 * piece of 13 characters or more as a view into the whole of it: each post's guid, kept as its
 * source id, held a 64 KB step of the file alive, 55 MB of a 31 MB export (server/API.md §E21.2).
 */
function ownCopy(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8');
}

/** What the stream tells of the export, in file order. */
export interface WxrHandlers {
  /** The channel's `<link>`, `wp:base_blog_url` and `wp:base_site_url`, as they come. */
  siteAddress(url: string): void;
  item(item: RawItem): void;
  /**
   * Called after each step of the file went through the parser: the handler does here, yielding
   * as it likes, the slow work the step's items left it (converting their bodies), so no step
   * holds the event loop for all of its posts at once.
   */
  afterStep?(): Promise<void>;
}

/** Where the parser stands: the elements that decide what a text belongs to. */
interface ParseState {
  sawRoot: boolean;
  sawChannel: boolean;
  inChannel: boolean;
  item: RawItem | null;
  comment: RawComment | null;
  metaKey: string;
  metaValue: string;
  text: string;
  depth: number;
}

/**
 * Streams a WXR file through `handlers`. Throws a {@link BlogSourceError} when the file is not a
 * WordPress export or its XML breaks anywhere (the caller then drops what it was told), and the
 * signal's reason when aborted.
 */
export async function streamWxr(input: ReadInput, handlers: WxrHandlers): Promise<void> {
  input.signal.throwIfAborted();
  const state: ParseState = {
    sawRoot: false,
    sawChannel: false,
    inChannel: false,
    item: null,
    comment: null,
    metaKey: '',
    metaValue: '',
    text: '',
    depth: 0,
  };
  const parser = sax.parser(true, { trim: false, normalize: false, position: true });

  parser.onerror = (error) => {
    if (!state.sawRoot) throw new BlogSourceError(M.notWxr);
    const reason = error.message.split('\n')[0] ?? '';
    throw new BlogSourceError(M.brokenXml(parser.line + 1, parser.column + 1, reason));
  };
  parser.onopentag = (node) => {
    state.depth += 1;
    state.text = '';
    const name = node.name;
    if (!state.sawRoot) {
      state.sawRoot = true;
      const namespace = node.attributes['xmlns:wp'];
      if (name !== 'rss' || typeof namespace !== 'string' || !WXR_NAMESPACE.test(namespace)) {
        throw new BlogSourceError(M.notWxr);
      }
      return;
    }
    if (name === 'channel' && state.depth === 2) {
      state.sawChannel = true;
      state.inChannel = true;
    } else if (name === 'item' && state.inChannel && state.depth === 3) {
      state.item = newItem();
    } else if (name === 'wp:comment' && state.item) {
      state.comment = newComment();
    } else if (name === 'category' && state.item) {
      const domain = node.attributes.domain;
      state.metaKey = typeof domain === 'string' ? domain : '';
    }
  };
  parser.ontext = (text) => {
    state.text += text;
  };
  parser.oncdata = (text) => {
    state.text += text;
  };
  parser.onclosetag = (name) => {
    const text = ownCopy(state.text);
    state.text = '';
    state.depth -= 1;
    if (name === 'channel') state.inChannel = false;
    else if (state.comment) closeInComment(state.comment, name, text, state);
    else if (state.item) closeInItem(state, state.item, name, text, handlers);
    else if (state.inChannel && state.depth === 2) {
      if (name === 'link' || name === 'wp:base_blog_url' || name === 'wp:base_site_url') handlers.siteAddress(text);
    }
  };

  const decoder = new StringDecoder('utf8');
  let read = 0;
  const stream = createReadStream(input.path, { highWaterMark: READ_CHUNK_BYTES });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      input.signal.throwIfAborted();
      parser.write(decoder.write(chunk));
      await handlers.afterStep?.();
      read += chunk.length;
      input.progress(read, input.size);
    }
    parser.write(decoder.end());
    parser.close();
    await handlers.afterStep?.();
  } finally {
    stream.destroy();
  }
  if (!state.sawRoot) throw new BlogSourceError(M.notWxr);
  if (!state.sawChannel) throw new BlogSourceError(M.noChannel);
}

function closeInItem(state: ParseState, item: RawItem, name: string, text: string, handlers: WxrHandlers): void {
  switch (name) {
    case 'item':
      state.item = null;
      handlers.item(item);
      return;
    case 'title':
      item.title = text;
      return;
    case 'link':
      item.link = text;
      return;
    case 'guid':
      item.guid = text;
      return;
    case 'content:encoded':
      item.content = text;
      return;
    case 'excerpt:encoded':
      item.excerpt = text;
      return;
    case 'wp:post_id':
      item.postId = text.trim();
      return;
    case 'wp:post_date':
      item.postDate = text;
      return;
    case 'wp:post_date_gmt':
      item.postDateGmt = text;
      return;
    case 'wp:post_modified_gmt':
      item.modifiedGmt = text;
      return;
    case 'wp:post_name':
      item.slug = text;
      return;
    case 'wp:status':
      item.status = text.trim();
      return;
    case 'wp:post_parent':
      item.parentId = text.trim();
      return;
    case 'wp:post_type':
      item.postType = text.trim();
      return;
    case 'wp:attachment_url':
      item.attachmentUrl = text;
      return;
    case 'category': {
      const value = text.trim();
      if (value && state.metaKey === 'category') item.categories.push(value);
      else if (value && state.metaKey === 'post_tag') item.tags.push(value);
      state.metaKey = '';
      return;
    }
    case 'wp:meta_key':
      state.metaKey = text;
      return;
    case 'wp:meta_value':
      state.metaValue = text;
      return;
    case 'wp:postmeta':
      item.meta.set(state.metaKey, state.metaValue.trim());
      state.metaKey = '';
      state.metaValue = '';
      return;
    default:
  }
}

function closeInComment(comment: RawComment, name: string, text: string, state: ParseState): void {
  switch (name) {
    case 'wp:comment':
      state.item?.comments.push(comment);
      state.comment = null;
      return;
    case 'wp:comment_id':
      comment.id = text.trim();
      return;
    case 'wp:comment_parent':
      comment.parentId = text.trim() || '0';
      return;
    case 'wp:comment_author':
      comment.author = text;
      return;
    case 'wp:comment_author_email':
      comment.email = text;
      return;
    case 'wp:comment_date':
      comment.date = text;
      return;
    case 'wp:comment_date_gmt':
      comment.dateGmt = text;
      return;
    case 'wp:comment_content':
      comment.content = text;
      return;
    case 'wp:comment_approved':
      comment.approved = text.trim();
      return;
    case 'wp:comment_type':
      comment.type = text.trim();
      return;
    default:
  }
}
