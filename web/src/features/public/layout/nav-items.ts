import { PublicUiMessages as M } from '@folio/shared';

/** The landing page's sections, in order: anchor id and top-bar label (docs/spec.md §2.1). */
export const NAV_ITEMS = [
  { id: 'home', label: M.navHome },
  { id: 'about', label: M.navAbout },
  { id: 'skills', label: M.navSkills },
  { id: 'contact', label: M.navContact },
  { id: 'projects', label: M.navProjects },
  { id: 'articles', label: M.navArticles },
] as const;

export type SectionId = (typeof NAV_ITEMS)[number]['id'];
