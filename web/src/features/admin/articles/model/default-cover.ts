/**
 * The cover shown when an article has none or its image fails to load. Inline, so it works the
 * same in the browser and in the desktop app whatever origin the admin is served from.
 */
export const DEFAULT_COVER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="#e6ebf2"/><path d="M20 70l35-35 25 25 15-15 45 25z" fill="#b9c4d4"/><circle cx="115" cy="28" r="10" fill="#cfd7e3"/></svg>',
  );
