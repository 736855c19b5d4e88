import type { AboutBlockContent, HomeBlockContent, SiteBlock } from '@folio/shared';

/** The `home` and `about` contents (missing keys are simply absent). */
export function pickBlocks(blocks: readonly SiteBlock[] | undefined): { home: HomeBlockContent; about: AboutBlockContent } {
  const content = (name: string) => blocks?.find((block) => block.name === name)?.content ?? {};
  return { home: content('home'), about: content('about') };
}

/** The about texts, owner-written HTML, in the order the about section shows them. */
export const ABOUT_HTML_FIELDS = ['education_background', 'hobbies', 'personal_vision'] as const;

/** Every owner-written HTML text the public pages show from these blocks (sanitised before insertion). */
export function ownerHtmlTexts(blocks: readonly SiteBlock[] | undefined): string[] {
  const { home, about } = pickBlocks(blocks);
  return [home.contact_description, ...ABOUT_HTML_FIELDS.map((key) => about[key])].filter(
    (text): text is string => typeof text === 'string' && text !== '',
  );
}
