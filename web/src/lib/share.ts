import { articleHref } from '@folio/shared';

/** Copies text; falls back to a hidden textarea where the Clipboard API is unavailable (plain http). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy failed');
}

/**
 * Shares a link with the native share sheet when there is one; otherwise copies it. Resolves
 * `'copied'` when the caller should say so, `'shared'` otherwise (also when the visitor cancels).
 */
export async function shareLink(title: string, url: string): Promise<'shared' | 'copied'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'shared';
    }
  }
  await copyText(url);
  return 'copied';
}

/** An article's address to share: its slug address (server/API.md §E19). */
export function articleUrl(article: { id: number; slug?: string | undefined }): string {
  return `${window.location.origin}${articleHref(article)}`;
}
