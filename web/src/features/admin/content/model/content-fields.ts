import { AdminUiMessages, PublicUiMessages } from '@folio/shared';

/** The about block's HTML fields (docs/spec.md §2.5, About editor). */
export const ABOUT_FIELDS = [
  { key: 'education_background', label: PublicUiMessages.aboutEducation },
  { key: 'hobbies', label: PublicUiMessages.aboutHobbies },
  { key: 'personal_vision', label: PublicUiMessages.aboutVision },
] as const;

/** The home block's fields (server/API.md §3.1), so the owner can change the landing page too. */
export const HOME_FIELDS = [
  { key: 'title', label: AdminUiMessages.titleLabel, multiline: false },
  { key: 'subtitle', label: AdminUiMessages.homeSubtitle, multiline: false },
  { key: 'author', label: AdminUiMessages.homeAuthor, multiline: false },
  { key: 'github_url', label: AdminUiMessages.homeCodeHostUrl, multiline: false },
  { key: 'github_calendar_url', label: AdminUiMessages.homeCalendarUrl, multiline: false },
  { key: 'contact_description', label: AdminUiMessages.homeContactDescription, multiline: true },
] as const;

export type AboutKey = (typeof ABOUT_FIELDS)[number]['key'];
export type HomeKey = (typeof HOME_FIELDS)[number]['key'];
