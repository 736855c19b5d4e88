import type { AboutBlockContent, HomeBlockContent, SiteBlock } from '@folio/shared';

/** The `home` and `about` contents (missing keys are simply absent). */
export function pickBlocks(blocks: readonly SiteBlock[] | undefined): { home: HomeBlockContent; about: AboutBlockContent } {
  const content = (name: string) => blocks?.find((block) => block.name === name)?.content ?? {};
  return { home: content('home'), about: content('about') };
}
